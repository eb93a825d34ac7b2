"""A team's backup (gadget-team/1): everything to carry a campaign to another phone or server."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Final

from gadget.engine import GameLog, GameLogError, ReplayError, Status, official_score, replay
from gadget.engine.errors import GadgetError, Message
from gadget.engine.gamelog import game_log_from_dict
from gadget.engine.jsontext import read_json
from gadget.missions import (
    MapError,
    MissionMap,
    Result,
    ResultError,
    map_from_dict,
    result_from_dict,
)
from gadget.store import ImportedAttempt, Store, Team

FORMAT: Final = "gadget-team/1"


class BackupError(GadgetError):
    """A backup that cannot be imported; nothing of it was written."""


def export_team(store: Store, team: Team | str) -> dict[str, Any]:
    """The team, its map, its completions and every attempt with its log; an attempt played
    on another map (before the team changed maps) names that map in "maps"."""
    team = store.team(team) if isinstance(team, str) else team
    attempts = store.attempts(team.id)
    others = sorted(
        {a.map_id for a in attempts if a.map_id is not None and a.map_id != team.map_id}
    )
    return {
        "format": FORMAT,
        "team": {"name": team.name, "players": list(team.players), "notes": team.notes},
        "map": store.mission_map(team.map_id).to_dict(),
        "maps": [store.mission_map(map_id).to_dict() for map_id in others],
        "completed": [
            {"mission": mission, "at": at.isoformat()}
            for mission, at in sorted(store.completions(team.id).items())
        ],
        "attempts": [
            {
                "mission": a.mission_id,
                **({"map": others.index(a.map_id)} if a.map_id in others else {}),
                "played_at": a.played_at.isoformat(),
                "players": list(a.players),
                "won": a.won,
                "score": a.score,
                "notes": a.notes,
                **({"log": a.log.to_dict()} if a.log is not None else {}),
                **({"result": a.told.to_dict()} if a.told is not None else {}),
            }
            for a in attempts
        ],
    }


def import_team(
    store: Store, text: str, rename: str | None = None, phone: str | None = None
) -> Team:
    """Check the whole backup first, then write it in one transaction (the importing phone,
    if any, is the team's first member)."""
    data = read_json(text, BackupError)
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise BackupError("not a team backup: the file's format is not {format!r}", format=FORMAT)
    team = data.get("team")
    if not isinstance(team, Mapping) or not isinstance(team.get("name"), str):
        raise BackupError('team must be {"name": ..., "players": [...], "notes": ...}')
    try:
        mission_map = map_from_dict(data.get("map"))
    except MapError as wrong:
        raise BackupError("map: {wrong}", wrong=wrong) from None
    other_maps = []
    for index, raw in enumerate(_list(data, "maps")):
        try:
            other_maps.append(map_from_dict(raw))
        except MapError as wrong:
            raise BackupError("maps {index}: {wrong}", index=index, wrong=wrong) from None
    # A completion may name a mission of a map the team played before (it is kept, not lost).
    known = {m.id for played_on in (mission_map, *other_maps) for m in played_on.missions}
    completed = {}
    for index, item in enumerate(_list(data, "completed")):
        if not isinstance(item, Mapping):
            raise BackupError("completed {index}: must be an object", index=index)
        mission = item.get("mission")
        if not isinstance(mission, str) or mission not in known:
            raise BackupError("completed {index}: not a mission of the team's maps", index=index)
        completed[mission] = _time(Message("completed {index}", index=index), item.get("at"))
    attempts = [
        _attempt(index, item, mission_map, other_maps)
        for index, item in enumerate(_list(data, "attempts"))
    ]
    # The campaign's rules, not the file, say what is completed: a completion needs a won
    # attempt behind it, and (checked as the store writes them, by missions.after_result)
    # no attempt may be on a mission still locked.
    won = {a.mission_id for a in attempts if a.mission_id and _won(a)}
    for index, mission in enumerate(completed):
        if mission not in won:
            raise BackupError(
                "completed {index}: no won attempt of {mission!r} in the backup",
                index=index,
                mission=mission,
            )
    return store.import_team(
        name=team["name"] if rename is None else rename,  # --as "" is a name, refused
        players=_names("team.players", team.get("players", [])),
        notes=_text("team.notes", team.get("notes", "")),
        mission_map=mission_map,
        completed=completed,
        attempts=attempts,
        phone=phone,
    )


def _attempt(
    index: int, item: object, team_map: MissionMap, other_maps: list[MissionMap]
) -> ImportedAttempt:
    where = Message("attempt {index}", index=index)
    if not isinstance(item, Mapping):
        raise BackupError("{where}: must be an object", where=where)
    played_on = team_map
    if "map" in item:
        number = item["map"]
        if not isinstance(number, int) or isinstance(number, bool):
            raise BackupError(
                "{where}: map must be a number in maps, not {number!r}", where=where, number=number
            )
        if not 0 <= number < len(other_maps):
            raise BackupError(
                "{where}: map {number} is not in maps (0..{number2})",
                where=where,
                number=number,
                number2=len(other_maps) - 1,
            )
        played_on = other_maps[number]
    mission = item.get("mission")
    if mission is not None and not isinstance(mission, str):
        raise BackupError(
            "{where}: mission must be a mission's id or null, not {mission!r}",
            where=where,
            mission=mission,
        )
    if mission is not None and mission not in {m.id for m in played_on.missions}:
        raise BackupError(
            "{where}: mission {mission!r} is not on the map it was played on",
            where=where,
            mission=mission,
        )
    if "log" not in item and "result" in item:  # a phone's game: told, on a mission
        return _told_attempt(where, item, mission, played_on, team_map)
    try:
        log = game_log_from_dict(item.get("log"))
        state = replay(log)
    except (GameLogError, ReplayError) as wrong:
        raise BackupError("{where}: log: {wrong}", where=where, wrong=wrong) from None
    if not state.is_over:
        raise BackupError("{where}: its game is not finished", where=where)
    for name, worked_out in (
        ("won", state.status is Status.WON),
        ("score", official_score(state)),
    ):
        if name in item and item[name] != worked_out:
            raise BackupError(
                "{where}: the file says {name} {item!r}, its log gives {worked_out!r}",
                where=where,
                name=name,
                item=item[name],
                worked_out=worked_out,
            )
    return _imported(where, item, mission, None if played_on is team_map else played_on, log=log)


def _imported(
    where: Message,
    item: Mapping[str, Any],
    mission: str | None,
    played_on: MissionMap | None,
    *,
    log: GameLog | None = None,
    told: Result | None = None,
) -> ImportedAttempt:
    """An attempt read whole: when, who, notes and map, with its log or its told result."""
    return ImportedAttempt(
        mission_id=mission,
        played_at=_time(where, item.get("played_at")),
        players=_names(Message("{where}.players", where=where), item.get("players", [])),
        notes=_text(Message("{where}.notes", where=where), item.get("notes", "")),
        log=log,
        mission_map=played_on,
        told=told,
    )


def _told_attempt(
    where: Message,
    item: Mapping[str, Any],
    mission: str | None,
    played_on: MissionMap,
    team_map: MissionMap,
) -> ImportedAttempt:
    """An attempt a phone recorded by its told result: checked against its mission's bank."""
    if mission is None:
        raise BackupError("{where}: a told result counts for a mission: name it", where=where)
    try:
        told = result_from_dict(item.get("result"), item.get("won"), where)
        told.check(played_on.mission(mission))
    except ResultError as wrong:
        raise BackupError("{where}: {wrong}", where=where, wrong=wrong) from None
    if "score" in item and item["score"] != told.score:
        raise BackupError(
            "{where}: the file says score {item!r}, its told result gives {worked_out!r}",
            where=where,
            item=item["score"],
            worked_out=told.score,
        )
    return _imported(where, item, mission, None if played_on is team_map else played_on, told=told)


def _won(attempt: ImportedAttempt) -> bool:
    """Whether an attempt read from a backup won: its log replayed, or its told result."""
    if attempt.log is not None:
        return replay(attempt.log).status is Status.WON
    return attempt.told is not None and attempt.told.won


def _list(data: Mapping[str, object], name: str) -> list[object]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise BackupError("{name} must be a list", name=name)
    return value


def _time(where: str | Message, value: object) -> datetime:
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        raise BackupError(
            "{where}: {value!r} is not a date and time", where=where, value=value
        ) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _names(where: str | Message, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BackupError("{where} must be a list of names", where=where)
    return tuple(value)


def _text(where: str | Message, value: object) -> str:
    if not isinstance(value, str):
        raise BackupError("{where} must be text", where=where)
    return value
