"""Two tables on one PostgreSQL database, each as its own server process would be, for the
tests of what one process hears of the other's changes."""

from __future__ import annotations

import threading
import time

from gadget.services.table import Table
from gadget.store import Store
from gadget.store.notices import Listener, announce


class Tables:
    """Two tables on one PostgreSQL database, each as its own server process would be, and
    `patience`: every time limit here, from their measured start with a wide margin."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.sentinels: list[int] = []
        started = time.monotonic()
        self.first, self.second = (Table(Store(url)) for _ in range(2))
        for table in (self.first, self.second):
            table.hub.connect(table.store)
            assert listener_of(table).listening.wait(60)
        self.patience = max(10.0, 20 * (time.monotonic() - started))

    def close(self) -> None:
        """Stop both listeners and release the connections."""
        for table in (self.first, self.second):
            table.hub.close()
            table.store.close()

    def all_heard(self) -> None:
        """Wait until the second table has heard every notice committed so far: notices come
        in the order of their commits, so one sent now and heard comes after all of them."""
        sentinel = 10**12 + len(self.sentinels)  # a game id no table has
        self.sentinels.append(sentinel)
        heard, _ = told_of(self.second, sentinel)
        with self.first.store.engine.begin() as connection:
            announce(connection, sentinel, "the test")
        assert heard.wait(self.patience)


def listener_of(table: Table) -> Listener:
    """The thread that hears this table's notices (PostgreSQL: there is one)."""
    listening = table.hub._listening
    assert isinstance(listening, Listener)
    return listening


def told_of(table: Table, game_id: int) -> tuple[threading.Event, list[int | None]]:
    """An event set, and a list grown with the version told (None: none), each time this
    table tells the game's watchers."""
    event, versions = threading.Event(), []

    def listener(version: int | None) -> None:
        versions.append(version)
        event.set()

    table.hub.watch(game_id, listener)
    return event, versions
