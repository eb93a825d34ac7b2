"""Bytes a phone transfers to open the app: a cold first load (empty cache) and a warm one
(the same browser again), with compression and without (`Accept-Encoding: identity`, as the
app was served before issue 11). Headless Chromium at a phone's size; every byte counted is
a response's encoded body plus its headers, as the network sent it. `--quick`: compressed
only (tests/test_bench_browser_quick.py runs it in `make test`). Results: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_browser import CHROMIUM, _start_server  # noqa: E402


def load(context: BrowserContext, url: str) -> tuple[int, int, int]:
    """(bytes, responses, of which 304) for one load until the app has drawn Home."""
    counted: list[Any] = []
    page = context.new_page()

    def keep(request: Any) -> None:  # Playwright tags a handler: a bound builtin cannot be one
        counted.append(request)

    page.on("requestfinished", keep)
    page.goto(url, wait_until="networkidle")
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.wait_for_timeout(1_000)
    total = not_modified = 0
    for request in counted:
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        response = request.response()
        not_modified += response is not None and response.status == 304
    page.close()
    return total, len(counted), not_modified


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="compressed only, cold and warm")
    quick = parser.parse_args().quick
    database = Path(tempfile.mkdtemp()) / "bench.db"
    process, url = _start_server(database)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
            )
            print(f"{'load':38} {'MB':>7} {'responses':>10} {'304':>5}")
            variants = (
                ("compressed (now)", {}),
                ("uncompressed (before)", {"Accept-Encoding": "identity"}),
            )
            for label, headers in variants[:1] if quick else variants:
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, extra_http_headers=headers
                )
                for when in ("cold", "warm"):
                    size, responses, cached = load(context, url + "/")
                    print(f"{when + ', ' + label:38} {size / 1e6:7.2f} {responses:10} {cached:5}")
                context.close()
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
