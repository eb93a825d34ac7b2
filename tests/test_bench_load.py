"""bench/bench_load.py (many tables on two server processes sharing PostgreSQL) in a quick
mode, so that it cannot rot: it had, once the card was keyed (a clue made the cells
tappable by a property patch it never applied, and every table stopped at its first
touch). It judges what the benchmark prints, never the times (docs/benchmarks.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import empty_postgres

pytestmark = pytest.mark.process

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_load.py"


def test_the_bench_of_many_tables_plays_every_action_without_an_error() -> None:
    empty_postgres()  # skipped (or failed, where required) without a PostgreSQL server
    ran = subprocess.run(
        [sys.executable, str(BENCH)],
        env={**os.environ, "GADGET_BENCH_TABLES": "3"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    rows = [line.split() for line in ran.stdout.splitlines() if line.split()[:1] == ["3"]]
    assert len(rows) == 1, ran.stdout
    tables, phones, actions, _p50, _p95, errors = rows[0][:6]
    assert (tables, phones, actions, errors) == ("3", "6", "30", "0"), ran.stdout
