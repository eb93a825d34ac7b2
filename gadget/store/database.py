"""Where the database is, how SQLite is set up, and the migrations that run whenever it opens."""

from __future__ import annotations

import functools
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, event

from gadget.store.errors import StoreError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def utc_now() -> datetime:
    """The time now, in UTC: every timestamp is stored with its zone."""
    return datetime.now(UTC)


def data_folder() -> Path:
    """Where Gadget keeps its files: Flet's data folder, else the platform's user data folder."""
    folder = Path(
        os.environ.get("FLET_APP_STORAGE_DATA")
        or platformdirs.user_data_dir("gadget", appauthor=False)
    )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as failed:  # FLET_APP_STORAGE_DATA names a file, or where none can be made
        raise StoreError(
            "cannot make the data folder {folder}: {strerror}",
            folder=folder,
            strerror=failed.strerror,
        ) from None
    return folder


def default_database_url() -> str:
    """GADGET_DATABASE_URL, else SQLite in the data folder."""
    url = os.environ.get("GADGET_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{data_folder() / 'gadget.db'}"


def configure_sqlite(engine: Engine) -> None:
    """WAL with synchronous=NORMAL: a killed process loses nothing committed, and commits are
    quick; foreign keys on; a second connection waits for a lock instead of failing."""

    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _: Any) -> None:
        cursor = connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            "synchronous=NORMAL",
            "foreign_keys=ON",
            "busy_timeout=10000",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()


MIGRATION_LOCK = 0x6761646765740001  # "gadget" and 1: the advisory lock held while migrating


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@functools.cache
def _head() -> str | None:
    """The newest migration's revision, read once a process from the migrations' folder."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def _at_head(engine: Engine) -> bool:
    """Whether the schema is already the newest: most opens find it so, and then need not
    load Alembic's environment and every migration again (9 ms of each open)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision() == _head()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to a revision with Alembic (the store does this whenever it opens)."""
    if revision == "head" and _at_head(engine):
        return
    config = _config()
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            # SQLite alters a table by copying it: with foreign keys on, dropping the old copy
            # of a referenced table fails. Off for the migration, checked before it commits.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":
                    # Replicas starting together: one migrates, the others wait for it (the
                    # lock ends with this transaction) and then find nothing left to do.
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise StoreError("the migration left a row pointing at nothing; undone")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
