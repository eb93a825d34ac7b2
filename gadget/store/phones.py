"""Which phone holds which side, who asked to take one over, and which phones are in a team.

Phones are named by the SHA-256 of their identity (services.phones.Phone.key): the identity
itself, a bearer secret kept in the phone's own storage, is never written here.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final, Literal

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from gadget.engine.keycard import Player
from gadget.store.errors import NotFoundError, SeatError
from gadget.store.records import Seats
from gadget.store.repository import Repository
from gadget.store.rows import (
    GameRow,
    SeatRequestRow,
    SeatRow,
    TeamMemberRow,
    TeamRow,
)

Answer = Literal["allowed", "refused"]
MAX_WAITING: Final = 3  # requests waiting in one game: a phone cannot flood its partner's


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A phone asking for a side someone else holds, and what became of it."""

    id: int
    game_id: int
    side: Player
    phone: str
    asked_at: datetime
    answer: Answer | None
    answered_by: str | None = None
    answered_at: datetime | None = None


def seat_request_record(row: SeatRequestRow) -> SeatRequest:
    """The request a row holds, as the rest of the app sees it."""
    assert row.id is not None
    answer: Answer | None = "allowed" if row.answer == "allowed" else None
    if row.answer == "refused":
        answer = "refused"
    answered_at = row.answered_at
    if answered_at is not None and answered_at.tzinfo is None:  # SQLite gives naive UTC
        answered_at = answered_at.replace(tzinfo=UTC)
    return SeatRequest(
        row.id,
        row.game_id,
        Player(row.side),
        row.phone,
        row.asked_at,
        answer,
        row.answered_by,
        answered_at,
    )


class PhoneRecords(Repository):
    """Seats, take-over requests and team members."""

    # --- Seats ----------------------------------------------------------------------------

    def seat_of(self, game_id: int, phone: str) -> Player | None:
        """The side this phone holds in this game, if any."""
        with self._transaction() as session:
            row = session.exec(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.phone == phone)
            ).first()
            return Player(row.side) if row is not None else None

    def seats(self, game_id: int) -> Seats:
        """Who holds each side of this game."""
        with self.unit() as unit:
            return unit.seats(game_id)

    def take_seat(self, game_id: int, side: Player, phone: str, most: int = 1) -> bool:
        """Hold a side that has fewer than `most` holders, in a unit of its own (see
        Unit.take_seat); True when this phone holds it now."""
        with self.unit() as unit:
            return unit.take_seat(game_id, side, phone, most)

    def release_seats(self, game_id: int, sides: tuple[Player, ...]) -> list[Player]:
        """Free sides (the server owner's way out when every phone of a game was lost); the
        game and its log are untouched. Returns the sides that were held."""
        with self._transaction() as session:
            freed = set()
            for seat in session.exec(select(SeatRow).where(SeatRow.game_id == game_id)).all():
                if Player(seat.side) in sides:
                    freed.add(Player(seat.side))
                    session.delete(seat)
            if freed:
                self._tell_others(session.connection(), game_id)
            return sorted(freed, key=lambda side: side.value)

    def ask_for_seat(self, game_id: int, side: Player, phone: str) -> SeatRequest:
        """Ask to take over a side; a phone asking again gets its waiting request back."""
        with self._transaction() as session:
            mine = session.exec(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.phone == phone)
            ).first()
            if mine is not None:
                raise SeatError(
                    "this phone holds side {side} of this game: it can never show side {value}",
                    side=mine.side.upper(),
                    value=side.value.upper(),
                )
            waiting = session.exec(
                select(SeatRequestRow).where(
                    SeatRequestRow.game_id == game_id,
                    SeatRequestRow.side == side.value,
                    SeatRequestRow.phone == phone,
                    col(SeatRequestRow.answer).is_(None),
                )
            ).first()
            if waiting is None:
                others = session.exec(
                    select(func.count())
                    .select_from(SeatRequestRow)
                    .where(
                        SeatRequestRow.game_id == game_id,
                        col(SeatRequestRow.answer).is_(None),
                    )
                ).one()
                if others >= MAX_WAITING:
                    raise SeatError(
                        "{others} requests already wait for an answer in this game: ask your "
                        "partner to answer them first",
                        others=others,
                    )
                waiting = SeatRequestRow(
                    game_id=game_id, side=side.value, phone=phone, asked_at=self.now()
                )
                session.add(waiting)
                session.flush()
                self._tell_others(session.connection(), game_id)
            return seat_request_record(waiting)

    def seat_request(self, request_id: int) -> SeatRequest:
        """One request as it stands."""
        with self._transaction() as session:
            row = session.get(SeatRequestRow, request_id)
            if row is None:
                raise NotFoundError("no request number {request_id}", request_id=request_id)
            return seat_request_record(row)

    def latest_request(self, game_id: int, phone: str) -> SeatRequest | None:
        """This phone's newest request in this game (waiting, allowed or refused)."""
        with self._transaction() as session:
            row = session.exec(
                select(SeatRequestRow)
                .where(SeatRequestRow.game_id == game_id, SeatRequestRow.phone == phone)
                .order_by(col(SeatRequestRow.id).desc())
            ).first()
            return seat_request_record(row) if row is not None else None

    def waiting_requests(self, game_ids: list[int]) -> list[SeatRequest]:
        """Requests not answered yet for these games, oldest first."""
        if not game_ids:
            return []
        with self._transaction() as session:
            rows = session.exec(
                select(SeatRequestRow)
                .where(
                    col(SeatRequestRow.game_id).in_(game_ids),
                    col(SeatRequestRow.answer).is_(None),
                )
                .order_by(col(SeatRequestRow.id))
            ).all()
            return [seat_request_record(row) for row in rows]

    def answer_request(
        self,
        request_id: int,
        by_phone: str,
        answer: Answer,
        *,
        move: bool = True,
        at: datetime | None = None,
    ) -> SeatRequest:
        """Allow or refuse; allowing moves the side to the asking phone in the same
        transaction, unless `move` is False (the move then waits: `claim_seat`). The caller
        has checked that `by_phone` may answer."""
        with self._transaction() as session:
            row = session.get(SeatRequestRow, request_id)
            if row is None:
                raise NotFoundError("no request number {request_id}", request_id=request_id)
            if row.answer is not None:
                if row.answer == "allowed":
                    raise SeatError("that request was already allowed")
                raise SeatError("that request was already refused")
            held = session.exec(
                select(SeatRow).where(SeatRow.game_id == row.game_id, SeatRow.phone == row.phone)
            ).first()
            if held is not None and answer == "allowed":  # it took the other side meanwhile
                raise SeatError(
                    "that phone holds side {side} of this game now: it can never have side "
                    "{side2} too",
                    side=held.side.upper(),
                    side2=row.side.upper(),
                )
            row.answer, row.answered_by, row.answered_at = answer, by_phone, at or self.now()
            session.add(row)
            if answer == "allowed" and move:
                self._move_seat(session, row)
            session.flush()
            self._tell_others(session.connection(), row.game_id)
            return seat_request_record(row)

    def _move_seat(self, session: Session, row: SeatRequestRow) -> None:
        """The requested side, now the asking phone's: it takes the first phone's place (a
        side's one phone today), or the first place when the side was free."""
        seat = session.exec(
            select(SeatRow)
            .where(SeatRow.game_id == row.game_id, SeatRow.side == row.side)
            .order_by(col(SeatRow.slot))
        ).first()
        if seat is None:
            seat = SeatRow(game_id=row.game_id, side=row.side, phone=row.phone, taken_at=self.now())
        seat.phone, seat.kind, seat.taken_at = row.phone, "phone", self.now()
        session.add(seat)

    def claim_seat(self, request_id: int) -> bool:
        """Move the side of an allowed request whose wait is over (the caller checked the
        time); False when it was kept by its phone meanwhile, or already moved."""
        with self._transaction() as session:
            row = session.get(SeatRequestRow, request_id)
            if row is None or row.answer != "allowed":
                return False
            held = session.exec(
                select(SeatRow).where(SeatRow.game_id == row.game_id, SeatRow.phone == row.phone)
            ).first()
            if held is not None:
                return False
            self._move_seat(session, row)
            session.flush()
            self._tell_others(session.connection(), row.game_id)
            return True

    def keep_seat(self, request_id: int, by_phone: str) -> SeatRequest:
        """The phone holding the side keeps it: an allowed request whose move still waits is
        refused (the caller checked that `by_phone` holds the side)."""
        with self._transaction() as session:
            row = session.get(SeatRequestRow, request_id)
            if row is None:
                raise NotFoundError("no request number {request_id}", request_id=request_id)
            held = session.exec(
                select(SeatRow).where(SeatRow.game_id == row.game_id, SeatRow.phone == row.phone)
            ).first()
            if held is not None:
                raise SeatError("that phone holds side {side} now", side=held.side.upper())
            row.answer, row.answered_by, row.answered_at = "refused", by_phone, self.now()
            session.add(row)
            session.flush()
            self._tell_others(session.connection(), row.game_id)
            return seat_request_record(row)

    def allowed_requests(self, game_id: int) -> list[SeatRequest]:
        """Allowed requests of this game whose side has not moved yet, oldest first."""
        with self._transaction() as session:
            rows = session.exec(
                select(SeatRequestRow)
                .where(SeatRequestRow.game_id == game_id, SeatRequestRow.answer == "allowed")
                .order_by(col(SeatRequestRow.id))
            ).all()
            seated = {
                seat.phone
                for seat in session.exec(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            }
            return [seat_request_record(row) for row in rows if row.phone not in seated]

    def games_to_answer_for(self, phone: str) -> list[int]:
        """Unfinished games whose take-over requests this phone may answer: those it holds a
        side of, and those of its teams."""
        with self._transaction() as session:
            teams = select(TeamMemberRow.team_id).where(TeamMemberRow.phone == phone)
            seated = select(SeatRow.game_id).where(SeatRow.phone == phone)
            rows = session.exec(
                select(GameRow.id).where(
                    col(GameRow.attempt_id).is_(None),
                    or_(col(GameRow.id).in_(seated), col(GameRow.team_id).in_(teams)),
                )
            ).all()
            return [game_id for game_id in rows if game_id is not None]

    # --- Team members ---------------------------------------------------------------------

    def join_team(self, team_id: int, phone: str) -> None:
        """Make this phone one of the team's (again is fine)."""
        with self._transaction() as session:
            join_team_row(session, team_id, phone, self.now())

    def is_member(self, team_id: int, phone: str) -> bool:
        """Whether this phone may see and play for the team."""
        with self._transaction() as session:
            return (
                session.exec(
                    select(TeamMemberRow.id).where(
                        TeamMemberRow.team_id == team_id, TeamMemberRow.phone == phone
                    )
                ).first()
                is not None
            )

    def member_phones(self, team_id: int) -> frozenset[str]:
        """Every phone of a team."""
        with self._transaction() as session:
            rows = session.exec(
                select(TeamMemberRow.phone).where(TeamMemberRow.team_id == team_id)
            ).all()
            return frozenset(rows)

    def teams_without_phones(self) -> list[str]:
        """Names of teams no phone can open yet (made on the command line, or before phones
        had identities): their invite link brings one in."""
        with self._transaction() as session:
            members = select(TeamMemberRow.team_id)
            rows = session.exec(
                select(TeamRow.name)
                .where(col(TeamRow.id).not_in(members))
                .order_by(col(TeamRow.name_key))
            ).all()
            return list(rows)

    def team_id_by_invite(self, invite: str) -> int | None:
        """The team whose invite link holds this secret."""
        with self._transaction() as session:
            row = session.exec(select(TeamRow.id).where(TeamRow.invite == invite)).first()
            return row

    def new_invite(self, team_id: int) -> str:
        """A fresh invite secret: the old link stops working."""
        with self._transaction() as session:
            row = session.get(TeamRow, team_id)
            if row is None:
                raise NotFoundError("no team number {team_id}", team_id=team_id)
            row.invite = secrets.token_urlsafe(16)
            session.add(row)
            return row.invite


def join_team_row(session: Session, team_id: int, phone: str, now: datetime) -> None:
    """Make a phone one of a team's in the caller's transaction (again is fine)."""
    known = session.exec(
        select(TeamMemberRow).where(TeamMemberRow.team_id == team_id, TeamMemberRow.phone == phone)
    ).first()
    if known is None:
        session.add(TeamMemberRow(team_id=team_id, phone=phone, joined_at=now))
        session.flush()
