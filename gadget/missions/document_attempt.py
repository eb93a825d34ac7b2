"""One attempt of a team document (gadget-team/1, `team_document`), read and checked: a game
log is replayed and must be finished, a told result must fit its city's time bank, a "won" or
"score" the file states must be what the log or the told result gives, a logged game counted
for a city was played with that city's time bank, and its map must be one the document
carries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gadget.engine import GadgetError, GameLog, GameState, ReplayError, Status, official_score
from gadget.engine.errors import Message
from gadget.engine.gamelog import game_log_from_dict
from gadget.missions.map import MissionMap
from gadget.missions.names import SidesNamed, clean_notes, clean_sides, sides_written
from gadget.missions.record import UnfinishedGameError, finished_game
from gadget.missions.result import Result, ResultError, result_from_dict
from gadget.missions.times import is_time


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
    sides: SidesNamed | None = None  # each side's phones at its end, when it kept them
    with_the_app: bool = False  # played with the app as the partner (a game with its log)

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
            **({"sides": sides_written(self.sides)} if self.sides else {}),
            **({"with_the_app": True} if self.with_the_app else {}),
        }


def read_attempt(
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
        sides=clean_sides(item.get("sides"), Message("{where}.sides", where=where)),
        with_the_app=_with_the_app(where, item),
    )
    if "log" in item:
        return _logged(where, item, attempt, played_on)
    return _told(where, item, attempt, played_on)


def _with_the_app(where: Message, item: Mapping[str, Any]) -> bool:
    """Whether the attempt was played with the app: true or false, and only a game with its
    log (the app plays at a server's table, which keeps the log)."""
    said = item.get("with_the_app", False)
    if not isinstance(said, bool):
        raise TeamDocumentError(
            "{where} must be true or false", where=Message("{where}.with_the_app", where=where)
        )
    if said and "log" not in item:
        raise TeamDocumentError(
            "{where}: a told result was not played with the app: only a game with its log is",
            where=where,
        )
    return said


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
