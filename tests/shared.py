"""What the browser tests share: one `gadget serve`, one build of the static site and one
static host of it a run (a test worker's, under pytest-xdist), and one Chromium of each kind
for the browser tests that follow one another. Each test is kept apart from the others by
its own phones (browser contexts: their own storage, so their own seats and games) and by
team names of its own (a name is the server's), never by a server of its own."""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pytest

from tests.browsers import NAME, _require_browser, shared_chromium
from tests.processes import _free_port, _start_server, stop
from tests.test_browser_site import OFF_THIS_MACHINE, build_site, static_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser


class Served(NamedTuple):
    """The run's `gadget serve`: its address and its SQLite database."""

    url: str
    database: Path


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    _require_browser()
    database = tmp_path_factory.mktemp("served") / "gadget.db"
    process, url = _start_server(database)
    yield Served(url, database)
    stop(process)


@pytest.fixture(scope="session")
def server(served: Served) -> str:
    """The address of the run's `gadget serve`."""
    return served.url


@pytest.fixture
def browser() -> Browser:
    """Chromium that may ask only this machine (each phone's context refuses the rest)."""
    return shared_chromium()


@pytest.fixture
def named_browser() -> Browser:
    """Chromium that resolves gadget.test to this machine."""
    return shared_chromium(f"--host-resolver-rules=MAP {NAME} 127.0.0.1")


@pytest.fixture
def offline_browser() -> Browser:
    """Chromium to which every host but this machine's loopback address is unknown."""
    return shared_chromium(f"--host-resolver-rules={OFF_THIS_MACHINE}")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`make site` built once for the whole run, whatever the number of test workers: the
    first worker to need it builds it under a lock, the others wait and use it (tests copy
    it before they change it)."""
    shared = tmp_path_factory.getbasetemp()
    if shared.name.startswith("popen-gw"):  # pytest-xdist: one folder above the workers'
        shared = shared.parent
    out = shared / "site-built" / "site"
    out.parent.mkdir(exist_ok=True)
    with (out.parent / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "index.html").exists():
            shutil.rmtree(out, ignore_errors=True)  # a build that failed half way
            built = build_site(out)
            assert "built" in built.stdout
        fcntl.flock(lock, fcntl.LOCK_UN)
    return out


@pytest.fixture(scope="session")
def site_address(site: Path) -> Iterator[str]:
    """The built site on a static server of Python's own, on loopback, for the whole run."""
    port = _free_port()
    process = static_server(site, port)
    yield f"http://127.0.0.1:{port}/"
    stop(process)
