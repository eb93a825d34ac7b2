"""`gadget serve` as shipped, but stopping dead at the point a test arms, so that the test
can kill it exactly there: inside a recorded action's unit, its writes sent, before the unit
commits ("write"; on PostgreSQL a touch's save is its own transaction, committed by then),
or after that commit before anything else happens ("notice"): the unit of work that saves
an action, whatever service runs it.

The test arms a point by writing its name into the file GADGET_TEST_PAUSE_FILE names (read
only here, never by the app); the next action recorded stops there and says so by making
the same file with ".paused" added. Usage: python tests/pausing_server.py serve --port N
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from gadget.cli.main import main
from gadget.store.repository import Repository
from gadget.store.unit import Unit

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


original_save_game = Unit.save_game
original_unit = Repository.unit


def _save_game(self: Unit, *args: Any, **kwargs: Any) -> Any:
    """The unit's own `save_game`: the action it saves meets the armed point."""
    recording.point = _armed_point()
    return original_save_game(self, *args, **kwargs)


@contextmanager
def _unit(self: Repository, *, reads_only: bool = False) -> Iterator[Unit]:
    """The store's own unit of work; after the commit of one that saved an action, the
    "notice" point, before anything else happens."""
    try:
        with original_unit(self, reads_only=reads_only) as unit:
            yield unit
    finally:
        point, recording.point = getattr(recording, "point", None), None
    if point == "notice":
        _stop_here("notice")


event.listen(Engine, "commit", _before_commit)
Unit.save_game = _save_game  # type: ignore[method-assign]
Repository.unit = _unit  # type: ignore[method-assign, assignment]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
