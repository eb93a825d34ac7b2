"""Persistence (SQLModel, Alembic): the only package that imports a database library."""

from gadget.store.errors import (
    NotFoundError,
    SeatError,
    StaleGameError,
    StoreError,
    TeamExistsError,
)
from gadget.store.names import (
    MAX_NAME,
    MAX_NOTES,
    TextError,
    clean_name,
    clean_notes,
    clean_players,
    name_key,
)
from gadget.store.phones import SeatRequest
from gadget.store.store import (
    Attempt,
    ImportedAttempt,
    MissionStats,
    SavedGame,
    Store,
    Team,
    default_database_url,
    migrate,
)

__all__ = [
    "MAX_NAME",
    "MAX_NOTES",
    "Attempt",
    "ImportedAttempt",
    "MissionStats",
    "NotFoundError",
    "SavedGame",
    "SeatError",
    "SeatRequest",
    "StaleGameError",
    "Store",
    "StoreError",
    "Team",
    "TeamExistsError",
    "TextError",
    "clean_name",
    "clean_notes",
    "clean_players",
    "default_database_url",
    "migrate",
    "name_key",
]
