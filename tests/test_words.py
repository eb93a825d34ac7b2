"""What the table says at the end of a game, in the rule book's words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gadget.engine import Clue, GameLog, GameState, Guess, Player, Setup, Stop, replay
from gadget.missions import MissionResult, default_map
from gadget.services.words import EndWords
from gadget.services.words import end_words as end_messages
from tests.cards import GREEN_A_TAN_B, GREEN_ON_A, TAN_A_GREEN_B, TEST_CARD
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of


def end_words(log: GameLog, state: GameState, me: Player, result: MissionResult | None) -> Any:
    """The end screen's words as an English phone says them."""
    words: EndWords = end_messages(log, state, me, result)
    return SimpleNamespace(
        headline=str(words.headline), won=words.won, details=tuple(map(str, words.details))
    )


A, B = Player.A, Player.B
PRAGUE = default_map().mission("prague")


def _result(won: bool, completed_now: bool, *opened: str) -> MissionResult:
    shipped = default_map()
    opened_cities = tuple(shipped.mission(m) for m in opened)
    return MissionResult(
        PRAGUE, won, completed_now, opened_cities, frozenset({"prague"} if won else ())
    )


def test_a_practice_win_counts_its_score_and_gives_the_rule_books_verdict() -> None:
    log = log_of(WINNING_ACTIONS)
    words = end_words(log, replay(log), A, None)
    assert words.won
    assert words.headline == "Won: all 15 agents found."
    assert words.details == (
        "Score 13 = 6 + 7: 3 x 2 tokens left, 7 stop tokens.",
        "The rule book says: more than 10, you really should give the mission map a try.",
    )


def test_a_win_in_sudden_death_loses_a_point_and_says_so() -> None:
    actions = (
        Clue(A),
        *(Guess(B, c) for c in GREEN_ON_A),
        *(Guess(A, c) for c in (9, *TAN_A_GREEN_B)),
    )
    log = GameLog(TEST_CARD, Setup(1, 1), actions)
    words = end_words(log, replay(log), B, None)
    assert words.headline == "Won in sudden death: all 15 agents found."
    assert words.details[0] == (
        "Score 0 = 0 + 1 - 1: 3 x 0 tokens left, 1 stop token, 1 off for sudden death."
    )
    assert words.details[1] == "The rule book says: a win is a win."


def test_a_mission_win_says_what_it_completed_and_opened_instead_of_the_advice() -> None:
    log = log_of(WINNING_ACTIONS)
    opened = _result(True, True, "berlin", "moscow", "cairo")
    assert end_words(log, replay(log), A, opened).details[1:] == (
        "Prague completed. Now open: Berlin, Moscow and Cairo.",
    )
    again = _result(True, False)
    assert end_words(log, replay(log), A, again).details[1:] == (
        "Prague was already completed; this win is in its history.",
    )
    last_city = _result(True, True)
    assert end_words(log, replay(log), A, last_city).details[1:] == ("Prague completed.",)
    one = _result(True, True, "berlin")
    assert end_words(log, replay(log), A, one).details[1] == "Prague completed. Now open: Berlin."


def test_a_loss_names_who_touched_what_from_each_phone() -> None:
    log = log_of(ASSASSIN_ACTIONS)
    state = replay(log)
    assert end_words(log, state, A, None).headline == "Lost: B touched the assassin."
    assert end_words(log, state, B, None).headline == "Lost: you touched the assassin."
    assert not end_words(log, state, A, None).won
    assert end_words(log, state, A, None).details == ("1 agent of 15 found.",)
    assert end_words(log, state, A, _result(False, False)).details == (
        "1 agent of 15 found.",  # a lost mission counts its agents as a practice game does
        "Prague is still to win: try it again, or another open city.",
    )


def test_a_mistake_that_cannot_be_paid_loses_out_of_time() -> None:
    actions = (Clue(A), Guess(B, 0), Stop(B), Clue(B), Guess(A, GREEN_A_TAN_B[0]))
    log = GameLog(TEST_CARD, Setup(2, 0), actions)
    assert end_words(log, replay(log), A, None).headline == (
        "Lost: out of time. A mistake with one token left could not be paid."
    )
