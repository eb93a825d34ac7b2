"""Many tables at once, Gadget against its floor: simulated phones that speak Flet's own
protocol over WebSockets (bench/load_phones.py, not a browser each), on two server processes
sharing PostgreSQL; phone A of each table on one process and phone B on the other, so every
update crosses processes.

Two apps are served side by side, each on two processes of its own: `gadget serve`, and the
floor (bench/floor_load_app.py: a bare Flet app whose tap changes a text on the other
process through the same LISTEN/NOTIFY). Beside them, `GADGET_BENCH_SCREENS` (all three
unless told): Gadget's screen in bare Flet, a card and two lines that a tap changes as a
touch does, drawn whole, by its parts, or control by control (bench/floor_screens.py), each
on the floor's two processes: what the shape of an update costs in Flet, before Gadget.
Gadget's phone A gives a clue, then records its partner's touches of agents; the floors'
tap their button; one action every few seconds, each timed from A's tap leaving to B's
screen update arriving. For each app and round: p50/p95,
errors, CPU a move on each process, memory a phone, and (Gadget) transactions a move.

First, on processes just started, `GADGET_BENCH_COLD` tables join at once (a restart: every
phone coming back) and play at their pace as soon as their screens are up; then the ladder
of `GADGET_BENCH_TABLES`, each app climbing until its p95 passes 250 ms;
`GADGET_BENCH_ROUNDS` plays each rung that many times, the apps in turn, and each figure
below is the rounds' median; `GADGET_BENCH_RESTARTS` plays the cold round that many times,
both apps started anew before each, and its figure is the median. Last, the ratios (issue
36): CPU a move, Gadget's over the floor's, in the same run (target at most 2); the most
tables under 250 ms (at least 0.5); cold p95 over steady p95 at the same tables (at most
1.5); and the cold round's wait for the screens, Gadget's over the floor's (no target: what
the restart costs the phones coming back).
`GADGET_BENCH_BUSY=1` keeps both cores busy (bench/busy.py) throughout.

Needs GADGET_TEST_POSTGRES_URL (an empty database is made in it). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.busy import busy_cores  # noqa: E402
from bench.load_figures import (  # noqa: E402
    HEADER,
    TARGET_P95,
    Served,
    over_the_floor,
    percentile,
    ratios,
    read_settings,
    shown,
)
from bench.load_phones import (  # noqa: E402
    JOIN_PATIENCE,
    PortTakenError,
    SimulatedPhone,
    Target,
    cpu_seconds,
    database_cpu_seconds,
    play,
    postmaster_of,
    rss_mib,
    until,
    until_healthy,
)
from gadget.engine import Player  # noqa: E402
from gadget.serve.collector import STEP_SECONDS  # noqa: E402
from gadget.services.phones import new_phone_token, phone_from_token  # noqa: E402
from gadget.services.table import Table  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.conftest import empty_postgres  # noqa: E402
from tests.processes import _free_port, stop  # noqa: E402

ACTIONS = 10  # a clue, then nine touches of agents (the floor: ten taps)
# s for a rung's screens, all opened at once: 400 tables are four times the 100 whose joins
# were measured (p95 7.7 s, both cores busy), each with JOIN_PATIENCE's own margin.
DRAWN_PATIENCE = 4 * JOIN_PATIENCE
# s after the last screen is drawn: what the joins left on the loop is done, and Gadget's
# collector has scanned the heap they grew (at its second step after them, STEP_SECONDS
# apart: that scan, 0.2 s a process at 100 tables, is the joins' work, not the moves'), or
# taken it as scanned (the first growth after start-up: serve/collector.py).
QUIET = 2 * STEP_SECONDS + 1.0
STATISTICS_DELAY = 11.0  # s of quiet before PostgreSQL's count of transactions is complete


def start(name: str, database: str) -> Served:
    """Two processes of the app, each answering its health check (on ports chosen again if
    another process takes one first)."""
    attempts = 0
    while True:
        attempts += 1
        try:
            return _started(name, database)
        except PortTakenError as taken:
            if attempts == 3:
                raise SystemExit(f"{name}: port {taken} was taken by another process") from None


def _started(name: str, database: str) -> Served:
    """Two processes of the app on two ports free a moment ago, each answering."""
    ports = [_free_port(), _free_port()]
    if name == "gadget":
        command = [str(Path(sys.executable).with_name("gadget")), "serve", "--host", "127.0.0.1"]
        commands = [[*command, "--port", str(port)] for port in ports]
    else:  # the floor ("floor": a text), or Gadget's screen drawn one way
        floor = str(ROOT / "bench" / "floor_load_app.py")
        screen = "text" if name == "floor" else name
        commands = [[sys.executable, floor, str(port), screen] for port in ports]
    workers = [
        subprocess.Popen(
            command,
            env={**os.environ, "GADGET_DATABASE_URL": database},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for command in commands
    ]
    try:
        for port, worker in zip(ports, workers, strict=True):
            until_healthy(port, worker)
    except BaseException:  # one never answered: none is left behind (an outsider found one)
        for worker in workers:
            stop(worker)
        raise
    return Served(name, workers, [f"ws://127.0.0.1:{port}" for port in ports])


def renew(served: Served, database: str) -> None:
    """The app's two processes stopped and started anew: a restart, for another cold round."""
    for worker in served.workers:
        stop(worker)
    served.workers = []  # none left to stop if the new ones never answer
    again = start(served.name, database)
    served.workers, served.urls = again.workers, again.urls


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


# The floor's table numbers, new for every table of the run: a closed session lingers (Flet
# keeps it an hour), and its screen would be read again at each notice of a later round's
# table of the same number (an outsider measured the floor's moves growing dearer, 2.48 to
# 67 transactions a move, round after round). Gadget deals a new game for every table.
_FLOOR_TABLES = itertools.count()


def floor_tables(count: int) -> list[tuple[SimulatedPhone, SimulatedPhone, Target]]:
    """Tables of the floor, never one of an earlier round: each phone A taps its button."""

    def target(phone: SimulatedPhone, _step: int) -> int | None:
        return phone.find("Button", content="Tap")

    tables = []
    for number in itertools.islice(_FLOOR_TABLES, count):
        route = f"/game/{number}"
        tables.append((SimulatedPhone("", route), SimulatedPhone("", route, False), target))
    return tables


async def round_of(
    served: Served, tables: int, database: str, *, cold: bool, interval: float
) -> dict[str, Any]:
    """One round: `tables` tables open (cold: all at once, playing as they come), then play."""
    pids = [worker.pid for worker in served.workers]
    phones = gadget_tables(tables, database) if served.name == "gadget" else floor_tables(tables)
    before = [rss_mib(pid) for pid in pids]
    opened = [p for a, b, _ in phones for p in (a.open(served.urls[0]), b.open(served.urls[1]))]
    await asyncio.gather(*opened)
    if not cold:  # every screen drawn before the count starts: the joins are not a move's
        drawn = await until(
            lambda: all(b.updated.is_set() and target(a, 0) for a, b, target in phones),
            DRAWN_PATIENCE,
        )
        if not drawn:
            raise SystemExit(f"{served.name}: {tables} tables' screens not drawn in time")
        await asyncio.sleep(QUIET)
    counting = served.name == "gadget" and not cold  # the floor's is 2 a move, by its making
    if counting:
        leave_autovacuum_nothing_to_do(database)
        transactions_before = await settled_transactions(database)
    postmaster = database_server(database)
    cpu_before = [cpu_seconds([pid]) for pid in pids] + [database_cpu_seconds(postmaster)]
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
                interval=interval,
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
            [cpu_seconds([pid]) for pid in pids] + [database_cpu_seconds(postmaster)],
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


def database_server(database: str) -> int | None:
    """The main process of the PostgreSQL server of this database: a connection's backend's
    parent, read while it lives (None: the server is not on this machine)."""
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            return postmaster_of(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())
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


def main() -> None:
    settings = read_settings(os.environ)
    database = empty_postgres()
    Store(database).close()  # migrated once, before the workers start
    apps: list[Served] = []
    try:
        for name in ("floor", *settings.screens, "gadget"):
            apps.append(start(name, database))
        floor, *screens, gadget = apps
        with busy_cores(2) if settings.busy else contextlib.nullcontext():
            print(HEADER, flush=True)
            for restart in range(settings.restarts if settings.cold else 0):
                for served in (floor, gadget):  # first, just started
                    if restart:  # every phone comes back again, to processes started anew
                        renew(served, database)
                    result = round_of(
                        served, settings.cold, database, cold=True, interval=settings.interval
                    )
                    served.rounds.append(asyncio.run(result))
                    print(shown(served.rounds[-1], served.name), flush=True)
            for tables in settings.tables:
                for _turn in range(settings.rounds):  # the apps in turn, each round of a rung
                    for served in (s for s in apps if s.climbing):
                        played = round_of(
                            served, tables, database, cold=False, interval=settings.interval
                        )
                        result = asyncio.run(played)
                        served.rounds.append(result)
                        served.climbing = not result["errors"] and result["p95"] < TARGET_P95
                        print(shown(result, served.name), flush=True)
            print("\n".join(ratios(floor, gadget, settings)), flush=True)
            if screens:
                print("\n".join(over_the_floor(floor, [*screens, gadget])), flush=True)
    finally:
        for served in apps:
            for worker in served.workers:
                stop(worker)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the servers and busy cores were stopped on the way out
        raise SystemExit("bench_load: stopped (Ctrl-C); no figure of this run is kept") from None
