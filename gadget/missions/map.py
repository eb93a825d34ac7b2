"""The mission map as data (format mission-map/1): validated on load, every problem named."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final, TypeGuard

from gadget.engine.errors import GadgetError, Message
from gadget.engine.jsontext import read_json

FORMAT: Final = "mission-map/1"
RULEBOOK: Final = "rulebook"
MAX_MISSIONS: Final = 100
MAX_LINES: Final = 500
MAX_TURNS: Final = 99
MAX_TEXT: Final = 40  # characters in a mission's id or name, or the map's name
MAX_NOTES: Final = 20  # notes, each at most 500 characters


class MapError(GadgetError):
    """A mission map that cannot be used; the message lists every problem found."""

    def __init__(self, problems: list[Message] | str, /, **problem: Message) -> None:
        if isinstance(problems, str):  # "{problem}" and the one problem, as read_json says it
            problems = list(problem.values())
        self.problems = problems
        super().__init__("{problems}", problems=problems)


@dataclass(frozen=True, slots=True)
class Mission:
    """A city of the map: its time bank (turns tokens, mistakes bystander side up)."""

    id: str
    name: str
    turns: int
    mistakes: int
    lon: float
    lat: float
    source: str = ""

    @property
    def parameters(self) -> str:
        """T-M, as printed on the map."""
        return f"{self.turns}-{self.mistakes}"


@dataclass(frozen=True, slots=True)
class Line:
    """A line between two cities: winning one opens the other."""

    a: str
    b: str
    source: str = ""

    @property
    def from_rulebook(self) -> bool:
        """The rule book states this line; the others were reconstructed from geography."""
        return self.source == RULEBOOK


@dataclass(frozen=True, slots=True)
class MissionMap:
    """Cities, the lines between them, and where the campaign starts."""

    name: str
    start: str
    missions: tuple[Mission, ...]
    lines: tuple[Line, ...]
    notes: tuple[str, ...] = ()

    def mission(self, mission_id: str) -> Mission:
        """The mission with this id; KeyError names it when there is none."""
        for mission in self.missions:
            if mission.id == mission_id:
                return mission
        raise KeyError(f"no mission {mission_id!r} on the map {self.name!r}")

    def find(self, name_or_id: str) -> Mission | None:
        """A mission by id or by name as a player types it (any case)."""
        wanted = name_or_id.strip().casefold()
        for mission in self.missions:
            if wanted in (mission.id, mission.name.casefold()):
                return mission
        return None

    @property
    def rulebook_lines(self) -> int:
        """How many lines the rule book states; the others are reconstructed or a team's."""
        return sum(line.from_rulebook for line in self.lines)

    def neighbours(self, mission_id: str) -> frozenset[str]:
        """Missions joined to this one by a line."""
        return frozenset(
            line.b if line.a == mission_id else line.a
            for line in self.lines
            if mission_id in (line.a, line.b)
        )

    def to_dict(self) -> dict[str, Any]:
        """The map in its file format, for export."""
        return {
            "format": FORMAT,
            "name": self.name,
            "start": self.start,
            "notes": list(self.notes),
            "missions": [
                {
                    "id": m.id,
                    "name": m.name,
                    "turns": m.turns,
                    "mistakes": m.mistakes,
                    "lon": m.lon,
                    "lat": m.lat,
                    "source": m.source,
                }
                for m in self.missions
            ],
            "lines": [{"a": line.a, "b": line.b, "source": line.source} for line in self.lines],
        }

    def to_json(self) -> str:
        """The map as a file's text."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


def default_map() -> MissionMap:
    """The map shipped with the app: the rule book's parameters, lines partly reconstructed."""
    text = resources.files("gadget.missions").joinpath("data/mission-map.json").read_text("utf-8")
    return parse_map(text)


def parse_map(text: str) -> MissionMap:
    """A map from a file's text; MapError lists every problem."""
    return map_from_dict(read_json(text, MapError))


def map_from_dict(data: object) -> MissionMap:
    """A map from decoded JSON, checked as a whole: every problem is collected, then reported."""
    if not isinstance(data, Mapping):
        raise MapError([Message("a mission map must be a JSON object")])
    problems: list[Message] = []
    if data.get("format") != FORMAT:
        problems.append(
            Message(
                "format is {found!r}; this app reads {format!r}",
                found=data.get("format"),
                format=FORMAT,
            )
        )
    missions = _missions(data.get("missions"), problems)
    lines = _lines(data.get("lines"), problems)
    seen: set[str] = set()
    repeated: set[str] = set()
    for mission in missions:
        (repeated if mission.id in seen else seen).add(mission.id)
    for duplicate in sorted(repeated):
        problems.append(
            Message("mission id {duplicate!r} is used more than once", duplicate=duplicate)
        )
    ids = [m.id for m in missions]
    known = set(ids)
    for index, line in enumerate(lines):
        for end in (line.a, line.b):
            if end not in known:
                problems.append(
                    Message(
                        "line {index} ({a}-{b}) names unknown mission {end!r}",
                        index=index,
                        a=line.a,
                        b=line.b,
                        end=end,
                    )
                )
        if line.a == line.b:
            problems.append(Message("line {index} joins {a!r} to itself", index=index, a=line.a))
    start = data.get("start")
    if not isinstance(start, str) or start not in known:
        problems.append(Message("start {start!r} is not a mission of the map", start=start))
    else:
        reached = _reachable(start, lines)
        for mission in missions:
            if mission.id not in reached:
                problems.append(
                    Message(
                        "mission {id!r} cannot be reached from {start!r}",
                        id=mission.id,
                        start=start,
                    )
                )
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_TEXT:
        problems.append(
            Message("name must be a string of at most {max_text} characters", max_text=MAX_TEXT)
        )
    notes = data.get("notes", [])
    if (
        not isinstance(notes, list)
        or len(notes) > MAX_NOTES
        or not all(isinstance(n, str) and len(n) <= 500 for n in notes)
    ):
        problems.append(
            Message(
                "notes must be a list of at most {max_notes} strings (500 characters)",
                max_notes=MAX_NOTES,
            )
        )
        notes = []
    if problems:
        raise MapError(problems)
    assert isinstance(start, str)  # checked above; said again for the type checker
    return MissionMap(name, start, tuple(missions), tuple(lines), tuple(notes))


def _reachable(start: str, lines: list[Line]) -> set[str]:
    adjacent: dict[str, set[str]] = {}
    for line in lines:
        adjacent.setdefault(line.a, set()).add(line.b)
        adjacent.setdefault(line.b, set()).add(line.a)
    reached, frontier = {start}, [start]
    while frontier:
        for there in adjacent.get(frontier.pop(), set()) - reached:
            reached.add(there)
            frontier.append(there)
    return reached


def _missions(raw: object, problems: list[Message]) -> list[Mission]:
    if not isinstance(raw, list) or not raw:
        problems.append(Message("missions must be a non-empty list"))
        return []
    if len(raw) > MAX_MISSIONS:
        problems.append(
            Message(
                "the map has {length} missions; at most {max_missions}",
                length=len(raw),
                max_missions=MAX_MISSIONS,
            )
        )
        return []
    missions = []
    for index, item in enumerate(raw):
        where = Message("mission {index}", index=index)
        if not isinstance(item, Mapping):
            problems.append(Message("{where} must be an object", where=where))
            continue
        mission_id, name = item.get("id"), item.get("name", item.get("id"))
        if not isinstance(mission_id, str) or not 0 < len(mission_id) <= MAX_TEXT:
            problems.append(
                Message(
                    "{where} needs an id (a string of 1 to {max_text} characters)",
                    where=where,
                    max_text=MAX_TEXT,
                )
            )
            continue
        where = Message("mission {mission_id!r}", mission_id=mission_id)
        turns, mistakes = item.get("turns"), item.get("mistakes")
        lon, lat = item.get("lon", 0.0), item.get("lat", 0.0)
        if not _whole(turns) or turns < 1:
            problems.append(
                Message(
                    "{where}: turns is {turns!r}; it must be a whole number >= 1",
                    where=where,
                    turns=turns,
                )
            )
            continue
        if not _whole(mistakes) or not 0 <= mistakes <= turns:
            problems.append(
                Message(
                    "{where}: mistakes is {mistakes!r}; it must be 0..{turns} (the turns)",
                    where=where,
                    mistakes=mistakes,
                    turns=turns,
                )
            )
            continue
        if not isinstance(name, str) or not 0 < len(name) <= MAX_TEXT:
            problems.append(
                Message(
                    "{where}: name must be a string of 1 to {max_text} characters",
                    where=where,
                    max_text=MAX_TEXT,
                )
            )
            continue
        if not _number(lon) or not _number(lat) or not (-180 <= lon <= 180 and -90 <= lat <= 90):
            problems.append(
                Message("{where}: lon and lat must be numbers, -180..180 and -90..90", where=where)
            )
            continue
        if turns > MAX_TURNS:
            problems.append(
                Message(
                    "{where}: turns is {turns}; at most {max_turns}",
                    where=where,
                    turns=turns,
                    max_turns=MAX_TURNS,
                )
            )
            continue
        source = _source(item)
        if source is None:
            problems.append(
                Message("{where}: source must be a string of at most 200 characters", where=where)
            )
            continue
        missions.append(Mission(mission_id, name, turns, mistakes, float(lon), float(lat), source))
    return missions


def _lines(raw: object, problems: list[Message]) -> list[Line]:
    if not isinstance(raw, list):
        problems.append(Message("lines must be a list"))
        return []
    if len(raw) > MAX_LINES:
        problems.append(
            Message(
                "the map has {length} lines; at most {max_lines}",
                length=len(raw),
                max_lines=MAX_LINES,
            )
        )
        return []
    lines = []
    for index, item in enumerate(raw):
        if (
            not isinstance(item, Mapping)
            or not isinstance(item.get("a"), str)
            or not isinstance(item.get("b"), str)
        ):
            problems.append(
                Message(
                    'line {index} must be {{"a": "<mission id>", "b": "<mission id>"}}', index=index
                )
            )
            continue
        source = _source(item)
        if source is None:
            problems.append(
                Message(
                    "line {index}: source must be a string of at most 200 characters", index=index
                )
            )
            continue
        lines.append(Line(item["a"], item["b"], source))
    return lines


def _source(item: Mapping[str, object]) -> str | None:
    source = item.get("source", "")
    return source if isinstance(source, str) and len(source) <= 200 else None


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)
