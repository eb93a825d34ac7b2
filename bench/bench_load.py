"""Many tables at once: simulated phones that speak Flet's own protocol over WebSockets (not a
browser each), on two `gadget serve` processes sharing PostgreSQL; phone A of each table on
one process and phone B on the other, so every update crosses processes.

Each table's phone A gives a clue, then records its partner's touches of agents, one action
every few seconds; the time from A's tap leaving to B's screen update arriving is measured.
1, 10, 50 and 100 tables (two phones each); p50/p95, errors, and the server's memory per
phone. Target (issue 11): 100 tables with p95 under 250 ms and no error.

Needs GADGET_TEST_POSTGRES_URL (an empty database is made in it). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import websockets
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flet.messaging.protocol import decode_ext_from_msgpack  # noqa: E402

from gadget.engine import Player  # noqa: E402
from gadget.services.phones import new_phone_token, phone_from_token  # noqa: E402
from gadget.services.table import Table  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.conftest import empty_postgres  # noqa: E402
from tests.processes import _free_port, stop  # noqa: E402

TABLES = tuple(int(n) for n in os.environ.get("GADGET_BENCH_TABLES", "1,10,50,100").split(","))
ACTIONS = 10  # a clue, then nine touches of agents
# Seconds between one table's actions, on average (a quick run, which judges only that every
# figure is there, takes less: GADGET_BENCH_INTERVAL).
INTERVAL = float(os.environ.get("GADGET_BENCH_INTERVAL", "3.0"))
PATIENCE = 5.0  # an update later than this is an error
STATISTICS_DELAY = 11.0  # s of quiet before PostgreSQL's count of transactions is complete
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


async def _until(check: Any, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        await asyncio.sleep(0.02)
    return None


async def play(table_no: int, a: SimulatedPhone, b: SimulatedPhone, agents: list[int], *,
               latencies: list[float], errors: list[str]) -> None:  # fmt: skip
    """One table's actions on phone A, each timed until phone B's screen changes."""
    await asyncio.sleep(random.uniform(0, INTERVAL))
    for step in range(ACTIONS):
        if step == 0:
            target = await _until(lambda: a.find("Button", content="Give clue"), 10)
        else:
            target = await _until(lambda s=step: a.cell(agents[s - 1]), 10)
        if target is None:
            errors.append(f"table {table_no}: step {step}: nothing to tap")
            return
        b.updated.clear()
        started = time.perf_counter()
        await a.tap(target)
        try:
            await asyncio.wait_for(b.updated.wait(), PATIENCE)
            latencies.append(time.perf_counter() - started)
        except TimeoutError:
            errors.append(f"table {table_no}: step {step}: no update on B in {PATIENCE} s")
        await asyncio.sleep(random.uniform(0.5, 1.5) * INTERVAL)


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time these processes have used (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def postgres_pids() -> list[int]:
    found = subprocess.run(["pgrep", "postgres"], capture_output=True, text=True, check=False)
    return [int(pid) for pid in found.stdout.split()]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def round_of(tables: int, urls: list[str], pids: list[int], database: str) -> dict[str, Any]:
    store = Store(database)
    table = Table(store)
    phones: list[tuple[SimulatedPhone, SimulatedPhone, list[int]]] = []
    for number in range(tables):
        tokens = [new_phone_token(), new_phone_token()]
        keys = [phone_from_token(t) for t in tokens]
        game = table.deal(seed=number, phone=keys[0])
        store.take_seat(game.id, Player.B, keys[1].key)  # type: ignore[union-attr]
        card = game.log.card
        agents = [c for c in range(25) if card.a[c] == "G"]
        route = f"/game/{game.public_id}"
        phones.append(
            (SimulatedPhone(tokens[0], route), SimulatedPhone(tokens[1], route, False), agents)
        )
    before = [rss_mib(pid) for pid in pids]
    for a, b, _ in phones:
        await a.open(urls[0])
        await b.open(urls[1])
    await asyncio.sleep(3 + tables * 0.05)  # every screen drawn
    after = [rss_mib(pid) for pid in pids]
    latencies: list[float] = []
    errors: list[str] = []
    database_pids = postgres_pids()
    leave_autovacuum_nothing_to_do(database)
    transactions_before = await settled_transactions(database)
    cpu_before = [cpu_seconds(pids), cpu_seconds(database_pids), time.process_time()]
    started = time.monotonic()
    await asyncio.gather(
        *(
            play(n, a, b, agents, latencies=latencies, errors=errors)
            for n, (a, b, agents) in enumerate(phones)
        )
    )
    wall = time.monotonic() - started
    cpu_after = [cpu_seconds(pids), cpu_seconds(database_pids), time.process_time()]
    busy = [(after - before) / wall for before, after in zip(cpu_before, cpu_after, strict=True)]
    moved = await settled_transactions(database) - transactions_before
    for a, b, _ in phones:
        errors += a.errors + b.errors
        await a.close()
        await b.close()
    store.close()
    ordered = sorted(latencies)
    return {
        "tables": tables,
        "actions": len(latencies),
        "p50": statistics.median(ordered) if ordered else float("nan"),
        "p95": ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan"),
        "errors": errors,
        "mib_per_phone": (sum(after) - sum(before)) / (2 * tables),
        # every transaction of a move, on both processes: the acting phone's, each watcher's
        "transactions": moved / len(latencies) if latencies else float("nan"),
        "cores": busy,  # cores kept busy: the two workers, PostgreSQL, this load generator
    }


def transactions(database: str) -> int:
    """The transactions PostgreSQL has counted in this database (committed or rolled back),
    asked from the server's maintenance database so that asking adds none to it."""
    engine = create_engine(make_url(database).set(database="postgres"))
    try:
        with engine.connect() as connection:
            name = make_url(database).database
            counted = connection.execute(
                text(
                    "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = :name"
                ),
                {"name": name},
            ).scalar_one()
    finally:
        engine.dispose()
    return int(counted)


def leave_autovacuum_nothing_to_do(database: str) -> None:
    """Vacuum and analyze the whole database, catalogs too (its owner may), before counting:
    a fresh schema leaves PostgreSQL's own catalogs over autovacuum's thresholds, and its
    visits, a transaction for each table, came inside the count (2.00 to 3.03 a move in
    four runs of the quick mode, each from `pg_stat_all_tables`' counts of autovacuums)."""
    engine = create_engine(database, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text("ANALYZE"))
            connection.execute(text("VACUUM"))  # after ANALYZE: what it rewrote is left clean
    finally:
        engine.dispose()


async def settled_transactions(database: str) -> int:
    """The count once every server process has reported its own: an idle backend that
    reported less than a second before waits 10 s to report again (PostgreSQL 15's
    PGSTAT_IDLE_INTERVAL), so the count is read after 11 s of quiet, until it stops moving."""
    await asyncio.sleep(STATISTICS_DELAY)
    last = transactions(database)
    for _ in range(10):
        await asyncio.sleep(1.0)
        now = transactions(database)
        if now == last:
            break
        last = now
    return last


def until_healthy(port: int, server: subprocess.Popen[bytes], patience: float = 300) -> None:
    """Back once the server on this port answers its health check: a busy machine starts it
    in its own time (a fixed wait of 8 s was refused connections under load)."""
    deadline = time.monotonic() + patience
    while server.poll() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gadget serve on port {port} did not answer its health check")


def main() -> None:
    database = empty_postgres()
    Store(database).close()  # migrated once, before the workers start
    gadget = Path(sys.executable).with_name("gadget")
    ports = [_free_port(), _free_port()]
    workers = [
        subprocess.Popen(
            [str(gadget), "serve", "--host", "127.0.0.1", "--port", str(port)],
            env={**os.environ, "GADGET_DATABASE_URL": database},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    for port, worker in zip(ports, workers, strict=True):
        until_healthy(port, worker)
    urls = [f"ws://127.0.0.1:{port}" for port in ports]
    try:
        print(f"{'tables':>6} {'phones':>6} {'actions':>7} {'p50 ms':>7} {'p95 ms':>7}"
              f" {'errors':>6} {'tx/move':>7} {'MiB/phone':>9}"
              "  cores: workers, database, load")  # fmt: skip
        for tables in TABLES:
            result = asyncio.run(round_of(tables, urls, [w.pid for w in workers], database))
            print(f"{tables:6} {2 * tables:6} {result['actions']:7}"
                  f" {result['p50'] * 1000:7.0f} {result['p95'] * 1000:7.0f}"
                  f" {len(result['errors']):6} {result['transactions']:7.2f}"
                  f" {result['mib_per_phone']:9.2f}  "
                  + ", ".join(f"{c:.2f}" for c in result["cores"]), flush=True)  # fmt: skip
            for error in result["errors"][:5]:
                print(f"    {error}")
    finally:
        for worker in workers:
            stop(worker)


if __name__ == "__main__":
    main()
