"""The WebSocket a screen's event came on, as the server's budget keeps it: whether the phone
is served at all (the static site and the tests' phones have no link) and whether its
connection has ended; only asyncio and contextvars, since the static site imports the files
part that asks."""

from __future__ import annotations

import asyncio
from contextvars import ContextVar


class Link:
    """One phone's connection, which ends once (the phone left, or the budget closed it)."""

    def __init__(self) -> None:
        self.ended = asyncio.Event()

    def end(self) -> None:
        """The connection is over: later sends to it are moot."""
        self.ended.set()


# Set by the budget for each WebSocket; Flet's event tasks are made inside that call, so
# each handler sees the link its event came on (None outside the served app).
LINK: ContextVar[Link | None] = ContextVar("gadget_link", default=None)


def current_link() -> Link | None:
    """The connection this event came on, or None (the static site, the tests' phones)."""
    return LINK.get()
