"""One countdown for the Duet turn timer and the classic team timer alike (they had drifted
apart: one capped a start in the future, the other showed hours): a stretch of `total`
seconds started at `started_at`, or stopped with `paused_left` to go. Time is given (`now`),
never read here."""

from __future__ import annotations

import dataclasses
from typing import Any, Self, cast


def seconds_left(total: float, started_at: float, paused_left: float | None, now: float) -> float:
    """Time left, never below zero nor above the whole time (a start in the future, from a
    phone's clock set back or a kept table edited, would show hours)."""
    if paused_left is not None:
        return paused_left
    return min(float(total), max(0.0, total - (now - started_at)))


def resumed_start(total: float, paused_left: float, now: float) -> float:
    """When a stretch stopped with `paused_left` to go must have started for it to go on
    now from where it stopped."""
    return now - (total - paused_left)


class Countdown:
    """What both timers are: a frozen dataclass with `started_at` and `paused_left` fields
    and its stretch's whole time (`total`), paused, resumed and restarted the same way."""

    __slots__ = ()
    started_at: float
    paused_left: float | None

    @property
    def total(self) -> float:
        """The whole time of the stretch being timed."""
        raise NotImplementedError

    def seconds_left(self, now: float) -> float:
        """Time left, never below zero nor above the stretch's time."""
        return seconds_left(self.total, self.started_at, self.paused_left, now)

    @property
    def paused(self) -> bool:
        """Stopped by a player until resumed."""
        return self.paused_left is not None

    def paused_at(self, now: float) -> Self:
        """The clock stopped now, keeping what was left (as it was, if already stopped)."""
        return self if self.paused else self._with(self.started_at, self.seconds_left(now))

    def resumed_at(self, now: float) -> Self:
        """The clock started again now where it stopped (as it was, if running)."""
        if self.paused_left is None:
            return self
        return self._with(resumed_start(self.total, self.paused_left, now), None)

    def restarted_at(self, now: float) -> Self:
        """The stretch given its whole time again, from now."""
        return self._with(now, None)

    def _with(self, started_at: float, paused_left: float | None) -> Self:
        return cast(
            Self,
            dataclasses.replace(cast(Any, self), started_at=started_at, paused_left=paused_left),
        )
