"""`make bench` runs bench_load_bytes.py and bench_site.py whole; these run them in quick
mode in headless Chromium so that neither rots, as bench_site.py had (it opened side A of a
code on a phone that had not dealt it, which shows no card since codes carry side B only).
They judge what the benchmarks print, never the times (docs/benchmarks.md has those)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browsers import REQUIRED
from tests.test_bench_screens import _run  # one way to run a benchmark's quick mode

pytestmark = pytest.mark.browser
BENCH = Path(__file__).resolve().parents[1] / "bench"
NUMBER = r"\d+\.\d"


def test_the_bench_of_bytes_a_phone_loads_counts_a_cold_and_a_warm_load_in_quick_mode() -> None:
    printed = _run("bench_load_bytes.py")
    row = r"(\d+\.\d\d)\s+(\d+)\s+(\d+)$"
    cold = re.search(rf"^cold, compressed \(now\)\s+{row}", printed, re.M)
    warm = re.search(rf"^warm, compressed \(now\)\s+{row}", printed, re.M)
    assert cold and warm, printed
    assert float(cold[1]) > 0 and int(cold[2]) > 0 and int(warm[2]) > 0, printed


def test_the_bench_of_the_site_times_it_against_flets_floor_in_quick_mode(site: Path) -> None:
    """On the run's own site (`--site`), whose figures are read from the folder as a build
    reads its own (tools/build_site.py): no build of the site a second time in a run."""
    printed = _run("bench_site.py", "--site", str(site))
    seconds = rf"{NUMBER}\d \({NUMBER}\d-{NUMBER}\d\) s"
    ratio = r"ratio \d\.\d\d \(\d\.\d\d-\d\.\d\d\)"
    timed = rf"ours {seconds}, empty Flet site {seconds}, {ratio}"
    for line in (rf"build: not timed \(the site at {re.escape(str(site))}\)",
                 rf"site: {NUMBER} MB in \d+ files",
                 rf"app archive: \d+ kB \(\d+ modules\), Python snapshot: {NUMBER} MB",
                 rf"a Chromium phone's files gzipped \(a compressing host\): {NUMBER} MB",
                 rf"bytes: first visit {NUMBER} MB, second visit {NUMBER} kB",
                 rf"Chromium, idle, first visit: {timed}",
                 rf"Chromium, idle, second visit: {timed}"):  # fmt: skip
        assert re.search(rf"^{line}$", printed, re.M), (line, printed)
    webkit = re.search(rf"^WebKit, idle, first visit: ours {NUMBER}\d s$", printed, re.M)
    if REQUIRED:  # CI installs WebKitGTK: its figures must be there
        assert webkit, printed
    else:
        assert webkit or "WebKit: not measured" in printed, printed
    first_visit = re.search(rf"^bytes: first visit ({NUMBER}) MB", printed, re.M)
    assert first_visit and float(first_visit[1]) > 0, printed
