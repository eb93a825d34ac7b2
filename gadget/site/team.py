"""A team's campaign kept on the phone itself, as a gadget-team/1 document: what the static
site stores, exports and imports (no database: the document is the record).

The document is the server's backup format. An attempt played with the site has no game
log (the site never sees the guesses): it carries the result the players told instead,
under "result", and its score is worked out from it as the rule book does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Final, TypeGuard

from gadget.engine import GadgetError, ReplayError, Status, official_score, replay
from gadget.engine.errors import Message
from gadget.engine.gamelog import game_log_from_dict
from gadget.engine.jsontext import read_json
from gadget.missions import FORMAT as MAP_FORMAT
from gadget.missions import (
    MapError,
    Mission,
    MissionMap,
    MissionState,
    check_playable,
    default_map,
    map_from_dict,
    mission_states,
    newly_opened,
)
from gadget.missions.names import clean_name, clean_notes, clean_players
from gadget.missions.result import Result, result_from_dict

FORMAT: Final = "gadget-team/1"
QR_LIMIT: Final = 2_000  # bytes of JSON a QR code carries and a phone camera still reads


class TeamDocumentError(GadgetError):
    """A team document (a file or a phone's storage) that cannot be taken; nothing changed."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """One attempt as the phone shows it; `raw` is the document's own entry, kept whole."""

    mission: str | None
    played_at: str
    won: bool
    score: int | None
    raw: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class PhoneTeam:
    """The phone's team: its map, what it completed and when, and every attempt."""

    name: str
    players: tuple[str, ...]
    notes: str
    mission_map: MissionMap
    completed: Mapping[str, str]  # mission id -> when (ISO 8601)
    attempts: tuple[Attempt, ...]
    other_maps: tuple[Any, ...] = ()  # maps of older attempts, as the document had them

    @property
    def states(self) -> dict[str, MissionState]:
        """Every city's state on the map."""
        return mission_states(self.mission_map, frozenset(self.completed))

    @property
    def playable_missions(self) -> list[Mission]:
        """The cities a new game may be for: the open ones, then the completed ones (a team
        may play a city again for a better score)."""
        states = self.states
        return [
            m
            for wanted in (MissionState.OPEN, MissionState.COMPLETED)
            for m in self.mission_map.missions
            if states[m.id] is wanted
        ]

    def to_document(self) -> dict[str, Any]:
        """The gadget-team/1 document, as the phone stores and exports it."""
        return {
            "format": FORMAT,
            "team": {"name": self.name, "players": list(self.players), "notes": self.notes},
            "map": self.mission_map.to_dict(),
            "maps": list(self.other_maps),
            "completed": [
                {"mission": mission, "at": at} for mission, at in sorted(self.completed.items())
            ],
            "attempts": [dict(attempt.raw) for attempt in self.attempts],
        }

    def to_json(self) -> str:
        """The document as text, compact enough for a QR code when the campaign is young."""
        return json.dumps(self.to_document(), ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Recorded:
    """The team after a result, with the cities the result opened."""

    team: PhoneTeam
    score: int | None
    opened: tuple[Mission, ...]


def new_team(name: str = "") -> PhoneTeam:
    """A new campaign on the shipped map: Prague open, nothing done."""
    return PhoneTeam(
        name=clean_name(name.strip() or "Team"),
        players=(),
        notes="",
        mission_map=default_map(),
        completed={},
        attempts=(),
    )


def record_result(team: PhoneTeam, mission_id: str, result: Result, at: str) -> Recorded:
    """The team after one attempt of an open (or completed) city: a win completes it and
    opens its neighbours; a locked city or an impossible result is refused."""
    mission = team.mission_map.find(mission_id)
    if mission is None or mission.id != mission_id:
        raise TeamDocumentError("no city {mission!r} on this team's map", mission=mission_id)
    before = frozenset(team.completed)
    check_playable(team.mission_map, before, mission.id)
    result.check(mission)
    entry = {
        "mission": mission.id,
        "played_at": at,
        "players": list(team.players),
        "won": result.won,
        "score": result.score,
        "notes": "",
        "result": result.to_dict(),
    }
    completed = dict(team.completed)
    if result.won and mission.id not in completed:
        completed[mission.id] = at
    after = replace(
        team,
        completed=completed,
        attempts=(*team.attempts, Attempt(mission.id, at, result.won, result.score, entry)),
    )
    opened = newly_opened(team.mission_map, before, frozenset(completed))
    return Recorded(after, result.score, tuple(team.mission_map.mission(m) for m in opened))


def rename(team: PhoneTeam, name: str) -> PhoneTeam:
    """The team with a new name (refused when empty or too long)."""
    return replace(team, name=clean_name(name))


def team_from_json(text: str) -> PhoneTeam:
    """A team document from a file, a QR code or the phone's storage, checked whole: a
    server's backup (attempts with their logs) or a phone's (attempts with results)."""
    data = read_json(text, TeamDocumentError)
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise TeamDocumentError("not a team document: its format is not {format!r}", format=FORMAT)
    team = data.get("team")
    if not isinstance(team, Mapping):
        raise TeamDocumentError('team must be {"name": ..., "players": [...], "notes": ...}')
    players = clean_players(team.get("players", []), kept=True)  # emoji kept from before
    notes = clean_notes(team.get("notes", ""))
    raw_map = data.get("map")
    try:
        mission_map = map_from_dict(raw_map) if raw_map is not None else default_map()
    except MapError as wrong:
        raise TeamDocumentError("map: {wrong}", wrong=wrong) from None
    other_maps = data.get("maps", [])
    if not isinstance(other_maps, list):
        raise TeamDocumentError("maps must be a list")
    known = {m.id for m in mission_map.missions}
    for index, other in enumerate(other_maps):
        if not isinstance(other, Mapping) or other.get("format") != MAP_FORMAT:
            raise TeamDocumentError("maps {index}: not a mission map", index=index)
        missions = other.get("missions", [])
        known |= {str(m.get("id")) for m in missions if isinstance(m, Mapping)}
    completed: dict[str, str] = {}
    for index, item in enumerate(_list(data, "completed")):
        mission, at = (item.get("mission"), item.get("at")) if isinstance(item, Mapping) else (0, 0)
        if not isinstance(mission, str) or mission not in known or not _is_time(at):
            raise TeamDocumentError(
                'completed {index}: must be {{"mission": a city of the map, "at": a time}}',
                index=index,
            )
        completed[mission] = at
    attempts = tuple(
        _attempt(index, item, mission_map) for index, item in enumerate(_list(data, "attempts"))
    )
    won = {a.mission for a in attempts if a.won}
    for mission in completed:
        if mission not in won:
            raise TeamDocumentError(
                "completed: no won attempt of {mission!r} in the document", mission=mission
            )
    return PhoneTeam(
        name=clean_name(team.get("name"), kept=True),
        players=players,
        notes=notes,
        mission_map=mission_map,
        completed=completed,
        attempts=attempts,
        other_maps=tuple(other_maps),
    )


def _attempt(index: int, item: object, mission_map: MissionMap) -> Attempt:
    """One attempt: its result from its log (a server's game) or from its told result,
    checked against its city's time bank when the city is on the team's map."""
    where = Message("attempt {index}", index=index)
    if not isinstance(item, Mapping):
        raise TeamDocumentError("{where}: must be an object", where=where)
    mission, played_at = item.get("mission"), item.get("played_at")
    if mission is not None and not isinstance(mission, str):
        raise TeamDocumentError("{where}: mission must be a city's id", where=where)
    if not _is_time(played_at):
        raise TeamDocumentError("{where}: played_at must be a time", where=where)
    if "log" in item:
        try:
            state = replay(game_log_from_dict(item["log"]))
        except (GadgetError, ReplayError) as wrong:
            raise TeamDocumentError("{where}: {wrong}", where=where, wrong=wrong) from None
        return Attempt(
            mission, played_at, state.status is Status.WON, official_score(state), dict(item)
        )
    result = result_from_dict(item.get("result"), item.get("won"), where)
    city = next((m for m in mission_map.missions if m.id == mission), None)
    if city is not None:
        try:
            result.check(city)
        except GadgetError as wrong:
            raise TeamDocumentError("{where}: {wrong}", where=where, wrong=wrong) from None
    return Attempt(mission, played_at, result.won, result.score, dict(item))


def _is_time(value: object) -> TypeGuard[str]:
    """An ISO 8601 time, as the document writes them (anything else is refused, never shown)."""
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _list(data: Mapping[str, object], name: str) -> list[object]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise TeamDocumentError("{name} must be a list", name=name)
    return value
