"""A team's history as the history screen shows it: the attempts, filtered, and the numbers
its two charts draw (pure functions over the attempts, tested on their own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gadget.services.campaign import mission_names
from gadget.store import Attempt, Store, Team


@dataclass(frozen=True, slots=True)
class MissionTally:
    """One mission's bar: its wins and its losses."""

    mission_id: str
    name: str
    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class HistoryCharts:
    """What the two charts draw: each won attempt's score, and wins and losses by mission."""

    scores: tuple[tuple[int, int], ...]  # (attempt number from 0, score), oldest first
    attempts: int
    tallies: tuple[MissionTally, ...]  # the missions played, in the map's order

    @property
    def score_ceiling(self) -> int:
        """The score axis's top: a little above the best score."""
        return max((score for _, score in self.scores), default=0) + 3


@dataclass(frozen=True, slots=True)
class History:
    """A team's attempts (oldest first), the names of their missions, and the charts."""

    attempts: tuple[Attempt, ...]
    names: Mapping[str, str]
    charts: HistoryCharts


def load_history(store: Store, team: Team) -> History:
    """Every attempt with its log parsed once, and what the charts need."""
    attempts = tuple(store.attempts(team.id))
    names = mission_names(store, team, attempts)
    return History(attempts, names, history_charts(attempts, names))


def history_charts(attempts: Sequence[Attempt], names: Mapping[str, str]) -> HistoryCharts:
    """The scores of the won attempts by their place in the history, and each mission's
    wins and losses, missions in the order of `names` (the map's)."""
    scores = tuple((i, a.score) for i, a in enumerate(attempts) if a.score is not None)
    played = {a.mission_id for a in attempts if a.mission_id}
    tallies = tuple(
        MissionTally(
            mission,
            names[mission],
            sum(a.won for a in attempts if a.mission_id == mission),
            sum(not a.won for a in attempts if a.mission_id == mission),
        )
        for mission in names
        if mission in played
    )
    return HistoryCharts(scores, len(attempts), tallies)


def matching(attempts: Sequence[Attempt], mission: str, result: str) -> list[Attempt]:
    """The attempts a filter keeps, newest first ("all" keeps every mission or result)."""
    return [
        a
        for a in reversed(attempts)
        if mission in ("all", a.mission_id or "") and result in ("all", "won" if a.won else "lost")
    ]
