"""Notices that a game or a classic card changed, between server processes sharing one
PostgreSQL database (LISTEN/NOTIFY): phone A on one process and phone B on another see each
other's moves."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Final

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

from gadget.engine.classic import ClassicCard
from gadget.engine.errors import GadgetError

log = logging.getLogger("gadget")

CHANNEL: Final = "gadget_games"
# What changed: a Duet game, by its id, or a classic or Pictures card, by its code.
Subject = int | str
# (what changed, the process that made the change, what its services told of the change)
Heard = Callable[[Subject, str, str | None], None]
ReadAgain = Callable[[], None]  # each time LISTEN is in force: what was missed is read again
FIRST_RETRY_SECONDS: Final = 0.05
# What a notice may tell of the change besides its subject (PostgreSQL takes 8,000 bytes).
MOST_NEWS: Final = 4000
LAST_RETRY_SECONDS: Final = 1.0


def announce(
    connection: Connection, subject: Subject, origin: str, news: str | None = None
) -> None:
    """Tell every process listening that this game or card changed, inside the transaction that
    changes it: PostgreSQL delivers the notice when that commits (so a process that hears
    it reads the new state), and never if it does not."""
    payload = notice(subject, origin, news)
    if connection.dialect.driver == "psycopg":  # a move's every statement: the driver's own
        cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        finally:
            cursor.close()
        return
    connection.execute(
        text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
    )


def notice(subject: Subject, origin: str, news: str | None = None) -> str:
    """What a notice of this change says: the process that made it, what the services tell
    of the change if anything (opaque here, left out when too long), and what changed. The
    news goes between the two, after a space: a process that reads no news takes it for
    part of another process's name, and reads the change whole."""
    if news is not None and carries(news):
        return f"{origin} {news}:{subject}"
    return f"{origin}:{subject}"


def carries(news: str) -> bool:
    """Whether a notice carries this news (a notice has room for so much)."""
    return bool(news) and len(news.encode()) <= MOST_NEWS


def retry_wait(failures: int) -> float:
    """How long to wait before connecting again after this many failures in a row: almost
    at once after a connection that worked (every notice sent meanwhile is missed), then
    twice as long each time up to a second, so that a database restarting is not hammered."""
    return float(min(FIRST_RETRY_SECONDS * 2**failures, LAST_RETRY_SECONDS))


def parse(payload: str) -> tuple[Subject, str, str | None] | None:
    """A notice's subject (a game's id, a classic card's code as the engine writes it),
    origin and news (None: none); None for anything else on the channel (it is shared by
    whoever can connect to the database: a notice is a hint to read again, and its news is
    checked against what the listening process knows before it is believed)."""
    head, _, subject = payload.rpartition(":")
    origin, _, news = head.partition(" ")
    if not origin:
        return None
    if subject.isascii() and subject.isdigit() and len(subject) <= 18:
        return int(subject), origin, news or None
    try:
        card = ClassicCard.from_code(subject)
    except GadgetError:
        return None
    return (subject, origin, news or None) if card.code == subject else None


class Listener:
    """A thread with its own connection that LISTENs and passes each notice on; it connects
    again after the connection was lost (a database restart, a cut), and stops when asked.

    Notices sent while it was not listening are lost for good (PostgreSQL keeps none for a
    connection that is gone): each time LISTEN is in force, `read_again` is called, so that
    whatever was missed is read again.
    """

    def __init__(self, url: str, heard: Heard, read_again: ReadAgain) -> None:
        self._dsn = make_url(url).set(drivername="postgresql").render_as_string(False)
        self._heard = heard
        self._read_again = read_again
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

        failures = 0
        while not self._stopping.is_set():
            listened_at = None
            try:
                with psycopg.connect(self._dsn, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    listened_at = time.monotonic()
                    self.listening.set()
                    self._read_again()  # after LISTEN: a later change is heard, an earlier one read
                    while not self._stopping.is_set():
                        for notice in connection.notifies(timeout=0.5):
                            found = parse(notice.payload)
                            if found is not None:
                                self._heard(*found)
            except Exception as failed:  # the database restarted, the connection was cut
                self.listening.clear()
                if listened_at is not None and time.monotonic() - listened_at > LAST_RETRY_SECONDS:
                    failures = 0  # it had worked: a cut, not a database still down
                wait = retry_wait(failures)
                failures += 1
                log.warning("notices: %s; listening again in %.2f s", failed, wait)
                self._stopping.wait(wait)
