"""How the static site's Python starts in the browser: from the build's memory snapshot, as
the page loads; a restored Python is the phone's own (its clock's zone, its own random
state, not the build's); a snapshot that does not match what the page was given is never
used, and the player sees the card all the same, told nothing."""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gadget.engine import Deal
from gadget.services.addresses import site_join_link
from tests.processes import _free_port, stop, until_listening
from tests.test_browser_site import (
    BOOT,
    _accessible,
    static_server,
)

pytestmark = pytest.mark.browser
SNAPSHOT = "python.snapshot"
WORKER = "flutter_service_worker.js"
CELL = "row 1 column 1: "

with contextlib.suppress(ImportError):
    from playwright.sync_api import Browser, BrowserContext, Page


def _card(browser: Browser, folder: Path, **options: Any) -> tuple[Page, list[str]]:
    """A new phone on the join link of a static host of `folder`, once the card shows; what
    its console said."""
    port = _free_port()
    server = static_server(folder, port)
    context = browser.new_context(viewport={"width": 390, "height": 844}, **options)
    said: list[str] = []
    context.on("console", lambda message: said.append(message.text))
    page = context.new_page()
    page.on("close", lambda _page: stop(server))
    page.goto(site_join_link(f"http://127.0.0.1:{port}/", Deal(1).code))
    _accessible(page)
    page.get_by_text(CELL, exact=False).first.wait_for(state="attached", timeout=BOOT)
    return page, said


def _python(page: Page, code: str) -> Any:
    """What the phone's Python makes of `code` (its worker's, as the app runs there)."""
    worker = next(w for w in page.workers if w.url.endswith("/python-worker.js"))
    return worker.evaluate("async (code) => (await self.booting).runPython(code)", code)


def test_a_restored_python_is_the_phone_s_own(site: Path, offline_browser: Browser) -> None:
    paris, said_in_paris = _card(offline_browser, site, timezone_id="Europe/Paris")
    sydney, said_in_sydney = _card(offline_browser, site, timezone_id="Australia/Sydney")
    for said in (said_in_paris, said_in_sydney):
        assert any("Python ready" in line and "(snapshot)" in line for line in said), said
    assert _python(paris, "import time; time.timezone") == -3600  # the build's was UTC's 0
    assert _python(sydney, "import time; time.timezone") == -36000
    draw = "import random; str(random.getrandbits(64))"
    assert _python(paris, draw) != _python(sydney, draw)  # the build's state on every phone
    for page in (paris, sydney):
        page.context.close()


def _archive_of_another_build(snapshot: bytes) -> bytes:
    length = int.from_bytes(snapshot[16:20], "little")
    made = json.loads(snapshot[20 : 20 + length])
    made["archive"] = "0" * 64
    header = json.dumps(made, sort_keys=True).encode()
    return snapshot[:16] + len(header).to_bytes(4, "little") + header + snapshot[20 + length :]


def _another_pyodide_build(snapshot: bytes) -> bytes:
    length = int.from_bytes(snapshot[16:20], "little")
    memory = bytearray(gzip.decompress(snapshot[20 + length :]))
    memory[16:48] = bytes(32)  # Pyodide's build id: another runtime's
    return snapshot[: 20 + length] + gzip.compress(bytes(memory), 1, mtime=0)


DAMAGES: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "made for another app archive": (_archive_of_another_build, "made for the app archive"),
    "made for another Pyodide build": (_another_pyodide_build, "build id mismatch"),
    "cut short": (lambda snapshot: snapshot[: len(snapshot) // 2], "not used"),
    "not a snapshot": (lambda _snapshot: b"<html>Not found</html>", "not a Gadget snapshot"),
}


#: The damage played through to the card: Pyodide itself refuses it, inside its loading,
#: after which the page starts Python again the slow way. The others are refused before
#: Pyodide is asked, and the same slow start follows: they are watched until refused.
PLAYED_THROUGH = "made for another Pyodide build"


def _refused(browser: Browser, folder: Path) -> list[str]:
    """What a new phone's console said by the time it says the snapshot was not used."""
    port = _free_port()
    server = static_server(folder, port)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    said: list[str] = []
    context.on("console", lambda message: said.append(message.text))
    try:
        page = context.new_page()
        page.goto(site_join_link(f"http://127.0.0.1:{port}/", Deal(1).code))
        deadline = time.monotonic() + BOOT / 1000
        while not any("snapshot was not used" in line for line in said):
            assert time.monotonic() < deadline, said
            assert not any("Python ready" in line for line in said), said  # it was used
            page.wait_for_timeout(100)
        return said
    finally:
        context.close()
        stop(server)


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_snapshot_that_does_not_match_is_never_used_and_the_card_shows(
    site: Path, offline_browser: Browser, tmp_path: Path, damage: str
) -> None:
    damaged = tmp_path / "site"
    shutil.copytree(site, damaged)
    change, why = DAMAGES[damage]
    (damaged / SNAPSHOT).write_bytes(change((site / SNAPSHOT).read_bytes()))
    if damage != PLAYED_THROUGH:
        said = _refused(offline_browser, damaged)
        assert any("snapshot was not used" in line and why in line for line in said), said
        return
    page, said = _card(offline_browser, damaged, timezone_id="Asia/Kolkata")
    assert any("snapshot was not used" in line and why in line for line in said), said
    assert any("Python ready" in line and "(slow start)" in line for line in said), said
    assert _python(page, "import time; time.timezone") == -19800
    page.context.close()


def _rebuilt(site: Path, into: Path) -> str:
    """`site` as a new build would be: another app archive (one file more), its snapshot's
    header saying so, another service worker version; returns the new archive's digest."""
    shutil.copytree(site, into)
    with tarfile.open(site / "app.tar.gz") as old, tarfile.open(into / "app.tar.gz", "w:gz") as new:
        for member in old.getmembers():
            new.addfile(member, old.extractfile(member))
        note = b"a new build"
        info = tarfile.TarInfo("gadget/NEW_BUILD.txt")
        info.size = len(note)
        new.addfile(info, io.BytesIO(note))
    digest = hashlib.sha256((into / "app.tar.gz").read_bytes()).hexdigest()
    snapshot = (site / SNAPSHOT).read_bytes()
    length = int.from_bytes(snapshot[16:20], "little")
    made = {**json.loads(snapshot[20 : 20 + length]), "archive": digest}
    header = json.dumps(made, sort_keys=True).encode()
    rest = snapshot[20 + length :]
    (into / SNAPSHOT).write_bytes(snapshot[:16] + len(header).to_bytes(4, "little") + header + rest)
    worker = into / WORKER
    worker.write_text(re.sub(r"gadget-[0-9a-f]{16}", "gadget-0123456789abcdef", worker.read_text()))
    return digest


def test_after_a_new_build_a_phone_keeps_the_new_files_not_its_cached_old_ones(
    site: Path, offline_browser: Browser, tmp_path: Path
) -> None:
    """The service worker kept files from the browser's HTTP cache: after a new build, the old
    archive beside the new snapshot, and Python started the slow way at every visit."""
    served = tmp_path / "served"
    shutil.copytree(site, served)
    port = _free_port()
    server = cached_server(served, port)
    context = offline_browser.new_context(viewport={"width": 390, "height": 844})
    said: list[str] = []
    context.on("console", lambda message: said.append(message.text))
    url = site_join_link(f"http://127.0.0.1:{port}/", Deal(1).code)
    old_version = re.search(r"gadget-[0-9a-f]{16}", (site / WORKER).read_text())
    assert old_version
    try:
        page = _opened(context, url)  # the old build: the browser keeps each file an hour
        _until_kept(page, old_version[0])
        page.close()
        shutil.rmtree(served)
        new_archive = _rebuilt(site, served)
        page = _opened(context, url)
        # What the browser does of itself a moment after a page opens (when it does, it waits
        # for the page to rest): it asks for the worker again, and installs a new one.
        page.evaluate("async () => { await (await navigator.serviceWorker.ready).update(); }")
        _until_kept(page, "gadget-0123456789abcdef")
        page.close()
        said.clear()
        page = _opened(context, url)  # the next visit runs the new build, from its worker
        assert any("Python ready" in line and "(snapshot)" in line for line in said), said
        kept = page.evaluate(
            """async () => {
                const file = await (await caches.open("gadget-0123456789abcdef"))
                    .match("app.tar.gz", { ignoreSearch: true });
                const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
                return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"))
                    .join("");
            }"""
        )
        assert kept == new_archive
    finally:
        context.close()
        stop(server)


def _opened(context: BrowserContext, url: str) -> Page:
    """A new page of this phone on `url`, once its card shows."""
    page = context.new_page()
    page.goto(url)
    _accessible(page)
    page.get_by_text(CELL, exact=False).first.wait_for(state="attached", timeout=BOOT)
    return page


def _until_kept(page: Page, version: str) -> None:
    """Once the service worker of `version` is active: its files kept, the old ones let go
    (the page stays open meanwhile, as a player's does while the browser looks for a new
    worker). Polled here: `wait_for_function` takes an async predicate's promise as true."""
    deadline = time.monotonic() + BOOT / 1000
    while (
        page.evaluate(
            """async (version) => {
            const reg = await navigator.serviceWorker.getRegistration();
            const kept = await caches.open(version);
            return (await caches.keys()).join() === version
                && !!reg && !!reg.active && reg.active.state === "activated"
                && !!(await kept.match("app.tar.gz", { ignoreSearch: true }));
        }""",
            version,
        )
        is not True
    ):
        assert time.monotonic() < deadline, f"no service worker {version} in {BOOT} ms"
        time.sleep(0.2)


def cached_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """A static host that lets browsers keep every file an hour (GitHub Pages: 10 minutes)."""
    program = (
        "import functools, http.server, sys\n"
        "class Kept(http.server.SimpleHTTPRequestHandler):\n"
        "    def end_headers(self):\n"
        "        self.send_header('Cache-Control', 'max-age=3600')\n"
        "        super().end_headers()\n"
        "    def log_message(self, *args):\n"
        "        pass\n"
        "handler = functools.partial(Kept, directory=sys.argv[1])\n"
        "address = ('127.0.0.1', int(sys.argv[2]))\n"
        "http.server.ThreadingHTTPServer(address, handler).serve_forever()\n"
    )
    process = subprocess.Popen([sys.executable, "-c", program, str(folder), str(port)])
    until_listening(process, port, "the caching static host")  # 0.5 s was too short, busy
    return process
