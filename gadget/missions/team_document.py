"""A team's campaign as one document, gadget-team/1: a server's backup and a phone's storage
are the same file, so it is read, checked and written here alone, for both apps.

Nothing in it is taken on trust: each attempt is checked as `document_attempt` says, and the
campaign's rule (`check_playable`) says what is completed: only the document's own wins, each
on a city they had opened, complete a city (its list of completions opens nothing).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from gadget.engine.errors import Message
from gadget.engine.jsontext import read_json
from gadget.missions.document_attempt import DocumentAttempt, TeamDocumentError, read_attempt
from gadget.missions.map import MapError, Mission, MissionMap, default_map, map_from_dict
from gadget.missions.names import clean_name, clean_notes, clean_players
from gadget.missions.progress import (
    MissionLockedError,
    MissionResult,
    MissionState,
    check_playable,
    mission_states,
    reached_by,
    result_on_map,
)
from gadget.missions.result import Result
from gadget.missions.times import is_time
from gadget.missions.word_lists import TeamWordList, read_team_lists

__all__ = [
    "FORMAT",
    "DocumentAttempt",
    "TeamDocument",
    "TeamDocumentError",
    "document_from_dict",
    "read_document",
    "with_told_result",
]

FORMAT: Final = "gadget-team/1"


@dataclass(frozen=True, slots=True)
class TeamDocument:
    """A whole team: its map, what it completed and when, every attempt, the maps older
    attempts were played on (a team that changed maps keeps its history), its word lists."""

    name: str
    players: tuple[str, ...]
    notes: str
    mission_map: MissionMap
    completed: Mapping[str, str]  # mission id -> when it was first won (ISO 8601)
    attempts: tuple[DocumentAttempt, ...]
    other_maps: tuple[MissionMap, ...] = ()
    word_lists: tuple[TeamWordList, ...] = ()  # written only when there are some

    @property
    def states(self) -> dict[str, MissionState]:
        """Every city's state on the team's map."""
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

    def played_on(self, attempt: DocumentAttempt) -> MissionMap:
        """The map an attempt was played on."""
        return self.mission_map if attempt.map_index is None else self.other_maps[attempt.map_index]

    def to_dict(self) -> dict[str, Any]:
        """The gadget-team/1 document."""
        return {
            "format": FORMAT,
            "team": {"name": self.name, "players": list(self.players), "notes": self.notes},
            "map": self.mission_map.to_dict(),
            "maps": [other.to_dict() for other in self.other_maps],
            "completed": [
                {"mission": mission, "at": at} for mission, at in sorted(self.completed.items())
            ],
            "attempts": [attempt.to_dict() for attempt in self.attempts],
            **({"word_lists": [w.to_dict() for w in self.word_lists]} if self.word_lists else {}),
        }

    def to_json(self) -> str:
        """The document as text, compact enough for a QR code while the campaign is young."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


def with_told_result(
    document: TeamDocument, mission_id: str, result: Result, at: str
) -> tuple[TeamDocument, MissionResult]:
    """The team after one told attempt of an open (or completed) city of its map, and what
    the result did there (`result_on_map`); a locked city or an impossible result is
    refused."""
    mission = document.mission_map.find(mission_id)
    if mission is None or mission.id != mission_id:
        raise TeamDocumentError("no city {mission!r} on this team's map", mission=mission_id)
    done = result_on_map(
        document.mission_map, frozenset(document.completed), mission.id, result.won
    )
    result.check(mission)
    attempt = DocumentAttempt(
        mission.id, at, document.players, "", result.won, result.score, told=result
    )
    completed = dict.fromkeys(done.completed, at) | dict(document.completed)  # first wins stay
    after = replace(document, completed=completed, attempts=(*document.attempts, attempt))
    return after, done


def with_played_game(
    document: TeamDocument, mission_id: str, log: dict[str, Any], at: str, *, with_the_app: bool
) -> tuple[TeamDocument, MissionResult]:
    """The team after one game a phone played to its end with the app (the site judged every
    touch, as a table does: the attempt keeps its log), and what it did on the map; the log
    is checked as a backup's is (its end, its bank)."""
    item = {
        "mission": mission_id,
        "played_at": at,
        "players": list(document.players),
        "notes": "",
        "log": log,
        "with_the_app": with_the_app,
    }
    attempt = read_attempt(len(document.attempts), item, document.mission_map, [])
    done = result_on_map(
        document.mission_map, frozenset(document.completed), mission_id, attempt.won
    )
    completed = dict.fromkeys(done.completed, at) | dict(document.completed)  # first wins stay
    after = replace(document, completed=completed, attempts=(*document.attempts, attempt))
    return after, done


def read_document(text: str) -> TeamDocument:
    """A team document from a file, a link, a QR code or a phone's storage, checked whole."""
    return document_from_dict(read_json(text, TeamDocumentError))


def document_from_dict(data: object) -> TeamDocument:
    """A decoded team document, checked whole (see the module's words); its map may be left
    out, meaning the shipped one (a link leaves it out to stay short)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise TeamDocumentError(
            "not a team backup: the file's format is not {format!r}", format=FORMAT
        )
    team = data.get("team")
    if not isinstance(team, Mapping):
        raise TeamDocumentError('team must be {"name": ..., "players": [...], "notes": ...}')
    name = clean_name(team.get("name"), kept=True)  # a name's emoji from before are kept
    players = clean_players(team.get("players", []), kept=True)
    notes = clean_notes(team.get("notes", ""), kept=True)
    raw_map = data.get("map")
    try:
        mission_map = default_map() if raw_map is None else map_from_dict(raw_map)
    except MapError as wrong:
        raise TeamDocumentError("map: {wrong}", wrong=wrong) from None
    other_maps = []
    for index, raw in enumerate(_list(data, "maps")):
        try:
            other_maps.append(map_from_dict(raw))
        except MapError as wrong:
            raise TeamDocumentError("maps {index}: {wrong}", index=index, wrong=wrong) from None
    document = TeamDocument(
        name=name,
        players=players,
        notes=notes,
        mission_map=mission_map,
        completed=_completed(data, (mission_map, *other_maps)),
        attempts=tuple(
            read_attempt(index, item, mission_map, other_maps)
            for index, item in enumerate(_list(data, "attempts"))
        ),
        other_maps=tuple(other_maps),
        word_lists=read_team_lists(data.get("word_lists", []), TeamDocumentError),
    )
    _check_campaign(document)
    return document


def _completed(data: Mapping[str, object], maps: tuple[MissionMap, ...]) -> dict[str, str]:
    """When each completed mission was first won; a mission of a map the team played before
    is kept, not lost."""
    known = {m.id for played_on in maps for m in played_on.missions}
    completed: dict[str, str] = {}
    for index, item in enumerate(_list(data, "completed")):
        if not isinstance(item, Mapping):
            raise TeamDocumentError(
                'completed {index}: must be {{"mission": a city of the map, "at": a time}}',
                index=index,
            )
        mission, at = item.get("mission"), item.get("at")
        if not isinstance(mission, str) or mission not in known:
            raise TeamDocumentError(
                "completed {index}: not a mission of the team's maps", index=index
            )
        if not is_time(at):
            raise TeamDocumentError(
                'completed {index}: must be {{"mission": a city of the map, "at": a time}}',
                index=index,
            )
        completed[mission] = at
    return completed


def _check_campaign(document: TeamDocument) -> None:
    """The campaign's rules, not the file, say what is completed: a game's log counts for one
    city (a server may have been given the same log twice for it), every city attempted must
    have been opened by won attempts reaching it from the start, on the map each was played
    on, and every completion needs one of those wins."""
    first_of: dict[tuple[object, ...], int] = {}  # a game's log counts for one city
    for index, attempt in enumerate(document.attempts):
        if attempt.log is not None:
            game = (attempt.log.card, attempt.log.setup, attempt.log.actions)
            first = first_of.setdefault(game, index)
            if document.attempts[first].mission != attempt.mission:
                raise TeamDocumentError(
                    "attempt {index}: the game of attempt {first} again, for another city:"
                    " a game counts for one city",
                    index=index,
                    first=first,
                )
    reached = reached_by(
        (document.played_on(a), a.mission)
        for a in document.attempts
        if a.won and a.mission is not None
    )
    for index, attempt in enumerate(document.attempts):
        if attempt.mission is not None:
            try:
                check_playable(document.played_on(attempt), reached, attempt.mission)
            except MissionLockedError as wrong:
                raise MissionLockedError(
                    "{where}: {wrong}", where=Message("attempt {index}", index=index), wrong=wrong
                ) from None
    for index, mission in enumerate(document.completed):
        if mission not in reached:
            raise TeamDocumentError(
                "completed {index}: no won attempt of {mission!r} in the backup",
                index=index,
                mission=mission,
            )


def _list(data: Mapping[str, object], name: str) -> list[object]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise TeamDocumentError("{name} must be a list", name=name)
    return value
