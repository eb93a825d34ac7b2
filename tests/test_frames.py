"""A phone's message is read once, within bounds, before Flet reads it: what Flet cannot read
closes the connection at once (one line in the log), and no message makes Flet build
millions of objects (an outsider's 2 MiB of empty arrays held a process's every table for
1.7 s; four at once, 7 s)."""

from __future__ import annotations

import asyncio
import logging
import time

import msgpack  # type: ignore[import-untyped]
import pytest
from starlette.types import Message, Receive, Scope, Send

from gadget.serve import budget as budgets
from gadget.serve.budget import (
    BUDGET,
    LATE_REASON,
    MAX_MESSAGE,
    POLICY,
    UNREAD_REASON,
    Connection,
    ConnectionBudget,
)
from gadget.serve.frames import PARTS, Read, read
from tests.test_taps_go_first import ANSWER, TAP, TYPED, Phone, turns

REGISTER = b"\x00" + msgpack.packb(
    [1, {"session_id": None, "page_name": "", "page": {"route": "/", "width": 390.0}}]
)


def said(frame: bytes) -> Message:
    return {"type": "websocket.receive", "bytes": frame}


def packed(value: object) -> bytes:
    return b"\x00" + msgpack.packb(value)


def empty_arrays(count: int) -> bytes:
    """A field's "change" whose data is `count` empty arrays: one byte each."""
    return packed([3, {"target": 8, "name": "change", "data": [[]] * count}])


def tree(depth: int) -> list[object]:
    """A binary tree of arrays: 2**depth leaves, one byte a node."""
    return [] if depth == 0 else [tree(depth - 1), tree(depth - 1)]


def test_what_phones_send_reads_as_before() -> None:
    text = "x" * 100_000  # a long field typed (each message carries all of it)
    picture = {"control_id": 9, "call_id": "c", "result": [{"bytes": b"\xff" * 1_900_000}]}
    picture["error"] = None
    assert read(said(REGISTER), registered=False) == Read(len(REGISTER), False, False, True)
    assert read(said(TAP), registered=True) == Read(len(TAP), False, True, False)
    assert read(said(TYPED), registered=True) == Read(len(TYPED), True, False, False)
    assert read(said(ANSWER), registered=True) == Read(len(ANSWER), False, False, False)
    typed = packed([4, {"id": 8, "props": {"value": text}}])
    assert read(said(typed), registered=True) == Read(len(typed), True, False, False)
    large = packed([5, picture])
    assert len(large) < MAX_MESSAGE
    assert read(said(large), registered=True) == Read(len(large), True, False, False)
    channel = b"\x01\x00\x00\x00\x00" + b"\xff" * 5_000  # a data channel's: Flet's own
    assert read(said(channel), registered=True) == Read(len(channel), True, False, False)
    assert read(said(b""), registered=True) == Read(0, False, False, False)  # Flet skips it
    fine = packed([3, {"target": 8, "name": "change", "data": [tree(5)] * (PARTS // 64)}])
    assert read(said(fine), registered=True) is not None  # 255 arrays and maps in all


@pytest.mark.parametrize(
    "frame",
    [
        empty_arrays(2 * 1024 * 1024 - 64),  # the outsider's: as long as a message may be
        packed([3, {"target": 8, "name": "change", "data": [{}] * 1_000_000}]),
        packed([3, {"target": 8, "name": "change", "data": tree(19)}]),  # no array over two
        packed([3, {"target": 8, "name": "change", "data": [tree(6)] * 10}]),  # 1,270 arrays
        packed([3, {"target": 8, "name": "change", "data": [None] * (PARTS + 1)}]),
        packed([3, {"target": 8, "name": "change", "data": {str(n): n for n in range(300)}}]),
    ],
    ids=["arrays", "maps", "tree", "many-small", "long-array", "long-map"],
)
def test_a_message_of_more_parts_than_a_phone_sends_is_unread(frame: bytes) -> None:
    assert len(frame) <= MAX_MESSAGE
    assert read(said(frame), registered=True) is None


@pytest.mark.parametrize(
    "message",
    [
        {"type": "websocket.receive", "text": "hello"},  # Flet takes bytes only
        said(b"\x00\xc1"),  # not msgpack
        said(b"\x00" + msgpack.packb([3, {"target": 1}])[:-2]),  # cut short
        said(packed([3, {"target": 1, "name": "click"}, "more"])),
        said(packed([3, ["target", 1]])),  # a body that is no map
        said(packed([2, {"id": 1}])),  # the server's action, not a phone's
        said(packed([9, {}])),
        said(packed([3, {1: "target"}])),  # a key Flet's msgpack refuses
        said(TAP + b"\x00"),
        # Bodies Flet cannot build: its receive loop ended (before a session, for good).
        said(packed([3, {"target": 1, "name": "click"}])),
        said(packed([3, {"target": 1, "name": "click", "data": None, "more": 1}])),
        said(packed([1, {"session_id": None, "page_name": "", "not a page": {}}])),
    ],
    ids=[
        "text",
        "garbage",
        "short",
        "three",
        "list-body",
        "server",
        "unknown",
        "int-key",
        "extra",
        "missing-field",
        "more-fields",
        "register-fields",
    ],
)
def test_what_flet_cannot_read_is_unread(message: Message) -> None:
    assert read(message, registered=True) is None


def test_before_the_page_registers_only_its_register_is_read() -> None:
    assert read(said(TAP), registered=False) is None  # Flet: no session to dispatch it to
    assert read(said(ANSWER), registered=False) is None
    assert read(said(REGISTER), registered=False) is not None
    assert read(said(REGISTER), registered=True) is not None  # Flet takes another
    # An outsider's: a register of a 2 MiB route was answered with a first screen as long (40
    # at once: /healthz 0.5 s, 134 MiB kept); a packet Flet drops left the phone open, unread.
    route = "/" + "x" * (2 * 1024 * 1024 - 1024)
    long_register = packed([1, {"session_id": None, "page_name": "", "page": {"route": route}}])
    assert read(said(long_register), registered=False) is None
    assert read(said(long_register), registered=True) is None  # nor later: a reconnection's
    long_route = packed([3, {"target": 1, "name": "route_change", "data": {"route": route}}])
    assert read(said(long_route), registered=True) is None  # a route change's route as long
    route_change = packed([3, {"target": 1, "name": "route_change", "data": {"route": "/join/x"}}])
    assert read(said(route_change), registered=True) is not None
    assert read(said(b"\x01\x00\x00\x00\x00data"), registered=False) is None
    assert read(said(msgpack.packb([1, {}])), registered=False) is None  # no 0x00 before it


def test_a_phone_sending_the_unread_is_closed_and_flet_never_has_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The register and a tap are handed on; the bomb closes the connection with 1008 and
    its reason, Flet is told the phone is gone, and what came after it is not read."""

    async def bombing() -> tuple[list[Message], list[Message], bool]:
        phone = Phone()
        sent: list[Message] = []

        async def send(message: Message) -> None:
            sent.append(message)

        connection = Connection({"type": "websocket"}, phone.receive, send, BUDGET, time.monotonic)
        phone.says(REGISTER)
        phone.says(TAP)
        handed = [await connection.receive() for _ in range(2)]
        phone.says(empty_arrays(2_000_000))
        phone.says(TAP)
        handed.append(await connection.receive())
        await turns(3)
        left = not phone.messages.empty()  # the tap after the bomb: never read
        connection.stop()
        return handed, sent, left

    with caplog.at_level(logging.WARNING, logger="gadget"):
        handed, sent, left = asyncio.run(bombing())
    assert [m.get("bytes") for m in handed[:2]] == [REGISTER, TAP]
    assert handed[2] == {"type": "websocket.disconnect", "code": POLICY, "reason": UNREAD_REASON}
    assert sent == [{"type": "websocket.close", "code": POLICY, "reason": UNREAD_REASON}]
    assert left
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [f"closed the connection of an unknown address: {UNREAD_REASON}"], lines


class Uvicorn:
    """What uvicorn hands the middleware: the phone's connect and messages, and a record of
    what is sent to the phone."""

    def __init__(self, *frames: bytes, leaves: bool = True) -> None:
        self.messages: asyncio.Queue[Message] = asyncio.Queue()
        self.messages.put_nowait({"type": "websocket.connect"})
        for frame in frames:
            self.messages.put_nowait(said(frame))
        if leaves:
            self.messages.put_nowait({"type": "websocket.disconnect", "code": 1001})
        self.sent: list[Message] = []

    async def receive(self) -> Message:
        return await self.messages.get()

    async def send(self, message: Message) -> None:
        self.sent.append(message)


def served(phone: Uvicorn) -> list[Message]:
    """Every message the app read through the budget, or [] if it was never called."""
    read_by_app: list[Message] = []

    async def app(_scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            read_by_app.append(message)
            if message["type"] == "websocket.disconnect":
                return

    budget = ConnectionBudget(app)
    scope = {"type": "websocket", "path": "/ws"}
    asyncio.run(asyncio.wait_for(budget(scope, phone.receive, phone.send), 10))
    return read_by_app


def test_the_app_is_called_once_the_page_registers() -> None:
    phone = Uvicorn(REGISTER, TAP)
    read_by_app = served(phone)
    assert [m["type"] for m in read_by_app] == [
        "websocket.connect",
        "websocket.receive",
        "websocket.receive",
        "websocket.disconnect",
    ]
    assert [m.get("bytes") for m in read_by_app[1:3]] == [REGISTER, TAP]
    assert phone.sent == [{"type": "websocket.accept"}]  # once: the app's own is the same


@pytest.mark.parametrize(
    "frames",
    [(), (TAP, REGISTER), (b"\x00\xc1", REGISTER), (empty_arrays(100_000), REGISTER)],
    ids=["leaves", "tap-first", "garbage", "bomb"],
)
def test_a_connection_that_ends_before_its_page_registers_never_reaches_the_app(
    frames: tuple[bytes, ...],
) -> None:
    """Flet's handler, called for it, waited for good (its send loop never ended)."""
    phone = Uvicorn(*frames)
    assert served(phone) == []
    assert phone.sent[0] == {"type": "websocket.accept"}  # accepted at once, as Flet does
    refused = {"type": "websocket.close", "code": POLICY, "reason": UNREAD_REASON}
    assert phone.sent[1:] == ([refused] if frames else [])


def test_another_websocket_goes_to_the_app_as_it_came() -> None:
    """Only Flet's socket is accepted before the app is asked: any other is refused there."""
    read_by_app: list[Message] = []

    async def app(_scope: Scope, receive: Receive, send: Send) -> None:
        read_by_app.append(await receive())
        await send({"type": "websocket.close", "code": 1000})

    phone = Uvicorn(REGISTER)
    scope = {"type": "websocket", "path": "/elsewhere"}
    asyncio.run(asyncio.wait_for(ConnectionBudget(app)(scope, phone.receive, phone.send), 10))
    assert read_by_app == [{"type": "websocket.connect"}]
    assert phone.sent == [{"type": "websocket.close", "code": 1000}]


def test_a_socket_whose_page_never_registers_is_closed_and_never_reaches_the_app(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Opened and silent, a socket kept a task reading it for as long as its peer kept it
    open (a script answers uvicorn's pings): one a socket, without end."""
    monkeypatch.setattr(budgets, "REGISTER_SECONDS", 0.1)
    phone = Uvicorn(leaves=False)
    with caplog.at_level(logging.WARNING, logger="gadget"):
        assert served(phone) == []
    assert phone.sent == [
        {"type": "websocket.accept"},
        {"type": "websocket.close", "code": POLICY, "reason": LATE_REASON},
    ]
    assert [r.getMessage() for r in caplog.records] == [
        f"closed the connection of an unknown address: {LATE_REASON}"
    ]
    on_time = Uvicorn(REGISTER, TAP)  # a page that registers in time is served as ever
    assert [m.get("bytes") for m in served(on_time)[1:3]] == [REGISTER, TAP]
