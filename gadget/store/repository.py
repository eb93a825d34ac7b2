"""The database connection and one transaction per call: what every group of records builds on."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING

from alembic.script.revision import RevisionError
from alembic.util import CommandError
from sqlalchemy import event
from sqlalchemy.engine import Connection, ExceptionContext, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlmodel import Session, create_engine

from gadget.store import notices
from gadget.store.database import (
    configure_sqlite,
    default_database_url,
    migrate,
    utc_now,
)
from gadget.store.errors import ConnectionLostError, StoreError, lost_connection

if TYPE_CHECKING:
    from gadget.store.unit import Unit


@contextmanager
def _said_when_lost() -> Iterator[None]:
    """A call whose connection the database cut is rolled back and says so in the store's one
    line (SQLAlchemy's error, shown as a bug, put the error screen on the phone)."""
    try:
        yield
    except DBAPIError as failed:
        if failed.connection_invalidated:
            raise lost_connection() from failed
        raise


class Repository:
    """The connection and the transactions every group of records uses."""

    def __init__(self, url: str | None = None, now: Callable[[], datetime] = utc_now) -> None:
        self.url = url or default_database_url()
        try:
            self.engine = create_engine(self.url)
            if self.engine.dialect.name == "sqlite":
                configure_sqlite(self.engine)
            migrate(self.engine)
            # Reads that change nothing, on PostgreSQL: each statement in its own transaction
            # (and, through psycopg, every unit of work until its first write: `_begins_late`).
            # Under READ COMMITTED a statement sees its own snapshot inside a transaction too,
            # so one of them held nothing together; it cost two round trips (BEGIN, COMMIT) and
            # the ORM's transaction, 0.15-0.2 ms of the server's CPU at every watching phone's
            # read of a move (docs/benchmarks.md). Their connections are their own and stay in
            # autocommit: switching a shared one there and back cost 0.2 ms more a read. SQLite's
            # transaction is one snapshot: kept.
            self._reads = (
                create_engine(self.url, isolation_level="AUTOCOMMIT")
                if self.engine.dialect.name == "postgresql"
                else self.engine
            )
            if self._reads is not self.engine:  # its dialect asks the server once: not at a read
                with self._reads.connect():
                    pass
                for engine in (self.engine, self._reads):  # SQLAlchemy's finding a cut one
                    event.listen(engine, "handle_error", self._start_afresh_if_lost)
        except (SQLAlchemyError, ImportError, CommandError, RevisionError) as failed:
            # A version table this Gadget did not write (two versions, or a newer Gadget's)
            # is said as Alembic says it, in one line; the database is left as it was.
            shown = (
                make_url(self.url).render_as_string(hide_password=True)
                if "://" in self.url
                else self.url
            )
            reason = str(getattr(failed, "orig", None) or failed).splitlines()[0]
            raise StoreError(
                "cannot open the database {shown}: {reason}", shown=shown, reason=reason
            ) from None
        self.now = now
        self.origin = secrets.token_hex(8)  # this process's name in the notices it sends

    def _start_afresh(self) -> None:
        """Every pooled connection goes, in both pools, as a restart of the database cut them
        all: the next call of any kind connects afresh (the reads' pool and the moves' each
        failed once before; handed another dead one, a phone's page failed a minute later)."""
        self.engine.dispose()
        self._reads.dispose()

    def _start_afresh_if_lost(self, context: ExceptionContext) -> None:
        """A statement SQLAlchemy ran found its connection cut: as when the driver finds one."""
        if context.is_disconnect:
            self._start_afresh()

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()
        self._reads.dispose()

    @property
    def serves_several_processes(self) -> bool:
        """Whether several server processes may share this database: not SQLite's file, whose
        live notices cannot cross processes; a database server can."""
        return self.engine.dialect.name != "sqlite"

    def _tell_others(
        self, connection: Connection, subject: notices.Subject, news: str | None = None
    ) -> None:
        """In the transaction that changes what a game's (or a classic card's) phones see:
        the other server processes hear of it when it commits, even if this one dies the
        next instant, and never when it does not (nothing to do on SQLite: one process
        serves it)."""
        if self.serves_several_processes:
            notices.announce(connection, subject, self.origin, news)

    def listen(
        self, heard: notices.Heard, read_again: notices.ReadAgain
    ) -> notices.Listener | None:
        """Hear the other processes' changes, on a thread of its own (`read_again` each time
        it listens again after missing some); None on SQLite."""
        if not self.serves_several_processes:
            return None

        def afresh_then_read_again() -> None:
            # Listening again after a cut: the database may have restarted, and then every
            # pooled connection is as dead as the listener's was. They go before a phone
            # opening a page meets one (an outsider's first page on each process after a
            # restart showed the error screen: that read is not made twice).
            self._start_afresh()
            read_again()

        return notices.Listener(self.url, heard, afresh_then_read_again)

    def healthy(self) -> bool:
        """Whether the database answers now (the health check a proxy asks)."""
        try:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
        except SQLAlchemyError:
            return False
        return True

    @contextmanager
    def unit(self, *, reads_only: bool = False) -> Iterator[Unit]:
        """One unit of work: every row a service call reads and writes, in one transaction
        (committed when the block ends, rolled back if it raises). One that only reads (a
        screen's) reads as current rows, on PostgreSQL a statement at a time (`_reads`)."""
        from gadget.store.unit import Unit  # noqa: PLC0415 - a unit reads every group's rows

        with _said_when_lost(), self._connection(reads_only) as connection:
            origin = self.origin if self.serves_several_processes else None
            unit = Unit(connection, self.now(), self._tell_others, origin, self._begins_late)
            try:
                yield unit
                unit.flush()
            except ConnectionLostError:  # found by the driver, which SQLAlchemy never hears
                connection.invalidate()
                self._start_afresh()
                raise
            finally:
                unit.close()

    @property
    def _begins_late(self) -> bool:
        """Whether a unit's transaction begins at its first write (`Unit.writing`): on
        PostgreSQL through psycopg, whose commit ends a transaction begun by hand (in
        autocommit, psycopg2's does nothing)."""
        return self._reads is not self.engine and self._reads.dialect.driver == "psycopg"

    @contextmanager
    def _connection(self, reads_only: bool) -> Iterator[Connection]:
        """A unit's connection: in a transaction, or on PostgreSQL in autocommit, where a
        unit that writes begins its own (`Unit.writing`) and the end commits it if it did."""
        if reads_only and self._reads is not self.engine:
            with self._reads.connect() as connection:
                yield connection
            return
        engine = self._reads if self._begins_late else self.engine
        with engine.connect() as connection, connection.begin():
            yield connection

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """A call's one read through the ORM, which changes nothing: on PostgreSQL in
        autocommit, as a screen's (`_reads`), one round trip where a transaction took three
        (BEGIN, the read, COMMIT), each holding the event loop of a phone opening a game."""
        with _said_when_lost(), Session(self._reads, expire_on_commit=False) as session:
            yield session

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A call's rows through the ORM, in one transaction (the groups of records')."""
        with (
            _said_when_lost(),
            Session(self.engine, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session
