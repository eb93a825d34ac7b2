"""Shared fixtures: a store on SQLite, and on PostgreSQL when a server is given."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from gadget.store import Store
from tests.clocks import FakeClock

POSTGRES_URL = os.environ.get("GADGET_TEST_POSTGRES_URL", "")
POSTGRES_REQUIRED = os.environ.get("GADGET_REQUIRE_POSTGRES") == "1"


def empty_postgres() -> str:
    """The test server's database with every table dropped."""
    if not POSTGRES_URL:
        message = "no PostgreSQL server: set GADGET_TEST_POSTGRES_URL (.ci/run does)"
        if POSTGRES_REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    engine = create_engine(POSTGRES_URL)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return POSTGRES_URL


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gadget.db'}"
    return empty_postgres()


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = Store(database_url, now=FakeClock().dates)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def english_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks as LANG says: every test runs it in English unless it sets
    a language itself (a developer's French LANG must not change what the tests read)."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
