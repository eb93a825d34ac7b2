"""The static site (`make site`) against Flet's own floor (bench/site_floor.py: an empty Flet
app built the Flet way): the time from opening a game's link to the card shown, first visit
and second (the service worker's), side by side in one run, alternating, idle and with both
cores kept busy (bench/busy.py), in Chromium and in WebKit (WebKitGTK, Safari's engine);
also the build (twice: the same bytes), the site's size and the bytes a phone downloads.
Served by a plain static server on loopback that counts what it sends (no compression, as
`python -m http.server`); every other host refused. `--quick`: one build, one run, idle,
one WebKit visit of ours (tests/test_bench_browser_quick.py runs it in `make test`, with
`--site`: the run's own build, not built again). Results: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from build_site import build, figures  # noqa: E402  (tools/build_site.py)
from busy import busy_cores  # noqa: E402
from site_floor import GREETING, build_floor  # noqa: E402
from site_snapshot import NAME as SNAPSHOT  # noqa: E402
from site_webkit import webkit_visits  # noqa: E402

from gadget.engine import Deal  # noqa: E402
from gadget.services.addresses import site_join_link  # noqa: E402
from tests.browsers import CHROMIUM  # noqa: E402

RUNS = 5
CELL = "row 1 column 1: "  # the card's first cell, as a screen reader names it


def counting_server(folder: Path) -> tuple[ThreadingHTTPServer, list[int]]:
    """Python's static server on loopback for `folder`, counting the bytes it sends."""
    sent = [0]

    class Counting(SimpleHTTPRequestHandler):
        def log_message(self, *_args: Any) -> None:
            pass

        def setup(self) -> None:
            super().setup()
            write = self.wfile.write

            def counted(data: Any) -> int:
                sent[0] += len(data)
                return write(data)

            self.wfile.write = counted  # type: ignore[method-assign]

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Counting, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, sent


def shown(page: Page, url: str, text: str) -> float:
    """Seconds from asking for `url` to `text` named on screen (Flutter's DOM of roles and
    labels asked for as soon as it can be)."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=180_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_text(text, exact=False).first.wait_for(state="attached", timeout=180_000)
    return time.perf_counter() - started


def kept_files(page: Page) -> int:
    """Files the service worker has kept so far."""
    return int(
        page.evaluate(
            """async () => {
                let count = 0;
                for (const key of await caches.keys()) {
                    count += (await (await caches.open(key)).keys()).length;
                }
                return count;
            }"""
        )
    )


def wait_until_kept(page: Page) -> None:
    """Until the site's service worker keeps every file it lists (ours: the floor has none)."""
    listed = page.evaluate("() => fetch('flutter_service_worker.js').then(r => r.text())")
    if "const FILES = " not in listed:
        return
    wanted = len(listed.split("const FILES = ")[1].split("];")[0].split(",")) + 2  # CanvasKit
    deadline = time.monotonic() + 180
    while kept_files(page) < wanted and time.monotonic() < deadline:
        time.sleep(0.25)


def two_visits(playwright: Playwright, url: str, text: str, sent: list[int]) -> list[float]:
    """First visit, then second, in a new phone's browser: [first s, second s, first bytes,
    second bytes]."""
    # A profile on disk, as a phone's browser has: an incognito context keeps no large
    # file in its HTTP cache, and the service worker would fetch them again.
    context = playwright.chromium.launch_persistent_context(
        tempfile.mkdtemp(),
        executable_path=str(CHROMIUM),
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-background-networking",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        ],
        viewport={"width": 390, "height": 844},
    )
    try:
        sent[0] = 0
        page = context.new_page()
        first = shown(page, url, text)
        wait_until_kept(page)
        time.sleep(0.5)
        first_bytes = sent[0]
        page.close()
        sent[0] = 0
        second = shown(context.new_page(), url, text)
        time.sleep(0.5)
        return [first, second, first_bytes, sent[0]]
    finally:
        context.close()


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def compared(label: str, ours: list[float], floor: list[float]) -> str:
    """One line: our median and spread, the floor's, and the ratio of medians with the
    spread of the runs' own ratios."""
    ratios = [a / b for a, b in zip(ours, floor, strict=True)]
    ratio = statistics.median(ours) / statistics.median(floor)
    return (
        f"{label}: ours {spread(ours)} s, empty Flet site {spread(floor)} s,"
        f" ratio {ratio:.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
    )


def side_by_side(
    runs: int, visit: Callable[[str, int], list[float]]
) -> dict[str, list[list[float]]]:
    """`runs` rounds of ours then the floor, the order swapped each round."""
    measured: dict[str, list[list[float]]] = {"ours": [], "floor": []}
    for round_ in range(runs):
        order = ("ours", "floor") if round_ % 2 == 0 else ("floor", "ours")
        for which in order:
            measured[which].append(visit(which, round_))
    return measured


def built_twice(quick: bool) -> Path:
    """The site built into a folder of its own, and again unless `quick` (the same bytes:
    tests/test_site_build.py checks it too); what the build took, said."""
    out = Path(tempfile.mkdtemp()) / "site"
    built = build(out, "/")
    kept = [(out / name).read_bytes() for name in ("app.tar.gz", SNAPSHOT)]
    if quick:
        print(f"build: {built['seconds']} s")
        return out
    rebuilt = build(out, "/")
    same = kept == [(out / name).read_bytes() for name in ("app.tar.gz", SNAPSHOT)]
    print(
        f"build: {built['seconds']} s, again {rebuilt['seconds']} s"
        f" ({'the same' if same else 'another'} archive and snapshot, byte for byte)"
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="one build, one run, idle, one WebKit visit of ours"
    )
    parser.add_argument(
        "--site", type=Path, help="a site built already (make test's): its build is not timed"
    )
    options = parser.parse_args()
    quick = options.quick
    runs = 1 if quick else RUNS
    if options.site:
        print(f"build: not timed (the site at {options.site})")
    out = options.site or built_twice(quick)
    built = figures(out)
    floor_out = Path(tempfile.mkdtemp()) / "floor"
    build_floor(floor_out)
    chromiums = [  # what a Chromium phone keeps: all but the other CanvasKit build
        p for p in out.rglob("*") if p.is_file() and not p.match("canvaskit/canvaskit.*")
    ]
    gzipped = sum(len(gzip.compress(p.read_bytes(), 6)) for p in chromiums)
    servers = {"ours": counting_server(out), "floor": counting_server(floor_out)}
    # What phone A's QR code opens on phone B: side B, which any phone makes from the code.
    address = {w: f"http://127.0.0.1:{s.server_address[1]}/" for w, (s, _) in servers.items()}
    urls = {"ours": site_join_link(address["ours"], Deal(1).code), "floor": address["floor"]}
    texts = {"ours": CELL, "floor": GREETING}
    print(f"site: {int(built['bytes']) / 1e6:.1f} MB in {built['files']} files")
    print(
        f"app archive: {int(built['archive_bytes']) / 1e3:.0f} kB ({built['modules']} modules),"
        f" Python snapshot: {int(built['snapshot_bytes']) / 1e6:.1f} MB"
    )
    print(f"a Chromium phone's files gzipped (a compressing host): {gzipped / 1e6:.1f} MB")
    conditions: list[tuple[str, Callable[[], AbstractContextManager[Any]]]] = [
        ("idle", nullcontext)
    ]
    if not quick:
        conditions.append(("both cores busy", lambda: busy_cores(2)))
    with sync_playwright() as playwright:
        for condition, load in conditions:
            with load():
                measured = side_by_side(
                    runs,
                    lambda which, _r: two_visits(
                        playwright, urls[which], texts[which], servers[which][1]
                    ),
                )
            ours, floor = measured["ours"], measured["floor"]
            if condition == "idle":
                print(
                    f"bytes: first visit {statistics.median(r[2] for r in ours) / 1e6:.1f} MB,"
                    f" second visit {statistics.median(r[3] for r in ours) / 1e3:.1f} kB"
                )
            for index, visit in ((0, "first visit"), (1, "second visit")):
                print(
                    compared(
                        f"Chromium, {condition}, {visit}",
                        [r[index] for r in ours],
                        [r[index] for r in floor],
                    )
                )
    if quick:  # one first visit of ours: the comparison is Chromium's code above, the same
        visits = webkit_visits(urls["ours"], texts["ours"], quick)
        print(
            f"WebKit, idle, first visit: ours {visits[0]:.2f} s"
            if visits
            else "WebKit: not measured (no WebKitGTK WebDriver or Xvfb here)"
        )
    for condition, load in conditions if not quick else ():
        with load():
            measured = side_by_side(
                3, lambda which, _r: webkit_visits(urls[which], texts[which], quick)
            )
        if not measured["ours"][0]:
            print("WebKit: not measured (no WebKitGTK WebDriver or Xvfb here)")
            break
        for index, visit in ((0, "first visit"), (1, "second visit")):
            print(
                compared(
                    f"WebKit, {condition}, {visit}",
                    [r[index] for r in measured["ours"]],
                    [r[index] for r in measured["floor"]],
                )
            )
    for server, _sent in servers.values():
        server.shutdown()


if __name__ == "__main__":
    main()
