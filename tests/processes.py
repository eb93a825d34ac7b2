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


def _start_server(
    database: Path, port: int = 0, *options: str
) -> tuple[subprocess.Popen[bytes], str]:
    """`gadget serve` on a loopback port (a free one unless given), once it listens; its
    data folder (where --tls keeps its certificate) beside the database."""
    port = port or _free_port()
    gadget = Path(sys.executable).with_name("gadget")
    process = subprocess.Popen(
        [str(gadget), "serve", "--host", "127.0.0.1", "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={
            **os.environ,
            "FLET_FORCE_WEB_SERVER": "true",
            "GADGET_DATABASE_URL": f"sqlite:///{database}",
            "FLET_APP_STORAGE_DATA": str(database.parent),
        },
    )
    until_listening(process, port, "gadget serve")
    return process, f"{'https' if '--tls' in options else 'http'}://127.0.0.1:{port}"


def until_listening(process: subprocess.Popen[bytes], port: int, what: str) -> None:
    """Back once the process listens on this loopback port (its start counts toward every
    wait's patience); it is killed, and the test fails, if it ends or takes two minutes."""
    started = time.monotonic()
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                noted_start(time.monotonic() - started)
                return
        except OSError:
            if process.poll() is not None or time.monotonic() - started > 120:
                process.kill()
                pytest.fail(f"{what} did not listen on port {port}")
            time.sleep(0.1)
