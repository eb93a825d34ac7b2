"""The processes the tests start (servers, static hosts, benchmarks): a free port, a start
waited for, a stop, and the patience every wait on a phone takes from the slowest start."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

# Every `gadget serve` start measured in this run (s): each wait on a phone is a multiple of
# the slowest, so that a busy machine is given more time (never less than 30 s).
_STARTS: list[float] = [0.0]


def noted_start(seconds: float) -> None:
    """Count one measured start of a server toward every wait's patience."""
    _STARTS.append(seconds)


def patience_ms() -> float:
    """How long a phone may take to show anything (ms): ten slowest starts, at least 30 s."""
    return 1000 * max(30.0, 10 * max(_STARTS))


def stop(process: subprocess.Popen[Any]) -> None:
    """End a process a test started: asked first, killed if a busy machine keeps it longer
    than the run's patience (a fixed 10 s failed a run with both cores busy)."""
    process.terminate()
    try:
        process.wait(timeout=patience_ms() / 1000)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=patience_ms() / 1000)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PortTakenError(Exception):
    """The free port chosen for a process was taken by another before it bound it (another
    test worker's server): the caller may choose another."""


def _listening_sockets(port: int) -> set[str] | None:
    """The sockets listening on this port, as /proc/PID/fd names them; None where /proc does
    not tell (not Linux)."""
    sockets: set[str] = set()
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not any(table.exists() for table in tables):
        return None
    for table in tables:
        try:
            rows = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()  # sl, local address, remote address, state, ..., inode
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                sockets.add(f"socket:[{fields[9]}]")
    return sockets


def stat_fields(pid: int) -> list[str] | None:
    """A process's /proc stat fields after its name (None: it is gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _family(pid: int) -> set[int]:
    """The process and every process it started, and they started (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        fields = stat_fields(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None:  # (None: ended meanwhile)
            parents[int(entry.name)] = int(fields[1])
    family, grown = {pid}, True
    while grown:
        born = {child for child, parent in parents.items() if parent in family} - family
        family |= born
        grown = bool(born)
    return family


def holds_port(pid: int, port: int) -> bool:
    """Whether this process (or one it started) listens on the port: a server another test
    worker started on the same port answers too, and was taken for ours (a benchmark's
    phones were served by another worker's server and waited for changes that never came:
    CI failed so)."""
    sockets = _listening_sockets(port)
    if sockets is None:
        return True  # not Linux: the answer is taken as ours
    for member in _family(pid):
        try:
            descriptors = list(Path(f"/proc/{member}/fd").iterdir())
        except OSError:
            continue
        for descriptor in descriptors:
            try:
                if os.readlink(descriptor) in sockets:
                    return True
            except OSError:
                continue  # closed meanwhile
    return False


def _start_server(
    database: Path, port: int = 0, *options: str
) -> tuple[subprocess.Popen[bytes], str]:
    """`gadget serve` on a loopback port (a free one unless given: another is chosen if
    another process takes it first), once it listens; its data folder (where --tls keeps
    its certificate) beside the database."""
    gadget = Path(sys.executable).with_name("gadget")
    attempts = 0
    while True:
        attempts += 1
        chosen = port or _free_port()
        process = subprocess.Popen(
            [str(gadget), "serve", "--host", "127.0.0.1", "--port", str(chosen), *options],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={
                **os.environ,
                "FLET_FORCE_WEB_SERVER": "true",
                "GADGET_DATABASE_URL": f"sqlite:///{database}",
                "FLET_APP_STORAGE_DATA": str(database.parent),
            },
        )
        try:
            until_listening(process, chosen, "gadget serve")
        except PortTakenError:
            if port or attempts == 3:
                pytest.fail(f"gadget serve: port {chosen} was taken by another process")
            continue
        return process, f"{'https' if '--tls' in options else 'http'}://127.0.0.1:{chosen}"


def until_listening(process: subprocess.Popen[bytes], port: int, what: str) -> None:
    """Back once the process itself listens on this loopback port (its start counts toward
    every wait's patience); it is killed, and the test fails, if it ends or takes two
    minutes; PortTakenError if it ended while another process listens there."""
    started = time.monotonic()
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
            if holds_port(process.pid, port):
                noted_start(time.monotonic() - started)
                return
            raise OSError("another process answers on the port")
        except OSError:
            if process.poll() is not None or time.monotonic() - started > 120:
                process.kill()
                process.wait()
                if _listening_sockets(port):
                    raise PortTakenError(port) from None
                pytest.fail(f"{what} did not listen on port {port}")
            time.sleep(0.1)
