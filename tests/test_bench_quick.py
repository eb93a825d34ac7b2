"""`make bench` runs the benchmarks whole; these run the ones without a browser in quick mode
(a handful of rounds) so that none rots, as bench_store.py had (its 10,000 attempts met the
rule that a city is played only once a win opened it). They judge what each benchmark
prints (every figure there, a number, no error), never the times: docs/benchmarks.md."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gadget.missions import default_map
from tests.conftest import POSTGRES_URL, empty_postgres

BENCH = Path(__file__).resolve().parents[1] / "bench"
NUMBER = r"\d+(?:\.\d+)?"


def _run(name: str) -> str:
    ran = subprocess.run(
        [sys.executable, str(BENCH / name), "--quick"],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert not ran.stderr, ran.stderr[-3000:]  # no warning, no traceback caught and printed
    return ran.stdout


def _numbers(value: Any) -> list[float]:
    """Every number in a benchmark's JSON, however deep."""
    if isinstance(value, dict):
        return [n for inner in value.values() for n in _numbers(inner)]
    if isinstance(value, bool | str):
        return []
    assert isinstance(value, int | float), value
    return [value]


def _measured(results: dict[str, Any]) -> dict[str, Any]:
    """The benchmark's JSON, once every number in it is known to be finite and not negative."""
    numbers = _numbers(results)
    assert numbers and all(math.isfinite(n) and n >= 0 for n in numbers), results
    return results


@pytest.mark.process
def test_the_bench_of_the_engine_runs_in_quick_mode() -> None:
    results = _measured(json.loads(_run("bench_engine.py")))
    for rate in ("shuffles/s, ours (a new SplitMix64 seed for each)",
                 "shuffles/s, plain random.shuffle (one generator reused)",
                 "shuffles/s, random.Random(seed).shuffle (a new seed for each)",
                 "whole key cards/s (shuffle + checks)",
                 "games replayed/s from GameLog (target >= 5000)",
                 "games parsed from JSON and replayed/s"):  # fmt: skip
        assert results[rate] > 0, rate
    assert results["cost of ours / plain random.shuffle (target <= 2)"] > 0
    assert 0 < results["  of which won"] < results["games in the replay set"]


@pytest.mark.process
def test_the_bench_of_the_store_imports_a_campaign_that_keeps_the_rules_in_quick_mode() -> None:
    """A team of 200 attempts, each on a city open when it was played, on SQLite (and on
    PostgreSQL when the tests have one: the benchmark empties its schema, as they do)."""
    if POSTGRES_URL:  # one line here if the worker's database cannot be had, not the bench's
        empty_postgres()
    results = _measured(json.loads(_run("bench_store.py")))
    assert set(results) == ({"sqlite", "postgresql"} if POSTGRES_URL else {"sqlite"})
    cities = len(default_map().missions)
    for measured in results.values():
        assert measured["record_action"]["median_ms"] > 0
        team = measured["team"]
        assert team["attempts"] == 200 and 1 < team["cities_won"] <= cities, team
        assert team["campaign_view"]["median_ms"] > 0 and team["statistics"]["median_ms"] > 0


@pytest.mark.process
def test_the_bench_of_paper_prints_every_pdf_in_quick_mode() -> None:
    results = _measured(json.loads(_run("bench_paper.py")))
    assert set(results) == {
        "mission map (target < 0.5 s)",
        "100-game booklet pair, 202 pages (target < 3 s)",
        "100 key cards, 17 pages",
    }
    assert all(pdf["seconds"] > 0 and pdf["kib"] > 0 for pdf in results.values()), results


@pytest.mark.process
def test_the_bench_of_the_largest_maps_team_screen_runs_in_quick_mode() -> None:
    printed = _run("bench_team_screen.py")
    assert re.search(r"^largest map: 100 missions, 500 lines$", printed, re.M), printed
    for line in (rf"team screen, first open \(layout worked out\): {NUMBER} ms",
                 rf"team screen, median of 2: {NUMBER} ms \(max {NUMBER}\)",
                 rf"home screen, median of 2 \(for scale\): {NUMBER} ms",
                 rf"layout alone: {NUMBER} ms"):  # fmt: skip
        assert re.search(rf"^{line}$", printed, re.M), (line, printed)


def test_every_benchmark_is_run_by_a_test() -> None:
    """A benchmark that no test runs rots unseen: each bench/bench_*.py is named by a test
    that runs it (in its quick mode), here or beside its feature's tests."""
    tests = [path.read_text("utf-8") for path in Path(__file__).parent.glob("test_*.py")]
    unrun = [
        bench.name
        for bench in sorted(BENCH.glob("bench_*.py"))
        if not any(f'"{bench.name}"' in text for text in tests)
    ]
    assert not unrun, unrun
