"""A classic game's steps: the count and the team timer move together, and a kept game
reads back whole, or is refused in one line."""

from __future__ import annotations

import json

import pytest

from gadget.engine.classic import Game, Team, deal
from gadget.engine.classic_game import (
    MOST_ACTIONS,
    USUAL_TIMES,
    ClassicGameError,
    Counted,
    TimerMoved,
    TimerStarted,
    TimerStopped,
    TimesSet,
    Touched,
    TurnEnded,
    Undone,
    after,
    classic_game_document,
    classic_game_of_document,
    counting,
    new_classic_game,
    timer_moved,
    timer_started,
    timer_stopped,
    times_set,
    touched,
    turn_ended,
    turn_of,
    undone,
)
from gadget.engine.errors import CellNotGuessableError
from gadget.engine.team_timer import TeamTimerSettings

CARD = deal(Game.CLASSIC, 1)  # blue starts; 0 blue, 3 a bystander, 15 the assassin
TIMES = TeamTimerSettings(turn_seconds=60, first_turn_seconds=90)


def test_a_touch_that_ends_the_turn_starts_the_other_teams_time() -> None:
    game = timer_started(counting(new_classic_game(CARD), True), TIMES, now=0)
    assert (game.timer and game.timer.team, game.timer and game.timer.total) == (
        Team.BLUE,
        90,
    )
    game = touched(game, 0, now=10)  # blue's own agent: blue goes on, the clock too
    assert game.timer is not None and game.timer.started_at == 0
    game = touched(game, 3, now=20)  # a bystander: red's turn, a turn's time from now
    assert game.timer is not None
    assert (game.timer.team, game.timer.seconds_left(20)) == (Team.RED, 60)
    game = turn_ended(game, now=30)
    assert (game.tally.turn, game.timer and game.timer.team) == (Team.BLUE, Team.BLUE)


def test_the_end_stops_the_clock_and_undo_gives_the_turn_back() -> None:
    game = timer_started(counting(new_classic_game(CARD), True), TIMES, now=0)
    game = touched(turned := turn_ended(game, now=5), 15, now=8)  # red finds the assassin
    assert game.tally.winner is Team.BLUE
    assert game.timer is not None and game.timer.paused
    assert undone(game, now=9).actions == turned.actions
    # The outsider's frozen clock: the game goes on after the undo, and its time runs on
    # from what was left when the assassin was touched (57 of red's 60 s at 8 s).
    going = undone(game, now=9)
    assert going.timer is not None and not going.timer.paused
    assert going.timer.seconds_left(now=19) == 47
    back = undone(undone(game, now=9), now=10)  # the end of red's turn taken back
    assert (back.tally.turn, back.timer and back.timer.team) == (Team.BLUE, Team.BLUE)
    assert undone(new_classic_game(CARD), now=0) == new_classic_game(CARD)


def test_without_a_count_the_turn_button_moves_the_timer_alone() -> None:
    game = timer_started(new_classic_game(CARD), TIMES, now=0)
    assert game.timer is not None and game.timer.team is Team.BLUE
    game = turn_ended(game, now=40)
    assert game.timer is not None and (game.timer.team, game.timer.turn) == (Team.RED, 2)
    assert game.actions == ()
    with pytest.raises(ClassicGameError, match="the count is not kept at this table"):
        touched(game, 0, now=41)
    assert turn_ended(new_classic_game(CARD), now=1) == new_classic_game(CARD)  # no timer, no count


def test_a_refused_touch_keeps_nothing() -> None:
    game = touched(counting(new_classic_game(CARD), True), 0, now=0)
    with pytest.raises(CellNotGuessableError, match="cell 0 is already covered"):
        touched(game, 0, now=1)
    assert game.actions == touched(counting(new_classic_game(CARD), True), 0, now=0).actions


def test_pause_resume_restart_and_off() -> None:
    game = timer_started(new_classic_game(CARD), TIMES, now=0)
    paused = timer_moved(game, "pause", now=30)
    assert paused.timer is not None and paused.timer.seconds_left(500) == 60
    resumed = timer_moved(paused, "resume", now=500)
    assert resumed.timer is not None and resumed.timer.seconds_left(510) == 50
    restarted = timer_moved(resumed, "restart", now=520)
    assert restarted.timer is not None and restarted.timer.seconds_left(520) == 90
    assert timer_stopped(restarted).timer is None
    assert timer_moved(new_classic_game(CARD), "pause", now=1) == new_classic_game(CARD)


def test_a_kept_table_reads_back_whole() -> None:
    game = timer_started(counting(new_classic_game(deal(Game.PICTURES, 3)), True), TIMES, now=5.5)
    game = turn_ended(timer_moved(game, "pause", now=7), now=9)
    kept = json.loads(json.dumps(classic_game_document(game)))
    assert classic_game_of_document(kept) == game
    game = touched(touched(turn_ended(game, now=10), 0, now=11), 3, now=12)
    assert classic_game_document(game)["actions"][-2:] == [0, 3]
    assert classic_game_of_document(json.loads(json.dumps(classic_game_document(game)))) == game


def test_a_kept_table_without_its_times_has_the_usual_ones() -> None:
    assert (
        classic_game_of_document({"code": CARD.code}).timer_settings
        == USUAL_TIMES
        == (TeamTimerSettings(turn_seconds=120, first_turn_seconds=180))
    )


@pytest.mark.parametrize(
    ("turn", "left"), [(1, 0), (9_999, None), (2, 0.5), (3, 3600), (4, 3600.0)]
)
def test_a_kept_timer_reads_back_at_each_end_of_what_it_allows(turn: int, left: object) -> None:
    timer = {"team": "red", "turn": turn, "started_at": 7, "paused_left": left}
    game = classic_game_of_document({"code": CARD.code, "timer": timer})
    assert game.timer is not None
    assert (game.timer.turn, game.timer.paused_left) == (turn, left)


@pytest.mark.parametrize(
    ("turn", "left", "said"),
    [
        (0, None, "timer turn 0"),
        (10_000, None, "timer turn 10000"),
        (1_000_000, None, "timer turn 1000000"),
        ("1", None, "timer turn '1'"),
        (1, 3600.5, "time left 3600.5"),
        (1, -0.5, "time left -0.5"),
        (1, "9", "time left '9'"),
    ],
)
def test_a_kept_timer_out_of_bounds_is_refused_naming_it(
    turn: object, left: object, said: str
) -> None:
    timer = {"team": "red", "turn": turn, "started_at": 7, "paused_left": left}
    with pytest.raises(ClassicGameError) as refused:
        classic_game_of_document({"code": CARD.code, "timer": timer})
    assert str(refused.value).endswith(said)


@pytest.mark.parametrize(
    "document",
    [
        [],
        {},
        {"code": "2ABCD-EFGH7"},
        {"code": CARD.code, "actions": "0"},
        {"code": CARD.code, "actions": [0, 0]},
        {"code": CARD.code, "actions": [True]},
        {"code": CARD.code, "actions": [0] * 65},
        {"code": CARD.code, "turn_seconds": 10**9},
        {"code": CARD.code, "timer": {"team": "green", "turn": 1, "started_at": 0}},
        {"code": CARD.code, "timer": {"team": "red", "turn": 1, "started_at": float("nan")}},
        {
            "code": CARD.code,
            "timer": {"team": "red", "turn": 1, "started_at": 0, "paused_left": -1},
        },
        {"code": CARD.code, "timer": []},
    ],
)
def test_a_kept_table_that_does_not_read_back_is_refused_in_one_line(document: object) -> None:
    with pytest.raises(
        ClassicGameError, match=r"^this kept classic game cannot be read: .+"
    ) as refused:
        classic_game_of_document(document)
    assert "\n" not in str(refused.value)


def test_a_count_started_while_the_timer_runs_starts_at_the_timers_team() -> None:
    game = turn_ended(timer_started(new_classic_game(CARD), TIMES, now=0), now=50)  # red's turn
    game = counting(game, True)
    assert (game.tally.turn, game.timer and game.timer.team) == (Team.RED, Team.RED)
    assert counting(counting(game, False), True) == game  # in step already: nothing added


def test_a_turn_ended_twice_for_the_same_team_passes_once() -> None:
    game = timer_started(counting(new_classic_game(CARD), True), TIMES, now=0)
    once = turn_ended(game, now=5, team=Team.BLUE)
    assert turn_ended(once, now=6, team=Team.BLUE) == once  # the other phone's tap, in flight
    assert once.tally.turn is Team.RED and once.timer is not None and once.timer.team is Team.RED
    untimed = turn_ended(timer_started(new_classic_game(CARD), TIMES, now=0), now=5, team=Team.BLUE)
    assert turn_ended(untimed, now=6, team=Team.BLUE) == untimed


def test_a_kept_timer_of_no_team_is_refused_in_the_tables_own_words() -> None:
    kept = {"code": CARD.code, "timer": {"team": "green", "turn": 1, "started_at": 0}}
    with pytest.raises(ClassicGameError) as refused:
        classic_game_of_document(kept)
    assert str(refused.value).endswith("timer team 'green'")


def test_a_table_refuses_a_step_past_the_most_it_keeps_and_still_reads_back() -> None:
    """The outsider's brick: 65 taps of "End the turn" were kept, and the kept game no longer
    read back (its reader allowed 64): the card was dead on that server for good. A step past
    the most a game keeps is refused before it is kept."""
    game = counting(new_classic_game(CARD), True)
    for step in range(MOST_ACTIONS):
        game = turn_ended(game, now=step)
    with pytest.raises(ClassicGameError, match=r"counted 200 steps, the most it keeps"):
        turn_ended(game, now=1000)
    with pytest.raises(ClassicGameError, match=r"counted 200 steps"):
        touched(game, 0, now=1000)
    kept = classic_game_of_document(json.loads(json.dumps(classic_game_document(game))))
    assert kept.actions == game.actions and not kept.tally.over
    assert undone(kept, now=1001).actions == game.actions[:-1]  # undo still works


def test_whose_turn_it_is_is_the_counts_else_the_timers_else_nobodys() -> None:
    assert turn_of(new_classic_game(CARD)) is None
    timed = turn_ended(timer_started(new_classic_game(CARD), TIMES, now=0), now=5)
    assert turn_of(timed) is Team.RED  # the timer's, with no count
    assert turn_of(counting(new_classic_game(CARD), True)) is Team.BLUE  # the count's


def test_a_count_restarted_behind_the_timer_catches_up_with_it() -> None:
    """Red's turn on the count, blue's on the clock (the count was off when red's turn
    ended): keeping count again gives the turn to blue, the team the clock is timing."""
    game = turn_ended(timer_started(counting(new_classic_game(CARD), True), TIMES, now=0), now=5)
    game = turn_ended(counting(game, False), now=9)
    assert (game.tally.turn, game.timer and game.timer.team) == (Team.RED, Team.BLUE)
    game = counting(game, True)
    assert (game.tally.turn, game.timer and game.timer.team) == (Team.BLUE, Team.BLUE)


def test_a_count_at_the_most_it_keeps_restarts_where_it_is() -> None:
    game = counting(new_classic_game(CARD), True)
    for step in range(MOST_ACTIONS):
        game = turn_ended(game, now=step)
    game = turn_ended(timer_started(counting(game, False), TIMES, now=500), now=501)
    assert game.tally.turn is not (game.timer and game.timer.team)
    again = counting(game, True)
    assert again.counting and again.actions == game.actions


def test_a_timer_started_during_a_count_times_the_counts_team_with_a_turns_time() -> None:
    game = turn_ended(counting(new_classic_game(CARD), True), now=0)  # red's turn, no timer yet
    timed = timer_started(game, TIMES, now=10)
    assert timed.timer is not None
    assert (timed.timer.team, timed.timer.turn, timed.timer.total) == (Team.RED, 2, 60)
    first = timer_started(counting(new_classic_game(CARD), True), TIMES, now=10)
    assert first.timer is not None
    assert (first.timer.team, first.timer.turn, first.timer.total) == (Team.BLUE, 1, 90)


def test_an_undo_keeps_a_paused_clock_paused_and_works_with_no_clock() -> None:
    game = touched(timer_started(counting(new_classic_game(CARD), True), TIMES, now=0), 0, now=1)
    paused = timer_moved(game, "pause", now=2)
    back = undone(paused, now=30)
    assert back.timer == paused.timer and back.actions == ()
    untimed = touched(counting(new_classic_game(CARD), True), 15, now=0)  # blue finds the assassin
    assert untimed.tally.over
    assert undone(untimed, now=1) == counting(new_classic_game(CARD), True)


def test_each_step_as_a_value_does_what_its_function_does() -> None:
    game = counting(new_classic_game(CARD), True)
    timed = timer_started(game, TIMES, now=0)
    steps = [
        (game, Touched(0), touched(game, 0, now=3)),
        (game, TurnEnded(), turn_ended(game, now=3)),
        (game, TurnEnded(Team.RED), game),
        (touched(game, 0, now=1), Undone(), game),
        (new_classic_game(CARD), Counted(True), game),
        (game, Counted(False), new_classic_game(CARD)),
        (game, TimerStarted(TIMES), timer_started(game, TIMES, now=3)),
        (game, TimesSet(TIMES), times_set(game, TIMES)),
        (timed, TimerStopped(), timer_stopped(timed)),
        (timed, TimerMoved("pause"), timer_moved(timed, "pause", now=3)),
    ]
    for before, step, expected in steps:
        assert after(before, step, now=3) == expected, step
    assert times_set(game, TIMES).timer_settings == TIMES
    # Steps are values: the same tap twice is the same step.
    assert (Undone(), TimerStopped(), Touched(4)) == (Undone(), TimerStopped(), Touched(4))
