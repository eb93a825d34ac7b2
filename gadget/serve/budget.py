"""Each phone's WebSocket has a budget, so that no phone can stall the others: every phone of
a process shares one event loop, and Flet reads a connection's messages as fast as they come
and starts a task for each (one phone's flood of made-up taps once held every other table
for seconds).

An ASGI middleware around the app (no patch of Flet). It reads each connection ahead into a
short queue and hands Flet its messages one at a time, yielding the loop before each, so one
phone's events take turns with everyone else's instead of queueing ahead of them, and at
most at the budget's rates (a phone past them is slowed). A full queue stops the reading
(the phone's messages wait in its own socket: backpressure), and a phone that keeps it full
is closed with 1008 and a reason, as is one that sends what Flet cannot read
(`frames.read`). The app is called once the phone's page registers, never for a connection
that ends first; one whose page does not register within REGISTER_SECONDS is closed. A
phone that leaves is ordinary: the sends that find it gone log nothing.

A tap is a move under way on its process from the moment it is read (`live.Moves`: opening
screens wait for it), not only once Flet's task for it runs, two turns of the loop later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from gadget.serve.frames import Read, read
from gadget.views.parts.link import LINK, Link
from gadget.views.served.live import moves_on

log = logging.getLogger("gadget")

MEBIBYTE: Final = 1024 * 1024
# The largest message a phone may send: a camera's picture (the scanner's, some hundred KB),
# with room. uvicorn refuses a longer one at its first bytes (close 1009), before reading it;
# files go by HTTP beside the WebSocket (services/uploads.py), their size checked first.
MAX_MESSAGE: Final = 2 * MEBIBYTE
POLICY: Final = 1008  # WebSocket close code: the connection broke the server's rules
FLOOD_REASON: Final = "too many messages"
FLETS_SOCKET: Final = "/ws"  # where Flet's client opens its WebSocket (Flet's default)
UNREAD_REASON: Final = "a message the app cannot read"  # Flet would read none after it
#: Seconds a phone's page has to register once its socket is open (Flet's client sends its
#: register the moment it connects).
REGISTER_SECONDS: Final = 30.0
LATE_REASON: Final = "no page registered"
CLOSE_GRACE: Final = 5.0  # seconds a closed flood has to read its close frame (it is read no more)


@dataclass(frozen=True, slots=True)
class Budget:
    """What one connection may send: well above what phones send (docs/benchmarks.md)."""

    # Typing sends Flet's "change" events and property updates, two a key: Chromium typing
    # 2,000 characters with no pause between keys sent 4,000 in 18-20 s, at most 336 in a
    # second and 4.1 MB in all (each carries the whole field), and spent under a tenth of
    # the burst. Every other message is a tap: opening the app sends 9, going through six
    # screens 19 in its busiest second, a run of taps 15 a second. A person is ten times
    # slower than either.
    keys: float = 300.0  # typing messages a second, sustained
    keys_burst: float = 1_000.0  # at once, before that rate applies
    taps: float = 60.0  # every other message, a second (a screen drawn, a route followed)
    taps_burst: float = 200.0
    bytes: float = 1.0 * MEBIBYTE  # a second, sustained
    burst_bytes: float = 8.0 * MEBIBYTE
    queued: int = 1_000  # messages read but not yet handed on: past this, the reading stops
    queued_bytes: int = 4 * MEBIBYTE
    patience: float = 2.0  # seconds a phone may keep its queue full: then it is closed


BUDGET: Final = Budget()


class Meter:
    """One connection's account: a bucket for typing, one for taps and one for bytes, each
    refilled at the budget's rate, which says how long to wait before the next message."""

    def __init__(self, budget: Budget, clock: Callable[[], float]) -> None:
        self.budget = budget
        self.clock = clock
        self.keys = budget.keys_burst
        self.taps = budget.taps_burst
        self.bytes = budget.burst_bytes
        self.last = clock()

    def charge(self, message: Read) -> float:
        """Take one message; the seconds to wait before handing on the next."""
        now = self.clock()
        elapsed, self.last = now - self.last, now
        budget = self.budget
        self.keys = min(budget.keys_burst, self.keys + elapsed * budget.keys)
        self.taps = min(budget.taps_burst, self.taps + elapsed * budget.taps)
        self.bytes = min(budget.burst_bytes, self.bytes + elapsed * budget.bytes) - message.size
        if message.typing:
            self.keys -= 1
        else:
            self.taps -= 1
        return max(
            0.0,
            -self.keys / budget.keys,
            -self.taps / budget.taps,
            -self.bytes / budget.bytes,
        )


class ConnectionBudget:
    """The middleware: each WebSocket metered and made to take turns; HTTP passes through."""

    def __init__(
        self,
        app: ASGIApp,
        budget: Budget = BUDGET,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.budget = budget
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or not str(scope.get("path")).endswith(FLETS_SOCKET):
            await self.app(scope, receive, send)  # any other WebSocket: refused there
            return
        connection = Connection(scope, receive, send, self.budget, self.clock)
        token = LINK.set(connection.link)  # Flet's event tasks, made inside, inherit it
        try:
            if await connection.opened():
                await self.app(scope, connection.receive, connection.send)
        except (WebSocketDisconnect, OSError) as gone:
            if not connection.link.ended.is_set():
                raise
            log.debug("a phone's connection ended mid-send: %r", gone)
        finally:
            LINK.reset(token)
            connection.stop()


class Connection:
    """One WebSocket as the app sees it through the budget: read ahead into a short queue,
    handed on in turn and at the budget's pace, its sends quiet once the phone is gone."""

    def __init__(
        self, scope: Scope, receive: Receive, send: Send, budget: Budget, clock: Callable[[], float]
    ) -> None:
        self.scope = scope
        self._receive = receive
        self._send = send
        self.budget = budget
        self.clock = clock
        self.meter = Meter(budget, clock)
        self.link = Link()
        # Each message read, what it is (None: the end), and whether it is a tap counted as a
        # move under way (`_read`).
        self.queue: deque[tuple[Message, Read | None, bool]] = deque()
        self.queued_bytes = 0
        self.changed = asyncio.Event()  # a message queued, or one handed on
        self.reader: asyncio.Task[None] | None = None
        self.wait = 0.0  # before the next message is handed on
        self.accepted = False
        self.taking = False  # the app waits for a message now (`receive`)
        self.registered = False  # the page's register was read: Flet reads the rest

    async def opened(self) -> bool:
        """Accept the phone (as Flet would at once) and read it until its page registers: the
        app is called then, and never for a connection that ends, or breaks the rules, first.
        Without a session Flet's handler waits for good once its receive loop ends (its send
        loop is never ended): a scanner's connections, closed or sending nonsense before they
        register, each kept a handler and a task until the process stopped (an outsider's)."""
        connect = await self._receive()
        if connect["type"] != "websocket.connect":
            return False
        self.queue.append((connect, None, False))  # the app reads it first, as from uvicorn
        await self.send({"type": "websocket.accept"})
        self.reader = asyncio.create_task(self._read_ahead())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._registered(), REGISTER_SECONDS)
        if not (self.registered or self.link.ended.is_set()):
            await self._close(LATE_REASON)  # a socket held open for nothing, for good
        return self.registered

    async def _registered(self) -> None:
        """Back once the page registered, or the connection ended."""
        while not (self.registered or self.link.ended.is_set()):
            self.changed.clear()
            await self.changed.wait()

    async def receive(self) -> Message:
        """The next message, once this connection's turn (and its budget) allows."""
        if self.reader is None:
            self.reader = asyncio.create_task(self._read_ahead())
        # Always yield once: the task Flet made for the last message runs before the next
        # is handed on, in turn with every other phone's work (never a burst queued ahead).
        self.taking = True
        try:
            await asyncio.sleep(self.wait)
            while not self.queue:
                self.changed.clear()
                await self.changed.wait()
        finally:
            self.taking = False
        message, what, counted = self.queue.popleft()
        self.changed.set()
        if what is not None:
            self.queued_bytes -= what.size
            self.wait = self.meter.charge(what)
        if counted:
            # Flet makes the tap's task now, to run in the next turn: counted until the turn
            # after, when that task has counted its move itself (`live.tap_under_way`).
            loop = asyncio.get_running_loop()
            loop.call_soon(loop.call_soon, moves_on(loop).ended)
        return message

    async def _read_ahead(self) -> None:
        """Read ahead until the phone leaves, and tell the app the connection is over however
        the reading stops (it would otherwise wait for a message forever)."""
        try:
            await self._read_until_the_end()
        finally:
            if not self.link.ended.is_set():
                self.queue.append(({"type": "websocket.disconnect", "code": 1006}, None, False))
                self.changed.set()
                self.link.end()

    async def _read_until_the_end(self) -> None:
        """Read the phone's messages into the queue until it is full, and close a phone that
        keeps it full (only a program sends faster than it is read, for that long), or sends
        what the app cannot read."""
        full_since: float | None = None
        while True:
            message = await self._receive()
            kind = message["type"]
            what = read(message, self.registered) if kind == "websocket.receive" else None
            if what is None and kind == "websocket.receive":
                await self._close(UNREAD_REASON)
                return
            self._read(message, what)
            if kind == "websocket.disconnect":
                self.link.end()
                return
            while self._full():
                now = self.clock()
                full_since = full_since or now
                if now - full_since > self.budget.patience:
                    await self._close(FLOOD_REASON)
                    return
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), self.budget.patience)
            if len(self.queue) <= self.budget.queued // 2:
                full_since = None  # the phone paused long enough for half the queue to go

    def _read(self, message: Message, what: Read | None) -> None:
        """Queue a message read. A tap that finds nothing queued before it and its phone
        within its budget (a phone playing, not one flooding) is a move under way from now:
        during a restart, the opening screens read in the two turns before Flet's task for it
        ran held it back at each (issue 36). A phone slowed to its budget's pace would keep
        one counted all the time, and every opening screen of the process waiting; and a tap
        read while the app takes no message (Flet's receive loop ended by a frame it could
        not read, its handler left waiting: an outsider's) would stay counted for good."""
        tap = what is not None and what.tap
        counted = tap and self.taking and not self.queue and not self.wait
        if counted:
            moves_on(asyncio.get_running_loop()).begun()
        self.queue.append((message, what, counted))
        if what is not None:
            self.queued_bytes += what.size
            self.registered = self.registered or what.registers
        self.changed.set()

    def _dropped(self) -> None:
        """What is queued will never be handed on: its taps are no moves under way."""
        moves = moves_on(asyncio.get_running_loop())
        for _message, _what, counted in self.queue:
            if counted:
                moves.ended()
        self.queue.clear()
        self.queued_bytes = 0

    def _full(self) -> bool:
        """Whether the queue holds all the budget lets a phone have waiting."""
        return (
            len(self.queue) >= self.budget.queued or self.queued_bytes >= self.budget.queued_bytes
        )

    async def _close(self, reason: str) -> None:
        """Close a phone that broke the rules (1008, with the reason); what it queued is
        dropped."""
        self._dropped()
        self.queue.append(
            ({"type": "websocket.disconnect", "code": POLICY, "reason": reason}, None, False)
        )
        self.changed.set()
        self.link.end()
        log.warning("closed the connection of %s: %s", _client(self.scope), reason)
        with contextlib.suppress(OSError, RuntimeError):  # the phone closed it first
            await self._send({"type": "websocket.close", "code": POLICY, "reason": reason})
        # uvicorn would now read (and parse, only to discard) all the phone had already sent,
        # megabytes, seconds of the loop, until its answer or 10 s. Its socket is read no
        # more, and closed once the close frame has had a moment to reach it (uvicorn's own
        # transport; under another server, nothing of this).
        transport = getattr(getattr(self._send, "__self__", None), "transport", None)
        pause, close = getattr(transport, "pause_reading", None), getattr(transport, "close", None)
        if callable(pause) and callable(close):
            with contextlib.suppress(RuntimeError):  # already closing
                pause()
            asyncio.get_running_loop().call_later(CLOSE_GRACE, close)

    async def send(self, message: Message) -> None:
        """Send; once the phone is gone (or closed by us), a send is moot, not an error."""
        sending = message["type"] == "websocket.send"
        if sending and self.link.ended.is_set():
            return
        if message["type"] == "websocket.accept" and self.accepted:
            return  # the app's own accept, once `opened` had accepted the phone
        try:
            await self._send(message)
        except OSError:  # uvicorn: the phone disconnected
            self.link.end()
        except RuntimeError:
            # uvicorn refuses a send once the closing handshake began (the phone left while
            # this was on its way): the only RuntimeError a send after the accept can raise.
            if not (sending and self.accepted):
                raise
            self.link.end()
        else:
            self.accepted = self.accepted or message["type"] == "websocket.accept"

    def stop(self) -> None:
        """The app is done with this connection: stop reading it."""
        if self.reader is not None:
            self.reader.cancel()
        self._dropped()


def _client(scope: Scope) -> str:
    """Who a connection came from, for the log."""
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "an unknown address"
