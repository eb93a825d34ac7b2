"""Each game's turn timer, kept in the database so that every server process (and a
restarted one) times the same stretch from the same moment."""

from __future__ import annotations

from dataclasses import dataclass

from gadget.store.repository import Repository
from gadget.store.tables import TimerRow


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


class TimerRecords(Repository):
    """Reads and writes of the games' timers."""

    def timer_of(self, game_id: int) -> SavedTimer | None:
        """The game's saved timer; None before its first (an older game, a new server)."""
        with self._transaction() as session:
            row = session.get(TimerRow, game_id)
            return timer_record(row) if row is not None else None

    def save_timer(self, game_id: int, timer: SavedTimer) -> None:
        """Keep the game's timer as it now runs (the last writer's, if two phones raced)."""
        with self._transaction() as session:
            row = session.get(TimerRow, game_id) or TimerRow(game_id=game_id)
            row.enabled, row.clue_seconds, row.guess_seconds = (
                timer.enabled,
                timer.clue_seconds,
                timer.guess_seconds,
            )
            row.stretch, row.turn = timer.stretch, timer.turn
            row.started_at, row.paused_left = timer.started_at, timer.paused_left
            session.add(row)
            self._tell_others(session, game_id)


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
