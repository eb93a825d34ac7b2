"""The attacks of bench_stall.py (and tests/test_stall.py), each from a simulated phone that
speaks Flet's own protocol (bench_load's), run in a process of its own: from the process that
measures, a flood would starve the measuring.

    python bench/stall_attacks.py --port P --attack clicks --count 5000
    python bench/stall_attacks.py --port P --attack clicks --seconds 20
    python bench/stall_attacks.py --port P --attack routes --count 60000
    python bench/stall_attacks.py --port P --attack backup --times 3
    python bench/stall_attacks.py --port P --attack bombs --count 4

Each prints one line: what was sent, and whether the server closed the connection (and why).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load_phones import SimulatedPhone, until  # noqa: E402
from gadget.services import attempts  # noqa: E402
from gadget.services.backup import export_team  # noqa: E402
from gadget.services.phones import new_phone_token  # noqa: E402
from gadget.services.uploads import MAX_UPLOAD  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.games import ASSASSIN_ACTIONS, log_of  # noqa: E402

PATIENCE = 10.0  # seconds for the app's first screen, or one answer
UNKNOWN = 50_000_000  # control ids from here on are made up (Flet numbers its own from 1)


async def attacker(ws: str, route: str = "/") -> SimulatedPhone:
    """A phone that opened the app and was shown its first screen, ready to misbehave."""
    phone = SimulatedPhone(new_phone_token(), route, acts=False)
    await phone.open(ws)
    await until(phone.updated.is_set, PATIENCE)
    return phone


async def send_all(
    phone: SimulatedPhone, messages: Iterator[Any], seconds: float | None, linger: float
) -> str:
    """Send until done (or for `seconds`), then wait for the server to close the connection
    (it should: a flood is closed with 1008); how it went, in a few words."""
    sent, started = 0, time.monotonic()

    async def sending() -> None:
        nonlocal sent
        for message in messages:
            await phone.socket.send(b"\x00" + msgpack.packb(message))
            sent += 1
            if sent % 100 == 0:  # a send that fits the socket's buffers never yields: now and
                await asyncio.sleep(0)  # then, let the phone read (the server may close it)

    with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
        await asyncio.wait_for(sending(), seconds)
    said = f"{sent:,} sent in {time.monotonic() - started:.1f} s"
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(phone.socket.wait_closed(), linger)
    closed = phone.socket.close_code
    if closed is None:
        return f"{said}; still open {linger:.0f} s later"
    reason = phone.socket.close_reason
    return (
        f"{said}; closed by the server at {time.monotonic() - started:.1f} s: {closed} {reason!r}"
    )


def clicks(count: int | None = None) -> Iterator[Any]:
    """Taps on controls that do not exist (each makes Flet search the whole page)."""
    number = 0
    while count is None or number < count:
        yield [3, {"target": UNKNOWN + number, "name": "click", "data": None}]
        number += 1


def routes(count: int) -> Iterator[Any]:
    """Route changes of the page (control 1), back and forth between two screens."""
    for number in range(count):
        route = ("/paper", "/")[number % 2]
        yield [3, {"target": 1, "name": "route_change", "data": {"route": route}}]


def bombs(count: int) -> Iterator[Any]:
    """A field's "change" as long as a message may be, two million empty arrays: Flet built
    two million lists from each, 1.7 s of the shared loop (an outsider's)."""
    arrays: list[list[None]] = [[]] * 2_000_000
    for _ in range(count):
        yield [3, {"target": 1, "name": "change", "data": arrays}]


async def burst(
    ws: str, messages: Iterator[Any], seconds: float | None = None, linger: float = 60
) -> str:
    """One phone sends these messages (for `seconds` at most), then waits up to `linger`
    seconds for the server to close it."""
    phone = await attacker(ws)
    said = await send_all(phone, messages, seconds, linger)
    await phone.close()
    return said


def largest_backup(folder: Path) -> tuple[dict[str, Any], int]:
    """A valid backup of short lost games (the assassin at the second touch), as many as fit
    in MAX_UPLOAD, and how many."""
    store = Store(f"sqlite:///{folder / 'backup.db'}")
    team = store.add_team("Owls", ["Ann", "Ben"])
    attempts.record_finished_game(store, log_of(ASSASSIN_ACTIONS), team_id=team.id, mission_id=None)
    backup = export_team(store, team)
    store.close()
    one = backup["attempts"][0]
    size = len(_compact(backup | {"attempts": []})) + 16
    count = (MAX_UPLOAD - size) // (len(_compact(one)) + 1)
    return backup | {"attempts": [one] * count}, count


def _compact(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


class ImportingPhone(SimulatedPhone):
    """A phone on the Teams screen that picks the given backup whenever the app asks."""

    backup: bytes = b""

    async def _answer(self, call: dict[str, Any]) -> None:
        if call["name"] != "pick_files":
            await super()._answer(call)
            return
        picked = [{"id": 0, "name": "backup.json", "size": len(self.backup), "bytes": self.backup}]
        reply = {"control_id": call["control_id"], "call_id": call["call_id"], "result": picked}
        await self._send(5, reply | {"error": None})


async def imports(ws: str, times: int) -> str:
    """Import the largest backup `times` times through the Teams screen, a new name each."""
    with tempfile.TemporaryDirectory() as folder:
        backup, games = largest_backup(Path(folder))
    phone = ImportingPhone(new_phone_token(), "/teams")
    await phone.open(ws)
    took = []
    for number in range(times):
        name = f"Owls {number} {time.time_ns() % 10**6}"
        phone.backup = _compact(backup | {"team": backup["team"] | {"name": name}})
        button = await until(lambda: phone.find("OutlinedButton", content="Import a team"), 30)
        started = time.perf_counter()
        await phone.tap(button)
        said = await until(
            lambda n=name: (
                phone.find("Text", value=f"Imported {n}")
                or phone.find("Text", value="That backup was not imported")
            ),
            120,
        )
        if said is None or phone.find("Text", value="That backup was not imported"):
            await phone.close()
            return f"import {number + 1} failed: {phone.errors[:1]}"
        took.append(time.perf_counter() - started)
    await phone.close()
    size, each = len(phone.backup) / 1024, statistics.median(took)
    return f"{times} imports of {games:,} games ({size:.0f} KiB), each {each:.1f} s"


async def attack(port: int, how: list[str]) -> str:
    """An attack on the server at this port, from a process of its own; its one line."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--port", str(port), "--attack", *how,
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    said, _ = await child.communicate()
    return (said.decode().strip().splitlines() or ["(no word)"])[-1]


async def attacking(options: argparse.Namespace) -> str:
    """The child process: one attack on the server at --port."""
    target = f"ws://127.0.0.1:{options.port}"
    kind, count, seconds, linger = options.attack, options.count, options.seconds, options.linger
    if kind == "pause":
        await asyncio.sleep(seconds or 0)
        return "-"
    if kind == "backup":
        return await imports(target, options.times)
    counted = {"bombs": bombs, "routes": routes}
    messages = clicks(count) if kind == "clicks" else counted[kind](count or 0)
    return await burst(target, messages, seconds, linger)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="the server to attack")
    parser.add_argument("--attack", required=True, help="pause, backup, clicks, bombs or routes")
    parser.add_argument("--count", type=int, help="messages to send (clicks: else no end)")
    parser.add_argument("--seconds", type=float, help="send for this long at most")
    parser.add_argument("--linger", type=float, default=60, help="then wait to be closed")
    parser.add_argument("--times", type=int, default=1, help="backup: imports one after another")
    print(asyncio.run(attacking(parser.parse_args())), flush=True)


if __name__ == "__main__":
    main()
