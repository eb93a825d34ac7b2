"""The static site (`make site`): how long it takes to build, how large it is, the bytes a
phone downloads on its first visit (the page, then the service worker keeping every file)
and on its second, and the time from opening a game's link to the card shown. Served by a
plain static server on loopback that counts every byte it sends (no compression, as
`python -m http.server`); headless Chromium at a phone's size, every other host refused.
`--quick`: one run (tests/test_bench_browser_quick.py runs it in `make test`). Results:
docs/benchmarks.md."""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from build_site import build  # noqa: E402  (tools/build_site.py)

from gadget.engine import Deal  # noqa: E402
from gadget.services.addresses import site_join_link  # noqa: E402
from tests.test_browser import CHROMIUM  # noqa: E402

RUNS = 3
sent = [0]  # bytes the server wrote, headers and bodies


class Counting(SimpleHTTPRequestHandler):
    """Python's static server, counting what it sends and saying nothing."""

    def log_message(self, *_args: Any) -> None:
        pass

    def setup(self) -> None:
        super().setup()
        write = self.wfile.write

        def counted(data: Any) -> int:
            sent[0] += len(data)
            return write(data)

        self.wfile.write = counted  # type: ignore[method-assign]


def shown_card(page: Page, url: str) -> float:
    """Seconds from asking for the game's link to its first cell labelled on screen."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=120_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_text("row 1 column 1: ", exact=False).first.wait_for(
        state="attached", timeout=120_000
    )
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run")
    runs = 1 if parser.parse_args().quick else RUNS
    out = Path(tempfile.mkdtemp()) / "site"
    built = build(out, "/")
    archive = (out / "app.tar.gz").read_bytes()
    rebuilt = build(out, "/")  # the second build: the same bytes (nothing cached between)
    same = archive == (out / "app.tar.gz").read_bytes()
    total = int(built["bytes"])
    chromiums = [  # what a Chromium phone keeps: all but the other CanvasKit build
        p for p in out.rglob("*") if p.is_file() and not p.match("canvaskit/canvaskit.*")
    ]
    gzipped = sum(len(gzip.compress(p.read_bytes(), 6)) for p in chromiums)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Counting, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # What phone A's QR code opens on phone B: side B, which any phone makes from the code
    # (side A shows only on the phone that dealt it).
    url = site_join_link(f"http://127.0.0.1:{server.server_address[1]}/", Deal(1).code)
    firsts, seconds, first_bytes, second_bytes = [], [], [], []
    arguments = [
        "--no-sandbox",
        "--disable-background-networking",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]
    with sync_playwright() as playwright:
        for _ in range(runs):
            # A profile on disk, as a phone's browser has: an incognito context keeps no
            # large file in its HTTP cache, and the service worker would fetch them again.
            context = playwright.chromium.launch_persistent_context(
                tempfile.mkdtemp(),
                executable_path=str(CHROMIUM),
                headless=True,
                args=arguments,
                viewport={"width": 390, "height": 844},
            )
            page = context.new_page()
            sent[0] = 0
            firsts.append(shown_card(page, url))
            wanted = (
                len(
                    page.evaluate("() => fetch('flutter_service_worker.js').then(r => r.text())")
                    .split("const FILES = ")[1]
                    .split("];")[0]
                    .split(",")
                )
                + 2
            )  # the list, and CanvasKit's two files for this browser
            deadline = time.monotonic() + 120
            while kept_files(page) < wanted and time.monotonic() < deadline:
                time.sleep(0.25)
            time.sleep(0.5)
            first_bytes.append(sent[0])
            page.close()
            sent[0] = 0
            again = context.new_page()
            seconds.append(shown_card(again, url))
            time.sleep(0.5)
            second_bytes.append(sent[0])
            context.close()
    server.shutdown()
    print(
        f"build: {built['seconds']} s, again {rebuilt['seconds']} s"
        f" ({'the same' if same else 'another'} archive, byte for byte)"
    )
    print(f"site: {total / 1e6:.1f} MB in {built['files']} files")
    print(f"app archive: {int(built['archive_bytes']) / 1e3:.0f} kB ({built['modules']} modules)")
    print(f"a Chromium phone's files gzipped (a compressing host): {gzipped / 1e6:.1f} MB")
    print(
        "first visit: "
        f"{statistics.median(first_bytes) / 1e6:.1f} MB, card in {statistics.median(firsts):.1f} s"
        f" (runs: {', '.join(f'{s:.1f}' for s in firsts)})"
    )
    print(
        "second visit: "
        f"{statistics.median(second_bytes) / 1e3:.1f} kB,"
        f" card in {statistics.median(seconds):.1f} s"
        f" (runs: {', '.join(f'{s:.1f}' for s in seconds)})"
    )


if __name__ == "__main__":
    main()
