"""Bytes a phone transfers to open the app: a cold first load (empty cache) and a warm one
(the same browser again), with compression and without (`Accept-Encoding: identity`, as the
app was served before issue 11). Headless Chromium at a phone's size; every byte counted is
a response's encoded body plus its headers, as the network sent it. The server makes each
file's brotli copy once, in the background (issue 24): the first phone after a start is sent
gzip, and the cold load is measured once every copy is made. `--quick`: the first phone and
the compressed loads, without waiting for the brotli copies (tests/test_bench_browser_quick.py
runs it in `make test`). Results: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browsers import CHROMIUM  # noqa: E402
from tests.processes import _start_server, stop  # noqa: E402


def load(context: BrowserContext, url: str, paths: list[str] | None = None) -> tuple[int, int, int]:
    """(bytes, responses, of which 304) for one load until the app has drawn Home; `paths`
    gets the address of each response sent compressed."""
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
        if paths is not None and response is not None and "content-encoding" in response.headers:
            paths.append(request.url)
    page.close()
    return total, len(counted), not_modified


def brotli_made(addresses: list[str], patience: float = 900) -> float:
    """Seconds until the server sends each of these files as brotli (it makes the copies one
    at a time, at the lowest priority)."""
    started = time.monotonic()
    for address in addresses:
        while True:
            asked = urllib.request.Request(address, headers={"Accept-Encoding": "br"})
            with urllib.request.urlopen(asked) as response:
                if response.headers.get("content-encoding") == "br":
                    break
            if time.monotonic() - started > patience:
                raise SystemExit(f"no brotli copy of {address} after {patience} s")
            time.sleep(1)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="compressed only, not waiting for brotli copies"
    )
    quick = parser.parse_args().quick
    database = Path(tempfile.mkdtemp()) / "bench.db"
    # A cold start: no compressed copy kept by an earlier server (a test run shares some).
    os.environ["GADGET_COMPRESSED_FOLDER"] = str(database.parent / "compressed")
    process, url = _start_server(database)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
            )
            print(f"{'load':38} {'MB':>7} {'responses':>10} {'304':>5}")
            first = browser.new_context(viewport={"width": 390, "height": 844})
            compressed: list[str] = []
            size, responses, cached = load(first, url + "/", compressed)
            print(
                f"{'cold, first phone after start':38} {size / 1e6:7.2f} {responses:10} {cached:5}"
            )
            first.close()
            if not quick:  # a minute or more on a busy machine
                waited = brotli_made(compressed)
                print(f"(every brotli copy made {waited:.0f} s after the first phone's load)")
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
        stop(process)


if __name__ == "__main__":
    main()
