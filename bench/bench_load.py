"""Many tables at once, Gadget against its floor: simulated phones that speak Flet's own
protocol over WebSockets (bench/load_phones.py, not a browser each), on two server processes
sharing PostgreSQL; phone A of each table on one process and phone B on the other, so every
update crosses processes.

Two apps are served side by side, each on two processes of its own: `gadget serve`, and the
floor (bench/floor_load_app.py: a bare Flet app whose tap changes a text on the other
process through the same LISTEN/NOTIFY). Gadget's phone A gives a clue, then records its
partner's touches of agents; the floor's taps its button; one action every few seconds, each
timed from A's tap leaving to B's screen update arriving. For each app and round: p50/p95,
errors, CPU a move on each process, memory a phone, and (Gadget) transactions a move.

First, on processes just started, `GADGET_BENCH_COLD` tables join at once (a restart: every
phone coming back) and play at once; then the ladder of `GADGET_BENCH_TABLES`, each app
climbing until its p95 passes 250 ms. Last, the ratios (issue 36): CPU a move, Gadget's over
the floor's, in the same run (target at most 2); the most tables under 250 ms (at least 0.5);
cold p95 over steady p95 at the same tables (at most 1.5). `GADGET_BENCH_BUSY=1` keeps both
cores busy (bench/busy.py) throughout.

Needs GADGET_TEST_POSTGRES_URL (an empty database is made in it). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.busy import busy_cores  # noqa: E402
from bench.load_phones import (  # noqa: E402
    SimulatedPhone,
    Target,
    cpu_seconds,
    play,
    postgres_pids,
    rss_mib,
    until_healthy,
)
from gadget.engine import Player  # noqa: E402
from gadget.services.phones import new_phone_token, phone_from_token  # noqa: E402
from gadget.services.table import Table  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.conftest import empty_postgres  # noqa: E402
from tests.processes import _free_port, stop  # noqa: E402

TABLES = tuple(
    int(n) for n in os.environ.get("GADGET_BENCH_TABLES", "10,50,100,200,400").split(",")
)
COLD = int(os.environ.get("GADGET_BENCH_COLD", "100"))  # tables joining at once; 0: none
BUSY = os.environ.get("GADGET_BENCH_BUSY") == "1"
ACTIONS = 10  # a clue, then nine touches of agents (the floor: ten taps)
# Seconds between one table's actions, on average (a quick run, which judges only that every
# figure is there, takes less: GADGET_BENCH_INTERVAL).
INTERVAL = float(os.environ.get("GADGET_BENCH_INTERVAL", "3.0"))
STATISTICS_DELAY = 11.0  # s of quiet before PostgreSQL's count of transactions is complete
TARGET_P95 = 0.250  # s: a table "holds" at this many tables while its p95 stays under it


@dataclass
class Served:
    """One app on its two processes: A's phones on the first, B's on the second."""

    name: str
    workers: list[subprocess.Popen[bytes]]
    urls: list[str]
    rounds: list[dict[str, Any]] = field(default_factory=list)
    climbing: bool = True  # until a round of the ladder misses the target


def start(name: str, database: str) -> Served:
    """Two processes of the app, each answering its health check."""
    ports = [_free_port(), _free_port()]
    if name == "gadget":
        command = [str(Path(sys.executable).with_name("gadget")), "serve", "--host", "127.0.0.1"]
        commands = [[*command, "--port", str(port)] for port in ports]
    else:
        floor = str(ROOT / "bench" / "floor_load_app.py")
        commands = [[sys.executable, floor, str(port)] for port in ports]
    workers = [
        subprocess.Popen(
            command,
            env={**os.environ, "GADGET_DATABASE_URL": database},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for command in commands
    ]
    for port, worker in zip(ports, workers, strict=True):
        until_healthy(port, worker)
    return Served(name, workers, [f"ws://127.0.0.1:{port}" for port in ports])


def gadget_tables(count: int, database: str) -> list[tuple[SimulatedPhone, SimulatedPhone, Target]]:
    """Dealt games, each with both seats taken: phone A gives a clue, then touches agents."""
    store = Store(database)
    table = Table(store)
    phones = []
    for number in range(count):
        tokens = [new_phone_token(), new_phone_token()]
        keys = [phone_from_token(t) for t in tokens]
        game = table.deal(seed=number, phone=keys[0])
        store.take_seat(game.id, Player.B, keys[1].key)  # type: ignore[union-attr]
        agents = [c for c in range(25) if game.log.card.a[c] == "G"]

        def target(phone: SimulatedPhone, step: int, agents: list[int] = agents) -> int | None:
            if step == 0:
                return phone.find("Button", content="Give clue")
            return phone.cell(agents[step - 1])

        route = f"/game/{game.public_id}"
        phones.append(
            (SimulatedPhone(tokens[0], route), SimulatedPhone(tokens[1], route, False), target)
        )
    store.close()
    return phones


def floor_tables(count: int) -> list[tuple[SimulatedPhone, SimulatedPhone, Target]]:
    """Tables of the floor: each phone A taps its one button."""

    def target(phone: SimulatedPhone, _step: int) -> int | None:
        return phone.find("Button", content="Tap")

    tables = []
    for number in range(count):
        route = f"/game/{number}"
        tables.append((SimulatedPhone("", route), SimulatedPhone("", route, False), target))
    return tables


async def round_of(served: Served, tables: int, database: str, *, cold: bool) -> dict[str, Any]:
    """One round: `tables` tables open (cold: all at once, playing at once), then play."""
    pids = [worker.pid for worker in served.workers]
    phones = gadget_tables(tables, database) if served.name == "gadget" else floor_tables(tables)
    before = [rss_mib(pid) for pid in pids]
    opened = [p for a, b, _ in phones for p in (a.open(served.urls[0]), b.open(served.urls[1]))]
    await asyncio.gather(*opened)
    if not cold:
        await asyncio.sleep(3 + tables * 0.05)  # every screen drawn
    counting = served.name == "gadget" and not cold  # the floor's is 2 a move, by its making
    if counting:
        leave_autovacuum_nothing_to_do(database)
        transactions_before = await settled_transactions(database)
    database_pids = postgres_pids()
    cpu_before = [cpu_seconds([pid]) for pid in pids] + [cpu_seconds(database_pids)]
    load_before, started = time.process_time(), time.monotonic()
    latencies: list[float] = []
    joins: list[float] = []
    errors: list[str] = []
    await asyncio.gather(
        *(
            play(
                n,
                a,
                b,
                target,
                actions=ACTIONS,
                interval=INTERVAL,
                latencies=latencies,
                errors=errors,
                joins=joins if cold else None,
            )
            for n, (a, b, target) in enumerate(phones)
        )
    )
    wall = time.monotonic() - started
    cpu = [
        after - earlier
        for earlier, after in zip(
            cpu_before,
            [cpu_seconds([pid]) for pid in pids] + [cpu_seconds(database_pids)],
            strict=True,
        )
    ]
    after = [rss_mib(pid) for pid in pids]
    moved = await settled_transactions(database) - transactions_before if counting else None
    for a, b, _ in phones:
        errors += a.errors + b.errors
        await a.close()
        await b.close()
    moves = len(latencies)
    return {
        "tables": tables,
        "cold": cold,
        "actions": moves,
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p95": percentile(latencies, 0.95),
        "join p95": percentile(joins, 0.95) if cold else float("nan"),
        "errors": errors,
        "mib_per_phone": (sum(after) - sum(before)) / (2 * tables),
        # every transaction of a move, on both processes: the acting phone's, each watcher's
        "transactions": moved / moves if moved is not None and moves else float("nan"),
        # CPU ms a move: process A (the acting phones'), B (the watching), both
        "cpu_ms": [1000 * c / moves if moves else float("nan") for c in (*cpu[:2], sum(cpu[:2]))],
        "cores": [
            cpu[0] / wall,
            cpu[1] / wall,
            cpu[2] / wall,
            (time.process_time() - load_before) / wall,
        ],
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


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


def shown(result: dict[str, Any], name: str) -> str:
    cpu = " ".join(f"{c:5.1f}" for c in result["cpu_ms"])
    cores = ", ".join(f"{c:.2f}" for c in result["cores"])
    kind = "cold" if result["cold"] else "warm"
    return (
        f"{name:>6} {kind:>4} {result['tables']:6} {2 * result['tables']:6} {result['actions']:7}"
        f" {result['p50'] * 1000:6.0f} {result['p95'] * 1000:6.0f} {len(result['errors']):6}"
        f" {result['transactions']:7.2f}  {cpu}  {result['mib_per_phone']:8.2f}"
        f" {result['join p95'] * 1000:7.0f}  {cores}"
    )


HEADER = (
    f"{'app':>6} {'kind':>4} {'tables':>6} {'phones':>6} {'actions':>7} {'p50 ms':>6}"
    f" {'p95 ms':>6} {'errors':>6} {'tx/move':>7}  CPU ms a move: A, B, both  MiB/phone"
    " join p95  cores: A, B, database, load"
)


def capacity(served: Served) -> str:
    """The most tables of the ladder at which p95 stayed under the target with no error
    ("+": the ladder's top, never missed)."""
    held = 0
    for result in (r for r in served.rounds if not r["cold"]):
        if result["errors"] or not result["p95"] < TARGET_P95:
            return str(held)
        held = result["tables"]
    return f"{held}+"


def ratios(floor: Served, gadget: Served) -> list[str]:
    """Gadget's figures over the floor's, from this run alone (issue 36's targets)."""
    lines = ["Gadget over its floor, this run" + (" (both cores busy)" if BUSY else " (idle)")]
    floors = {r["tables"]: r for r in floor.rounds if not r["cold"]}
    for mine in (r for r in gadget.rounds if not r["cold"] and r["tables"] in floors):
        g, f = mine["cpu_ms"][2], floors[mine["tables"]]["cpu_ms"][2]
        lines.append(
            f"  CPU a move at {mine['tables']} tables: {g:.1f} ms against {f:.1f} ms:"
            f" {g / f:.2f}x (target at most 2)"
        )
    held = [capacity(floor), capacity(gadget)]
    share = int(held[1].rstrip("+")) / max(1, int(held[0].rstrip("+")))
    lines.append(
        f"  tables with p95 under {TARGET_P95 * 1000:.0f} ms: {held[1]} against {held[0]}:"
        f" {share:.2f} (target at least 0.5)"
    )
    for served in (floor, gadget):
        cold = [r for r in served.rounds if r["cold"]]
        warm = [r for r in served.rounds if not r["cold"] and cold and r["tables"] == COLD]
        if cold and warm:
            lines.append(
                f"  {served.name}: {COLD} tables joining at once: p95 {cold[0]['p95'] * 1000:.0f}"
                f" ms against {warm[0]['p95'] * 1000:.0f} ms warm:"
                f" {cold[0]['p95'] / warm[0]['p95']:.2f}x (target at most 1.5);"
                f" each table's screens in {cold[0]['join p95'] * 1000:.0f} ms (p95)"
            )
    return lines


def main() -> None:
    database = empty_postgres()
    Store(database).close()  # migrated once, before the workers start
    apps: list[Served] = []
    try:
        apps += [start("floor", database), start("gadget", database)]
        with busy_cores(2) if BUSY else contextlib.nullcontext():
            print(HEADER, flush=True)
            for served in apps if COLD else ():  # first, on processes just started
                served.rounds.append(asyncio.run(round_of(served, COLD, database, cold=True)))
                print(shown(served.rounds[-1], served.name), flush=True)
            for tables in TABLES:
                for served in (s for s in apps if s.climbing):
                    result = asyncio.run(round_of(served, tables, database, cold=False))
                    served.rounds.append(result)
                    served.climbing = not result["errors"] and result["p95"] < TARGET_P95
                    print(shown(result, served.name), flush=True)
                    for error in result["errors"][:5]:
                        print(f"    {error}")
            print("\n".join(ratios(*apps)), flush=True)
    finally:
        for served in apps:
            for worker in served.workers:
                stop(worker)


if __name__ == "__main__":
    main()
