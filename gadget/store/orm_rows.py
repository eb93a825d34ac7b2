"""A game's hot rows through SQLAlchemy's ORM, where PostgreSQL's driver is not at hand (SQLite
and other databases): the same `driver.HotRows` as the driver's, a statement each."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from gadget.store import driver
from gadget.store.phones import SeatRequest, seat_request_record
from gadget.store.records import GameRecord, Seats, game_record, seats_of
from gadget.store.rows import GameRow, PhoneNameRow, SeatRequestRow, SeatRow, TimerRow
from gadget.store.timers import SavedTimer, timer_record


class OrmRows:
    """A game's hot rows through SQLAlchemy's ORM, one statement each (PostgreSQL's driver
    reads them at once: `driver.DriverRows`)."""

    tells = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self._timer_rows: dict[int, TimerRow | None] = {}  # as read, for a save to write

    def together(self, game_id: int) -> driver.Together | None:
        game = self.game(game_id)
        if game is None:
            return None
        return driver.Together(
            game, self.seats(game_id), self.requests(game_id), self.timer(game_id)
        )

    def game(self, game_id: int) -> GameRecord | None:
        row = self.session.get(GameRow, game_id, populate_existing=True)  # as saved now
        return game_record(row) if row is not None else None

    def seats(self, game_id: int) -> Seats:
        """Who holds each side, with the names their phones were given (one statement)."""
        found = self.session.exec(
            select(SeatRow, PhoneNameRow.name)
            .join(PhoneNameRow, col(PhoneNameRow.phone) == col(SeatRow.phone), isouter=True)
            .where(SeatRow.game_id == game_id)
        ).all()
        return seats_of([seat for seat, _name in found], {seat.phone: name for seat, name in found})

    def requests(self, game_id: int) -> tuple[SeatRequest, ...]:
        rows = self.session.exec(
            select(SeatRequestRow)
            .where(SeatRequestRow.game_id == game_id)
            .order_by(col(SeatRequestRow.id))
        ).all()
        return tuple(seat_request_record(row) for row in rows)

    def timer(self, game_id: int) -> SavedTimer | None:
        row = self._timer_rows[game_id] = self.session.get(TimerRow, game_id)
        return timer_record(row) if row is not None else None

    def save_game(
        self,
        game_id: int,
        log: str,
        attempt_id: int | None,
        *,
        now: datetime,
        expected: int,
        timer_revision: int,
        notice: str | None = None,
    ) -> bool:
        assert notice is None, "the ORM's save sends no notice: the unit tells them"
        return self._claimed(
            game_id,
            expected,
            timer_revision,
            log=log,
            version=expected + 1,
            updated_at=now,
            attempt_id=attempt_id,
        )

    def claim_timer(self, game_id: int, version: int, timer_revision: int) -> bool:
        return self._claimed(
            game_id, version, timer_revision, timer_revision=col(GameRow.timer_revision) + 1
        )

    def _claimed(self, game_id: int, version: int, timer_revision: int, /, **values: Any) -> bool:
        """The game's row changed if it is still at `version` and `timer_revision`."""
        changed = self.session.execute(
            update(GameRow)
            .where(
                col(GameRow.id) == game_id,
                col(GameRow.version) == version,
                col(GameRow.timer_revision) == timer_revision,
            )
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        return bool(changed.rowcount == 1)  # type: ignore[attr-defined]

    def save_timer(self, game_id: int, timer: SavedTimer) -> None:
        # The row this unit read, if it did (a save after a read asks nothing again).
        row = (
            self._timer_rows.get(game_id)
            or self.session.get(TimerRow, game_id)
            or TimerRow(game_id=game_id)
        )
        for kept in fields(timer):  # a saved timer's fields are its row's columns
            setattr(row, kept.name, getattr(timer, kept.name))
        self.session.add(row)
