"""The deployment's topology without containers: PostgreSQL, two `gadget serve` processes,
and Caddy in front (`tls internal`) at a name. Phone A lands on one process and phone B on
the other, and they play live; a process killed mid-game (SIGKILL) loses nothing: both
phones carry on through the other, the timer still the same on both."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gadget.engine import KeyCard, Player, ShareCode
from tests.browsers import (
    GAME_ADDRESS,
    NAME,
    REQUIRED,
    Browser,
    Page,
    _give_clue,
    _grid,
    _phone,
    _require_browser,
    _see,
    _touch,
)
from tests.conftest import empty_postgres
from tests.processes import _free_port, holds_port, noted_start, patience_ms

pytestmark = pytest.mark.browser
CADDY = shutil.which("caddy")


@dataclass
class Topology:
    """Two server processes behind Caddy: the addresses phones open, and the processes."""

    https: str
    http: str
    workers: list[subprocess.Popen[bytes]]
    logs: list[Path]


def _listening(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    import socket  # noqa: PLC0415

    deadline = time.monotonic() + 120  # a start on a busy machine (measured: up to 33 s)
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{what} stopped (exit {process.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                if holds_port(process.pid, port):  # not another worker's server on it
                    return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"{what} did not listen on port {port}")


CADDYFILE = """{{
	admin off
	local_certs
	skip_install_trust
	storage file_system {storage}
	http_port {http}
	https_port {https}
	auto_https disable_redirects
}}
https://{name}:{https} {{
	tls internal
	@b header X-Phone b
	handle @b {{
		reverse_proxy 127.0.0.1:{second} 127.0.0.1:{first} {{
			lb_policy first
			lb_try_duration 10s
			fail_duration 30s
		}}
	}}
	handle {{
		reverse_proxy 127.0.0.1:{first} 127.0.0.1:{second} {{
			lb_policy first
			lb_try_duration 10s
			fail_duration 30s
		}}
	}}
}}
http://{name}:{http} {{
	reverse_proxy 127.0.0.1:{first} 127.0.0.1:{second}
}}
"""


@pytest.fixture
def topology(tmp_path: Path) -> Iterator[Topology]:
    _require_browser()
    if CADDY is None:
        message = "no caddy (apt-get install caddy; .ci/run does)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    url = empty_postgres()
    started: list[subprocess.Popen[bytes]] = []  # stopped whatever happens, even a failed start
    try:
        gadget = Path(sys.executable).with_name("gadget")
        ports = [_free_port(), _free_port()]
        begun = time.monotonic()
        workers, logs = [], []
        for index, port in enumerate(ports):
            log = tmp_path / f"worker-{index}.log"
            workers.append(
                subprocess.Popen(
                    [str(gadget), "serve", "--host", "127.0.0.1", "--port", str(port)],
                    stdout=log.open("wb"),
                    stderr=subprocess.STDOUT,
                    env={
                        **os.environ,
                        "GADGET_DATABASE_URL": url,
                        "GADGET_LOG_LEVEL": "info",  # uvicorn logs each WebSocket it accepts
                        "FLET_APP_STORAGE_DATA": str(tmp_path / f"data-{index}"),
                    },
                )
            )
            started.append(workers[-1])
            logs.append(log)
        for port, worker in zip(ports, workers, strict=True):
            _listening(port, worker, "gadget serve")
        noted_start(time.monotonic() - begun)  # the phones' waits grow with a slow start
        http, https = _free_port(), _free_port()
        caddyfile = tmp_path / "Caddyfile"
        caddyfile.write_text(
            CADDYFILE.format(
                storage=tmp_path / "caddy",
                http=http,
                https=https,
                name=NAME,
                first=ports[0],
                second=ports[1],
            )
        )
        caddy = subprocess.Popen(
            [str(CADDY), "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
            stdout=(tmp_path / "caddy.log").open("wb"),
            stderr=subprocess.STDOUT,
            env={**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "xdg")},
        )
        started.append(caddy)
        _listening(https, caddy, "caddy")
        yield Topology(f"https://{NAME}:{https}", f"http://{NAME}:{http}", workers, logs)
    finally:
        for process in started:
            if process.poll() is None:
                process.terminate()
        for process in started:  # Caddy may wait on a phone's open socket: 10 s, then it goes
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _through_caddy(browser: Browser, url: str, side: str) -> Page:
    """A phone through Caddy; B's requests carry a header Caddy routes to the other process."""
    return _phone(
        browser,
        url,
        (390, 844),
        rf"https?://{re.escape(NAME)}",
        ignore_https_errors=True,  # Caddy's own authority, which this phone was not given
        extra_http_headers={"X-Phone": side},
    )


def _accepted_sockets(log: Path) -> int:
    return log.read_text(errors="replace").count("[accepted]")


def _timer_seconds(page: Page) -> int:
    shown = page.get_by_text(re.compile(r"^\d+:\d\d for the")).first
    shown.wait_for(state="attached", timeout=10_000)
    minutes, seconds = shown.inner_text().split(" ")[0].split(":")
    return int(minutes) * 60 + int(seconds)


def test_phones_on_two_processes_play_a_whole_game_and_a_killed_process_loses_nothing(
    topology: Topology, named_browser: Browser
) -> None:
    phone_a = _through_caddy(named_browser, topology.https + "/", "a")
    assert phone_a.evaluate("window.isSecureContext") is True
    phone_a.get_by_role("button", name="New game", exact=True).click()
    phone_a.wait_for_url(GAME_ADDRESS, timeout=10_000)
    shown = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
    shown.wait_for(timeout=10_000)
    code = ShareCode.parse(shown.inner_text())
    card = KeyCard(_grid(phone_a), code.side_b)  # what phone A shows, and the code's side B
    phone_b = _through_caddy(named_browser, f"{topology.https}/join/{code.text}", "b")
    _see(phone_b, "Either player gives the next clue.")
    assert [_accepted_sockets(log) for log in topology.logs] == [1, 1]  # one phone each

    phone_a.get_by_role("button", name="Turn timer on", exact=True).click()
    # As a player does, the timer seen on before the clue is typed: a busy run typed into the
    # field the timer's redraw then replaced, and the clue was lost ('' sent, not 'salad').
    phone_a.get_by_role("button", name="Turn timer off", exact=True).wait_for(timeout=patience_ms())
    _give_clue(phone_a, "salad")
    _see(phone_b, "A gave the clue: salad. You guess.")  # across processes, live
    agents = [c for c in range(25) if card.a[c] == "G"]
    _touch(phone_a, Player.A, agents[0])
    _see(phone_b, "You found an agent.")

    topology.workers[0].send_signal(signal.SIGKILL)  # phone A's process, mid-game
    topology.workers[0].wait(timeout=10)
    _touch(phone_a, Player.A, agents[1], patience=60)  # A reconnects through the other
    _see(phone_b, "You found an agent.")
    covered = phone_a.get_by_text(re.compile(r": agent, agent found")).count()
    assert covered == 2  # both touches: the one before the kill is there
    difference = abs(_timer_seconds(phone_a) - _timer_seconds(phone_b))
    assert difference <= 2  # the timer still agrees: it lives in the database

    for cell in agents[2:]:  # the rest of the game, live through the surviving process
        _touch(phone_a, Player.A, cell)
    _see(phone_a, "B gives the next clue.")
    _give_clue(phone_b, "ocean")
    _see(phone_a, "B gave the clue: ocean. You guess.")
    for cell in (c for c in range(25) if card.b[c] == "G" and card.a[c] != "G"):
        _touch(phone_b, Player.B, cell)
    for phone in (phone_a, phone_b):
        _see(phone, "Won: all 15 agents found.")


def test_the_name_over_http_is_not_a_secure_context(
    topology: Topology, named_browser: Browser
) -> None:
    page = _through_caddy(named_browser, topology.http + "/", "a")
    assert page.evaluate("window.isSecureContext") is False
    _see(page, "This address starts with http://, not https://")
