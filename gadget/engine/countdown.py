"""One countdown's arithmetic, for the Duet turn timer and the classic team timer alike (they
had drifted apart: one capped a start in the future, the other showed hours): a stretch of
`total` seconds started at `started_at`, or stopped with `paused_left` to go. Time is given
(`now`), never read here."""

from __future__ import annotations


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
