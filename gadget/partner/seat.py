"""What the partner is handed at its seat: what its side's phone shows (its view, the words,
the clues given so far), no more. A PlayerView holds the other side only once the game is
over, so the partner is handed no key but its own side (gadget/partner/player.py plays it)."""

from __future__ import annotations

from dataclasses import dataclass

from gadget.engine import Clue, PlayerView, apply, new_game
from gadget.engine.gamelog import GameLog


@dataclass(frozen=True, slots=True)
class PastClue:
    """A clue given earlier, as both phones saw it: who gave it, and how many of its words
    were found in its turn."""

    clue: Clue
    found: int


@dataclass(frozen=True, slots=True)
class Seat:
    """What the partner's phone shows: its view, the 25 words (A's frame), every clue given
    before the one under way, and the agents found for the clue under way."""

    view: PlayerView
    words: tuple[str, ...]
    past: tuple[PastClue, ...] = ()
    found_this_turn: int = 0


def turns_of(log: GameLog) -> tuple[tuple[PastClue, ...], int]:
    """The clues given before the one under way, each with the agents its turn found (what
    both phones saw), and the agents found so far for the clue under way."""
    state = new_game(log.card, log.setup)
    past: list[PastClue] = []
    clue: Clue | None = None
    found_before = 0
    for action in log.actions:
        state = apply(state, action)
        if isinstance(action, Clue):
            clue, found_before = action, state.agents_found
        elif clue is not None and state.clue is None:  # its turn ended
            past.append(PastClue(clue, state.agents_found - found_before))
            clue = None
    return tuple(past), (state.agents_found - found_before if clue is not None else 0)
