"""Persistence (SQLModel, Alembic): the only package that imports a database library."""

from gadget.store.store import (
    Attempt,
    ImportedAttempt,
    MissionStats,
    NotFoundError,
    SavedGame,
    StaleGameError,
    Store,
    StoreError,
    Team,
    TeamExistsError,
    default_database_url,
    migrate,
)

__all__ = [
    "Attempt",
    "ImportedAttempt",
    "MissionStats",
    "NotFoundError",
    "SavedGame",
    "StaleGameError",
    "Store",
    "StoreError",
    "Team",
    "TeamExistsError",
    "default_database_url",
    "migrate",
]
