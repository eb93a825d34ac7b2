"""The tiers' guards (docs/testing.md), run on tests written for them in a pytest of its own:
a guard that let a wrong test through would make the fast tier slow without anyone seeing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from tests.conftest import POSTGRES_URL, empty_postgres

ROOT = Path(__file__).resolve().parents[1]
#: The worker name the inner run takes: its database is made for it, and dropped after.
INNER_WORKER = "gwtiers"

TESTS = """
import os
import subprocess

import pytest
from sqlalchemy import create_engine


def test_unmarked_starts_a_command():
    subprocess.run(["true"], check=True)


def test_unmarked_uses_the_shared_server(served):
    pass


@pytest.mark.process
def test_marked_starts_a_command():
    subprocess.run(["true"], check=True)


@pytest.mark.process
def test_marked_reaches_its_workers_database():
    url = os.environ.get("GADGET_TEST_POSTGRES_URL")
    if url:  # what a benchmark it starts would do first: no test made the database before
        create_engine(url).connect().close()
"""


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
    """An unmarked test that starts a command, or asks for the shared server, fails and names
    itself (the server is never started); a marked one runs, and its worker's database is
    there before it starts, though no test of its run asked for an empty one."""
    (tmp_path / "conftest.py").write_text("from tests.conftest import *  # noqa: F403\n")
    (tmp_path / "test_inner.py").write_text(TESTS)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    process: starts a process\n")
    environment = dict(os.environ, PYTHONPATH=str(ROOT), PYTEST_XDIST_WORKER=INNER_WORKER)
    inner_url = ""
    if POSTGRES_URL:
        empty_postgres()  # the database the inner worker's is made beside
        named = make_url(POSTGRES_URL)
        inner_url = named.set(database=f"{named.database}_{INNER_WORKER}").render_as_string(
            hide_password=False
        )
        _drop(inner_url)
    try:
        ran = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-rA"],
            cwd=tmp_path,
            env=environment,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    finally:
        if inner_url:
            _drop(inner_url)
    report = ran.stdout + ran.stderr
    assert "PASSED test_inner.py::test_marked_starts_a_command" in report, report
    assert "PASSED test_inner.py::test_marked_reaches_its_workers_database" in report, report
    assert "test_inner.py::test_unmarked_starts_a_command starts a process" in report, report
    assert "test_inner.py::test_unmarked_uses_the_shared_server uses served" in report, report
    assert "1 failed, 2 passed, 1 error in" in report, report  # the server's refused at setup
