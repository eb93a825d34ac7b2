"""`make bench` runs bench/bench_screens.py and bench/bench_app.py whole (many rounds, idle
and with both cores kept busy); these run them in quick mode, idle (the busy rounds spin
both cores, which the tests running beside them need), so that neither rots. They
judge what the benchmarks print, never the times (docs/benchmarks.md has those)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browsers import _require_browser

pytestmark = pytest.mark.browser
BENCH = Path(__file__).resolve().parents[1] / "bench"


def _run(name: str, *options: str) -> str:
    _require_browser()
    command = [sys.executable, str(BENCH / name), "--quick", *options]
    ran = subprocess.run(command, check=False, capture_output=True, text=True, timeout=1200)
    assert ran.returncode == 0, ran.stderr[-3000:]
    return ran.stdout


def test_the_bench_of_every_screen_and_move_runs_in_quick_mode() -> None:
    printed = _run("bench_screens.py")
    number = r"\s+\d+\.\d{3}\s+\d+\.\d{3}\s+\d+\.\d"  # median, worst, times the floor
    for step in ("Home -> Teams", "give clue -> both phones", "touch -> the partner's phone",
                 "assassin -> Lost on both phones", "undo after the end -> both phones",
                 "end -> the team's map", "floor: a bare Flet app's tap"):  # fmt: skip
        assert re.search(rf"^{re.escape(step)}{number}$", printed, re.M), printed  # idle
    assert re.search(r"^idle: worst \d+\.\d{3} s", printed, re.M), printed
    assert "busy" not in printed, printed  # the busy rounds are make bench's


def test_the_bench_of_the_app_measures_the_partners_phone_in_quick_mode() -> None:
    results = json.loads(_run("bench_app.py"))
    assert results["a_to_b_actions"] == 6 and results["a_to_b_median_ms"] > 0
    assert not [key for key in results if key.startswith("busy")], results
    assert results["first_frame_gadget_ms"] > 0
    assert results["server_rss_with_3_phones_mib"] > results["server_rss_with_one_phone_mib"] > 0
    assert results["server_rss_with_5_phones_mib"] > 0
    assert isinstance(results["server_memory_per_phone_mib"], float)
