"""The hub: which screens watch which game (or classic card), told at once of every change
on this process and, on a shared database, of the other processes' changes too."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from gadget.store import Store
from gadget.store.notices import Subject

# A watcher, told the version a change made when that is known (a move), else None (a seat,
# the timer, another process): a screen already showing that version need not read again.
Listener = Callable[[int | None], None]

__all__ = ["Hub", "Listener", "NewsReader", "Subject"]


class NewsReader(Protocol):
    """What follows the changes' news before the watchers are told (`kept_games`)."""

    def heard(self, subject: Subject, news: str | None) -> int | None:
        """A change, with its news (None: none, or one made here that is no move); the
        version it brought, once followed, else None."""

    def missed(self) -> None:
        """Changes may have gone unheard."""


class Hub:
    """Notifications: every phone watching a game hears of each change at once, on this
    process; connected to a shared database, on every other server process too. What is
    watched is a subject: a Duet game's id, or a classic card's code."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[Subject, set[Listener]] = {}
        self._origin = ""  # this process's name in its notices, once connected
        self._listening: Any = None
        self._readers: list[NewsReader] = []

    def connect(self, store: Store) -> None:
        """Hear the other processes' changes (PostgreSQL only); the store sends this
        process's own, each in the transaction that makes it."""
        self._origin = store.origin
        self._listening = store.listen(self._heard, self._read_again)

    def read_news(self, reader: NewsReader) -> None:
        """Hand `reader` every change's news before the watchers hear of the change."""
        self._readers.append(reader)

    def close(self) -> None:
        """Stop hearing the other processes."""
        if self._listening is not None:
            self._listening.stop()
            self._listening = None

    def watch(self, subject: Subject, listener: Listener) -> Callable[[], None]:
        """Call `listener` after each change to the game (or card); returns the way to stop."""
        with self._lock:
            self._listeners.setdefault(subject, set()).add(listener)

        def stop() -> None:
            with self._lock:
                self._listeners.get(subject, set()).discard(listener)

        return stop

    def changed(self, subject: Subject, version: int | None = None) -> None:
        """Tell every watcher here (the other processes heard it from the commit), with the
        game's version after the change if it is known (a move, whose records the mover
        kept); a listener must only schedule work, never block."""
        if version is None:
            for reader in self._readers:
                reader.heard(subject, None)
        self._tell(subject, version)

    def _heard(self, subject: Subject, origin: str, news: str | None) -> None:
        if origin != self._origin:  # this process's own changes were told at once
            version = None
            for reader in self._readers:
                version = reader.heard(subject, news) or version
            self._tell(subject, version)

    def _read_again(self) -> None:
        """Listening again after a lost connection: any watched game may have changed
        unheard meanwhile (a notice is never sent twice), so every watcher reads again."""
        for reader in self._readers:
            reader.missed()
        with self._lock:
            watched = [subject for subject, listeners in self._listeners.items() if listeners]
        for subject in watched:
            self._tell(subject, None)

    def _tell(self, subject: Subject, version: int | None) -> None:
        with self._lock:
            listeners = list(self._listeners.get(subject, ()))
        for listener in listeners:
            listener(version)

    def watchers(self, subject: Subject) -> int:
        """How many screens watch a game (for tests and the memory benchmark)."""
        with self._lock:
            return len(self._listeners.get(subject, ()))
