"""Two phones seated at one game of a table: each action sent from the phone whose side
records it, as the screens do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gadget.engine import Action, Player, recorder
from gadget.services import games
from gadget.services.games import SavedGame
from gadget.services.phones import Phone, new_phone_token, phone_from_token
from gadget.services.table import Table


def new_phone() -> Phone:
    """A phone with an identity of its own."""
    phone = phone_from_token(new_phone_token())
    assert phone is not None
    return phone


@dataclass
class Seated:
    """A game and the two phones holding its sides."""

    table: Table
    game: SavedGame
    phones: dict[Player, Phone]

    @classmethod
    def deal(cls, table: Table, **how: Any) -> Seated:
        """A new game: its dealer holds A, a second phone joins as B."""
        phones = {Player.A: how.pop("phone", None) or new_phone(), Player.B: new_phone()}
        game = table.deal(phone=phones[Player.A], **how)
        assert table.join(game.id, phones[Player.B]) is Player.B
        return cls(table, game, phones)

    def act(self, action: Action, version: int | None = None) -> SavedGame:
        """The action, from the phone that records it, based on `version` (else the last)."""
        seen = self.game.version if version is None else version
        shown = self.table.act(self.phones[recorder(action)], self.game.id, action, seen)
        assert shown.game is not None and shown.seen is not None
        self.game = games.game(self.table.store, self.game.id)  # a test sees both sides
        return self.game

    def undo(self, side: Player = Player.A) -> SavedGame:
        """The last action taken back from a side's phone."""
        shown = self.table.undo(self.phones[side], self.game.id, self.game.version)
        assert shown.game is not None and shown.seen is not None
        self.game = games.game(self.table.store, self.game.id)  # a test sees both sides
        return self.game
