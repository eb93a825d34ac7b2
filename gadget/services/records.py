"""The records screens are drawn from: the store's frozen values, named here so that a screen
sees the services alone (a contract forbids the views the store)."""

from gadget.store import (
    Attempt,
    HeldGame,
    KeptWordList,
    MissionStats,
    NotFoundError,
    PhoneWordLists,
    SavedGame,
    SeatRequest,
    Team,
)

__all__ = [
    "Attempt",
    "HeldGame",
    "KeptWordList",
    "MissionStats",
    "NotFoundError",
    "PhoneWordLists",
    "SavedGame",
    "SeatRequest",
    "Team",
]
