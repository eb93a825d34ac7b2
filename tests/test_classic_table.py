"""A classic table's steps: the count and the team timer move together, and a kept table
reads back whole, or is refused in one line."""

from __future__ import annotations

import json

import pytest

from gadget.engine.classic import Game, Team, deal
from gadget.engine.classic_table import (
    MOST_ACTIONS,
    ClassicTableError,
    counting,
    new_table,
    table_document,
    table_of_document,
    timer_moved,
    timer_started,
    timer_stopped,
    touched,
    turn_ended,
    undone,
)
from gadget.engine.errors import CellNotGuessableError
from gadget.engine.team_timer import TeamTimerSettings

CARD = deal(Game.CLASSIC, 1)  # blue starts; 0 blue, 3 a bystander, 15 the assassin
TIMES = TeamTimerSettings(turn_seconds=60, first_turn_seconds=90)


def test_a_touch_that_ends_the_turn_starts_the_other_teams_time() -> None:
    table = timer_started(counting(new_table(CARD), True), TIMES, now=0)
    assert (table.timer and table.timer.team, table.timer and table.timer.total) == (
        Team.BLUE,
        90,
    )
    table = touched(table, 0, now=10)  # blue's own agent: blue goes on, the clock too
    assert table.timer is not None and table.timer.started_at == 0
    table = touched(table, 3, now=20)  # a bystander: red's turn, a turn's time from now
    assert table.timer is not None
    assert (table.timer.team, table.timer.seconds_left(20)) == (Team.RED, 60)
    table = turn_ended(table, now=30)
    assert (table.tally.turn, table.timer and table.timer.team) == (Team.BLUE, Team.BLUE)


def test_the_end_stops_the_clock_and_undo_gives_the_turn_back() -> None:
    table = timer_started(counting(new_table(CARD), True), TIMES, now=0)
    table = touched(turned := turn_ended(table, now=5), 15, now=8)  # red finds the assassin
    assert table.tally.winner is Team.BLUE
    assert table.timer is not None and table.timer.paused
    assert undone(table, now=9).actions == turned.actions
    # The outsider's frozen clock: the game goes on after the undo, and its time runs on
    # from what was left when the assassin was touched (57 of red's 60 s at 8 s).
    going = undone(table, now=9)
    assert going.timer is not None and not going.timer.paused
    assert going.timer.seconds_left(now=19) == 47
    back = undone(undone(table, now=9), now=10)  # the end of red's turn taken back
    assert (back.tally.turn, back.timer and back.timer.team) == (Team.BLUE, Team.BLUE)
    assert undone(new_table(CARD), now=0) == new_table(CARD)


def test_without_a_count_the_turn_button_moves_the_timer_alone() -> None:
    table = timer_started(new_table(CARD), TIMES, now=0)
    assert table.timer is not None and table.timer.team is Team.BLUE
    table = turn_ended(table, now=40)
    assert table.timer is not None and (table.timer.team, table.timer.turn) == (Team.RED, 2)
    assert table.actions == ()
    with pytest.raises(ClassicTableError, match="the count is not kept at this table"):
        touched(table, 0, now=41)
    assert turn_ended(new_table(CARD), now=1) == new_table(CARD)  # no timer, no count


def test_a_refused_touch_keeps_nothing() -> None:
    table = touched(counting(new_table(CARD), True), 0, now=0)
    with pytest.raises(CellNotGuessableError, match="cell 0 is already covered"):
        touched(table, 0, now=1)
    assert table.actions == touched(counting(new_table(CARD), True), 0, now=0).actions


def test_pause_resume_restart_and_off() -> None:
    table = timer_started(new_table(CARD), TIMES, now=0)
    paused = timer_moved(table, "pause", now=30)
    assert paused.timer is not None and paused.timer.seconds_left(500) == 60
    resumed = timer_moved(paused, "resume", now=500)
    assert resumed.timer is not None and resumed.timer.seconds_left(510) == 50
    restarted = timer_moved(resumed, "restart", now=520)
    assert restarted.timer is not None and restarted.timer.seconds_left(520) == 90
    assert timer_stopped(restarted).timer is None
    assert timer_moved(new_table(CARD), "pause", now=1) == new_table(CARD)


def test_a_kept_table_reads_back_whole() -> None:
    table = timer_started(counting(new_table(deal(Game.PICTURES, 3)), True), TIMES, now=5.5)
    table = turn_ended(timer_moved(table, "pause", now=7), now=9)
    kept = json.loads(json.dumps(table_document(table)))
    assert table_of_document(kept) == table


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
        ClassicTableError, match=r"^this kept classic table cannot be read: .+"
    ) as refused:
        table_of_document(document)
    assert "\n" not in str(refused.value)


def test_a_count_started_while_the_timer_runs_starts_at_the_timers_team() -> None:
    table = turn_ended(timer_started(new_table(CARD), TIMES, now=0), now=50)  # red's turn
    table = counting(table, True)
    assert (table.tally.turn, table.timer and table.timer.team) == (Team.RED, Team.RED)
    assert counting(counting(table, False), True) == table  # in step already: nothing added


def test_a_turn_ended_twice_for_the_same_team_passes_once() -> None:
    table = timer_started(counting(new_table(CARD), True), TIMES, now=0)
    once = turn_ended(table, now=5, team=Team.BLUE)
    assert turn_ended(once, now=6, team=Team.BLUE) == once  # the other phone's tap, in flight
    assert once.tally.turn is Team.RED and once.timer is not None and once.timer.team is Team.RED
    untimed = turn_ended(timer_started(new_table(CARD), TIMES, now=0), now=5, team=Team.BLUE)
    assert turn_ended(untimed, now=6, team=Team.BLUE) == untimed


def test_a_kept_timer_of_no_team_is_refused_in_the_tables_own_words() -> None:
    kept = {"code": CARD.code, "timer": {"team": "green", "turn": 1, "started_at": 0}}
    with pytest.raises(ClassicTableError) as refused:
        table_of_document(kept)
    assert str(refused.value).endswith("timer team 'green'")


def test_a_table_refuses_a_step_past_the_most_it_keeps_and_still_reads_back() -> None:
    """The outsider's brick: 65 taps of "End the turn" were kept, and the kept table no longer
    read back (its reader allowed 64): the card was dead on that server for good. A step past
    the most a table keeps is refused before it is kept."""
    table = counting(new_table(CARD), True)
    for step in range(MOST_ACTIONS):
        table = turn_ended(table, now=step)
    with pytest.raises(ClassicTableError, match=r"counted 200 steps, the most it keeps"):
        turn_ended(table, now=1000)
    with pytest.raises(ClassicTableError, match=r"counted 200 steps"):
        touched(table, 0, now=1000)
    kept = table_of_document(json.loads(json.dumps(table_document(table))))
    assert kept.actions == table.actions and not kept.tally.over
    assert undone(kept, now=1001).actions == table.actions[:-1]  # undo still works
