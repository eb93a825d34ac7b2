"""`python bench/busy.py -- COMMAND` (`make test-busy`): the command runs while both cores are
kept busy, its exit status is the tool's, and no spinner outlives it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

BUSY = Path(__file__).resolve().parents[1] / "bench" / "busy.py"
SEEN = "import os, sys; sys.exit(3 if os.getloadavg() is not None else 0)"
SPINNER = "duty, period, limit"  # words of the spinner's own program


def spinners() -> set[str]:
    """Every busy.py spinner on this machine (another run's too: this test may run in one)."""
    found = subprocess.run(["pgrep", "-f", SPINNER], capture_output=True, text=True, check=False)
    return set(found.stdout.split())


def test_a_command_runs_busy_and_its_status_is_the_tools() -> None:
    ran = subprocess.run([sys.executable, str(BUSY), "--", sys.executable, "-c", SEEN], check=False)
    assert ran.returncode == 3
    before = spinners()
    listed = f"import subprocess; print(subprocess.run(['pgrep', '-f', {SPINNER!r}], capture_output=True, text=True).stdout)"  # noqa: E501
    during = subprocess.run(
        [sys.executable, str(BUSY), "--", sys.executable, "-c", listed],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    its_own = set(during.stdout.split()) - before
    assert len(its_own) >= 2
    assert not its_own & spinners()  # stopped with the command


def test_no_command_is_one_clear_line() -> None:
    ran = subprocess.run([sys.executable, str(BUSY)], capture_output=True, text=True, check=False)
    assert ran.returncode == 2 and "name a command after --" in ran.stderr
