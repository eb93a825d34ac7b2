"""Every screen from the tap that opens it to the screen shown, in headless Chromium at a
phone's size, on a team with history (the one the README's pictures show).

Target (issue 10): every screen within 0.5 s of the tap on this machine. Each step is a
tap on what a player taps, then a wait for a text only the new screen shows; RUNS rounds,
median and worst reported. Results: docs/benchmarks.md.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from screenshots import prepare  # noqa: E402

from tests.test_browser import CHROMIUM, _phone, _see, _start_server  # noqa: E402

RUNS = 5
TARGET = 0.5

# (what the step is, the button tapped, a text only the new screen shows)
STEPS: list[tuple[str, str | re.Pattern[str], str]] = [
    ("Home -> Teams", "Teams", "Add team"),
    ("Teams -> a team's map", re.compile(r"^Owls"), "Open now"),
    ("map -> a city's card", "Berlin 11-2, open", "Start this mission"),
    ("city's card -> map", "Back to the map", "Open now"),
    ("map -> history", "History and charts", "attempts shown"),
    ("history -> map", "Back to the map", "Open now"),
    ("map -> Teams", "Teams", "Add team"),
    ("Teams -> Home", "Home", "Join your partner"),
    ("Home -> Paper", "Paper", "Booklets (PDF)"),
    ("Paper -> Home", "Home", "Join your partner"),
    ("Home -> Settings", "Settings", "Warnings at 30 and 10 seconds"),
    ("Settings -> Home", "Home", "Join your partner"),
    ("Home -> games outside a team", "Games outside a team", "Your games outside a team"),
    ("games outside a team -> Home", "Home", "Join your partner"),
    ("Home -> a new game", "New game", "Your partner scans this"),
]


def tap(page: Page, name: str | re.Pattern[str], marker: str) -> float:
    """Seconds from the tap to the marker being on the page."""
    button = page.get_by_role("button", name=name, exact=isinstance(name, str)).first
    button.wait_for(timeout=10_000)
    started = time.perf_counter()
    button.click()
    page.get_by_text(marker).first.wait_for(state="attached", timeout=20_000)
    return time.perf_counter() - started


def main() -> None:
    database = Path(tempfile.mkdtemp()) / "bench.db"
    _, invite = prepare(database)
    process, url = _start_server(database)
    timings: dict[str, list[float]] = {step: [] for step, _, _ in STEPS}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM),
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            phone = _phone(browser, f"{url}/invite/{invite}", (390, 844))
            _see(phone, "This phone is now in Owls.")
            phone.get_by_role("button", name="Open the team", exact=True).click()
            _see(phone, "Open now")
            phone.get_by_role("button", name="Teams", exact=True).click()
            _see(phone, "Add team")
            phone.get_by_role("button", name="Home", exact=True).click()
            _see(phone, "Join your partner")
            for _ in range(RUNS):
                for step, name, marker in STEPS:
                    timings[step].append(tap(phone, name, marker))
                phone.go_back()  # from the new game back Home, for the next round
                _see(phone, "Join your partner")
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    worst_of_all = 0.0
    print(f"{'step':34} median   worst   (s, {RUNS} runs, 390x844)")
    for step, seconds in timings.items():
        worst = max(seconds)
        worst_of_all = max(worst_of_all, worst)
        print(f"{step:34} {statistics.median(seconds):6.3f}  {worst:6.3f}")
    verdict = "met" if worst_of_all <= TARGET else "NOT met"
    print(f"worst {worst_of_all:.3f} s: target {TARGET} s {verdict}")


if __name__ == "__main__":
    main()
