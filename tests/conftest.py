"""Shared fixtures: a store on SQLite (its schema migrated once a run, then copied), and on
PostgreSQL when a server is given (a database of each test worker's own); the tiers' markers."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, ProgrammingError

from gadget.store import Store
from gadget.views.parts import shield
from tests.browsers import close_phones, release_browsers
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
#: What became of this worker's database: "" once it is known to be there, else why it
#: cannot be (said once: every later test is told the same without asking again).
_WORKERS_DATABASE: list[str] = []


def _make_workers_database() -> str:
    """Make this worker's database beside the one named, if it is not there yet; "" when it
    is there, else why not in one line (the role needs CREATEDB, which .ci/run gives it)."""
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
                    return ""
                try:
                    connection.execute(text(f'CREATE DATABASE "{own.database}"'))
                    return ""
                except ProgrammingError:  # not allowed: no use trying again
                    return (
                        f"cannot make the database {own.database} for test worker {WORKER}:"
                        " give the role CREATEDB (.ci/run does), or run with -n 0"
                    )
                except DBAPIError:
                    if attempt == 9:
                        raise
            time.sleep(0.5)
    except DBAPIError as error:  # no server there, or no such database to make it beside
        return f"cannot reach PostgreSQL at {named.render_as_string()}: {_first_line(error)}"
    finally:
        engine.dispose()
    return ""


def _first_line(error: BaseException) -> str:
    """The cause of a database error, without its SQL and its background link."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig else error
    return str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__


def _have_workers_database() -> str:
    """This worker's database is there, once a run (a test reaches it, or a process it
    starts does: that process inherits its address): "", or why it is not."""
    if not (POSTGRES_URL and WORKER):
        return ""
    if not _WORKERS_DATABASE:
        _WORKERS_DATABASE.append(_make_workers_database())
    return _WORKERS_DATABASE[0]


def empty_postgres() -> str:
    """The test server's database (this worker's) with every table dropped; a test that
    cannot have it fails (or is skipped, where PostgreSQL is not required) in one line."""
    if not POSTGRES_URL:
        message = "no PostgreSQL server: set GADGET_TEST_POSTGRES_URL (.ci/run does)"
        if POSTGRES_REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    refused = _have_workers_database()
    if not refused:
        engine = create_engine(POSTGRES_URL)
        try:
            with engine.begin() as connection:
                # A connection a failed test left open may hold a lock on a table: the test
                # fails in one line after two minutes, not the run's 20-minute timeout later
                # (an outsider's run hung so, test after test).
                connection.execute(text("SET LOCAL lock_timeout = '120s'"))
                connection.execute(text("DROP SCHEMA public CASCADE"))
                connection.execute(text("CREATE SCHEMA public"))
        except DBAPIError as error:
            refused = f"cannot empty PostgreSQL at {make_url(POSTGRES_URL).render_as_string()}"
            refused += f": {_first_line(error)}"
        finally:
            engine.dispose()
    if refused:
        pytest.fail(refused, pytrace=False)  # outside any `except`: one line, no chain
    return POSTGRES_URL


@pytest.fixture(scope="session", autouse=True)
def compressed_once_a_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every server of the run (on every worker) keeps the compressed copies of the client's
    files in one folder: only the first compresses them (half a minute of a core each
    otherwise); a test of the compressing itself names a folder of its own."""
    base = tmp_path_factory.getbasetemp()
    run = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    before = os.environ.get("GADGET_COMPRESSED_FOLDER")
    os.environ["GADGET_COMPRESSED_FOLDER"] = str(run / "compressed")
    yield
    if before is None:
        os.environ.pop("GADGET_COMPRESSED_FOLDER", None)
    else:
        os.environ["GADGET_COMPRESSED_FOLDER"] = before


@pytest.fixture(scope="session", autouse=True)
def data_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test reads or writes the developer's own games: a command run without a database
    opened the one in the user's data folder (and migrated it to the tree's schema, which a
    clean clone of an older commit could then no longer open); the processes a test starts
    inherit it."""
    base = tmp_path_factory.getbasetemp()
    before = {name: os.environ.pop(name, None) for name in _DATA_SETTINGS}
    os.environ["FLET_APP_STORAGE_DATA"] = str(base / "data")
    yield
    for name, value in before.items():
        os.environ.pop(name, None)
        if value is not None:
            os.environ[name] = value


_DATA_SETTINGS = ("FLET_APP_STORAGE_DATA", "GADGET_DATABASE_URL")


@pytest.fixture
def deaf_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """The part under a card kept deaf after a tap for the whole test: its lift, 0.4 s after
    the tap, is a render and a diff of its own, and a counted stretch that outlasted it
    (both cores busy, a clean clone's `make test`) counted one more (views/parts/shield.py)."""
    monkeypatch.setattr(shield, "DEAF_SECONDS", 3600.0)


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
def in_process_only(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """A test of the in-process tier starts no process: one that does must say so with a
    marker (`process`, `browser` or `site`), or the fast tier would not be fast. A test that
    catches the refusal still fails, after it ends."""
    if any(request.node.get_closest_marker(tier) for tier in TIERS):
        yield
        return
    refusals: list[str] = []

    def refused(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        del self, rest, options
        refusals.append(
            f"{request.node.nodeid} starts a process ({args!r}): mark it pytest.mark.process"
            " (pytest.mark.browser if it drives a browser; docs/testing.md)"
        )
        raise AssertionError(refusals[-1])

    getfixturevalue = pytest.FixtureRequest.getfixturevalue

    def asked(self: pytest.FixtureRequest, argname: str) -> Any:
        if _is_shared(self._fixturemanager.getfixturedefs(argname, request.node)):
            refusals.append(
                f"{request.node.nodeid} asks for {argname}, which starts a browser, a server"
                " or a build: mark it pytest.mark.browser (or process, site: docs/testing.md)"
            )
            raise AssertionError(refusals[-1])
        return getfixturevalue(self, argname)

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)
    # Asked for by name while it runs, the run's server may already be up (a browser test
    # before it started it), and no process would be started to refuse.
    monkeypatch.setattr(pytest.FixtureRequest, "getfixturevalue", asked)
    yield
    if refusals and not request.node.stash.get(_FAILED, False):  # it caught the refusal
        pytest.fail(refusals[0], pytrace=False)


#: Whether a test's own call failed (its teardown then says nothing more).
_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Note on the test whether its call failed, for in_process_only's teardown."""
    report = yield
    if call.when == "call":
        item.stash[_FAILED] = report.failed
    return report


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tiers first, the in-process tests last (the order within a tier kept): a worker
    that ends its last browser test early takes short tests, and no worker is left alone
    with a long one at the end of the run (docs/testing.md); each xdist_group's tests kept on
    one worker."""
    items.sort(key=_tier_rank)
    if getattr(config.option, "loadgroup", False):  # a worker of `--dist loadgroup`
        for item in items:
            _group(item)


def _group(item: pytest.Item) -> None:
    """Its xdist_group's name after its id, as pytest-xdist means to: xdist 3.8 writes it
    where pytest 9 no longer reads it (`_nodeid`), and each group's tests were spread over
    the workers (each made the group's screens or site again)."""
    names = sorted(
        {
            str(m.args[0] if m.args else m.kwargs.get("name", "default"))
            for m in item.iter_markers("xdist_group")
        }
    )
    suffix = "@" + "_".join(names)
    if names and not item.nodeid.endswith(suffix):
        from _pytest.nodeid import NodeId  # noqa: PLC0415 - only pytest 9 has it and needs it

        item._id = NodeId.parse(item.nodeid + suffix)


def _tier_rank(item: pytest.Item) -> int:
    """0 for a browser test, 1 for a site build, 2 for a process, 3 for the rest."""
    return next((rank for rank, tier in enumerate(TIERS) if item.get_closest_marker(tier)), 3)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that uses a fixture starting a process carries its tier's marker (checked here,
    before such fixtures are made, which is before the test's own); before a test that is
    not a browser test, the browsers of the ones before it close: their driver keeps an event
    loop running, where the test would run its own."""
    if any(item.get_closest_marker(tier) for tier in TIERS):
        # A benchmark or server it starts may use the database on its own; a test that
        # cannot have it is told by empty_postgres, and a test without PostgreSQL goes on.
        _have_workers_database()
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
    return _is_shared(item._fixtureinfo.name2fixturedefs.get(name))  # type: ignore[attr-defined]


def _is_shared(definitions: Sequence[Any] | None) -> bool:
    """Whether the closest of these definitions of a fixture is one of tests/shared.py's."""
    return bool(definitions) and definitions[-1].func.__module__ == "tests.shared"
