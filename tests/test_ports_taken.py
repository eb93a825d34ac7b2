"""A free port chosen for a server can be taken by another test worker's server before ours
binds it: CI's benchmark then played its phones against another worker's server, which
answered the health check, and failed every move ("no update on B"). A wait on a server now
asks that the process started is the one listening, and a start chooses another port."""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.load_phones import until_healthy
from tests import processes
from tests.processes import PortTakenError, _start_server, stop, until_listening
from tests.test_bench_load import SLOW_SERVER

pytestmark = pytest.mark.process


class _Healthy(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def impostor() -> Iterator[int]:
    """Another server, answering every health check, on a port of its own: its number."""
    server = http.server.HTTPServer(("127.0.0.1", 0), _Healthy)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    yield int(server.server_address[1])
    server.shutdown()
    server.server_close()


def _ours_on(port: int) -> subprocess.Popen[bytes]:
    """A server that takes half a second to start, then cannot bind the port and ends."""
    return subprocess.Popen(
        [sys.executable, "-c", SLOW_SERVER, str(port), "0.5"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_the_bench_does_not_take_another_servers_health_check_for_its_own(impostor: int) -> None:
    ours = _ours_on(impostor)
    try:
        with pytest.raises(PortTakenError):
            until_healthy(impostor, ours)
    finally:
        ours.kill()
        ours.wait(timeout=30)


def test_a_test_does_not_take_another_servers_listening_for_its_own(impostor: int) -> None:
    ours = _ours_on(impostor)
    with pytest.raises(PortTakenError):
        until_listening(ours, impostor, "the slow server")
    assert ours.poll() is not None


def test_a_gadget_server_whose_port_was_taken_starts_on_another(
    impostor: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = iter([impostor])
    free = processes._free_port
    monkeypatch.setattr(processes, "_free_port", lambda: next(chosen, None) or free())
    server, address = _start_server(tmp_path / "gadget.db")
    try:
        assert not address.endswith(f":{impostor}")
        assert processes.holds_port(server.pid, int(address.rsplit(":", 1)[1]))
    finally:
        stop(server)
