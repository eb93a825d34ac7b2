"""A team's progress on a map: what is completed, open or locked, and what a result changes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from gadget.engine.errors import GadgetError, Message, listed, plural
from gadget.missions.map import Mission, MissionMap


class MissionState(StrEnum):
    """Where a mission stands for a team."""

    COMPLETED = "completed"
    OPEN = "open"
    LOCKED = "locked"


class MissionLockedError(GadgetError):
    """The mission is not joined by a line to a completed one yet."""


def mission_states(mission_map: MissionMap, completed: frozenset[str]) -> dict[str, MissionState]:
    """Every mission's state: a win completes it for good; a line to a completed one opens it.

    The start (Prague) is always open: winning a standard 9-token game completes it.
    """
    opened = {mission_map.start}  # one pass over the lines: linear in the map's size
    for line in mission_map.lines:
        if line.a in completed:
            opened.add(line.b)
        if line.b in completed:
            opened.add(line.a)
    states = {}
    for mission in mission_map.missions:
        if mission.id in completed:
            states[mission.id] = MissionState.COMPLETED
        elif mission.id in opened:
            states[mission.id] = MissionState.OPEN
        else:
            states[mission.id] = MissionState.LOCKED
    return states


def check_playable(mission_map: MissionMap, completed: frozenset[str], mission_id: str) -> None:
    """Refuse a locked mission, naming what would open it; open and completed ones may be played."""
    state = mission_states(mission_map, completed)[mission_map.mission(mission_id).id]
    if state is MissionState.LOCKED:
        names = sorted(mission_map.mission(n).name for n in mission_map.neighbours(mission_id))
        raise MissionLockedError(
            "{name} is locked: win a mission joined to it first ({neighbours})",
            name=Message(mission_map.mission(mission_id).name, context="city"),
            neighbours=listed([Message(name, context="city") for name in names]),
        )


def after_result(
    mission_map: MissionMap, completed: frozenset[str], mission_id: str, won: bool
) -> frozenset[str]:
    """Completed missions after an attempt: a win completes the mission, a loss changes nothing."""
    check_playable(mission_map, completed, mission_id)
    return completed | {mission_id} if won else completed


def reached_by(wins: Iterable[tuple[MissionMap, str]]) -> frozenset[str]:
    """The cities a team's wins complete (each win: the map it was played on, its city),
    each counted only where wins before it had opened it, whatever order the wins are given
    in (a phone's clock may have been wrong): a list of completions never opens a city."""
    wins = list(wins)
    maps = {id(played_on): played_on for played_on, _city in wins}
    reached: frozenset[str] = frozenset()
    while True:  # each round opens at least one more city, or ends
        states = {key: mission_states(played_on, reached) for key, played_on in maps.items()}
        more = reached | {
            city
            for played_on, city in wins
            if states[id(played_on)][city] is not MissionState.LOCKED
        }
        if more == reached:
            return reached
        reached = more


def play_style(mission: Mission) -> Message:
    """What kind of play a mission rewards, read from its time bank (after the rule book:
    some missions need a very careful approach, others reward bold clues)."""
    if mission.mistakes == mission.turns:
        if mission.turns >= 9:
            return Message("The standard game: every turn may end on a bystander.")
        return Message(
            "Like the standard game with only {turns} turns: bold clues for two or three words.",
            turns=mission.turns,
        )
    if not mission.mistakes:
        return Message("No mistakes allowed: every bystander costs two turns. Play very carefully.")
    if mission.turns >= 10:
        return plural(
            "Plenty of turns but only {count} mistake: patient, careful clues.",
            "Plenty of turns but only {count} mistakes: patient, careful clues.",
            mission.mistakes,
        )
    if mission.turns <= 7:
        return Message("Few turns and few mistakes: bold clues, then careful guessing.")
    return plural(
        "{count} mistake in {turns} turns: a balance of care and daring.",
        "{count} mistakes in {turns} turns: a balance of care and daring.",
        mission.mistakes,
        turns=mission.turns,
    )


@dataclass(frozen=True, slots=True)
class MissionResult:
    """What a finished mission game changed on its team's map."""

    mission: Mission
    won: bool
    completed_now: bool  # this game completed the mission (not an earlier win)
    opened: tuple[Mission, ...]  # cities this result opened, in map order
    completed: frozenset[str]  # the team's completed missions after it


def result_on_map(
    mission_map: MissionMap, completed: frozenset[str], mission_id: str, won: bool
) -> MissionResult:
    """Everything a result does on its team's map, worked out once for every app: what it
    completes (`after_result`, which refuses a locked mission) and the cities it opens."""
    after = after_result(mission_map, completed, mission_id, won)
    was, now = mission_states(mission_map, completed), mission_states(mission_map, after)
    opened = tuple(
        m
        for m in mission_map.missions
        if was[m.id] is MissionState.LOCKED and now[m.id] is MissionState.OPEN
    )
    return MissionResult(
        mission=mission_map.mission(mission_id),
        won=won,
        completed_now=mission_id in after - completed,
        opened=opened,
        completed=after,
    )
