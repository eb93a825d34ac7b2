"""Shared fixtures: a store on SQLite (its schema migrated once a run, then copied), and on
PostgreSQL when a server is given (a database of each test worker's own); the tiers' markers."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, ProgrammingError

from gadget.store import Store
from tests.clocks import FakeClock
from tests.shared import (  # noqa: F401 - fixtures of the whole run, one a test worker
    browser,
    named_browser,
    offline_browser,
    served,
    server,
    site,
    site_address,
)
from tests.test_browser import close_phones, release_browsers

POSTGRES_REQUIRED = os.environ.get("GADGET_REQUIRE_POSTGRES") == "1"
#: Each test worker (pytest-xdist: gw0, gw1...) empties and fills a database of its own.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
#: The markers of the tiers above the in-process one (docs/testing.md): a test that drives a
#: browser, starts a process, or builds the static site carries one, and `make test-fast`
#: runs the tests that carry none.
TIERS = ("browser", "process", "site")


def _workers_url(url: str) -> str:
    """The test server's database for this worker: the one named, or (under pytest-xdist)
    one beside it with the worker's name (a process a test starts inherits it as it is)."""
    if not url or not WORKER:
        return url
    named = make_url(url)
    if str(named.database).endswith(f"_{WORKER}"):
        return url
    return named.set(database=f"{named.database}_{WORKER}").render_as_string(hide_password=False)


POSTGRES_URL = _workers_url(os.environ.get("GADGET_TEST_POSTGRES_URL", ""))
if POSTGRES_URL:  # the benchmarks and servers the tests start use the worker's database too
    os.environ["GADGET_TEST_POSTGRES_URL"] = POSTGRES_URL
_MADE: list[str] = []  # the worker's database, once it is known to be there


def _make_workers_database() -> None:
    """Make this worker's database beside the one named, if it is not there yet: one line
    if the role may not (it needs CREATEDB, which .ci/run gives it)."""
    own = make_url(POSTGRES_URL)
    named = own.set(database=str(own.database).removesuffix(f"_{WORKER}"))
    engine = create_engine(named, isolation_level="AUTOCOMMIT")
    try:
        for attempt in range(10):  # another worker copying the template at once: again
            with engine.connect() as connection:
                found = connection.execute(
                    text("SELECT 1 FROM pg_database WHERE datname = :name"),
                    {"name": own.database},
                ).first()
                if found:
                    return
                try:
                    connection.execute(text(f'CREATE DATABASE "{own.database}"'))
                    return
                except ProgrammingError:  # not allowed: no use trying again
                    pytest.fail(
                        f"cannot make the database {own.database} for test worker {WORKER}:"
                        " give the role CREATEDB (.ci/run does), or run with -n 0",
                        pytrace=False,
                    )
                except DBAPIError:
                    if attempt == 9:
                        raise
            time.sleep(0.5)
    finally:
        engine.dispose()


def _have_workers_database() -> None:
    """This worker's database is there, once a run: a test reaches it, or a process it
    starts does (that process inherits its address)."""
    if POSTGRES_URL and WORKER and not _MADE:
        _make_workers_database()
        _MADE.append(POSTGRES_URL)


def empty_postgres() -> str:
    """The test server's database (this worker's) with every table dropped."""
    if not POSTGRES_URL:
        message = "no PostgreSQL server: set GADGET_TEST_POSTGRES_URL (.ci/run does)"
        if POSTGRES_REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    _have_workers_database()
    engine = create_engine(POSTGRES_URL)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return POSTGRES_URL


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database with every migration run, once a run: each test gets a copy (the
    migrations themselves are tested on their own, from an empty file)."""
    database = tmp_path_factory.mktemp("migrated") / "gadget.db"
    Store(f"sqlite:///{database}").close()
    return database


def sqlite_copy(migrated: Path, folder: Path) -> str:
    """A new migrated SQLite database in this folder: its address."""
    database = folder / "gadget.db"
    shutil.copyfile(migrated, database)
    return f"sqlite:///{database}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: the migrations' own tests start here."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gadget.db'}"
    return empty_postgres()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path, migrated: Path) -> Iterator[Store]:
    """A store of its own on SQLite (a copy of the migrated schema) and on PostgreSQL."""
    url = sqlite_copy(migrated, tmp_path) if request.param == "sqlite" else empty_postgres()
    opened = Store(url, now=FakeClock().dates)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def english_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks as LANG says: every test runs it in English unless it sets
    a language itself (a developer's French LANG must not change what the tests read)."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


@pytest.fixture(autouse=True)
def in_process_only(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the in-process tier starts no process: one that does must say so with a
    marker (`process`, `browser` or `site`), or the fast tier would not be fast."""
    if any(request.node.get_closest_marker(tier) for tier in TIERS):
        return

    def refused(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        del self, rest, options
        raise AssertionError(
            f"{request.node.nodeid} starts a process ({args!r}): mark it"
            " pytest.mark.process (docs/testing.md)"
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tiers first, the in-process tests last (each file's order kept): a worker
    that ends its last browser test early takes short tests, and no worker is left alone
    with a long one at the end of the run (docs/testing.md)."""
    items.sort(key=_tier_rank)


def _tier_rank(item: pytest.Item) -> int:
    """0 for a browser test, 1 for a site build, 2 for a process, 3 for the rest."""
    return next((rank for rank, tier in enumerate(TIERS) if item.get_closest_marker(tier)), 3)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that uses a fixture starting a process carries its tier's marker (checked here,
    before such fixtures are made, which is before the test's own); before a test that is
    not a browser test, the browsers of the ones before it close: their driver keeps an event
    loop running, where the test would run its own."""
    if any(item.get_closest_marker(tier) for tier in TIERS):
        _have_workers_database()  # a benchmark or server it starts may use it on its own
    else:
        shared = [n for n in getattr(item, "fixturenames", ()) if _starts_a_process(item, n)]
        if shared:
            pytest.fail(
                f"{item.nodeid} uses {', '.join(shared)}, which start a browser, a server or a"
                " build: mark it pytest.mark.browser (or process, site: docs/testing.md)",
                pytrace=False,
            )
    if not item.get_closest_marker("browser"):
        release_browsers()


def pytest_runtest_teardown(item: pytest.Item) -> None:
    """After a browser test, its phones close (the shared browsers stay for the next one)."""
    if item.get_closest_marker("browser"):
        close_phones()


def pytest_sessionfinish() -> None:
    """The browsers of the last browser tests close with the run."""
    release_browsers()


def _starts_a_process(item: pytest.Item, name: str) -> bool:
    """Whether the fixture of this name the test gets is one of tests/shared.py's (a server,
    a browser, a build), not a module's own fixture of the same name."""
    definitions = item._fixtureinfo.name2fixturedefs.get(name)  # type: ignore[attr-defined]
    return bool(definitions) and definitions[-1].func.__module__ == "tests.shared"
