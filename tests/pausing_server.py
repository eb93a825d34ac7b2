"""`gadget serve` as shipped, but stopping dead at the point a test arms, so that the test
can kill it exactly there: inside a recorded action's transaction before its commit
("write"), or after that commit before anything else happens ("notice").

The test arms a point by writing its name into the file GADGET_TEST_PAUSE_FILE names (read
only here, never by the app); the next action recorded stops there and says so by making
the same file with ".paused" added. Usage: python tests/pausing_server.py serve --port N
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from gadget.cli.main import main
from gadget.store.games import GameRecords

ARMED = Path(os.environ["GADGET_TEST_PAUSE_FILE"])
PAUSED = ARMED.with_name(ARMED.name + ".paused")
POINTS = ("write", "notice")
recording = threading.local()  # the point armed for the action this thread is recording


def _armed_point() -> str | None:
    """The point the test armed, once: the next actions are not stopped again."""
    try:
        point = ARMED.read_text().strip()
        ARMED.unlink()
    except FileNotFoundError:
        return None
    return point if point in POINTS else None


def _stop_here(point: str) -> None:
    """Say where this process stopped, then wait for the kill that never lets it go on."""
    PAUSED.write_text(point)
    threading.Event().wait()


def _before_commit(connection: Connection) -> None:
    """SQLAlchemy's commit event: the action's writes are sent, its COMMIT is not."""
    if getattr(recording, "point", None) == "write":
        _stop_here("write")


original_record_action = GameRecords.record_action


def _record_action(self: GameRecords, *args: Any, **kwargs: Any) -> Any:
    """The store's own `record_action`, with the armed point around it."""
    recording.point = _armed_point()
    try:
        saved = original_record_action(self, *args, **kwargs)
    finally:
        point, recording.point = recording.point, None
    if point == "notice":
        _stop_here("notice")
    return saved


event.listen(Engine, "commit", _before_commit)
GameRecords.record_action = _record_action  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
