"""Persistence (SQLModel, Alembic): the only package that imports a database library.

database (where, SQLite's setup, migrations) -> repository (one transaction per call) ->
maps, teams, games, history, phones, classic, word_lists (a group of records each) -> store
(all of them); records are the frozen values handed out, tables the rows (never handed out).
"""

from gadget.missions.names import (
    MAX_NAME,
    MAX_NOTES,
    TextError,
    clean_name,
    clean_notes,
    clean_players,
    name_key,
)
from gadget.store.classic import KeptClassic
from gadget.store.database import data_folder, default_database_url, migrate
from gadget.store.errors import (
    ConnectionLostError,
    NotFoundError,
    SeatError,
    StaleGameError,
    StoreError,
    TeamExistsError,
    TimerMovedError,
)
from gadget.store.phones import SeatRequest
from gadget.store.records import (
    APP_HOLDER,
    Attempt,
    GameRecord,
    HeldRecord,
    ImportedAttempt,
    MissionStats,
    PlannedAttempt,
    Seats,
    Team,
)
from gadget.store.store import Store
from gadget.store.timers import SavedTimer
from gadget.store.unit import Unit
from gadget.store.word_lists import ImportedWordList, KeptWordList, PhoneWordLists

__all__ = [
    "APP_HOLDER",
    "MAX_NAME",
    "MAX_NOTES",
    "Attempt",
    "ConnectionLostError",
    "GameRecord",
    "HeldRecord",
    "ImportedAttempt",
    "ImportedWordList",
    "KeptClassic",
    "KeptWordList",
    "MissionStats",
    "NotFoundError",
    "PhoneWordLists",
    "PlannedAttempt",
    "SavedTimer",
    "SeatError",
    "SeatRequest",
    "Seats",
    "StaleGameError",
    "Store",
    "StoreError",
    "Team",
    "TeamExistsError",
    "TextError",
    "TimerMovedError",
    "Unit",
    "clean_name",
    "clean_notes",
    "clean_players",
    "data_folder",
    "default_database_url",
    "migrate",
    "name_key",
]
