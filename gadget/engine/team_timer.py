"""The classic game's team timer: red's turn, then blue's, each with its time (the first turn
may have more), the same plain data for a server's table and for a phone on its own."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gadget.engine.classic import Team
from gadget.engine.countdown import Countdown
from gadget.engine.errors import Message
from gadget.engine.timing import check_seconds


@dataclass(frozen=True, slots=True)
class TeamTimerSettings:
    """A turn's time, and the first turn's (the starting team has one more agent to clue)."""

    turn_seconds: int = 120
    first_turn_seconds: int = 180

    def __post_init__(self) -> None:
        check_seconds(Message("a turn's time"), self.turn_seconds)
        check_seconds(Message("the first turn's time"), self.first_turn_seconds)


@dataclass(frozen=True, slots=True)
class TeamTimer(Countdown):
    """Whose turn it is and since when: every phone reads the time left from one clock."""

    settings: TeamTimerSettings
    team: Team
    turn: int
    started_at: float
    paused_left: float | None = None

    @property
    def total(self) -> float:
        """This turn's whole time (the first turn's may be longer)."""
        settings = self.settings
        return settings.first_turn_seconds if self.turn == 1 else settings.turn_seconds

    def next_turn_at(self, now: float) -> TeamTimer:
        """The other team's turn, its whole time from now (running, even after a pause)."""
        return replace(
            self, team=self.team.other, turn=self.turn + 1, started_at=now, paused_left=None
        )


def first_turn(settings: TeamTimerSettings, starting: Team, now: float) -> TeamTimer:
    """The starting team's first turn, from now."""
    return TeamTimer(settings, starting, 1, now)
