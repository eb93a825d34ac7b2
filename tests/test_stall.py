"""No phone stalls the tables of a served process: each attack an outsider measured, against
a real `gadget serve` on a free loopback port (bench_stall's server and health probe, each
attacking phone in a process of its own, as bench/stall_attacks.py runs them), judged by how
quickly /healthz answers meanwhile against a baseline measured first, with a wide margin."""

from __future__ import annotations

import asyncio
import json
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest
import websockets
from starlette.testclient import TestClient

from bench.bench_stall import Server, health, serve
from bench.load_phones import SimulatedPhone
from bench.stall_attacks import PATIENCE, attack
from gadget.serve.server import asgi_app
from gadget.services import attempts
from gadget.services.history import load_history
from gadget.services.phones import new_phone_token
from gadget.services.table import Table
from gadget.services.worker import READ_AT_ONCE, team_history
from gadget.store import Store
from tests.games import ASSASSIN_ACTIONS, log_of

# Two tests here run in-process (the worker's history, FastAPI's pages): the others carry
# the process marker each.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`"),
]
CLOSED = re.compile(r"closed by the server at [\d.]+ s: 1008 'too many messages'")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Server, float]]:
    """A served process, and how long it took to start (the measure of this machine now)."""
    started = time.monotonic()
    served = serve(tmp_path)
    yield served, time.monotonic() - started
    served.process.terminate()
    served.process.wait(timeout=30)


async def _baseline(server: Server) -> float:
    """/healthz's median answer on this machine now, nothing else going on."""
    samples = [await health(server) or PATIENCE for _ in range(20)]
    return statistics.median(samples)


async def _probed(server: Server, how: list[str]) -> tuple[str, list[float]]:
    """Run an attack (from a process of its own) while /healthz is asked every 0.1 s; the
    attacker's own account, and every answer's time (one that never came counts 10 s)."""
    samples: list[float] = []
    done = asyncio.Event()

    async def probe() -> None:
        while not done.is_set():
            samples.append(await health(server) or PATIENCE)
            await asyncio.sleep(0.1)

    prober = asyncio.create_task(probe())
    said = await attack(server.port, how)
    done.set()
    await prober
    return said, samples


def _quick_enough(samples: list[float], baseline: float) -> bool:
    """Nine answers in ten as quick as a second, or twenty times the quiet baseline on a
    busy machine (the flood once held them for 12.9 s)."""
    assert samples, "no answer was even asked for"
    return sorted(samples)[int(0.9 * (len(samples) - 1))] < max(1.0, 20 * baseline)


@pytest.mark.process
@pytest.mark.parametrize(
    "how",
    [
        ["clicks", "--count", "5000"],  # taps on made-up control ids, sent at once
        ["routes", "--count", "60000"],  # route changes, sent at once
        ["clicks", "--seconds", "20"],  # taps for 20 s, as fast as the connection takes them
    ],
    ids=["clicks", "routes", "flood"],
)
def test_a_flood_is_closed_with_its_reason_and_the_health_check_answers_meanwhile(
    server: tuple[Server, float], how: list[str]
) -> None:
    served, start_up = server
    baseline = asyncio.run(_baseline(served))
    linger = str(max(30.0, 10 * start_up))  # for the server to close the flood
    said, samples = asyncio.run(_probed(served, [*how, "--linger", linger]))
    assert CLOSED.search(said), said
    assert _quick_enough(samples, baseline), (said, sorted(samples)[-5:], baseline)


@pytest.mark.process
def test_a_message_flet_would_take_seconds_to_unpack_is_refused_at_once(
    server: tuple[Server, float],
) -> None:
    """Four messages as long as a phone may send, each two million empty arrays, sent at
    once: Flet built the lists of each in 1.7 s of the shared loop, /healthz waited 7 s, and
    the phone stayed open (an outsider's); now the first closes it."""
    served, start_up = server
    baseline = asyncio.run(_baseline(served))
    linger = str(max(30.0, 10 * start_up))
    said, samples = asyncio.run(_probed(served, ["bombs", "--count", "4", "--linger", linger]))
    assert re.search(r"closed by the server at [\d.]+ s: 1008 'a message the app cannot", said)
    assert _quick_enough(samples, baseline), (said, sorted(samples)[-5:], baseline)


@pytest.mark.process
def test_importing_the_largest_backup_never_holds_the_health_check(
    server: tuple[Server, float],
) -> None:
    served, _ = server
    baseline = asyncio.run(_baseline(served))
    said, samples = asyncio.run(_probed(served, ["backup", "--times", "1"]))
    took = re.search(r"1 imports of ([\d,]+) games .*, each ([\d.]+) s", said)
    assert took, said
    assert int(took[1].replace(",", "")) > 2_500  # the outsider's 1 MiB of short games
    # On the shared loop the import held every answer for as long as it took; off it, none
    # waits a third of that (nor half a second on a quick machine).
    longest = max(samples)
    assert longest < max(0.5, float(took[2]) / 3, 20 * baseline), (said, longest, baseline)


async def _leave_while_the_server_sends(server: Server, after: float, abruptly: bool) -> None:
    """A phone opens the app, changes screens again and again, and leaves `after` seconds
    later, while the server is still sending it the screens."""
    phone = SimulatedPhone(new_phone_token(), "/", acts=False)
    await phone.open(server.ws)
    await asyncio.wait_for(phone.updated.wait(), PATIENCE)
    for number in range(60):
        route = ("/paper", "/settings")[number % 2]
        change = [3, {"target": 1, "name": "route_change", "data": {"route": route}}]
        await phone.socket.send(b"\x00" + msgpack.packb(change))
    await asyncio.sleep(after)
    if abruptly:
        phone.socket.transport.abort()  # the phone's network is gone: no goodbye
    await phone.close()


@pytest.mark.process
def test_a_phone_that_leaves_logs_nothing_at_error_level(server: tuple[Server, float]) -> None:
    served, start_up = server
    for after in (0.0, 0.02, 0.05, 0.1, 0.2):
        for abruptly in (False, True):
            asyncio.run(_leave_while_the_server_sends(served, after, abruptly))
    time.sleep(1.0)  # what the server was still sending them has been tried
    served.process.terminate()  # the log is whole once the process has finished
    served.process.wait(timeout=max(30.0, 10 * start_up))
    log = served.log.read_text()
    assert "Finished server process" in log, log[-2000:]
    assert "ERROR" not in log and "Traceback" not in log, log[-3000:]


async def _gone_before_registering(server: Server) -> None:
    """Phones that open Flet's socket and, before their page registers, leave, send what
    Flet cannot read, or lose their network."""
    for _ in range(10):
        socket = await websockets.connect(server.ws + "/ws")
        await socket.close()
        socket = await websockets.connect(server.ws + "/ws")
        await socket.send(b"\x00\xc1")
        await asyncio.wait_for(socket.wait_closed(), PATIENCE)  # closed by the server
        socket = await websockets.connect(server.ws + "/ws")
        socket.transport.abort()


@pytest.mark.process
def test_connections_gone_before_registering_leave_nothing_running(
    server: tuple[Server, float],
) -> None:
    """Flet's handler for each waited for good, a task with it: the server's stop cancelled
    them after its 5 s grace (60 such connections: a stop of 5.3 s, 80 tracebacks logged)."""
    served, start_up = server
    asyncio.run(_gone_before_registering(served))
    time.sleep(1.0)  # what the server does for them has been done
    served.process.terminate()
    served.process.wait(timeout=max(30.0, 10 * start_up))
    log = served.log.read_text()
    assert "Finished server process" in log, log[-2000:]
    assert "Traceback" not in log and "Cancel" not in log, log[-3000:]


def test_a_long_history_is_read_in_the_worker_and_comes_back_but_for_its_logs(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    team = store.add_team("Owls", [])
    for _ in range(READ_AT_ONCE + 1):
        attempts.record_finished_game(
            store, log_of(ASSASSIN_ACTIONS), team_id=team.id, mission_id=None
        )
    here = load_history(store, team)
    there = asyncio.run(team_history(store, team))
    assert store.count_attempts(team.id) == len(there.attempts) == READ_AT_ONCE + 1
    assert all(a.log is None for a in there.attempts)  # never shown: never sent back
    assert [replace(a, log=None) for a in here.attempts] == list(there.attempts)
    assert (there.names, there.charts) == (here.names, here.charts)
    store.close()


def test_fastapis_own_pages_are_not_served(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    with TestClient(asgi_app(Table(store))) as client:
        assert client.get("/healthz").status_code == 200
        assert client.get("/missing.json").status_code == 404  # any file that is not there
        for path in ("/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"):
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert b"swagger" not in answer.content.lower() and b"openapi" not in answer.content
    store.close()


@pytest.mark.process
def test_the_bench_of_these_attacks_runs_in_quick_mode() -> None:
    """`make bench` runs bench/bench_stall.py whole; this keeps it from rotting."""
    bench = Path(__file__).resolve().parents[1] / "bench" / "bench_stall.py"
    command = [sys.executable, str(bench), "--quick"]
    ran = subprocess.run(command, check=False, capture_output=True, text=True, timeout=900)
    assert ran.returncode == 0, ran.stderr[-3000:]
    table = ran.stdout.split("\nload ", 1)[-1]
    for attack_name in ("none", "backup", "clicks", "routes", "flood"):
        assert re.search(rf"^idle\s+{attack_name}\s+\d+/\d+/\d+\s+\d+/\d+/\d+", table, re.M), table
    assert "1008 'too many messages'" in table, table
    rows = [json.loads(line) for line in ran.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == 5, ran.stdout
    for row in rows:  # the other table plays through every attack: a clue, then its agents
        assert row["updates_during_attack"] >= 3 and not row["errors"], row
    assert "server log: 0 error lines" in ran.stdout, ran.stdout[-2000:]
