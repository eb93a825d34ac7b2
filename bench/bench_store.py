"""Store speed: one saved game action, and a big team's campaign view and statistics.

Targets (issue 3): recording one game action under 5 ms on SQLite (median of 1,000); a team
with 10,000 recorded attempts gets its campaign view and statistics in under 100 ms.
Set GADGET_TEST_POSTGRES_URL to measure PostgreSQL as well. Results: docs/benchmarks.md.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench_engine import random_game  # beside this file: python puts a script's folder on the path
from sqlalchemy import create_engine, text

from gadget.engine import Deal, GameLog, legal_actions, replay
from gadget.engine.prng import SplitMix64
from gadget.missions import default_map
from gadget.services.campaign import campaign_view
from gadget.store import ImportedAttempt, Store


def milliseconds(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)] * 1000, 3),
    }


def record_actions(store: Store, count: int = 1000) -> dict[str, float]:
    chooser = SplitMix64(1)
    game = store.start_game(GameLog.dealt(Deal(1)))
    samples: list[float] = []
    while len(samples) < count:
        legal = legal_actions(game.state)
        if not legal:
            game = store.start_game(GameLog.dealt(Deal(len(samples))))
            continue
        action = legal[chooser.below(len(legal))]
        started = time.perf_counter()
        game = store.record_action(game.id, action, game.version)
        samples.append(time.perf_counter() - started)
    return milliseconds(samples)


def big_team(store: Store, attempts: int = 10_000) -> dict[str, object]:
    shipped = default_map()
    finished = [random_game(seed) for seed in range(200)]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    rows = []
    for index in range(attempts):
        mission = shipped.missions[index % len(shipped.missions)]
        log = finished[index % len(finished)]
        rows.append(
            ImportedAttempt(mission.id, start + timedelta(hours=index), ("Ann", "Ben"), "", log)
        )
    started = time.perf_counter()
    store.import_team(
        name="Big", players=("Ann", "Ben"), notes="", mission_map=shipped,
        completed={m.id: start for m in shipped.missions[:8]}, attempts=rows,
    )  # fmt: skip
    loaded = time.perf_counter() - started
    team = store.team("Big")
    view, stats = [], []
    for _ in range(20):
        started = time.perf_counter()
        campaign_view(store, "Big")
        view.append(time.perf_counter() - started)
        started = time.perf_counter()
        store.statistics(team.id)
        stats.append(time.perf_counter() - started)
    started = time.perf_counter()
    history = store.attempts(team.id)
    whole_history = time.perf_counter() - started
    assert len(history) == attempts and all(replay(a.log).is_over for a in history[:10])
    return {
        "attempts": attempts,
        "import_s": round(loaded, 2),
        "campaign_view": milliseconds(view),
        "statistics": milliseconds(stats),
        "whole_history_with_logs_ms": round(whole_history * 1000),
    }


def measure(url: str) -> dict[str, object]:
    store = Store(url)
    try:
        return {"record_action": record_actions(store), "team_10k": big_team(store)}
    finally:
        store.close()


def main() -> None:
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        results["sqlite"] = measure(f"sqlite:///{Path(folder) / 'bench.db'}")
    postgres = os.environ.get("GADGET_TEST_POSTGRES_URL")
    if postgres:
        engine = create_engine(postgres)
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
        engine.dispose()
        results["postgresql"] = measure(postgres)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
