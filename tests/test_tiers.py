"""The tiers' guards (docs/testing.md), run on tests written for them in a pytest of its own:
a guard that let a wrong test through would make the fast tier slow without anyone seeing,
and one that failed the wrong tests would stop every run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from tests.conftest import POSTGRES_URL, empty_postgres

ROOT = Path(__file__).resolve().parents[1]
#: The environment of an inner run: this run's, without the options given to it (a junit file
#: the inner run would write over, a plugin on a path the inner run does not have).
OUTER = {name: value for name, value in os.environ.items() if name != "PYTEST_ADDOPTS"}
#: The worker name the inner run takes: its database is made for it, and dropped after.
INNER_WORKER = "gwtiers"

GUARDED = """
import os
import subprocess

import pytest
from sqlalchemy import create_engine


def test_unmarked_starts_a_command():
    subprocess.run(["true"], check=True)


def test_unmarked_catches_the_refusal():
    try:
        subprocess.run(["true"], check=True)
    except AssertionError:
        pass


def test_unmarked_uses_the_shared_server(served):
    pass


def test_unmarked_asks_for_the_shared_server_by_name(request):
    request.getfixturevalue("server")


@pytest.mark.process
def test_marked_uses_the_shared_server(server):
    assert server.startswith("http://127.0.0.1:")


@pytest.mark.process
def test_marked_starts_a_command():
    subprocess.run(["true"], check=True)


@pytest.mark.process
def test_marked_reaches_its_workers_database():
    url = os.environ.get("GADGET_TEST_POSTGRES_URL")
    if url:  # what a benchmark it starts would do first: no test made the database before
        create_engine(url).connect().close()
"""

UNREACHABLE = """
import subprocess

import pytest

from tests.conftest import empty_postgres


@pytest.mark.process
def test_marked_without_postgresql():
    subprocess.run(["true"], check=True)


@pytest.mark.process
def test_marked_with_postgresql():
    empty_postgres()
"""


def _inner_run(folder: Path, tests: str, **environment: str) -> str:
    """What pytest reports on these tests, run as worker INNER_WORKER with the project's
    conftest."""
    (folder / "conftest.py").write_text("from tests.conftest import *  # noqa: F403\n")
    (folder / "test_inner.py").write_text(tests)
    (folder / "pytest.ini").write_text("[pytest]\nmarkers =\n    process: starts a process\n")
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-rA"],
        cwd=folder,
        env=OUTER | {"PYTHONPATH": str(ROOT), "PYTEST_XDIST_WORKER": INNER_WORKER} | environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return ran.stdout + ran.stderr


def _drop(url: str) -> None:
    """Drop the database this address names, from the one beside it the tests use."""
    name = make_url(url).database
    engine = create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


@pytest.mark.process
def test_the_guards_refuse_a_process_or_a_shared_server_in_the_in_process_tier(
    tmp_path: Path,
) -> None:
    """An unmarked test that starts a command (even one that catches the refusal), or asks
    for the shared server (as an argument, when it is never started, or by name after a
    marked test started it), fails and names itself; a marked one runs, and its worker's
    database is there before it starts, though no test of its run asked for an empty one."""
    inner_url = ""
    if POSTGRES_URL:
        empty_postgres()  # the database the inner worker's is made beside
        named = make_url(POSTGRES_URL)
        inner_url = named.set(database=f"{named.database}_{INNER_WORKER}").render_as_string(
            hide_password=False
        )
        _drop(inner_url)
    try:
        report = _inner_run(tmp_path, GUARDED)
    finally:
        if inner_url:
            _drop(inner_url)
    assert "PASSED test_inner.py::test_marked_starts_a_command" in report, report
    assert "PASSED test_inner.py::test_marked_reaches_its_workers_database" in report, report
    assert "test_inner.py::test_unmarked_starts_a_command starts a process" in report, report
    assert "test_inner.py::test_unmarked_catches_the_refusal starts a process" in report, report
    assert "mark it pytest.mark.process (pytest.mark.browser if it drives" in report, report
    assert "test_inner.py::test_unmarked_uses_the_shared_server uses served" in report, report
    # Asked for by name once a marked test has started it, the server is there to be had.
    assert "PASSED test_inner.py::test_marked_uses_the_shared_server" in report, report
    assert "test_unmarked_asks_for_the_shared_server_by_name asks for server" in report, report
    assert "2 failed, 4 passed, 2 errors in" in report, report  # at setup, and after one


@pytest.mark.process
def test_a_worker_without_its_database_fails_only_the_tests_that_use_it_in_one_line(
    tmp_path: Path,
) -> None:
    """No PostgreSQL where the address says (a role without CREATEDB takes the same way): a
    test that uses none goes on; one that uses it fails in one line, with no traceback
    chained to it, and the address's password hidden."""
    nowhere = "postgresql+psycopg://gadget:secret@127.0.0.1:9/nothing_here"
    report = _inner_run(tmp_path, UNREACHABLE, GADGET_TEST_POSTGRES_URL=nowhere)
    assert "PASSED test_inner.py::test_marked_without_postgresql" in report, report
    assert "1 failed, 1 passed in" in report, report
    failure = report.split("_ test_marked_with_postgresql _")[1].split("= short test summary")[0]
    said = [line for line in failure.splitlines() if line.strip() and line[0] not in "_=-"]
    assert len(said) == 1, failure
    assert said[0].startswith("cannot reach PostgreSQL at postgresql+psycopg://gadget:***@"), said
    assert "secret" not in report, report


LOADGROUP = ("--dist", "loadgroup")  # as the Makefile runs the tests
GROUPED = """
import os

import pytest


@pytest.mark.xdist_group("together")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    with open(os.environ["GROUPED_WORKERS"], "a") as kept:
        kept.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")


@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
"""


@pytest.mark.process
def test_a_groups_tests_run_on_one_worker(tmp_path: Path) -> None:
    """`make test`'s xdist_group keeps a group on one worker, under the pytest CI installs
    (pytest 9 no longer read where xdist 3.8 wrote the group: a module's screens or site
    were made again on each worker)."""
    (tmp_path / "conftest.py").write_text("from tests.conftest import *  # noqa: F403\n")
    (tmp_path / "test_inner.py").write_text(GROUPED)
    workers = tmp_path / "workers.txt"
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *("-n", "2"), *LOADGROUP],
        cwd=tmp_path,
        env=OUTER | {"PYTHONPATH": str(ROOT), "GROUPED_WORKERS": str(workers)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert "12 passed" in ran.stdout, ran.stdout + ran.stderr
    ran_on = workers.read_text().split()
    assert len(ran_on) == 6 and len(set(ran_on)) == 1, ran_on
