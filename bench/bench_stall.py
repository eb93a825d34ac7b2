"""No phone stalls the others: attacks on a live `gadget serve`, each from one phone, while
another table plays on the same process and a proxy asks /healthz.

The attacks (simulated phones speaking Flet's own protocol, as bench_load's):
- backup: the largest team backup the app accepts (1 MiB, about 2,700 short games), imported
  through the Teams screen again and again, each time under a new name;
- clicks: 5,000 taps on made-up control ids, sent at once;
- routes: 60,000 route changes, sent at once;
- flood: taps on made-up control ids, as fast as the connection takes them, for 20 s.
Under each, phone A of the other table acts (a clue, then touches) every 0.25 s and the time
until phone B's screen changes is measured; /healthz is asked every 0.1 s. Each attack runs
with the machine idle, then with every core kept busy by spinning processes.

Targets: the other table's p95 under 500 ms and /healthz's under 200 ms, under
every attack. `--quick`: smaller attacks, idle only, a few seconds each (tests/test_stall.py
runs it in `make test`). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.busy import busy_cores  # noqa: E402
from bench.load_figures import percentile  # noqa: E402
from bench.load_phones import SimulatedPhone, until  # noqa: E402
from bench.stall_attacks import PATIENCE, attack  # noqa: E402
from gadget.services.phones import new_phone_token, phone_from_token  # noqa: E402
from gadget.services.table import Table  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.processes import _free_port  # noqa: E402

AGENT = re.compile(r"^row \d column \d: agent$")


@dataclass
class Server:
    """`gadget serve` on a free loopback port, its log in a file."""

    process: subprocess.Popen[bytes]
    port: int
    database: str
    log: Path

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


def serve(folder: Path, *, patience: float = 60) -> Server:
    """Start the server and wait until it answers its health check."""
    port, gadget = _free_port(), str(Path(sys.executable).with_name("gadget"))
    database = f"sqlite:///{folder / 'gadget.db'}"
    log = folder / "server.log"
    process = subprocess.Popen(
        [gadget, "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=os.environ
        | {"GADGET_DATABASE_URL": database, "FLET_APP_STORAGE_DATA": str(folder)}
        | {"GADGET_LOG_LEVEL": "info"},
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
    )
    server = Server(process, port, database, log)
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if asyncio.run(health(server, 1.0)) is not None:
            return server
        if process.poll() is not None:
            break
        time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"gadget serve did not start: {log.read_text()[-2000:]}")


async def health(server: Server, patience: float = PATIENCE) -> float | None:
    """Seconds /healthz took to answer 200, or None if it did not."""
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", server.port), patience
        )
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
        answer = await asyncio.wait_for(reader.read(), patience)
        writer.close()
    except (OSError, TimeoutError):
        return None
    return time.perf_counter() - started if answer.startswith(b"HTTP/1.1 200") else None


@dataclass
class Watch:
    """What the other table and the health check saw while an attack ran."""

    updates: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)  # when each update came (perf_counter)
    attack: tuple[float, float] = (0.0, 0.0)  # when the attack began and ended
    health: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        began, ended = self.attack
        during = sum(began <= moment <= ended for moment in self.answered)
        return {"update": _spread(self.updates), "health": _spread(self.health),
                "updates_during_attack": during, "errors": self.errors[:3]}  # fmt: skip


def _spread(samples: list[float]) -> dict[str, Any]:
    ordered = sorted(samples)
    if not ordered:
        return {"n": 0}
    return {"n": len(ordered), "p50": round(statistics.median(ordered) * 1000),
            "p95": round(percentile(ordered, 0.95) * 1000),
            "max": round(ordered[-1] * 1000)}  # fmt: skip


async def other_table(server: Server, table: Table, watch: Watch, stop: asyncio.Event) -> None:
    """Phone A acts every 0.25 s (a clue, then its agents); B's next update is timed."""
    while not stop.is_set():
        tokens = [new_phone_token(), new_phone_token()]
        phones = [phone_from_token(t) for t in tokens]
        assert phones[0] is not None and phones[1] is not None
        game = table.deal(phone=phones[0])
        table.join(game.id, phones[1])
        route = f"/game/{game.public_id}"
        a, b = SimulatedPhone(tokens[0], route), SimulatedPhone(tokens[1], route, acts=False)
        await a.open(server.ws)
        await b.open(server.ws)
        touched: set[str] = set()
        for step in range(10):
            target = await until(lambda s=step, a=a, t=touched: _next_tap(a, s, t), PATIENCE)
            if target is None or stop.is_set():
                break
            b.updated.clear()
            started = time.perf_counter()
            await a.tap(target)
            try:
                await asyncio.wait_for(b.updated.wait(), PATIENCE)
                watch.updates.append(time.perf_counter() - started)
                watch.answered.append(time.perf_counter())
            except TimeoutError:
                watch.updates.append(PATIENCE)
                watch.errors.append(f"no update on B in {PATIENCE} s")
            await asyncio.sleep(0.25)
        watch.errors += a.errors + b.errors
        await a.close()
        await b.close()


def _next_tap(a: SimulatedPhone, step: int, touched: set[str]) -> int | None:
    """The clue button first, then a cell of one of A's agents not yet touched (a cell is
    made tappable by a patch the simulated phone does not keep: the server judges the tap)."""
    if step == 0:
        return a.find("Button", content="Give clue")
    for control in reversed(list(a.controls.values())):
        label = str(control.get("label", ""))
        inner = control.get("content")
        if AGENT.match(label) and label not in touched and isinstance(inner, dict):
            touched.add(label)
            return int(inner["_i"])
    return None


async def prober(server: Server, watch: Watch, stop: asyncio.Event) -> None:
    while not stop.is_set():
        took = await health(server)
        watch.health.append(PATIENCE if took is None else took)
        await asyncio.sleep(0.1)


# --- A round: one attack, watched -------------------------------------------------------------


async def watched(
    server: Server, table: Table, attack: Awaitable[str], before: float, after: float
) -> dict[str, Any]:
    """Run the attack with the other table and the health check going (`before` seconds
    ahead, as its phones open), and `after` seconds more."""
    watch, stop = Watch(), asyncio.Event()
    background = [asyncio.create_task(other_table(server, table, watch, stop)),
                  asyncio.create_task(prober(server, watch, stop))]  # fmt: skip
    await asyncio.sleep(before)  # the other table's phones open before the attack
    began = time.perf_counter()
    said = await attack
    watch.attack = (began, time.perf_counter())
    await asyncio.sleep(after)
    stop.set()
    await asyncio.wait_for(asyncio.gather(*background), 3 * PATIENCE)
    return {"attacker": said} | watch.report()


# Each attack as its child process is told it: what it does, how much, how long it waits.
ATTACKS: dict[str, list[str]] = {
    "none": ["pause", "--seconds", "10"],
    "backup": ["backup", "--times", "3"],
    "clicks": ["clicks", "--count", "5000"],
    "routes": ["routes", "--count", "60000"],
    "flood": ["clicks", "--seconds", "20"],
}
QUICK: dict[str, list[str]] = {
    "none": ["pause", "--seconds", "2"],
    "backup": ["backup", "--times", "1"],
    "clicks": ["clicks", "--count", "3000", "--linger", "2"],
    "routes": ["routes", "--count", "5000", "--linger", "2"],
    "flood": ["clicks", "--seconds", "3", "--linger", "20"],
}


def run(quick: bool, folder: Path) -> list[dict[str, Any]]:
    server = serve(folder)
    table = Table(Store(server.database))
    rows = []
    try:
        for load in ("idle",) if quick else ("idle", "busy"):
            with busy_cores(0 if load == "idle" else os.cpu_count() or 2):
                for name, how in (QUICK if quick else ATTACKS).items():
                    lasts = (0.5, 1.0) if quick else (1.0, 5.0)  # before and after it
                    result = asyncio.run(watched(server, table, attack(server.port, how), *lasts))
                    row = {"load": load, "attack": name} | result
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    finally:
        server.process.terminate()
        server.process.wait(timeout=15)
        table.store.close()
    served = server.log.read_text().split("Shutting down")[0]  # not uvicorn's own goodbye
    errors = [line for line in served.splitlines() if "ERROR" in line]
    print(f"server log: {len(errors)} error lines", *errors[:3], sep="\n  ")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small attacks, idle only")
    quick = parser.parse_args().quick
    with tempfile.TemporaryDirectory() as folder:
        rows = run(quick, Path(folder))
    print(f"\n{'load':5} {'attack':7} {'update ms p50/p95/max':>22} {'healthz ms p50/p95/max':>23}"
          "  attacker")  # fmt: skip
    for row in rows:
        update, probe = row["update"], row["health"]
        print(f"{row['load']:5} {row['attack']:7} {_three(update):>22} {_three(probe):>23}  "
              f"{row['attacker']}")  # fmt: skip


def _three(spread: dict[str, Any]) -> str:
    return "/".join(str(spread.get(k, "-")) for k in ("p50", "p95", "max"))


if __name__ == "__main__":
    main()
