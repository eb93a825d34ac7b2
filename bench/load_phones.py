"""The simulated phones of bench/bench_load.py (and the stall benchmark): each speaks Flet's
own protocol over a WebSocket, as a browser's client would, without a browser."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import websockets
from flet.messaging.protocol import decode_ext_from_msgpack

from tests.processes import PortTakenError, _listening_sockets, holds_port, stat_fields

PATIENCE = 5.0  # an update later than this is an error
# s for both phones' first screens when a table joins with many others: measured, p95 3.6 s
# idle and 7.7 s busy for 100 tables at once (docs/benchmarks.md); four times the worst.
JOIN_PATIENCE = 30.0
PAGE = {"route": "/", "width": 390, "height": 844, "platform": "android", "web": True}


def _controls(value: Any) -> Iterator[dict[str, Any]]:
    """Every control description in a message (a dict with an id and a type)."""
    if isinstance(value, dict):
        if "_i" in value and "_c" in value:
            yield value
        for item in value.values():
            yield from _controls(item)
    elif isinstance(value, list):
        for item in value:
            yield from _controls(item)


@dataclass
class SimulatedPhone:
    """One phone: a WebSocket, its stored identity, and the controls it was sent."""

    token: str
    route: str
    acts: bool = True  # phone A taps, so it keeps the controls; phone B only watches
    socket: Any = None
    controls: dict[int, dict[str, Any]] = field(default_factory=dict)
    updated: asyncio.Event = field(default_factory=asyncio.Event)
    errors: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def open(self, url: str) -> None:
        self.socket = await websockets.connect(f"{url}/ws", max_size=None, open_timeout=30)
        page = PAGE | {"route": self.route}
        await self._send(1, {"session_id": None, "page_name": "", "page": page})
        self.reader = asyncio.create_task(self._read())

    async def _send(self, action: int, body: Any) -> None:
        await self.socket.send(b"\x00" + msgpack.packb([action, body]))

    async def _read(self) -> None:
        try:
            async for frame in self.socket:
                action, body = msgpack.unpackb(
                    frame[1:], strict_map_key=False, ext_hook=decode_ext_from_msgpack
                )
                if action == 2:  # a patch: the screen changed
                    self.updated.set()
                    for control in _controls(body) if self.acts else ():
                        self.controls[control["_i"]] = control
                elif action == 5:  # a method call: answer it as a browser would
                    await self._answer(body)
                elif action == 6:
                    self.errors.append(f"session crashed: {body}")
                for control in _controls(body) if action == 1 else ():
                    self.controls[control["_i"]] = control
        except websockets.ConnectionClosed as closed:
            self.errors.append(f"connection closed: {closed}")

    async def _answer(self, call: dict[str, Any]) -> None:
        result: Any = None
        if call["name"] == "get" and call["args"].get("key") == "gadget.phone":
            result = self.token
        elif call["name"] == "set":
            result = True
        reply = {"control_id": call["control_id"], "call_id": call["call_id"], "result": result}
        await self._send(5, reply | {"error": None})

    def find(self, kind: str, **wanted: Any) -> int | None:
        for control in reversed(list(self.controls.values())):
            if control["_c"] == kind and all(
                (str(control.get(k, "")).startswith(v)) for k, v in wanted.items()
            ):
                return int(control["_i"])
        return None

    def cell(self, cell: int) -> int | None:
        """The control of a cell that a tap goes to (phone A's seat sees A's frame as it is).
        Only whole controls are kept here, not the property patches that make a cell
        tappable once the card is keyed (a clue sends `on_click` alone): the server judges
        the tap, and a step waits seconds after the clue before it taps."""
        label = f"row {cell // 5 + 1} column {cell % 5 + 1}: "
        for control in reversed(list(self.controls.values())):  # the newest drawing first
            if control["_c"] == "Semantics" and str(control.get("label", "")).startswith(label):
                inner = control.get("content")
                if isinstance(inner, dict):
                    return int(inner["_i"])
        return None

    async def tap(self, target: int) -> None:
        await self._send(3, {"target": target, "name": "click", "data": None})

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)


async def until(check: Callable[[], Any], seconds: float) -> Any:
    """What `check` found, looked at every 20 ms; None if it found nothing in time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        await asyncio.sleep(0.02)
    return None


# What phone A taps at a step (None until its screen offers it): a clue, then cells, in
# Gadget; the one button, in the floor.
Target = Callable[["SimulatedPhone", int], int | None]


async def play(table_no: int, a: SimulatedPhone, b: SimulatedPhone, target: Target, *,
               actions: int, interval: float, latencies: list[float], errors: list[str],
               joins: list[float] | None = None) -> None:  # fmt: skip
    """One table's actions on phone A, each timed until phone B's screen changes; with
    `joins`, the table joining: the wait for phone A's first screen (its first target) is
    kept, and the first action comes at the players' pace after it, as in a warm round (the
    tables tapping the moment their screens came, all in the same second, measured the
    burst of taps: 100 warm tables tapping at once had a p95 of 166 ms, the floor, and
    245 ms, Gadget, against 14 and 23 ms at their pace)."""
    started = time.perf_counter()
    if joins is None:
        await asyncio.sleep(random.uniform(0, interval))
    elif not await until(b.updated.is_set, JOIN_PATIENCE):  # joining: phone B's screen first
        errors.append(f"table {table_no}: phone B had no screen in {JOIN_PATIENCE:.0f} s")
        return
    # what to tap next: 10 s for a screen already up, as before; a joining table waits longer
    to_tap = JOIN_PATIENCE if joins is not None else 10.0
    for step in range(actions):
        tapped = await until(lambda s=step: target(a, s), to_tap)
        if step == 0 and joins is not None and tapped is not None:
            joins.append(time.perf_counter() - started)
            await asyncio.sleep(random.uniform(0, interval))
        if tapped is None:
            errors.append(f"table {table_no}: step {step}: nothing to tap")
            return
        b.updated.clear()
        started = time.perf_counter()
        await a.tap(tapped)
        try:
            await asyncio.wait_for(b.updated.wait(), PATIENCE)
            latencies.append(time.perf_counter() - started)
        except TimeoutError:
            errors.append(f"table {table_no}: step {step}: no update on B in {PATIENCE} s")
        await asyncio.sleep(random.uniform(0.5, 1.5) * interval)


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time these processes have used (Linux /proc)."""
    total = 0
    for pid in pids:
        fields = stat_fields(pid)
        if fields is not None:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def postmaster_of(backend: int) -> int | None:
    """The PostgreSQL server that started this backend (None: not on this machine)."""
    fields = stat_fields(backend)
    return int(fields[1]) if fields is not None else None


def database_cpu_seconds(postmaster: int | None) -> float:
    """CPU time of one PostgreSQL server: its main process, what its backends that ended
    used (added to it as each ends), and its backends alive now. Counting the `postgres`
    processes alive before and after a round counted other servers of the machine, and lost
    the backends that ended meanwhile: the column once went negative (an outsider's)."""
    if postmaster is None or (main := stat_fields(postmaster)) is None:
        return float("nan")
    ticks = sum(int(main[n]) for n in (11, 12, 13, 14))  # utime, stime, cutime, cstime
    for entry in Path("/proc").iterdir():
        fields = stat_fields(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None and int(fields[1]) == postmaster:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def until_healthy(port: int, server: subprocess.Popen[bytes], patience: float = 300) -> None:
    """Back once the server on this port answers its health check and is the one started
    here (another test worker's server on the same port answers too: CI's phones were served
    by one and waited for changes that never came): a busy machine starts it in its own time
    (a fixed wait of 8 s was refused connections under load). PortTakenError if it ended while
    another process listens on the port."""
    deadline = time.monotonic() + patience
    while server.poll() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200 and holds_port(server.pid, port):
                    return
        except OSError:
            pass
        time.sleep(0.2)
    if server.poll() is not None and _listening_sockets(port):
        raise PortTakenError(port)
    raise SystemExit(f"the server on port {port} did not answer its health check")
