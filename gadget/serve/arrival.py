"""A phone's message made known to its connection in the turn of the loop its bytes arrive,
before the budget's reader reads it a turn later: a tap is a move under way from then, and
the opening screens a restart reads in that turn wait for it (issue 36). Uvicorn's own
WebSocket protocol (the sans-I/O one Flet serves with), its queue of messages told."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

#: The scope's key for what to call with each message that arrives when none waits before it.
ARRIVED: Final = "gadget.arrived"

Arrived = Callable[[dict[str, Any]], None]


class Arrivals(asyncio.Queue[Any]):
    """Uvicorn's queue of a socket's messages for the app, telling `ARRIVED` in the socket's
    scope of a message put in while nothing else waits (a message behind others is a flood's,
    or comes while the server is behind: its reading decides)."""

    def __init__(self, scope: Callable[[], dict[str, Any] | None]) -> None:
        super().__init__()
        self.scope = scope

    def put_nowait(self, item: Any) -> None:
        super().put_nowait(item)
        scope = self.scope()
        told: Arrived | None = None if scope is None else scope.get(ARRIVED)
        if told is not None and self.qsize() == 1 and item.get("type") == "websocket.receive":
            told(item)


class TellingProtocol(WebSocketsSansIOProtocol):
    """Uvicorn's protocol whose queue tells the connection of each message as it arrives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Arrivals(lambda: getattr(self, "scope", None))
