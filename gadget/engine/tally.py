"""Keeping count of a classic or Pictures game on the spymasters' phone: the cells the
operatives touch, in order, judged as the rule book judges them.

A touch of the team's own agent lets it go on; a bystander or the other team's agent ends
its turn; the assassin ends the game, and the other team wins; a team wins when all its
agents are covered, even when the other team touched the last one. The tally is the card and
its actions: undo is the same actions less the last.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gadget.engine.classic import TEAM_NAMES, ClassicCard, Role, Team
from gadget.engine.errors import CellNotGuessableError, GameOverError


@dataclass(frozen=True, slots=True)
class Touch:
    """The operatives touched this cell (row-major, as the spymasters see the card)."""

    cell: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The operatives stopped guessing: the other team plays."""


TallyAction = Touch | EndTurn


@dataclass(frozen=True, slots=True)
class Tally:
    """Where a classic game stands: whose turn it is, the cells covered in order, and the
    winner once there is one."""

    card: ClassicCard
    turn: Team
    touched: tuple[int, ...] = ()
    winner: Team | None = None
    assassin_found: bool = False  # the game ended on the assassin, not on the last agent

    @property
    def over(self) -> bool:
        """A team has won: nothing more may be touched."""
        return self.winner is not None

    def left(self, team: Team) -> int:
        """The team's agents still to be found."""
        return len(self.card.agents(team) - set(self.touched))


def start(card: ClassicCard) -> Tally:
    """A fresh count: the team the card names plays first."""
    return Tally(card, card.starting)


def act(tally: Tally, action: TallyAction) -> Tally:
    """The count after one more action; a refused action names the cell or says the game
    is over."""
    if tally.winner is not None:
        raise GameOverError("the game is over: {team} won", team=TEAM_NAMES[tally.winner])
    if isinstance(action, EndTurn):
        return replace(tally, turn=tally.turn.other)
    cells = tally.card.layout.cells
    if not 0 <= action.cell < cells:
        raise CellNotGuessableError(
            "cell {cell} is outside 0..{last}", cell=action.cell, last=cells - 1
        )
    if action.cell in tally.touched:
        raise CellNotGuessableError("cell {cell} is already covered", cell=action.cell)
    role = tally.card.role(action.cell)
    after = replace(tally, touched=(*tally.touched, action.cell))
    if role is Role.ASSASSIN:
        return replace(after, winner=tally.turn.other, assassin_found=True)
    found = role.team
    if found is not None and after.left(found) == 0:
        return replace(after, winner=found)
    return after if role is tally.turn.agent else replace(after, turn=tally.turn.other)


def replay(card: ClassicCard, actions: Iterable[TallyAction]) -> Tally:
    """The count these actions lead to from the card's start (undo replays all but the last)."""
    tally = start(card)
    for action in actions:
        tally = act(tally, action)
    return tally
