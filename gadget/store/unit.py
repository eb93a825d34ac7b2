"""One unit of work: the rows a service call reads and writes in one transaction, all of it
saved or none (the service plays the game; this only keeps and finds its rows)."""

from __future__ import annotations

import dataclasses
import secrets
import weakref
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import cached_property
from typing import Any, Final, cast

from sqlalchemy import event, orm
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import ORMExecuteState
from sqlmodel import Session, col, select

from gadget.engine.keycard import Player
from gadget.store import driver, notices
from gadget.store.campaign_rows import CampaignRows
from gadget.store.errors import SeatError, StaleGameError, TimerMovedError
from gadget.store.orm_rows import OrmRows
from gadget.store.phones import SeatRequest
from gadget.store.records import (
    GameRecord,
    Seats,
    game_record,
    players_json,
)
from gadget.store.rows import (
    GameRow,
    SeatRow,
    SettingRow,
    TeamMemberRow,
)
from gadget.store.side_invites import SideRows
from gadget.store.timers import SavedTimer

WRITING: Final = "gadget unit writing"  # in a unit's session's `info`: its unit's `writing`


class UnitSession(Session):
    """A unit's ORM session: each of its writes first begins the unit's transaction."""


def _begin_for(session: orm.Session) -> None:
    """The session's unit told that it writes (`Unit.writing`), if it is still there."""
    writing = session.info.get(WRITING)
    told = writing() if writing is not None else None
    if told is not None:
        told()


def _executing(state: ORMExecuteState) -> None:
    if not state.is_select:  # an insert, update or delete sent as a statement
        _begin_for(state.session)


event.listen(UnitSession, "before_flush", lambda session, *_: _begin_for(session))
event.listen(UnitSession, "do_orm_execute", _executing)


class Unit(SideRows, CampaignRows):
    """The rows of one transaction: each read sees the others' writes, and the notice to the
    other server processes leaves only if it commits."""

    def __init__(
        self,
        connection: Connection,
        now: datetime,
        tell: Callable[[Connection, notices.Subject, str | None], None],
        origin: str | None = None,
        begins_late: bool = False,
    ) -> None:
        self.connection = connection
        # On PostgreSQL the connection autocommits until the unit's first write begins the
        # transaction (`writing`): a move reads, then saves alone, in two round trips where
        # BEGIN and COMMIT made four (0.1 ms of a move's CPU: docs/benchmarks.md). Under
        # READ COMMITTED a read sees the same rows in a transaction or out of it.
        self._unbegun = begins_late
        self._written_last = False  # the unit said its last write was made
        self.now = now  # the moment of the whole unit
        self._tell = tell
        self._origin = origin  # this process's name in its notices; None: no one to tell
        self._told: set[notices.Subject] = set()
        self._told_news: set[notices.Subject] = set()  # told so far with the news of one move
        # A game's row, seats, requests and timer, once read in this unit (a move and its
        # screen want each); this class's writes keep it true, and nothing else writes them.
        self._read: dict[tuple[str, int], Any] = {}
        self._rows: driver.HotRows = (
            driver.DriverRows(connection.connection.driver_connection)
            if connection.dialect.driver == "psycopg"
            else OrmRows(self.session)
        )

    # The ORM's session, made only when a unit asks for rows through it: a move and a
    # screen's read, on PostgreSQL, go through the driver alone (sampled, the session's
    # making, its transaction and its connection's lookups took 8.6% of a touch's CPU).
    @cached_property
    def session(self) -> Session:
        """The ORM's session, in this unit's transaction (begun at its first write)."""
        writing = weakref.WeakMethod(self.writing)  # the unit holds it: no cycle to collect
        return UnitSession(bind=self.connection, expire_on_commit=False, info={WRITING: writing})

    def writing(self, alone: bool = False) -> None:
        """Before a write: the unit's transaction begun, unless this write is its last and
        its first, which is then a transaction of its own. Nothing is written after that."""
        if self._written_last:
            raise AssertionError("a unit wrote after the write it said was its last")
        if self._unbegun and not alone:
            self._unbegun = False
            self.connection.exec_driver_sql("BEGIN")

    def flush(self) -> None:
        """Whatever the ORM holds unwritten goes to the database (before the unit commits)."""
        if "session" in self.__dict__:
            self.session.flush()

    def close(self) -> None:
        """The ORM's session, if one was made, lets its rows go (the unit's transaction is
        ended by its connection)."""
        if "session" in self.__dict__:
            self.session.close()

    def _once(self, kind: str, key: int, read: Callable[[], Any]) -> Any:
        if (kind, key) not in self._read:
            self._read[kind, key] = read()
        return self._read[kind, key]

    def tell_others(self, subject: notices.Subject, news: str | None = None) -> None:
        """The other server processes hear of this game (or card) once the unit commits: once
        a unit, with the news of its change only while that is its one change (a second
        change after a told move is told plain, and they read the game whole)."""
        if self._origin is None or subject in self._told:  # (None: no other process)
            return
        if subject in self._told_news:
            news = None
        self.writing()  # sent when the unit's writes commit, never before
        self._mark_told(subject, news)
        self._tell(self.connection, subject, news)

    def _mark_told(self, subject: notices.Subject, news: str | None) -> None:
        (self._told_news if news is not None and notices.carries(news) else self._told).add(subject)

    # --- Games ----------------------------------------------------------------------------

    def start_game(
        self,
        log: str,
        *,
        version: int,
        side_b: str,
        code: str | None,
        team_id: int | None = None,
        mission_id: str | None = None,
        map_id: int | None = None,
        players: Sequence[str] = (),
        phone: str | None = None,
    ) -> GameRecord:
        """A new game's row (its log's text, and the version its actions make); the phone
        that dealt it holds side A."""
        row = GameRow(
            public_id=secrets.token_urlsafe(16),
            code=code,
            side_b=side_b,
            team_id=team_id,
            mission_id=mission_id,
            map_id=map_id,
            players=players_json(players),
            log=log,
            version=version,
            created_at=self.now,
            updated_at=self.now,
        )
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        if phone is not None:
            self.session.add(SeatRow(game_id=row.id, side="a", phone=phone, taken_at=self.now))
            self.session.flush()
        return game_record(row)

    def read_together(self, game_id: int) -> None:
        """The game's row, seats, take-over requests and timer, for the reads of them that
        follow (a move and a screen want them all): on PostgreSQL in one statement, with the
        words its sides chose played apart. Once the game's row is read, nothing."""
        if ("game", game_id) not in self._read:
            found = self._rows.together(game_id)
            kept = found._asdict().items() if found is not None else [("game", None)]
            self._read.update({(kind, game_id): value for kind, value in kept})

    def game(self, game_id: int) -> GameRecord | None:
        """The game's row as saved now."""
        read = self._rows.game
        return cast(GameRecord | None, self._once("game", game_id, lambda: read(game_id)))

    def save_game(
        self,
        game: GameRecord,
        log: str,
        attempt_id: int | None,
        *,
        expected: int,
        news: str | None = None,
        timer: SavedTimer | None = None,
        last: bool = False,
    ) -> GameRecord:
        """The game's new log, one version on from `expected`: refused (StaleGameError) when
        another phone saved that version first, whatever this unit read before. Its notice
        carries `news` (opaque here: the services' word of what changed, `timer` included
        when given, which is saved with it). `last`: the unit writes nothing after it."""
        # On PostgreSQL's driver, the notice goes in the save's own statement.
        notice = None
        if self._origin is not None and game.id not in self._told and self._rows.tells:
            news = news if game.id not in self._told_news else None
            notice = notices.notice(game.id, self._origin, news)
        told_apart = notice is None and self._origin is not None and game.id not in self._told
        if last:
            self.flush()  # what the ORM holds (the end's attempt) first: it begins
        self.writing(alone=last and timer is None and not told_apart)
        saved_now = self._rows.save_game(
            game.id,
            log,
            attempt_id,
            now=self.now,
            expected=expected,
            timer_revision=game.timer_revision,
            notice=notice,
        )
        if not saved_now:
            now = self._rows.game(game.id)
            if now is not None and now.version == expected:
                raise TimerMovedError("the game's timer was changed meanwhile; try again")
            raise stale_error(expected + 1, expected)
        if timer is not None:
            self._write_timer(game.id, timer)
        if notice is not None:
            self._mark_told(game.id, news)  # told in the save itself
        else:
            self.tell_others(game.id, news)  # else now: once a unit, either way
        if last:
            self.flush()  # the ORM's rows written now (SQLite's timer), none after
            self._written_last = True
        saved = GameRecord(
            game.id,
            game.public_id,
            game.team_id,
            game.mission_id,
            game.map_id,
            game.players,
            log,
            expected + 1,
            attempt_id,
            self.now,
            game.timer_revision,
        )
        self._read["game", game.id] = saved
        return saved

    # --- Seats ----------------------------------------------------------------------------

    def seats(self, game_id: int) -> Seats:
        """Who holds each side of the game."""
        return cast(Seats, self._once("seats", game_id, lambda: self._rows.seats(game_id)))

    def take_seat(
        self, game_id: int, side: Player, phone: str, most: int = 1, kind: str = "phone"
    ) -> bool:
        """Hold a side that has fewer than `most` holders; True when this phone holds it now
        (it may have already).

        A place among a side's holders and one side a holder are unique constraints, so two
        phones racing for the last place cannot both get it, and a phone can never hold both
        sides: the second's row is not written (each database's "do nothing on conflict"),
        and the seats read again say who won.
        """
        self._read.pop(("seats", game_id), None)  # read again below, and written, maybe
        held = self.session.exec(select(SeatRow).where(SeatRow.game_id == game_id)).all()
        if any(seat.phone == phone for seat in held):
            return any(seat.phone == phone and seat.side == side.value for seat in held)
        places = {seat.slot for seat in held if seat.side == side.value}
        if len(places) >= most:
            return False
        slot = next(place for place in range(most) if place not in places)
        seat: dict[str, Any] = {
            "game_id": game_id,
            "side": side.value,
            "slot": slot,
            "phone": phone,
            "kind": kind,  # "phone", or "app": the app itself holds the side
        }
        dialect = self.session.get_bind().dialect.name
        if dialect in ("sqlite", "postgresql"):
            insert = sqlite_insert if dialect == "sqlite" else pg_insert
            written = self.session.execute(
                insert(SeatRow)
                .values(seat | {"taken_at": self.now})
                .on_conflict_do_nothing()
                .returning(col(SeatRow.id))
            ).first()
            if written is None:  # another phone's row was there first
                self._read.pop(("seats", game_id), None)
                return self.seats(game_id).side_of(phone) is side
        else:  # another database: the second of two phones racing is refused whole
            try:
                self.session.add(SeatRow(**seat, taken_at=self.now))
                self.session.flush()
            except IntegrityError:
                raise SeatError("another phone took a side at the same moment: try again") from None
        self._read.pop(("seats", game_id), None)
        self.tell_others(game_id)
        return True

    def requests(self, game_id: int) -> tuple[SeatRequest, ...]:
        """Every take-over request of the game, oldest first (the unit writes none)."""
        return cast(
            tuple[SeatRequest, ...],
            self._once("requests", game_id, lambda: self._rows.requests(game_id)),
        )

    def members(self, team_id: int | None) -> frozenset[str]:
        """The phones of a team (none outside a team)."""
        if team_id is None:
            return frozenset()
        return frozenset(
            self.session.exec(
                select(TeamMemberRow.phone).where(TeamMemberRow.team_id == team_id)
            ).all()
        )

    # --- Timers ---------------------------------------------------------------------------

    def timer(self, game_id: int) -> SavedTimer | None:
        """The game's saved timer; None before its first."""
        read = self._rows.timer
        return cast(SavedTimer | None, self._once("timer", game_id, lambda: read(game_id)))

    def claim_timer(self, game: GameRecord) -> bool:
        """Before a change of the game's timer apart from a move: the game's row claimed as
        read, so that a move saved meanwhile is made again (`TimerMovedError`); False when
        the game or its timer changed since (the caller reads them again)."""
        self.writing()
        if not self._rows.claim_timer(game.id, game.version, game.timer_revision):
            return False
        claimed = dataclasses.replace(game, timer_revision=game.timer_revision + 1)
        self._read["game", game.id] = claimed
        return True

    def save_timer(self, game_id: int, timer: SavedTimer) -> None:
        """Keep the game's timer as it now runs."""
        self._write_timer(game_id, timer)
        self.tell_others(game_id)

    def _write_timer(self, game_id: int, timer: SavedTimer) -> None:
        self.writing()
        self._rows.save_timer(game_id, timer)
        self._read["timer", game_id] = timer  # what the row now holds

    def setting(self, key: str, default: str = "") -> str:
        """One of the app's settings."""
        row = self.session.get(SettingRow, key)
        return row.value if row is not None else default


def stale_error(current: int, seen: int) -> StaleGameError:
    """The refusal of an action based on a game that has moved on since the phone saw it."""
    return StaleGameError(
        "the other phone acted first (the game is at move {current}, this phone saw move"
        " {seen}); your action was not taken: look at the table again",
        current=current,
        seen=seen,
    )
