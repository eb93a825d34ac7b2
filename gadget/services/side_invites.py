"""Several phones a side, for the game of more than two (the rule book's: two sides across
the table, everyone seeing only their own side of the key card).

A side gains phones only through a phone that holds it: it makes an invite, a link whose
secret adds other phones to its own side, as many as it allows, until the game ends. The
public code keeps its meaning (side B's first phone), so a third browser holding it gets no
side A and no second seat of B. An invite is never shown on a phone of the other side and
cannot be worked out from the public code: its secret is random, and only its SHA-256 is
kept; a phone's new invite to a game replaces its earlier one (a phone tapping again and
again, or a client flooding the socket, keeps one row a game). A side has at most
`MOST_PHONES` phones; a phone may leave its side, or remove a lost one from it, but a side's
last phone stays (a side with no phone is a take-over's business).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import NamedTuple

from gadget.engine import CellNotGuessableError, OutOfTurnError, Player, view_for
from gadget.missions.names import MOST_PHONES, clean_phone_name
from gadget.services.games import WorkedGames, apart
from gadget.services.hub import Hub
from gadget.services.phones import Phone, is_invite
from gadget.services.side_seen import GameFacts, facts_of
from gadget.store import SeatError, Store, Unit

__all__ = ["MOST_PHONES", "SideInviteMade", "SideInvites", "SideJoined"]


@dataclass(frozen=True, slots=True)
class SideInviteMade:
    """A new invite, for its maker's phone alone: the secret its link carries."""

    secret: str
    side: Player
    uses: int


class SideJoined(NamedTuple):
    """What an invite opened: the game, the side this phone holds, and the side the invite
    was to (another, when the phone held a side of the game already: it stays there)."""

    game: GameFacts
    side: Player
    invited: Player


def _hashed(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


class _SpentMeanwhileError(Exception):
    """Another phone took the invite's last use first: this unit is undone."""


class _PlaceTakenError(Exception):
    """Another phone took the same place among the side's phones first: this unit is undone."""


_TRIES = 3 * MOST_PHONES  # each try that loses a place, another phone won one


class SideInvites:
    """The table's rules for a side's phones (Table is one): each write takes the phone."""

    store: Store
    hub: Hub
    worked: WorkedGames

    def invite_to_side(self, game_id: int, phone: Phone, uses: int = 1) -> SideInviteMade:
        """An invite that adds `uses` phones to the side this phone holds, and to no other;
        this phone's earlier invite to the game stops working."""
        if not 1 <= uses < MOST_PHONES:
            raise SeatError("an invite adds 1 to {most} phones", most=MOST_PHONES - 1)
        with self.store.unit() as unit:
            side = self._open_side(unit, game_id, phone)
            secret = secrets.token_urlsafe(16)
            unit.add_side_invite(game_id, side, _hashed(secret), uses, phone.key)
        return SideInviteMade(secret, side, uses)

    def join_side(self, secret: str, phone: Phone) -> SideJoined | None:
        """The game and side an invite adds this phone to, now holding it; its own side if
        it holds one already (an invite never moves a phone, nor spends a use on it). None
        for anything that opens nothing: not an invite, spent, or its game over."""
        if not is_invite(secret):  # no query for anything else
            return None
        for _ in range(_TRIES):  # two phones took the same place: the one that lost, again
            try:
                joined = self._join_side(_hashed(secret), phone)
            except _SpentMeanwhileError:
                return None
            except _PlaceTakenError:
                continue
            if joined is None:
                return None
            new, found = joined
            if new:  # a phone already seated changed nothing
                self.hub.changed(found.game.id)
            return found
        raise SeatError("other phones took a side at the same moment: try again")

    def _join_side(self, hashed: str, phone: Phone) -> tuple[bool, SideJoined] | None:
        """One try, in one unit of work; whether the phone is new to the side (one that held
        a side already changes nothing)."""
        with self.store.unit() as unit:
            invite = unit.side_invite(hashed)
            record = unit.game(invite.game_id) if invite is not None else None
            if invite is None or record is None:
                return None
            game = self.worked.saved(record)
            if game.state.is_over:
                return None
            game_id = invite.game_id
            mine = unit.seats(game_id).side_of(phone.key)
            if mine is not None:
                return False, SideJoined(facts_of(game), mine, invite.side)
            if invite.uses_left < 1:
                return None
            self._room_on(unit, game_id, invite.side)
            if not unit.take_seat(game_id, invite.side, phone.key, most=MOST_PHONES):
                self._room_on(unit, game_id, invite.side)  # full since: say so
                raise _PlaceTakenError
            if not unit.spend_side_invite(hashed):
                raise _SpentMeanwhileError
        return True, SideJoined(facts_of(game), invite.side, invite.side)

    def leave_side(self, game_id: int, phone: Phone) -> Player:
        """This phone no longer holds its side (another phone of the side still does)."""
        with self.store.unit() as unit:
            side = self._held(unit, game_id, phone)
            if len(unit.seats(game_id).of(side)) < 2:
                raise SeatError(
                    "this is side {side}'s only phone: it cannot leave the side empty",
                    side=side.value.upper(),
                )
            unit.leave_seat(game_id, phone.key)
        self.hub.changed(game_id)
        return side

    def remove_from_side(self, game_id: int, phone: Phone, place: int, shown: int) -> None:
        """A lost phone of this phone's side (its place among the `shown` phones of the side,
        as this phone's screen showed them) no longer holds the side; refused if the side's
        phones changed since (two phones removing "phone 3" at once removed two phones)."""
        with self.store.unit() as unit:
            side = self._held(unit, game_id, phone)
            holders = unit.seats(game_id).of(side)
            if len(holders) != shown:
                raise SeatError("the side's phones changed meanwhile: look at them again")
            if not 0 <= place < len(holders):
                raise SeatError(
                    "side {side} has no phone number {place}",
                    side=side.value.upper(),
                    place=place + 1,
                )
            if holders[place] == phone.key:
                raise SeatError("that is this phone: leave the side instead")
            unit.leave_seat(game_id, holders[place])
        self.hub.changed(game_id)

    def choose_touch(self, game_id: int, phone: Phone, cell: int | None) -> None:
        """Played apart, the word this phone's side chooses to touch (None: it chose none):
        every phone of the side shows it marked, and any of them confirms it, until the game
        moves on. A second phone's choice replaces the first's."""
        with self.store.unit() as unit:
            unit.read_together(game_id)
            side = self._held(unit, game_id, phone)
            record = unit.game(game_id)
            assert record is not None  # a seat names a game
            game = self.worked.saved(record)
            if not apart(game.log):
                raise OutOfTurnError("at one table, the clue giver's phone records each touch")
            if cell is not None and cell not in view_for(game.state, side).mine_to_touch:
                raise CellNotGuessableError(
                    "cell {cell} is not a word side {side} may touch now",
                    cell=cell,
                    side=side.value.upper(),
                )
            now = unit.side_choice(game_id, side)
            if (cell, game.version) == now or (cell is None and now is None):
                return  # the same choice again (a tap repeated, a client flooding): no news
            unit.choose_cell(game_id, side, cell, game.version)
        self.hub.changed(game_id)  # every phone of the side reads it, this one too

    def name_phone(self, phone: Phone, typed: str) -> str:
        """The name this phone's player gives it (blank: none), as cleaned: every side the
        phone holds shows it to its other phones at once, and each game's attempt keeps it;
        refused in one line (TextError) for what no screen could show."""
        name = clean_phone_name(typed) if typed.strip() else ""
        with self.store.unit() as unit:
            if name == unit.phone_name(phone.key):
                return name  # the same name again: no news
            held = unit.name_phone(phone.key, name or None)
        for game_id in held:
            self.hub.changed(game_id)
        return name

    def _open_side(self, unit: Unit, game_id: int, phone: Phone) -> Player:
        """The side this phone holds in a game still played."""
        side = self._held(unit, game_id, phone)
        if self._is_over(unit, game_id):
            raise SeatError("the game is over: no phone joins it now")
        return side

    @staticmethod
    def _held(unit: Unit, game_id: int, phone: Phone) -> Player:
        side = unit.seats(game_id).side_of(phone.key)
        if side is None:
            raise SeatError("only a phone of the game's sides can do that")
        return side

    def _is_over(self, unit: Unit, game_id: int) -> bool:
        record = unit.game(game_id)
        return record is None or self.worked.saved(record).state.is_over

    @staticmethod
    def _room_on(unit: Unit, game_id: int, side: Player) -> None:
        if len(unit.seats(game_id).of(side)) >= MOST_PHONES:
            raise SeatError(
                "side {side} already has {most} phones, the most a side may have",
                side=side.value.upper(),
                most=MOST_PHONES,
            )
