"""Seats: which phone holds which side, and how a lost phone's side moves to a new one.

A side moves with the consent of the phone that holds it, at once. The partner's phone (or
a phone of the team) may allow it too, for a phone that was lost, but then the move waits
`take_over_wait` seconds, during which the holding phone, if it is still there, is told and
may keep its side: otherwise a partner could hand the side they must never see to a phone
of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from gadget.engine import Player
from gadget.services import games
from gadget.services.app_partner import with_app
from gadget.services.games import SavedGame
from gadget.services.hub import Hub
from gadget.services.phone_game import approvers, may_answer
from gadget.services.phones import APP_SIDE, Phone
from gadget.store import NotFoundError, SeatError, SeatRequest, Store

TAKE_OVER_WAIT = 120.0  # seconds a holding phone has to keep its side after a partner allows
# Phones that may hold one side: one, in the two-player game (the store keeps a set of
# holders a side, for the game of more than two and for the app holding a side itself).
PHONES_A_SIDE = 1


class Seats:
    """The seat rules of the table (Table is one): each write takes the phone and checks it."""

    store: Store
    hub: Hub
    clock: Callable[[], float]
    take_over_wait: float

    def seat_of(self, game_id: int, phone: Phone) -> Player | None:
        """The side this phone holds in this game: the only side it may ever be shown."""
        return self.store.seat_of(game_id, phone.key)

    def join(self, game_id: int, phone: Phone) -> Player | None:
        """A phone arriving with the game's code: its own side if it has one, else side B
        while B is free; None when B is held by another phone (then it may ask)."""
        with self.store.unit(reads_only=True) as unit:
            mine = unit.seats(game_id).side_of(phone.key)
        if mine is not None:  # a phone coming back by its link: one read, no transaction
            return mine
        with self.store.unit() as unit:  # one unit: what it reads is what it decides on
            seats = unit.seats(game_id)
            mine = seats.side_of(phone.key)
            if mine is not None:
                return mine
            if with_app(seats):  # the app's side is no phone's, whatever code it brings
                return None
            record = unit.game(game_id)
            if record is None:
                raise NotFoundError("no game number {game_id}", game_id=game_id)
            try:
                over = games.worked(self.store).saved(record).state.is_over
            except games.UNREADABLE:  # cannot be read: its screen says why
                return None
            if over:  # its end shows both sides
                return None
            taken = unit.take_seat(game_id, Player.B, phone.key, most=PHONES_A_SIDE)
        if taken:
            self.hub.changed(game_id)  # phone A learns that B has joined
            return Player.B
        return None

    def ask_for_seat(self, game_id: int, side: Player, phone: Phone) -> SeatRequest:
        """Ask the phones that may allow it to let this phone take a side."""
        if games.game(self.store, game_id).state.is_over:  # its end shows both sides
            raise SeatError("the game is over: it is in the history, and no side is taken over")
        if side is APP_SIDE and with_app(self.store.seats(game_id)):
            raise SeatError("the app holds side B of this game: no phone takes it over")
        request = self.store.ask_for_seat(game_id, side, phone.key)
        self.hub.changed(game_id)
        return request

    def can_be_allowed(self, game: SavedGame, side: Player, phone: Phone) -> bool:
        """Whether any phone but the asking one could allow a take-over of this side: the
        phone holding it, the partner's seated phone, or a phone of the game's team."""
        return bool(self._approvers(game, side) - {phone.key})

    def _approvers(self, game: SavedGame, side: Player) -> frozenset[str]:
        members = self.store.member_phones(game.team_id) if game.team_id else frozenset()
        return approvers(self.store.seats(game.id), members, side)

    def may_answer(self, request: SeatRequest, phone: Phone, game: SavedGame | None = None) -> bool:
        """Only the side's own phone, the partner's seated phone or a phone of the team
        answers, never the asker (`game`, when the caller has just read it, is not read
        again)."""
        game = game if game is not None else games.game(self.store, request.game_id)
        return may_answer(request, phone.key, self._approvers(game, request.side))

    def answer(self, request_id: int, phone: Phone, allow: bool) -> SeatRequest:
        """Allow or refuse a take-over: the side's own phone moves it at once; another
        phone's consent moves it after the wait, unless the side's phone keeps it."""
        request = self.store.seat_request(request_id)
        if not self.may_answer(request, phone):
            raise SeatError("only your partner's phone or a phone of the team can answer that")
        holders = self.store.seats(request.game_id).of(request.side)
        at_once = not allow or not holders or phone.key in holders
        answered = self.store.answer_request(
            request_id,
            phone.key,
            "allowed" if allow else "refused",
            move=at_once,
            at=datetime.fromtimestamp(self.clock(), UTC),
        )
        self.hub.changed(request.game_id)
        return answered

    def keep_side(self, request_id: int, phone: Phone) -> SeatRequest:
        """The phone holding a side keeps it, against a take-over another phone allowed."""
        request = self.store.seat_request(request_id)
        if phone.key not in self.store.seats(request.game_id).of(request.side):
            raise SeatError(
                "only the phone that holds side {side} can keep it", side=request.side.value.upper()
            )
        kept = self.store.keep_seat(request_id, phone.key)
        self.hub.changed(request.game_id)
        return kept

    def moves_at(self, request: SeatRequest) -> float | None:
        """When an allowed take-over moves its side (the table's clock), or None for a
        request that is not waiting to move."""
        if request.answer != "allowed" or request.answered_at is None:
            return None
        return request.answered_at.timestamp() + self.take_over_wait

    def claim_side(self, game_id: int, phone: Phone) -> bool:
        """Move to this phone the side of its allowed take-over whose wait is over: an action
        of its own, which the waiting screen takes when the wait ends (a read never moves a
        side); True when it moved."""
        request = self.store.latest_request(game_id, phone.key)
        due = self.moves_at(request) if request is not None else None
        if request is None or due is None or self.clock() < due:
            return False
        moved = self.store.claim_seat(request.id)
        if moved:
            self.hub.changed(request.game_id)
        return moved

    def requests_to_answer(self, phone: Phone) -> list[SeatRequest]:
        """Every waiting request this phone may answer (for Home)."""
        games = self.store.games_to_answer_for(phone.key)
        return [
            request
            for request in self.store.waiting_requests(games)
            if self.may_answer(request, phone)
        ]
