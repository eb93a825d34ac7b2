"""A team's campaign as one document, gadget-team/1: a server's backup and a phone's storage
are the same file, so it is read, checked and written here alone, for both apps.

Nothing in it is taken on trust: a game log is replayed and must be finished, a told result
must fit its city's time bank, a "won" or "score" the file states must be what the log or
the told result gives, a logged game counted for a city was played with that city's time
bank, an attempt's map must be one the document carries, and the campaign's rule
(`check_playable`) says what is completed: only the document's own wins, each on a city
they had opened, complete a city (its list of completions opens nothing).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from gadget.engine import GadgetError, GameLog, GameState, ReplayError, Status, official_score
from gadget.engine.errors import Message
from gadget.engine.gamelog import game_log_from_dict
from gadget.engine.jsontext import read_json
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
from gadget.missions.record import UnfinishedGameError, finished_game
from gadget.missions.result import Result, ResultError, result_from_dict
from gadget.missions.times import is_time
from gadget.missions.word_lists import TeamWordList, read_team_lists

FORMAT: Final = "gadget-team/1"


class TeamDocumentError(GadgetError):
    """A team document (a backup file, a link, a phone's storage) that cannot be taken;
    nothing of it was kept."""


@dataclass(frozen=True, slots=True)
class DocumentAttempt:
    """One attempt: its game's log (a game the table saw) or the result its players told
    (a game played on a phone or with the publisher's gadget), and what that gives."""

    mission: str | None
    played_at: str  # ISO 8601, as written
    players: tuple[str, ...]
    notes: str
    won: bool
    score: int | None
    log: GameLog | None = None
    told: Result | None = None
    map_index: int | None = None  # its map in the document's other maps; None: the team's
    state: GameState | None = field(default=None, compare=False)  # a log's end, replayed once

    def to_dict(self) -> dict[str, Any]:
        """The attempt as the document writes it."""
        return {
            "mission": self.mission,
            **({"map": self.map_index} if self.map_index is not None else {}),
            "played_at": self.played_at,
            "players": list(self.players),
            "won": self.won,
            "score": self.score,
            "notes": self.notes,
            **({"log": self.log.to_dict()} if self.log is not None else {}),
            **({"result": self.told.to_dict()} if self.told is not None else {}),
        }


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
            _attempt(index, item, mission_map, other_maps)
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


def _attempt(
    index: int, item: object, team_map: MissionMap, other_maps: list[MissionMap]
) -> DocumentAttempt:
    """One attempt, checked against its log or its told result and the map it names."""
    where = Message("attempt {index}", index=index)
    if not isinstance(item, Mapping):
        raise TeamDocumentError("{where}: must be an object", where=where)
    map_index = _map_index(where, item, other_maps)
    played_on = team_map if map_index is None else other_maps[map_index]
    mission = item.get("mission")
    if mission is not None and not isinstance(mission, str):
        raise TeamDocumentError(
            "{where}: mission must be a mission's id or null, not {mission!r}",
            where=where,
            mission=mission,
        )
    if mission is not None and mission not in {m.id for m in played_on.missions}:
        raise TeamDocumentError(
            "{where}: mission {mission!r} is not on the map it was played on",
            where=where,
            mission=mission,
        )
    played_at = item.get("played_at")
    if not is_time(played_at):
        raise TeamDocumentError("{where}: played_at must be a time", where=where)
    players = item.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise TeamDocumentError(
            "{where} must be a list of names", where=Message("{where}.players", where=where)
        )
    notes = item.get("notes", "")
    if not isinstance(notes, str):
        raise TeamDocumentError("{where} must be text", where=Message("{where}.notes", where=where))
    attempt = DocumentAttempt(
        mission,
        played_at,
        tuple(players),
        clean_notes(notes, kept=True),
        False,
        None,
        map_index=map_index,
    )
    if "log" in item:
        return _logged(where, item, attempt, played_on)
    return _told(where, item, attempt, played_on)


def _map_index(where: Message, item: Mapping[str, Any], other_maps: list[MissionMap]) -> int | None:
    """The attempt's map among the document's other maps; None for the team's map."""
    if "map" not in item:
        return None
    number = item["map"]
    if not isinstance(number, int) or isinstance(number, bool):
        raise TeamDocumentError(
            "{where}: map must be a number in maps, not {number!r}", where=where, number=number
        )
    if not 0 <= number < len(other_maps):
        raise TeamDocumentError(
            "{where}: map {number} is not in maps (0..{number2})",
            where=where,
            number=number,
            number2=len(other_maps) - 1,
        )
    return number


def _logged(
    where: Message, item: Mapping[str, Any], attempt: DocumentAttempt, played_on: MissionMap
) -> DocumentAttempt:
    """A game the table saw: its log replayed to its end gives its result and score, and a
    game counted for a city was played with that city's time bank."""
    try:
        log = game_log_from_dict(item["log"])
    except (GadgetError, ReplayError) as wrong:
        raise TeamDocumentError("{where}: log: {wrong}", where=where, wrong=wrong) from None
    if attempt.mission is not None:
        mission = played_on.mission(attempt.mission)
        if (log.setup.tokens, log.setup.mistakes) != (mission.turns, mission.mistakes):
            raise TeamDocumentError(
                "{where}: {wrong}",
                where=where,
                wrong=Message(
                    "the game was played with {bank}-{bank2}; {name} is {parameters}",
                    bank=log.setup.tokens,
                    bank2=log.setup.mistakes,
                    name=Message(mission.name, context="city"),
                    parameters=mission.parameters,
                ),
            )
    try:
        state = finished_game(log)
    except UnfinishedGameError as wrong:
        raise TeamDocumentError("{where}: {wrong}", where=where, wrong=wrong) from None
    except (GadgetError, ReplayError) as wrong:
        raise TeamDocumentError("{where}: log: {wrong}", where=where, wrong=wrong) from None
    won, score = state.status is Status.WON, official_score(state)
    for name, worked_out in (("won", won), ("score", score)):
        if name in item and item[name] != worked_out:
            raise TeamDocumentError(
                "{where}: the file says {name} {item!r}, its log gives {worked_out!r}",
                where=where,
                name=name,
                item=item[name],
                worked_out=worked_out,
            )
    return replace(attempt, won=won, score=score, log=log, state=state)


def _told(
    where: Message, item: Mapping[str, Any], attempt: DocumentAttempt, played_on: MissionMap
) -> DocumentAttempt:
    """A game known by the result its players told: it must fit its city's time bank."""
    try:
        told = result_from_dict(item.get("result"), item.get("won"), where)
    except ResultError as wrong:
        raise TeamDocumentError("{wrong}", wrong=wrong) from None
    if attempt.mission is None:
        raise TeamDocumentError("{where}: a told result counts for a mission: name it", where=where)
    try:
        told.check(played_on.mission(attempt.mission))
    except ResultError as wrong:
        raise TeamDocumentError("{where}: {wrong}", where=where, wrong=wrong) from None
    if "score" in item and item["score"] != told.score:
        raise TeamDocumentError(
            "{where}: the file says score {item!r}, its told result gives {worked_out!r}",
            where=where,
            item=item["score"],
            worked_out=told.score,
        )
    return replace(attempt, won=told.won, score=told.score, told=told)


def _list(data: Mapping[str, object], name: str) -> list[object]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise TeamDocumentError("{name} must be a list", name=name)
    return value
