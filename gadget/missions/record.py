"""The campaign's record, its rules in one place: which game may enter it (only a finished
one) and what undoing a game's end takes out of it. The store gathers the facts and does
what these functions decide; it decides nothing itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gadget.engine import GadgetError, GameLog, GameState, replay


class UnfinishedGameError(GadgetError):
    """A game offered as a result while it is still being played."""


class UndoRefusedError(GadgetError):
    """A game's end that cannot be taken back: something was built on its result since."""


def finished_game(log: GameLog) -> GameState:
    """The end of a game about to be recorded (replayed from its log), or a refusal while
    it is still being played: a won or lost game is a result, a game under way is not."""
    state = replay(log)
    if not state.is_over:
        raise UnfinishedGameError(
            "the game is not finished: only a won or lost game can be recorded"
        )
    return state


@dataclass(frozen=True, slots=True)
class EndRecorded:
    """What the record holds about a game's end, all that undoing it has to weigh."""

    attempt: int  # the attempt the end recorded
    notes: str  # what the team wrote on that attempt in the history
    played_on: bool  # its team recorded or dealt another game since
    earned_by: Mapping[str, int | None]  # the team's completions: mission -> attempt that won it


@dataclass(frozen=True, slots=True)
class TakeBack:
    """What undoing a game's end removes: its attempt, and the completions only it earned
    (the cities only they opened lock again); every other completion stays."""

    attempt: int
    completions: frozenset[str]


def take_back(end: EndRecorded) -> TakeBack:
    """Undo a game's end, unless something was built on its result: a note written on it
    (undoing would lose it), or another game of its team (it may be on a city this result
    opened)."""
    if end.notes:
        raise UndoRefusedError(
            "this result has a note in the history; undoing it would lose the note"
            " (clear the note first)"
        )
    if end.played_on:
        raise UndoRefusedError("the team has played on since this game ended; its result stays")
    earned = frozenset(m for m, attempt in end.earned_by.items() if attempt == end.attempt)
    return TakeBack(end.attempt, earned)
