"""Killing the app at any moment loses at most the action being written."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from gadget.engine import replay
from gadget.engine.prng import SplitMix64
from gadget.services import games
from gadget.store import Store

pytestmark = pytest.mark.process

WORKER = Path(__file__).with_name("kill_worker.py")


@pytest.mark.parametrize("round_", range(6))
def test_a_killed_process_keeps_every_committed_action(tmp_path: Path, round_: int) -> None:
    url = f"sqlite:///{tmp_path / 'gadget.db'}"
    Store(url).close()  # migrated before the worker starts, so the kill lands on game actions
    timing = SplitMix64(round_)
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), url, str(round_)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[1],
    )
    assert worker.stdout is not None
    reported: dict[int, int] = {}
    for _ in range(20 + timing.below(60)):
        game_id, version = map(int, worker.stdout.readline().split())
        reported[game_id] = version
    time.sleep(timing.below(5) / 1000)
    worker.send_signal(signal.SIGKILL)
    worker.wait()
    for line in worker.stdout.read().splitlines():  # committed before the kill, still in the pipe
        if len(line.split()) == 2:
            game_id, version = map(int, line.split())
            reported[game_id] = version

    reopened = Store(url)
    with reopened.engine.connect() as connection:
        assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    for game_id, version in reported.items():
        saved = games.game(reopened, game_id)
        assert version <= saved.version <= version + 1
        assert replay(saved.log) == saved.state
        assert len(saved.log.actions) == saved.version
    resumable = games.games_in_progress(reopened)
    assert all(replay(game.log) == game.state for game in resumable)
    reopened.close()
