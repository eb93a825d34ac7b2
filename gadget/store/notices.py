"""Notices that a game changed, between server processes sharing one PostgreSQL database
(LISTEN/NOTIFY): phone A on one process and phone B on another see each other's moves."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Final

from sqlalchemy import text
from sqlalchemy.engine import Engine, make_url

log = logging.getLogger("gadget")

CHANNEL: Final = "gadget_games"
Heard = Callable[[int, str], None]  # (game id, the process that made the change)


def announce(engine: Engine, game_id: int, origin: str) -> None:
    """Tell every process listening that this game changed (after the change was committed:
    a process that hears it reads the new state)."""
    with engine.begin() as connection:
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{origin}:{game_id}"},
        )


def parse(payload: str) -> tuple[int, str] | None:
    """A notice's game and origin; None for anything else on the channel (it is shared by
    whoever can connect to the database: a notice is only ever a hint to read again)."""
    origin, _, game = payload.rpartition(":")
    if not origin or not game.isascii() or not game.isdigit() or len(game) > 18:
        return None
    return int(game), origin


class Listener:
    """A thread with its own connection that LISTENs and passes each notice on; it connects
    again after the database went away (a restart), and stops when asked."""

    def __init__(self, url: str, heard: Heard, retry_seconds: float = 1.0) -> None:
        self._dsn = make_url(url).set(drivername="postgresql").render_as_string(False)
        self._heard = heard
        self._retry = retry_seconds
        self._stopping = threading.Event()
        self.listening = threading.Event()  # set while LISTEN is in force (tests wait on it)
        self._thread = threading.Thread(target=self._run, name="gadget-notices", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (the thread ends within a second)."""
        self._stopping.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg  # noqa: PLC0415  (only a server on PostgreSQL needs it)

        while not self._stopping.is_set():
            try:
                with psycopg.connect(self._dsn, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._stopping.is_set():
                        for notice in connection.notifies(timeout=0.5):
                            found = parse(notice.payload)
                            if found is not None:
                                self._heard(*found)
            except Exception as failed:  # the database restarted or the network dropped
                self.listening.clear()
                log.warning("notices: %s; listening again in %.0f s", failed, self._retry)
                self._stopping.wait(self._retry)
