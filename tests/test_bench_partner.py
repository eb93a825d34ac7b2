"""bench/bench_partner.py in quick mode, so that it never rots: it prints every figure it
exists for (docs/benchmarks.md and docs/partner.md hold the real ones). The human turns are
never shipped: a few made-up turns in their file's shape stand in for them here."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gadget.engine.words import deal_words, newest_list

pytestmark = pytest.mark.process
BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_partner.py"


def _turns(path: Path, language: str = "en") -> Path:
    """Turns and clue cases in the human file's shape, from dealt words."""
    guesses, cases = [], []
    clue = {"en": "ocean", "fr": "océan"}[language]
    for seed in range(3):
        words = list(deal_words(newest_list(language).words, seed))
        guesses.append({"board": words, "clue": clue, "guesses": [words[0]]})
        cases.append(
            {
                "assassins": words[:3],
                "bystanders": words[3:16],
                "targets": words[16:18],
                "clue": "sea" if language == "en" else "mer",
            }
        )
    path.write_text(json.dumps({"guesses": guesses, "clues": cases}), encoding="utf-8")
    return path


def test_the_partners_bench_prints_every_figure_in_quick_mode(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(BENCH),
        "--quick",
        "--fit",
        "--turns",
        str(_turns(tmp_path / "t.json")),
        "--turns-fr",
        str(_turns(tmp_path / "fr.json", "fr")),
    ]
    ran = subprocess.run(command, check=False, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[-3000:]
    printed = ran.stdout
    rate = r"\d\.\d{3} \(\d+/\d+\)"
    for line in (
        rf"^  app +top-1 {rate}  top-3 {rate}$",
        rf"^  independent +top-1 {rate}  top-3 {rate}$",
        r"^  fitted temperature: \d+\.\d+$",
        rf"^  human clue leads to its targets {rate}$",
        rf"^  app's clue leads to its targets {rate}  \(mean number \d\.\d\d\)$",
        rf"^  app with itself: won {rate}, turns \d+\.\d, assassins {rate}$",
        rf"^  app's clues, independent guesser: won {rate}, turns \d+\.\d, assassins {rate}$",
        rf"^  9-9: won {rate}, turns \d+\.\d, assassins {rate}$",
        r"^  clue: median \d\.\d{4} s, slowest \d\.\d{4} s$",
        r"^  guess: median \d\.\d{4} s, slowest \d\.\d{4} s$",
        rf"^  pocket +top-1 {rate}  top-3 {rate}  \(clues it cannot read: \d+\)$",
        rf"^  pocket with itself: won {rate}, turns \d+\.\d, assassins {rate}$",
        rf"^  pocket's clues, independent guesser: won {rate}, turns \d+\.\d, assassins {rate}$",
    ):
        found = len(re.findall(line, printed, re.M))
        assert found == (4 if "clue: median" in line or "guess: median" in line else 2), line
