"""The records screens are drawn from: the store's frozen values and the games the services
work out, named here so that a screen sees the services alone (a contract forbids the views
the store)."""

from gadget.services.games import SavedGame
from gadget.services.side_seen import GameFacts, HeldGame, SideSeen
from gadget.store import (
    Attempt,
    KeptWordList,
    MissionStats,
    NotFoundError,
    PhoneWordLists,
    SeatRequest,
    Team,
)

__all__ = [
    "Attempt",
    "GameFacts",
    "HeldGame",
    "KeptWordList",
    "MissionStats",
    "NotFoundError",
    "PhoneWordLists",
    "SavedGame",
    "SeatRequest",
    "SideSeen",
    "Team",
]
