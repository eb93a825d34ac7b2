"""The worker process goes with the server process that started it: a server killed with no
shutdown (SIGKILL, out of memory, SIGTERM with no handler) left its worker running for good,
one more at each restart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

SERVER = """
import asyncio, os, sys
from gadget.services.worker import in_worker

async def main() -> None:
    print(await in_worker(os.getpid), flush=True)  # the worker's own process id
    await asyncio.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") < 0


def test_a_killed_server_takes_its_worker_with_it(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    assert worker != server.pid and _alive(worker)
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)
    deadline = time.monotonic() + 30  # it looks once a second; a busy machine is slower
    try:
        while _alive(worker):
            assert time.monotonic() < deadline, f"worker {worker} outlived its server"
            time.sleep(0.1)
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)  # never left behind by this test
