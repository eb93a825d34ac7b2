"""The campaign record's rules, pure: only a finished game is recorded, and undoing a game's
end takes out exactly what it added, unless something was built on it since."""

from __future__ import annotations

import pytest

from gadget.engine import Status
from gadget.missions.record import (
    EndRecorded,
    TakeBack,
    UndoRefusedError,
    UnfinishedGameError,
    finished_game,
    take_back,
)
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of


def test_a_won_or_lost_game_is_a_result_and_one_under_way_is_not() -> None:
    assert finished_game(log_of(WINNING_ACTIONS)).status is Status.WON
    assert finished_game(log_of(ASSASSIN_ACTIONS)).status is Status.LOST
    for played in (WINNING_ACTIONS[:3], ()):
        with pytest.raises(UnfinishedGameError, match=r"^the game is not finished: only a won"):
            finished_game(log_of(played))


def test_undoing_an_end_takes_its_attempt_and_only_the_completions_it_earned() -> None:
    earned_by = {"prague": 1, "berlin": 4, "london": None}  # None: brought by a backup
    assert take_back(EndRecorded(4, "", False, earned_by)) == TakeBack(4, frozenset({"berlin"}))
    assert take_back(EndRecorded(5, "", False, earned_by)) == TakeBack(5, frozenset())  # a loss
    assert take_back(EndRecorded(9, "", False, {})) == TakeBack(9, frozenset())  # practice


@pytest.mark.parametrize(
    ("notes", "played_on", "said"),
    [
        ("B was sure", False, "^this result has a note in the history; undoing it would lose"),
        ("B was sure", True, "would lose the note"),  # the note is named first
        ("", True, "^the team has played on since this game ended; its result stays$"),
    ],
)
def test_an_end_something_was_built_on_stays(notes: str, played_on: bool, said: str) -> None:
    with pytest.raises(UndoRefusedError, match=said):
        take_back(EndRecorded(4, notes, played_on, {"berlin": 4}))
