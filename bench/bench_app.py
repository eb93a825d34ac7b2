"""The app in headless Chromium: first frame against an empty Flet app, A-to-B latency, memory.

Targets: time to the first drawn frame at most 1.1x an empty Flet app served the same way,
in one run, idle and with both cores busy (issue 24; 1.3x in issue 4); p95 latency from an
action on phone A to its display on phone B under 250 ms over 50 actions. The latency is
measured again with both cores kept busy by a load the benchmark starts and stops
(bench/busy.py; issue 23: under 500 ms there). Server memory per connected phone is
measured and reported. `--quick`: one first frame unwarmed, a few actions and 5 phones, idle only
(tests/test_bench_screens.py runs it in `make test`, beside its other tests). Results:
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.busy import busy_cores  # noqa: E402
from tests.processes import stop  # noqa: E402

BIN = Path(sys.executable).parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
FIRST_FRAME_RUNS = 7


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(command: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [*command, str(port)],
        env={**os.environ, **env, "FLET_FORCE_WEB_SERVER": "true"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{command} did not listen")


def open_page(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    context.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).*"), lambda route: route.abort())
    page = context.new_page()
    page.goto(url, wait_until="commit")
    return page


def first_frame(browser: Browser, url: str, text: str) -> float:
    """Seconds from navigation to the app's first text being in the semantics tree."""
    context = browser.new_context(viewport={"width": 360, "height": 640})
    context.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).*"), lambda route: route.abort())
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_text(text).first.wait_for(state="attached", timeout=60_000)
    elapsed = time.perf_counter() - started
    context.close()
    return elapsed


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="one first frame, a few actions, 5 phones, idle only"
    )
    quick = parser.parse_args().quick
    runs, actions = (1, 6) if quick else (FIRST_FRAME_RUNS, 50)
    folder = Path(tempfile.mkdtemp())
    env = {"GADGET_DATABASE_URL": f"sqlite:///{folder / 'bench.db'}"}
    gadget, gadget_url = start([str(BIN / "gadget"), "serve", "--host", "127.0.0.1", "--port"], env)
    empty, empty_url = start([sys.executable, str(ROOT / "bench" / "empty_app.py")], {})
    results: dict[str, object] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
            )
            if not quick:  # warm both servers (and the browser cache), then alternate runs
                first_frame(browser, gadget_url + "/", "New game")
                first_frame(browser, empty_url + "/", "Hello")
            results.update(first_frames(browser, gadget_url, empty_url, runs))
            if not quick:
                with busy_cores(os.cpu_count() or 2):
                    busy_frames = first_frames(browser, gadget_url, empty_url, runs)
                results.update({f"busy: {key}": value for key, value in busy_frames.items()})
            results.update(latency(browser, gadget_url, actions))
            if not quick:  # make test runs the quick mode: its other tests run beside it
                with busy_cores(os.cpu_count() or 2):
                    busy = latency(browser, gadget_url, actions)
                results.update({f"busy: {key}": value for key, value in busy.items()})
            results.update(memory(browser, env, 1 if quick else 5, 0.5 if quick else 2.0))
            browser.close()
    finally:
        for process in (gadget, empty):
            stop(process)
    print(json.dumps(results, indent=1))


def first_frames(browser: Browser, ours_url: str, empty_url: str, runs: int) -> dict[str, object]:
    """Home's first frame against the empty app's, alternating (which goes first swapped
    each round): medians, and the ratio of medians with the spread of each round's ratio."""
    ours: list[float] = []
    baseline: list[float] = []
    for round_ in range(runs):
        pair = [(ours, ours_url + "/", "New game"), (baseline, empty_url + "/", "Hello")]
        for into, url, text in pair if round_ % 2 == 0 else pair[::-1]:
            into.append(first_frame(browser, url, text))
    ratios = [a / b for a, b in zip(ours, baseline, strict=True)]
    return {
        "first_frame_gadget_ms": round(statistics.median(ours) * 1000),
        "first_frame_empty_flet_ms": round(statistics.median(baseline) * 1000),
        "first_frame_ratio (target <= 1.1)": round(
            statistics.median(ours) / statistics.median(baseline), 2
        ),
        "first_frame_ratio_spread": [round(min(ratios), 2), round(max(ratios), 2)],
    }


def latency(browser: Browser, url: str, actions: int = 50) -> dict[str, object]:
    """Actions recorded on phone A, each timed until phone B shows its result."""
    from gadget.engine import ShareCode  # noqa: PLC0415
    from tests.browsers import _card, _type  # noqa: PLC0415  (waits for the keyboard's focus)

    phone_a = open_page(browser, url + "/")
    phone_a.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    phone_a.locator("flt-semantics-placeholder").dispatch_event("click")
    samples: list[float] = []
    while len(samples) < actions:
        phone_a.goto(url + "/", wait_until="networkidle")
        phone_a.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        phone_a.locator("flt-semantics-placeholder").dispatch_event("click")
        phone_a.get_by_role("button", name="11 tokens", exact=True).click()
        shown = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
        shown.wait_for(state="attached", timeout=10_000)
        code = ShareCode.parse(shown.inner_text())
        card = _card(phone_a, code)
        phone_b = open_page(browser, f"{url}/join/{code.text}")
        phone_b.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        phone_b.locator("flt-semantics-placeholder").dispatch_event("click")
        phone_b.get_by_text("Either player gives the next clue.").wait_for(state="attached")
        _type(phone_a, phone_a.get_by_role("textbox", name="Clue"), "go")
        started = time.perf_counter()
        phone_a.get_by_role("button", name="Give clue", exact=True).click()
        phone_b.get_by_text("A gave the clue: go. You guess.").wait_for(state="attached")
        samples.append(time.perf_counter() - started)
        for cell in (c for c in range(25) if card.a[c] == "G"):
            if len(samples) >= actions:
                break
            row, column = divmod(cell, 5)
            label = re.compile(rf"^row {row + 1} column {column + 1}: ")
            found = re.compile(rf"^row {5 - row} column {5 - column}: [a-z]+, agent found")
            started = time.perf_counter()
            phone_a.get_by_role("button", name=label).click()
            phone_b.get_by_text(found).first.wait_for(state="attached", timeout=10_000)
            samples.append(time.perf_counter() - started)
        phone_b.context.close()
    ordered = sorted(samples)
    return {
        "a_to_b_actions": len(samples),
        "a_to_b_median_ms": round(statistics.median(ordered) * 1000),
        "a_to_b_p95_ms (target < 250)": round(ordered[int(len(ordered) * 0.95) - 1] * 1000),
    }


def memory(browser: Browser, env: dict[str, str], games: int, settle: float) -> dict[str, object]:
    """Server memory on a fresh server: with one phone, after two phones on each of these
    games (the first games load what all later ones share), and after as many more, which
    give the cost of a phone (5 games; `--quick`: 1, which only shows the counting works),
    each read `settle` seconds after its phones opened."""
    server, url = start([str(BIN / "gadget"), "serve", "--host", "127.0.0.1", "--port"], env)
    try:
        first = open_page(browser, url + "/")
        first.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        time.sleep(settle / 2)
        samples = [rss_kib(server.pid)]
        pages: list[tuple[Page, Page]] = []
        for _ in range(2):
            pages += [_game_pair(browser, url) for _ in range(games)]
            time.sleep(settle)
            samples.append(rss_kib(server.pid))
    finally:
        stop(server)
    fresh, warm, after = (round(sample / 1024, 1) for sample in samples)
    return {
        "server_rss_with_one_phone_mib": fresh,
        f"server_rss_with_{1 + 2 * games}_phones_mib": warm,
        f"server_rss_with_{1 + 4 * games}_phones_mib": after,
        "server_memory_per_phone_mib": round((after - warm) / (2 * games), 2),
    }


def _game_pair(browser: Browser, url: str) -> tuple[Page, Page]:
    """A new game on phone A and its partner joined on phone B, both left open."""
    phone_a = open_page(browser, url + "/")
    phone_a.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    phone_a.locator("flt-semantics-placeholder").dispatch_event("click")
    phone_a.get_by_role("button", name="New game", exact=True).click()
    shown = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
    shown.wait_for(state="attached", timeout=10_000)
    phone_b = open_page(browser, f"{url}/join/{shown.inner_text()}")
    phone_b.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    phone_b.locator("flt-semantics-placeholder").dispatch_event("click")
    phone_b.get_by_text("Either player gives the next clue.").wait_for(state="attached")
    return phone_a, phone_b


if __name__ == "__main__":
    main()
