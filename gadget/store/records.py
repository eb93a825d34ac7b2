"""What the store hands the rest of the app: frozen records, never rows bound to a session."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from gadget.engine.errors import Message
from gadget.engine.gamelog import GameLog, parse_game_log
from gadget.engine.keycard import Player
from gadget.engine.state import GameState
from gadget.missions.map import MissionMap
from gadget.missions.names import SidesNamed, sides_written
from gadget.missions.result import Result, result_from_dict
from gadget.store.rows import (
    AttemptRow,
    GameRow,
    SeatRow,
    TeamRow,
)


@dataclass(frozen=True, slots=True)
class Team:
    """A team as the rest of the app sees it."""

    id: int
    name: str
    players: tuple[str, ...]
    notes: str
    map_id: int
    invite: str


def sides_json(sides: SidesNamed) -> str:
    """Each side's phones as an attempt's row keeps them."""
    return json.dumps(sides_written(sides))


def sides_named(text: str | None) -> SidesNamed | None:
    """Each side's phones an attempt's row keeps (None: it kept none), as written: checked
    when they were (a rule tightened since must not make a history unreadable)."""
    if text is None:
        return None
    return {Player(side): tuple(names) for side, names in json.loads(text).items()}


@dataclass(frozen=True, slots=True)
class Attempt:
    """One finished game in the history."""

    id: int
    team_id: int | None
    mission_id: str | None
    map_id: int | None
    played_at: datetime
    players: tuple[str, ...]
    won: bool
    reason: str | None
    score: int | None
    tokens_used: int
    mistakes: int | None  # None: a told result
    sudden_death: bool
    notes: str
    log: GameLog | None  # None: a game played elsewhere, known by its told result
    told: Result | None = None
    sides: SidesNamed | None = None  # the phones of each side at the end; None: not kept
    with_the_app: bool = False  # played with the app as the partner (it held side B)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's row as saved: its log's text, and the version the next action must name (the
    services work out what the log means)."""

    id: int
    public_id: str
    team_id: int | None
    mission_id: str | None
    map_id: int | None
    players: tuple[str, ...]
    log: str
    version: int
    attempt_id: int | None
    updated_at: datetime
    timer_revision: int = 0  # its timer's changes apart from moves (`Unit.claim_timer`)


@dataclass(frozen=True, slots=True)
class HeldRecord:
    """One of a phone's unfinished games as Home lists it, read with the rest in one go:
    the side it holds, whether the other side is held, whose game it is and how long ago
    it last moved."""

    game: GameRecord
    side: Player
    partner_seated: bool
    team_name: str | None  # None: a game outside any team
    mission_name: str | None  # the city as its map names it; None: no mission
    idle: timedelta  # since it was dealt, or since its last action when it has one
    with_the_app: bool = False  # the other side is the app's


@dataclass(frozen=True, slots=True)
class ImportedAttempt:
    """An attempt read from a backup: its result is worked out again from its log."""

    mission_id: str | None
    played_at: datetime
    players: tuple[str, ...]
    notes: str
    log: GameLog | None  # None: a told result instead
    mission_map: MissionMap | None = None  # the map it was played on, when not the team's
    told: Result | None = None
    state: GameState | None = None  # where its log leads, when the caller has replayed it
    sides: SidesNamed | None = None  # each side's phones at its end, when it kept them
    with_the_app: bool = False  # played with the app as the partner


@dataclass(frozen=True, slots=True)
class PlannedAttempt:
    """A backup's attempt ready to write: its columns (but its team and map's number), the
    map it was played on, and the missions its result completes."""

    columns: dict[str, Any]
    played_on: MissionMap
    completes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MissionStats:
    """A team's record on one mission (or on games outside the campaign when mission is None)."""

    mission_id: str | None
    attempts: int
    wins: int
    best_score: int | None
    average_score: float | None
    last_played: datetime | None


def player_names(text: str) -> tuple[str, ...]:
    return tuple(json.loads(text))


def players_json(players: Sequence[str]) -> str:
    """The players' names as a row keeps them."""
    return json.dumps(list(players))


def team_record(row: TeamRow) -> Team:
    assert row.id is not None
    return Team(row.id, row.name, player_names(row.players), row.notes, row.map_id, row.invite)


def attempt_record(row: AttemptRow) -> Attempt:
    assert row.id is not None
    return Attempt(
        id=row.id,
        team_id=row.team_id,
        mission_id=row.mission_id,
        map_id=row.map_id,
        played_at=row.played_at,
        players=player_names(row.players),
        won=row.won,
        reason=row.reason,
        score=row.score,
        tokens_used=row.tokens_used,
        mistakes=row.mistakes,
        sudden_death=row.sudden_death,
        notes=row.notes,
        log=parse_game_log(row.log) if row.log is not None else None,
        told=_told(row),
        sides=sides_named(row.sides),
        with_the_app=row.with_the_app,
    )


def _told(row: AttemptRow) -> Result | None:
    """The told result a row keeps (checked when it was written)."""
    if row.told is None:
        return None
    return result_from_dict(json.loads(row.told), row.won, Message("attempt {id}", id=row.id))


def game_record(row: GameRow) -> GameRecord:
    """The record a game's row holds."""
    assert row.id is not None
    return GameRecord(
        id=row.id,
        public_id=row.public_id,
        team_id=row.team_id,
        mission_id=row.mission_id,
        map_id=row.map_id,
        players=player_names(row.players),
        log=row.log,
        version=row.version,
        attempt_id=row.attempt_id,
        updated_at=row.updated_at,
        timer_revision=row.timer_revision,
    )


APP_HOLDER = "app"  # the holder the app itself is, when it holds a side


@dataclass(frozen=True, slots=True)
class Seats:
    """Who holds each side of one game, in the order they sat: one phone a side today, and
    the shape for several phones of a side, or the app itself holding one."""

    held: Mapping[Player, tuple[str, ...]]
    names: Mapping[str, str] = field(default_factory=dict)  # a holder's name, if it gave one

    def named(self, side: Player) -> tuple[str, ...]:
        """The names of this side's holders, in their places' order ("" for none given)."""
        return tuple(self.names.get(holder, "") for holder in self.of(side))

    def of(self, side: Player) -> tuple[str, ...]:
        """The holders of this side (none: it is free)."""
        return self.held.get(side, ())

    def side_of(self, holder: str) -> Player | None:
        """The side this holder holds, if any (one at most)."""
        return next((side for side, holders in self.held.items() if holder in holders), None)

    @property
    def holders(self) -> frozenset[str]:
        """Every holder of either side."""
        return frozenset(holder for holders in self.held.values() for holder in holders)


def seats_of(rows: Sequence[SeatRow], names: Mapping[str, str | None] | None = None) -> Seats:
    """The seats these rows of one game hold, each side's holders in their places' order,
    with the names their phones were given (`names`: a holder's, or None)."""
    held: dict[Player, tuple[str, ...]] = {}
    for row in sorted(rows, key=lambda row: (row.side, row.slot)):
        held[Player(row.side)] = (*held.get(Player(row.side), ()), row.phone)
    given = {holder: name for holder, name in (names or {}).items() if name}
    return Seats(held, given)
