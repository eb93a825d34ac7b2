"""The rows every move and every watching phone's screen read, and those a move writes,
through PostgreSQL's driver itself, in the unit's own transaction: a watching phone's read
of a game (its row, seats, take-over requests and timer) cost the server 1.8 ms of CPU
through SQLAlchemy's ORM, four statements, and costs 0.5 ms in one statement here
(docs/benchmarks.md). Only on PostgreSQL, the database of a server with many tables;
elsewhere the ORM reads and writes them (`store/orm_rows.py`), behind the same
`HotRows`: a unit picks one when it starts, and nothing else tells them apart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, Final, NamedTuple, Protocol, cast

from sqlmodel import SQLModel

from gadget.engine.keycard import Player
from gadget.store import notices
from gadget.store.errors import lost_connection
from gadget.store.phones import SeatRequest, seat_request_record
from gadget.store.records import GameRecord, Seats, game_record, seats_of
from gadget.store.rows import GameRow, SeatRequestRow, SeatRow, TimerRow
from gadget.store.timers import SavedTimer, timer_record


def _columns(row: type[SQLModel]) -> tuple[str, ...]:
    return tuple(column.name for column in row.__table__.columns)  # type: ignore[attr-defined]


def _select(row: type[SQLModel], where: str) -> tuple[str, tuple[str, ...]]:
    names = _columns(row)
    return f"SELECT {', '.join(names)} FROM {row.__tablename__} WHERE {where}", names


GAME: Final = _select(GameRow, "id = %s")
# A seat's phone's name, beside its row (a phone without one: NULL).
_NAMED: Final = "(SELECT n.name FROM phone_names n WHERE n.phone = s.phone)"
SEATS: Final = (
    "SELECT s.side, s.slot, s.phone, " + _NAMED + " FROM seat_holders s WHERE s.game_id = %s"
)
REQUESTS: Final = _select(SeatRequestRow, "game_id = %s ORDER BY id")
TIMER: Final = _select(TimerRow, "game_id = %s")
_GAME_COLUMNS: Final = _columns(GameRow)
_TIMER_COLUMNS: Final = _columns(TimerRow)
# A game's row, its timer's, its seats, its take-over requests and (played apart) the words
# its sides chose in one statement: a watching phone's whole read, and a move's, one round
# trip to the database instead of five.
TOGETHER: Final = (
    "SELECT "
    + ", ".join(f"g.{name}" for name in _GAME_COLUMNS)
    + ", "
    + ", ".join(f"t.{name}" for name in _TIMER_COLUMNS)
    + ", (SELECT coalesce(json_agg(json_build_array(s.side, s.slot, s.phone, "
    + _NAMED
    + ")), '[]'::json)"
    " FROM seat_holders s WHERE s.game_id = g.id)"
    ", (SELECT coalesce(json_agg(row_to_json(r) ORDER BY r.id), '[]'::json)"
    " FROM seat_requests r WHERE r.game_id = g.id)"
    ", (SELECT coalesce(json_agg(json_build_array(c.side, c.cell, c.version)), '[]'::json)"
    " FROM side_choices c WHERE c.game_id = g.id)"
    " FROM games g LEFT JOIN game_timers t ON t.game_id = g.id WHERE g.id = %s"
)
_TIMER_KEPT: Final = tuple(kept.name for kept in fields(SavedTimer))  # its row's columns
SAVE_TIMER: Final = (
    f"INSERT INTO game_timers (game_id, {', '.join(_TIMER_KEPT)})"
    f" VALUES (%s{', %s' * len(_TIMER_KEPT)}) ON CONFLICT (game_id) DO UPDATE SET "
    + ", ".join(f"{name} = EXCLUDED.{name}" for name in _TIMER_KEPT)
)
SAVE_GAME: Final = (
    "UPDATE games SET log = %s, version = %s, updated_at = %s, attempt_id = %s"
    " WHERE id = %s AND version = %s AND timer_revision = %s"
)
# A change of the timer apart from a move claims the game's row as it read it: a move's
# save waits for it, then finds the count changed and is made again (`Unit.claim_timer`).
CLAIM_TIMER: Final = (
    "UPDATE games SET timer_revision = timer_revision + 1"
    " WHERE id = %s AND version = %s AND timer_revision = %s"
)
# The same, with the notice that tells the other processes (`store/notices.py`): a move's
# save and its notice were two round trips, 0.4 ms of the server's CPU at every move. The
# notice is sent only when the row was saved, and leaves, as any, when the unit commits.
SAVE_GAME_AND_TELL: Final = (
    f"WITH saved AS ({SAVE_GAME} RETURNING id) SELECT pg_notify(%s, %s) FROM saved"
)


class Together(NamedTuple):
    """A game's rows as a move and a screen want them, read at once."""

    game: GameRecord
    seats: Seats
    requests: tuple[SeatRequest, ...]  # oldest first
    timer: SavedTimer | None  # None before its first
    # Played apart, each side's chosen word and the version it was chosen at; None: not read
    # here (the ORM reads it only when asked: `SideRows.side_choice`).
    choices: Mapping[Player, tuple[int, int]] | None = None


class HotRows(Protocol):
    """One way to read and write a game's hot rows in a unit's session."""

    tells: bool  # whether `save_game` sends the notice it is handed

    def together(self, game_id: int) -> Together | None: ...
    def game(self, game_id: int) -> GameRecord | None: ...
    def seats(self, game_id: int) -> Seats: ...
    def requests(self, game_id: int) -> tuple[SeatRequest, ...]: ...
    def timer(self, game_id: int) -> SavedTimer | None: ...
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
    ) -> bool: ...
    def claim_timer(self, game_id: int, version: int, timer_revision: int) -> bool: ...
    def save_timer(self, game_id: int, timer: SavedTimer) -> None: ...


def _utc(value: object) -> object:
    """A moment as the ORM's columns hand it over: aware, in UTC (a column without a zone
    holds UTC)."""
    if not isinstance(value, datetime):
        return value
    return value.replace(tzinfo=UTC) if value.utcoffset() is None else value.astimezone(UTC)


def _run(connection: Any, sql: str, values: tuple[object, ...]) -> Any:
    """A statement in the unit's transaction, on psycopg's own connection; its cursor."""
    cursor = connection.cursor()
    try:
        cursor.execute(sql, values)
    except Exception as failed:
        if cursor.connection.broken:  # (past SQLAlchemy: said as the store says a lost one)
            raise lost_connection() from failed
        raise
    return cursor


def _rows(connection: Any, statement: tuple[str, tuple[str, ...]], key: int) -> list[Any]:
    """The rows a statement finds, each with its columns as attributes (as an ORM row has)."""
    sql, names = statement
    with _run(connection, sql, (key,)) as cursor:
        found: Sequence[tuple[object, ...]] = cursor.fetchall()
    return [_record(names, row) for row in found]


def _record(names: tuple[str, ...], values: Sequence[object]) -> Any:
    return SimpleNamespace(**{name: _utc(value) for name, value in zip(names, values, strict=True)})


def _moment(value: object) -> object:
    """A moment as JSON carries it (ISO 8601 text), as the ORM hands it over."""
    return _utc(datetime.fromisoformat(value)) if isinstance(value, str) else value


def _seats(found: Sequence[Sequence[Any]]) -> Seats:
    """The seats read as (side, slot, phone, its name) rows."""
    rows = [SimpleNamespace(side=side, slot=slot, phone=phone) for side, slot, phone, _n in found]
    return seats_of(cast(list[SeatRow], rows), {phone: name for _s, _p, phone, name in found})


class DriverRows:
    """A game's hot rows through psycopg itself, in the unit's transaction: the four of
    them in one statement (`together`)."""

    tells = True

    def __init__(self, connection: Any) -> None:
        self.connection = connection  # psycopg's own, under the unit's

    def together(self, game_id: int) -> Together | None:
        """The game's row, seats, requests and timer, read at once; None for no such game."""
        with _run(self.connection, TOGETHER, (game_id,)) as cursor:
            found = cursor.fetchone()
        if found is None:
            return None
        games, timers = len(_GAME_COLUMNS), len(_TIMER_COLUMNS)
        timer_row = found[games : games + timers]
        seat_rows, request_rows, choice_rows = found[games + timers :]
        requests = tuple(
            seat_request_record(
                cast(
                    SeatRequestRow,
                    SimpleNamespace(
                        **row
                        | {
                            "asked_at": _moment(row["asked_at"]),
                            "answered_at": _moment(row["answered_at"]),
                        }
                    ),
                )
            )
            for row in request_rows
        )
        return Together(
            game_record(cast(GameRow, _record(_GAME_COLUMNS, found[:games]))),
            _seats(seat_rows),
            requests,
            None
            if timer_row[0] is None
            else timer_record(cast(TimerRow, _record(_TIMER_COLUMNS, timer_row))),
            {Player(side): (cell, version) for side, cell, version in choice_rows},
        )

    def game(self, game_id: int) -> GameRecord | None:
        """The game's row as saved now."""
        found = _rows(self.connection, GAME, game_id)
        return game_record(cast(GameRow, found[0])) if found else None

    def seats(self, game_id: int) -> Seats:
        """Who holds each side of the game."""
        with _run(self.connection, SEATS, (game_id,)) as cursor:
            return _seats(cursor.fetchall())

    def requests(self, game_id: int) -> tuple[SeatRequest, ...]:
        """Every take-over request of the game, oldest first."""
        found = _rows(self.connection, REQUESTS, game_id)
        return tuple(seat_request_record(cast(SeatRequestRow, row)) for row in found)

    def timer(self, game_id: int) -> SavedTimer | None:
        """The game's saved timer; None before its first."""
        found = _rows(self.connection, TIMER, game_id)
        return timer_record(cast(TimerRow, found[0])) if found else None

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
        """The game's new log, one version on from `expected`, with `notice` sent in the
        same statement when given; False when that version or `timer_revision` is not the
        saved one (another phone saved first, or changed the timer)."""
        values: tuple[object, ...] = (
            log, expected + 1, now.astimezone(UTC), attempt_id, game_id, expected, timer_revision,
        )  # fmt: skip
        if notice is not None:
            sql, values = SAVE_GAME_AND_TELL, (*values, notices.CHANNEL, notice)
        else:
            sql = SAVE_GAME
        with _run(self.connection, sql, values) as cursor:
            return bool(cursor.rowcount == 1)

    def claim_timer(self, game_id: int, version: int, timer_revision: int) -> bool:
        """The game's row claimed for a change of its timer, one count on; False when the
        game or its timer changed since it was read at `version` and `timer_revision`."""
        with _run(self.connection, CLAIM_TIMER, (game_id, version, timer_revision)) as cursor:
            return bool(cursor.rowcount == 1)

    def save_timer(self, game_id: int, timer: SavedTimer) -> None:
        """The game's timer as it now runs, written whether or not it had a row."""
        values = (game_id, *(getattr(timer, name) for name in _TIMER_KEPT))
        with _run(self.connection, SAVE_TIMER, values):
            pass
