"""A tap is a move under way from the moment the server reads it, and a move drawn on a
watching phone until it is sent: opening screens wait for both (`live.Moves`). During a
restart, the opening screens read in the turns before a tap's task ran, and in the turn that
sends a watching phone its move, held each move back at each (issue 36)."""

from __future__ import annotations

import asyncio
import time

import msgpack  # type: ignore[import-untyped]
from starlette.types import Message

from gadget.serve.budget import BUDGET, Connection
from gadget.views.served import live

TAP = b"\x00" + msgpack.packb([3, {"target": 7, "name": "click", "data": None}])
TYPED = b"\x00" + msgpack.packb([3, {"target": 8, "name": "change", "data": "tr"}])
ANSWER = b"\x00" + msgpack.packb(
    [5, {"control_id": 9, "call_id": "c", "result": None, "error": None}]
)


class Phone:
    """What uvicorn hands the budget: a phone's messages as they come, and its sends."""

    def __init__(self) -> None:
        self.messages: asyncio.Queue[Message] = asyncio.Queue()

    def says(self, frame: bytes) -> None:
        self.messages.put_nowait({"type": "websocket.receive", "bytes": frame})

    async def receive(self) -> Message:
        return await self.messages.get()

    async def send(self, _message: Message) -> None:
        return None


async def turns(count: int) -> None:
    """Let the loop turn `count` times."""
    for _ in range(count):
        await asyncio.sleep(0)


def connected() -> tuple[Phone, Connection, live.Moves]:
    """A phone's connection through the budget, and the moves under way on this loop."""
    phone = Phone()
    scope = {"type": "websocket"}
    connection = Connection(scope, phone.receive, phone.send, BUDGET, time.monotonic)
    connection.registered = True  # the page's register read: Flet reads its events
    return phone, connection, live.moves_on(asyncio.get_running_loop())


def test_a_tap_is_under_way_until_the_turn_after_its_task_counts_it() -> None:
    """Read, a tap is a move under way; handed on to Flet, it stays one through the turn in
    which the task Flet makes for it runs (that task counts its move itself), no longer."""

    async def playing() -> list[int]:
        phone, connection, moves = connected()
        loop = asyncio.get_running_loop()
        seen: list[int] = []

        async def flets_task_for_the_tap() -> None:
            seen.append(moves.under_way)  # its first step: a move's handler counts it here
            loop.call_soon(lambda: seen.append(moves.under_way))  # the turn after

        async def flets_receive_loop() -> None:
            await connection.receive()
            seen.append(moves.under_way)
            await asyncio.create_task(flets_task_for_the_tap())

        receiving = asyncio.ensure_future(flets_receive_loop())
        await turns(3)
        phone.says(TAP)
        while not connection.queue:
            await asyncio.sleep(0)
        seen.append(moves.under_way)  # read: under way before Flet has it
        await receiving
        await turns(2)
        connection.stop()
        return seen

    assert asyncio.run(playing()) == [1, 1, 1, 0]


def test_typing_an_answer_and_a_flood_count_no_move() -> None:
    """A field's typing and a method's answer are no taps; a tap behind others not yet
    handed on, or from a phone slowed to its budget's pace, is a phone flooding, not one
    playing; what a closed connection leaves queued is no move under way."""

    async def sending() -> list[int]:
        phone, connection, moves = connected()
        seen = []
        connection.reader = asyncio.ensure_future(connection._read_ahead())
        phone.says(TYPED)
        phone.says(ANSWER)
        await turns(5)
        seen.append(moves.under_way)
        handed = [await connection.receive(), await connection.receive()]
        assert [m["bytes"] for m in handed] == [TYPED, ANSWER]
        taking = asyncio.ensure_future(connection.receive())  # Flet waits for the next
        await turns(1)
        for _ in range(3):
            phone.says(TAP)
        while len(connection.queue) < 3:  # the three read at once
            await asyncio.sleep(0)
        seen.append(moves.under_way)  # the first tap alone
        connection.stop()  # closed with the three still queued
        seen.append(moves.under_way)
        taking.cancel()
        paced, slowed, _moves = connected()
        slowed.wait = 1 / BUDGET.taps  # past its budget: the next waits its turn
        slowed.reader = asyncio.ensure_future(slowed._read_ahead())
        taking = asyncio.ensure_future(slowed.receive())
        paced.says(TAP)
        await turns(5)
        assert slowed.queue and not taking.done()  # read, waiting its turn
        seen.append(moves.under_way)
        taking.cancel()
        slowed.stop()
        return seen

    assert asyncio.run(sending()) == [0, 1, 0, 0]


def test_a_tap_read_while_flet_takes_no_message_counts_no_move() -> None:
    """A tap read while Flet is not waiting for a message may never be handed on: once,
    after a frame that ended Flet's receive loop before the phone registered, such a tap was
    counted for good, and every opening screen of the process waited 50 ms from then on (an
    outsider's: 23 ms to 64 ms a screen, 60 at once 0.2 s to 2.1 s)."""

    async def abandoned() -> int:
        phone, connection, moves = connected()
        connection.reader = asyncio.ensure_future(connection._read_ahead())  # Flet not asking
        phone.says(TAP)
        await turns(5)
        assert connection.queue  # read
        under_way = moves.under_way
        connection.stop()
        return under_way

    assert asyncio.run(abandoned()) == 0


def test_an_opening_screen_reads_after_a_tap_read_before_it() -> None:
    """A screen that opens once a tap is read reads after the tap's task has run."""

    async def opening() -> list[str]:
        phone, connection, _moves = connected()
        happened: list[str] = []
        connection.reader = asyncio.ensure_future(connection._read_ahead())

        async def flets_receive_loop() -> None:
            await connection.receive()
            asyncio.get_running_loop().call_soon(happened.append, "the tap's task")

        receiving = asyncio.ensure_future(flets_receive_loop())
        await turns(1)  # Flet waits for a message
        phone.says(TAP)
        while not connection.queue and not receiving.done():
            await asyncio.sleep(0)
        await asyncio.gather(
            receiving, live.in_turn(lambda: happened.append("an opening screen read"))
        )
        connection.stop()
        return happened

    assert asyncio.run(opening()) == ["the tap's task", "an opening screen read"]


def test_a_move_drawn_on_a_watching_phone_is_under_way_until_it_is_sent() -> None:
    """A notice read and drawn in its own turn waits for the phone's send loop, in the next
    turn: opening screens read in that turn held it back there; they read after it."""

    async def watching() -> list[int]:
        moves = live.Moves()
        heard = live.News(moves, lambda: 3)
        heard.opened(lambda _moved_to: True)  # up, its phone here: read and drawn at once
        seen = []
        heard.consider(4)
        seen.append(moves.under_way)
        await turns(1)  # the send loop's turn
        seen.append(moves.under_way)
        return seen

    assert asyncio.run(watching()) == [1, 0]
