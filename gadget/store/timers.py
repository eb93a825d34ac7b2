"""Each game's turn timer as kept in the database (read and written in a unit of work), so
that every server process (and a restarted one) times the same stretch from the same
moment."""

from __future__ import annotations

from dataclasses import dataclass

from gadget.store.rows import TimerRow


@dataclass(frozen=True, slots=True)
class SavedTimer:
    """A game's timer as saved: its settings and the stretch it times (None: nothing)."""

    enabled: bool
    clue_seconds: int
    guess_seconds: int
    stretch: str | None
    turn: int
    started_at: float
    paused_left: float | None


def timer_record(row: TimerRow) -> SavedTimer:
    """The timer a row holds, as the rest of the app sees it."""
    return SavedTimer(
        row.enabled,
        row.clue_seconds,
        row.guess_seconds,
        row.stretch,
        row.turn,
        row.started_at,
        row.paused_left,
    )
