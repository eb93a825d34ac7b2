"""The real `gadget serve`, killed with SIGKILL at the worst moments of a phone's action: in
the middle of its write, and between its commit and its notice; then restarted on the same
port. Nothing a phone was told was saved is lost, and both phones (and the database) agree
on the game afterwards: on SQLite (one process, both phones) and on PostgreSQL (phone A's
process killed, phone B on another). Also: a process whose LISTEN connection is cut while
the partner acts still shows that action, without waiting for the next one."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from gadget.engine import Guess, Player, seat_index
from gadget.services import games
from gadget.store import Store
from tests.browsers import (
    GAME_ADDRESS,
    Browser,
    Page,
    PlaywrightTimeout,
    _cell,
    _give_clue,
    _grid,
    _phone,
    _require_browser,
)
from tests.conftest import empty_postgres
from tests.processes import _free_port, holds_port, noted_start

pytestmark = pytest.mark.browser
PAUSING_SERVER = Path(__file__).with_name("pausing_server.py")
FOUND = re.compile(r"^row (\d) column (\d): .*agent found")


@dataclass
class Server:
    """One `gadget serve` process (the pausing helper around the real command), which the
    test kills and starts again on the same port; `startup` is its measured start."""

    database: str
    folder: Path
    port: int = field(default_factory=_free_port)
    process: subprocess.Popen[bytes] | None = None
    startup: float = 0.0

    @property
    def url(self) -> str:
        """The address the phones open (the same after a restart: they reconnect)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def armed(self) -> Path:
        """The file that arms a pause ("write" or "notice"), read by tests/pausing_server.py."""
        return self.folder / "pause"

    @property
    def paused(self) -> Path:
        """The file the server makes once it stands still at the armed point."""
        return self.folder / "pause.paused"

    def start(self) -> None:
        """Start it and wait until it listens; the wait is measured (every time limit of the
        test is a multiple of the slowest start, so a busy machine is given more)."""
        self.folder.mkdir(exist_ok=True)
        command = [sys.executable, str(PAUSING_SERVER), "serve", "--host", "127.0.0.1"]
        started = time.monotonic()
        with (self.folder / "server.log").open("ab") as log:  # each start after the last
            self.process = subprocess.Popen(
                [*command, "--port", str(self.port)],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={
                    **os.environ,
                    "FLET_FORCE_WEB_SERVER": "true",
                    "GADGET_DATABASE_URL": self.database,
                    "FLET_APP_STORAGE_DATA": str(self.folder),
                    "GADGET_TEST_PAUSE_FILE": str(self.armed),
                },
                cwd=Path(__file__).parents[1],
            )
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"gadget serve stopped (exit {self.process.returncode})")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    pass
                if holds_port(self.process.pid, self.port):  # not another worker's server
                    break
                raise OSError(f"another process answers on port {self.port}")
            except OSError:
                if time.monotonic() - started > 120:
                    pytest.fail(f"gadget serve did not listen on port {self.port} in 120 s")
                time.sleep(0.1)
        self.startup = max(self.startup, time.monotonic() - started)
        noted_start(self.startup)  # the phones' waits (tests/processes.py) grow with it

    def kill(self) -> None:
        """SIGKILL: no handler runs, no connection is closed politely."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """Stop it politely at the end of the test (killed if it does not stop)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@contextmanager
def _running(kind: str, folder: Path) -> Iterator[list[Server]]:
    """On SQLite one process for both phones; on PostgreSQL one for A and one for B."""
    _require_browser()
    if kind == "sqlite":
        started = [Server(f"sqlite:///{folder / 'gadget.db'}", folder / "only")]
    else:
        url = empty_postgres()
        Store(url).close()  # migrated once, before both start
        started = [Server(url, folder / "a"), Server(url, folder / "b")]
    try:
        for server in started:
            server.start()
        yield started
    finally:
        for server in started:
            server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def servers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[Server]]:
    with _running(request.param, tmp_path) as started:
        yield started


@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[list[Server]]:
    with _running("postgresql", tmp_path) as started:
        yield started


def _patience(servers: list[Server]) -> float:
    """How long anything may take: ten slowest start-ups, and never under 30 s."""
    return max(30.0, 10 * max(server.startup for server in servers))


def _see_within(phone: Page, words: str, patience: float) -> None:
    """Wait until the page says this, as long as the test's patience allows."""
    phone.get_by_text(words).first.wait_for(state="attached", timeout=patience * 1000)


def _found(phone: Page, player: Player) -> set[int]:
    """The cells (in A's frame) this phone shows as agents found."""
    cells = set()
    for label in phone.get_by_text(FOUND).all_inner_texts():
        matched = FOUND.match(label)
        assert matched is not None
        position = (int(matched[1]) - 1) * 5 + int(matched[2]) - 1
        cells.add(seat_index(player, position))  # the turn by 180 degrees is its own inverse
    return cells


def _until_found(phone: Page, player: Player, cells: set[int], patience: float) -> None:
    """Wait until this phone shows exactly these agents found (after a reconnection too)."""
    deadline = time.monotonic() + patience
    while (shown := _found(phone, player)) != cells:
        if time.monotonic() > deadline:
            pytest.fail(f"phone {player.value.upper()} shows {sorted(shown)}, not {sorted(cells)}")
        phone.wait_for_timeout(200)


def _touch_until(phone: Page, player: Player, cell: int, patience: float) -> None:
    """Touch a cell until the card shows it found: a tap made while the phone reconnects is
    lost, and a second tap on a found cell records nothing (it is no longer a button)."""
    deadline = time.monotonic() + patience
    while cell not in _found(phone, player):
        if time.monotonic() > deadline:
            pytest.fail(f"phone {player.value.upper()} never showed cell {cell} found")
        with suppress(PlaywrightTimeout):  # not a button now: being redrawn, or found
            _cell(phone, player, cell).click(timeout=1_000)
        phone.wait_for_timeout(500)


def _new_table(browser: Browser, servers: list[Server]) -> tuple[Page, Page, list[int]]:
    """A deals on the first process, B joins on the last; A's agents, read off A's card."""
    phone_a = _phone(browser, servers[0].url + "/")
    phone_a.get_by_role("button", name="New game", exact=True).click()
    phone_a.wait_for_url(GAME_ADDRESS, timeout=_patience(servers) * 1000)
    link = phone_a.get_by_text(re.compile(r"/join/")).first  # the QR code's link, in words
    link.wait_for(timeout=_patience(servers) * 1000)
    joining = link.inner_text()
    phone_b = _phone(browser, servers[-1].url + joining[joining.index("/join/") :])
    _see_within(phone_b, "Either player gives the next clue.", _patience(servers))
    agents = [cell for cell, colour in enumerate(_grid(phone_a)) if colour == "G"]
    assert len(agents) == 9
    return phone_a, phone_b, agents


def _saved_guesses(database: str, phone_a: Page) -> list[int]:
    """The touches the database holds for phone A's game, in order (a third reader)."""
    store = Store(database)
    try:
        game = games.game_by_public_id(store, phone_a.url.rsplit("/", 1)[1])
        assert game is not None
        return [action.cell for action in game.log.actions if isinstance(action, Guess)]
    finally:
        store.close()


@pytest.mark.parametrize("point", ["write", "notice"])
def test_a_server_killed_in_an_action_loses_nothing_told_and_both_phones_agree(
    servers: list[Server], browser: Browser, point: str
) -> None:
    patience = _patience(servers)
    phone_a, phone_b, agents = _new_table(browser, servers)
    _give_clue(phone_a, "salad")
    _see_within(phone_b, "A gave the clue: salad. You guess.", patience)
    _touch_until(phone_a, Player.A, agents[0], patience)  # told saved: A's card shows it
    _until_found(phone_b, Player.B, {agents[0]}, patience)

    servers[0].armed.write_text(point)
    _cell(phone_a, Player.A, agents[1]).click()  # once: this action meets the kill
    deadline = time.monotonic() + patience
    while not servers[0].paused.exists():
        assert time.monotonic() < deadline, f"the server never reached the {point} point"
        time.sleep(0.05)
    # On PostgreSQL a touch's save is its own transaction (docs/architecture.md): at the
    # write point it is committed already, as at the notice point. SQLite commits after.
    alone = servers[0].database.startswith("postgresql")
    lost = point == "write" and not alone
    saved = {agents[0]} if lost else {agents[0], agents[1]}
    if len(servers) > 1:  # B's process heard the commit itself: A's is stopped, told no one
        _until_found(phone_b, Player.B, saved, patience)
    servers[0].kill()
    servers[0].paused.unlink()
    servers[0].start()

    for phone, player in ((phone_b, Player.B), (phone_a, Player.A)):
        _until_found(phone, player, saved, patience)  # what was committed, on both phones
    assert _saved_guesses(servers[0].database, phone_a) == [agents[0], agents[1]][: len(saved)]

    again = agents[1] if lost else agents[2]  # the lost touch made again, or the next
    _touch_until(phone_a, Player.A, again, patience)  # through the restarted process
    for phone, player in ((phone_a, Player.A), (phone_b, Player.B)):
        _until_found(phone, player, saved | {again}, patience)
    assert set(_saved_guesses(servers[0].database, phone_a)) == saved | {again}


@pytest.fixture
def one_process(tmp_path: Path) -> Iterator[list[Server]]:
    with _running("sqlite", tmp_path) as started:
        yield started


def test_a_phone_left_on_its_first_screen_plays_on_after_a_restart(
    one_process: list[Server], browser: Browser
) -> None:
    """A phone that opened Home and touched nothing holds its storage service (its identity
    and language were read through it). The restarted process numbered its controls as the
    last had, its service took the same id, and the browser answered none of its questions:
    the phone stayed on "Gadget…" for good (control_ids.py). Only a real browser's client
    binds services: no in-process test can see it."""
    server = one_process[0]
    phone = _phone(browser, server.url + "/")
    new_game = phone.get_by_role("button", name="New game", exact=True)
    new_game.wait_for()
    server.kill()
    server.start()
    deadline = time.monotonic() + _patience(one_process)
    while not GAME_ADDRESS.search(phone.url):  # a tap while it reconnects is lost: again
        if time.monotonic() > deadline:
            shown = phone.locator("body").inner_text()
            pytest.fail(f"no new game after the restart; the phone shows {shown!r}")
        with suppress(PlaywrightTimeout):
            new_game.click(timeout=1_000)
        phone.wait_for_timeout(500)
    phone.get_by_text(re.compile(r"/join/")).first.wait_for(timeout=_patience(one_process) * 1000)


def _cut_every_listen(database: str, until: threading.Event, cuts: list[int]) -> None:
    """Terminate every LISTEN connection to this test's database (never another's), again
    and again, until told to stop: the server processes are deaf meanwhile."""
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            while not until.is_set():
                cut = connection.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                        " AND query LIKE 'LISTEN %'"
                    )
                ).all()
                connection.commit()
                cuts.append(len(cut))
                until.wait(0.002)
    finally:
        engine.dispose()


def test_a_process_deaf_while_the_partner_acts_still_shows_the_action(
    two_processes: list[Server], browser: Browser
) -> None:
    servers = two_processes
    patience = _patience(servers)
    phone_a, phone_b, agents = _new_table(browser, servers)
    _give_clue(phone_a, "salad")
    _see_within(phone_b, "A gave the clue: salad. You guess.", patience)

    stop_cutting, cuts = threading.Event(), []
    cutter = threading.Thread(
        target=_cut_every_listen, args=(servers[0].database, stop_cutting, cuts)
    )
    cutter.start()
    try:
        deadline = time.monotonic() + patience
        while sum(cuts) < 2:  # both processes' LISTEN connections are cut
            assert time.monotonic() < deadline, "no LISTEN connection was found to cut"
            time.sleep(0.01)
        _touch_until(phone_a, Player.A, agents[0], patience)  # saved while B's is deaf
    finally:
        stop_cutting.set()
        cutter.join()
    _until_found(phone_b, Player.B, {agents[0]}, patience)
