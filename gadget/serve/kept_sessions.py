"""A server process keeps the pages of phones gone for a while, and only so many of them.

Flet keeps a page whose phone went away (a locked screen, a lost network, a closed tab) so
that the phone finds it as it left it when it comes back: an hour by default, some 200 KB a
page. Phones that came and went grew a process for the hour (100 phones opened and closed,
three times: 133, 156, 172, 183 MiB), every whole-heap collection scanned them
(`collector.py`), and a script opening pages and leaving grew it without bound. A phone
whose page was let go loses nothing: it gets a new page, drawn from the database, where it
was (its seat, its side, its game).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Final

from flet.messaging.session import Session
from flet_web.fastapi.flet_app_manager import (  # type: ignore[import-untyped]
    FletAppManager,
    app_manager,
)

#: How long a page waits for its phone to come back (Flet's own: an hour).
KEPT_SECONDS: Final = 15 * 60
#: The most pages of phones gone a process keeps; past it the longest gone are let go.
KEPT_MOST: Final = 500
#: Seconds between looks (Flet's own eviction of pages past their time looks every 10 s).
LOOK_SECONDS: Final = 5.0


def _sessions(manager: FletAppManager) -> dict[str, Session]:
    """Flet's own table of pages by key (Flet 1.0.5 keeps it private)."""
    sessions: dict[str, Session] = manager._FletAppManager__sessions
    return sessions


def longest_gone(manager: FletAppManager, most: int) -> list[str]:
    """The keys of the pages of phones gone past the `most` kept, the longest gone first (a
    page's time is set when its phone goes: the earliest end went first)."""
    gone = [
        (session.expires_at, key)
        for key, session in _sessions(manager).items()
        if session.expires_at is not None and session.connection is None
    ]
    gone.sort()
    return [key for _end, key in gone[: max(0, len(gone) - most)]]


async def let_go(manager: FletAppManager, most: int) -> int:
    """Let the pages past `most` go as Flet lets an expired page go; how many."""
    keys = longest_gone(manager, most)
    for key in keys:
        await manager.delete_session(key)
    return len(keys)


class KeptSessions:
    """A look every LOOK_SECONDS while the server runs (ASGI start-up and shutdown)."""

    def __init__(self, manager: FletAppManager = app_manager) -> None:
        self.manager = manager
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        while True:
            await asyncio.sleep(LOOK_SECONDS)
            await let_go(self.manager, KEPT_MOST)

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
