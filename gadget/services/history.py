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

    scores: tuple[tuple[int, int], ...]  # (attempt number from 1, score), oldest first
    attempts: int
    tallies: tuple[MissionTally, ...]  # the missions played, in the map's order
    losses: tuple[int, ...] = ()  # the lost attempts' numbers: a loss has no score
    with_the_app: tuple[int, ...] = ()  # the numbers of the attempts played with the app

    @property
    def segments(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The scores in runs of consecutive attempts: the line breaks wherever an attempt
        has no score, never joining two wins across a loss."""
        runs: list[list[tuple[int, int]]] = []
        for attempt, score in self.scores:
            if runs and runs[-1][-1][0] == attempt - 1:
                runs[-1].append((attempt, score))
            else:
                runs.append([(attempt, score)])
        return tuple(tuple(run) for run in runs)

    @property
    def score_ticks(self) -> tuple[int, ...]:
        """The score axis's labels: whole numbers from 0 to just above the best score."""
        return whole_ticks(max((score for _, score in self.scores), default=0) + 1)

    @property
    def attempt_ticks(self) -> tuple[int, ...]:
        """The attempt axis's labels: whole attempt numbers, 1 for a single attempt."""
        return tuple(tick for tick in whole_ticks(self.attempts) if 1 <= tick <= self.attempts)

    @property
    def most_played(self) -> int:
        """The longest bar's length in attempts (1 when none, so bars scale by it)."""
        return max((t.wins + t.losses for t in self.tallies), default=1)


def whole_ticks(top: int, most: int = 6) -> tuple[int, ...]:
    """At most `most` whole-number labels from 0 to at least `top`, a round step apart
    (1, 2, 5, 10, 20, 50...): never "0.5", never crowded, whatever the history's size."""
    top = max(top, 1)
    step = 1
    while -(-top // step) > most - 1:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return tuple(range(0, -(-top // step) * step + 1, step))


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
    """The scores of the won attempts and the lost attempts by their place in the history,
    and each mission's wins and losses, missions in the order of `names` (the map's)."""
    scores = tuple((i, a.score) for i, a in enumerate(attempts, 1) if a.score is not None)
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
    losses = tuple(i for i, a in enumerate(attempts, 1) if not a.won)
    with_the_app = tuple(i for i, a in enumerate(attempts, 1) if a.with_the_app)
    return HistoryCharts(scores, len(attempts), tallies, losses, with_the_app)


def matching(attempts: Sequence[Attempt], mission: str, result: str) -> list[Attempt]:
    """The attempts a filter keeps, newest first ("all" keeps every mission or result)."""
    return [
        a
        for a in reversed(attempts)
        if mission in ("all", a.mission_id or "") and result in ("all", "won" if a.won else "lost")
    ]
