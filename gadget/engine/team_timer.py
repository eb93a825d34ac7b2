"""The classic game's team timer: red's turn, then blue's, each with its time (the first turn
may have more), the same plain data for a server's table and for a phone on its own."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gadget.engine import countdown
from gadget.engine.classic import Team
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
class TeamTimer:
    """Whose turn it is and since when: every phone reads the time left from one clock."""

    settings: TeamTimerSettings
    team: Team
    turn: int = 1
    started_at: float = 0.0
    paused_left: float | None = None

    @property
    def seconds(self) -> int:
        """This turn's whole time."""
        settings = self.settings
        return settings.first_turn_seconds if self.turn == 1 else settings.turn_seconds

    def seconds_left(self, now: float) -> float:
        """Time left in this turn, never below zero nor above its time."""
        return countdown.seconds_left(self.seconds, self.started_at, self.paused_left, now)

    @property
    def paused(self) -> bool:
        """Stopped by a spymaster until resumed."""
        return self.paused_left is not None

    def paused_at(self, now: float) -> TeamTimer:
        """The clock stopped now, keeping what was left (as it was, if already stopped)."""
        return self if self.paused else replace(self, paused_left=self.seconds_left(now))

    def resumed_at(self, now: float) -> TeamTimer:
        """The clock started again now where it stopped (as it was, if running)."""
        if self.paused_left is None:
            return self
        started = countdown.resumed_start(self.seconds, self.paused_left, now)
        return replace(self, started_at=started, paused_left=None)

    def next_turn_at(self, now: float) -> TeamTimer:
        """The other team's turn, its whole time from now (running, even after a pause)."""
        return replace(
            self, team=self.team.other, turn=self.turn + 1, started_at=now, paused_left=None
        )

    def restarted_at(self, now: float) -> TeamTimer:
        """This turn given its whole time again, from now."""
        return replace(self, started_at=now, paused_left=None)


def first_turn(settings: TeamTimerSettings, starting: Team, now: float) -> TeamTimer:
    """The starting team's first turn, from now."""
    return TeamTimer(settings, starting, 1, now)
