"""The story of a game: each clue and the words touched after it, read from its log alone."""

from __future__ import annotations

from dataclasses import dataclass

from gadget.engine.gamelog import GameLog
from gadget.engine.keycard import Colour, Player
from gadget.engine.rules import apply
from gadget.engine.state import Clue, Guess, Penalty, Phase, Stop, new_game


@dataclass(frozen=True, slots=True)
class Touch:
    """One word touched: by whom, both sides' colours, and the one that judged it (the
    side of the player the guesser touched for)."""

    cell: int
    word: str | None  # None on a table without words
    by: Player
    on_a: Colour
    on_b: Colour

    @property
    def judged(self) -> Colour:
        """The colour the rules read: the partner's side's."""
        return self.on_b if self.by is Player.A else self.on_a


@dataclass(frozen=True, slots=True)
class Turn:
    """One clue (None for the touches of sudden death) and what followed it."""

    clue: Clue | None
    touches: tuple[Touch, ...]
    penalised: bool  # the table called the clue invalid (a token discarded)
    stopped: bool  # the guesser chose to stop


def story(log: GameLog) -> tuple[Turn, ...]:
    """Every clue in order with the words touched after it; the touches of sudden death
    make a turn of their own, with no clue (the log is replayed to know when it came)."""
    turns: list[Turn] = []
    clue: Clue | None = None
    touches: list[Touch] = []
    penalised = stopped = started = False
    state = new_game(log.card, log.setup)
    for action in log.actions:
        sudden = state.phase is Phase.SUDDEN_DEATH
        state = apply(state, action)
        if isinstance(action, Clue) or (sudden and clue is not None) or not started:
            if started:
                turns.append(Turn(clue, tuple(touches), penalised, stopped))
            clue = action if isinstance(action, Clue) else None
            touches, penalised, stopped, started = [], False, False, True
        if isinstance(action, Guess):
            touches.append(_touch(log, action))
        elif isinstance(action, Stop):
            stopped = True
        elif isinstance(action, Penalty):
            penalised = True
    if started:
        turns.append(Turn(clue, tuple(touches), penalised, stopped))
    return tuple(turns)


def _touch(log: GameLog, guess: Guess) -> Touch:
    """A touch with its word and both sides' colours."""
    word = log.words.words[guess.cell] if log.words is not None else None
    return Touch(
        guess.cell,
        word,
        guess.by,
        Colour(log.card.a[guess.cell]),
        Colour(log.card.b[guess.cell]),
    )
