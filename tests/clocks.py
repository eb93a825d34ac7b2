"""The one fake clock of the tests: time the tests move by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

START = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


class FakeClock:
    """Seconds for the turn timer (call it), and dates for the history (`dates`), both
    moved only by the test: `now` is set by hand, each date is a minute after the last."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now
        self.date = START

    def __call__(self) -> float:
        """The table's clock: seconds, as time.time gives them."""
        return self.now

    def dates(self) -> datetime:
        """The store's clock: a minute later at each call, so the history's order is known."""
        self.date += timedelta(minutes=1)
        return self.date
