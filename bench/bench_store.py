"""Store speed: one saved game action, and a big team's campaign view and statistics.

Targets (issue 3): recording one game action under 5 ms on SQLite (median of 1,000); a team
with 10,000 recorded attempts gets its campaign view and statistics in under 100 ms.
Set GADGET_TEST_POSTGRES_URL to measure PostgreSQL as well. `--quick`: a few actions and a
team of 200 attempts (tests/test_bench_quick.py runs it in `make test`). Results:
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench_engine import random_game  # beside this file: python puts a script's folder on the path
from sqlalchemy import create_engine, text

from gadget.engine import Deal, GameLog, Setup, Status, legal_actions, replay
from gadget.engine.prng import SplitMix64
from gadget.missions import MissionMap, MissionState, after_result, default_map, mission_states
from gadget.services import games
from gadget.services.attempts import planned
from gadget.services.campaign import campaign_view
from gadget.store import ImportedAttempt, Store

GAMES_PER_MISSION = 10  # played with the mission's time bank, reused across the attempts


def milliseconds(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)] * 1000, 3),
    }


def record_actions(store: Store, count: int) -> dict[str, float]:
    chooser = SplitMix64(1)
    game = games.start_game(store, GameLog.dealt(Deal(1)))
    samples: list[float] = []
    while len(samples) < count:
        legal = legal_actions(game.state)
        if not legal:
            game = games.start_game(store, GameLog.dealt(Deal(len(samples))))
            continue
        action = legal[chooser.below(len(legal))]
        started = time.perf_counter()
        game = games.record_action(store, game.id, action, game.version)
        samples.append(time.perf_counter() - started)
    return milliseconds(samples)


def campaign(mission_map: MissionMap, attempts: int) -> tuple[list[ImportedAttempt], int]:
    """A team's attempts in the order played, each on a city open at the time (the start, or
    one joined to a city won before), with a game of that city's time bank, as the app and an
    import require; and how many cities its wins completed."""
    games = {
        mission.id: [
            (log, replay(log).status is Status.WON)
            for log in (
                random_game(seed, Setup(mission.turns, mission.mistakes))
                for seed in range(GAMES_PER_MISSION)
            )
        ]
        for mission in mission_map.missions
    }
    chooser, completed = SplitMix64(3), frozenset[str]()
    start, rows = datetime(2024, 1, 1, tzinfo=UTC), []
    for index in range(attempts):
        playable = [
            mission
            for mission, state in mission_states(mission_map, completed).items()
            if state is not MissionState.LOCKED
        ]
        mission = playable[chooser.below(len(playable))]
        log, won = games[mission][chooser.below(GAMES_PER_MISSION)]
        completed = after_result(mission_map, completed, mission, won)
        played_at = start + timedelta(hours=index)
        rows.append(ImportedAttempt(mission, played_at, ("Ann", "Ben"), "", log))
    return rows, len(completed)


def big_team(store: Store, attempts: int, rounds: int) -> dict[str, object]:
    shipped = default_map()
    rows, cities_won = campaign(shipped, attempts)
    started = time.perf_counter()
    store.import_team(
        name="Big", players=("Ann", "Ben"), notes="", mission_map=shipped, completed={},
        attempts=planned(shipped, {}, rows),  # each judged, as an import does, then written
    )  # fmt: skip
    loaded = time.perf_counter() - started
    team = store.team("Big")
    assert len(store.completed(team.id)) == cities_won  # the import completed what the wins did
    view, stats = [], []
    for _ in range(rounds):
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
        "cities_won": cities_won,
        "import_s": round(loaded, 2),
        "campaign_view": milliseconds(view),
        "statistics": milliseconds(stats),
        "whole_history_with_logs_ms": round(whole_history * 1000),
    }


def measure(url: str, quick: bool) -> dict[str, object]:
    store = Store(url)
    try:
        actions, attempts, rounds = (20, 200, 3) if quick else (1000, 10_000, 20)
        return {
            "record_action": record_actions(store, actions),
            "team": big_team(store, attempts, rounds),
        }
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few actions, a small team")
    quick = parser.parse_args().quick
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        results["sqlite"] = measure(f"sqlite:///{Path(folder) / 'bench.db'}", quick)
    postgres = os.environ.get("GADGET_TEST_POSTGRES_URL")
    if postgres:
        engine = create_engine(postgres)
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
        engine.dispose()
        results["postgresql"] = measure(postgres, quick)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
