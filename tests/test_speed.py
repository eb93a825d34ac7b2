"""What keeps each tap quick on a busy machine (issue 23), checked by what the server does,
never by a clock: how much it sends a phone for a move, and how often it compresses a file.
The times themselves are bench/bench_screens.py's (docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import gzip
import os
import threading
import time
import zlib
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest
from starlette.testclient import TestClient

from gadget.engine import Player
from gadget.serve.compressed import CompressedOnce, accepted
from gadget.serve.copies_on_disk import CopiesOnDisk
from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store
from tests.phones import Phone
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of

A = Player.A

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


@pytest.mark.parametrize(
    ("header", "codings"),
    [
        ("br", ["br"]),
        ("gzip", ["gzip"]),
        ("gzip, deflate, br, zstd", ["br", "gzip"]),  # Chromium's: brotli first
        ("br;q=0, gzip", ["gzip"]),
        ("gzip;q=0, br", ["br"]),
        ("gzip;q=1.0, br;q=0.5", ["gzip", "br"]),
        ("*", ["br", "gzip"]),
        ("gzip, *;q=0", ["gzip"]),
        ("br;q=0, gzip;q=0", []),
        ("identity", []),
        ("", []),
    ],
)
def test_the_coding_a_browser_gets_is_the_best_it_takes(header: str, codings: list[str]) -> None:
    assert accepted(header) == codings


class Watched:
    """Each compression the server makes, whether it ran on the event loop, and (brotli) at
    what quality and thread priority; brotli waits for the test's word to finish."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: list[tuple[str, bool]] = []
        self.brotli_asked: list[tuple[int, int]] = []  # (quality, nice)
        self.finish = threading.Event()
        gzip_maker, brotli_maker = zlib.compressobj, brotli.compress

        def gzip_watched(*args: Any, **kwargs: Any) -> Any:
            self.made.append(("gzip", self._on_loop()))
            return gzip_maker(*args, **kwargs)

        def brotli_watched(body: bytes, quality: int = 11) -> bytes:
            self.made.append(("br", self._on_loop()))
            nice = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
            self.brotli_asked.append((quality, nice))
            assert self.finish.wait(30)
            return bytes(brotli_maker(body, quality=1))  # quality 11 takes a minute here

        monkeypatch.setattr(zlib, "compressobj", gzip_watched)
        monkeypatch.setattr(brotli, "compress", brotli_watched)

    @staticmethod
    def _on_loop() -> bool:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True


def _raw(client: TestClient, path: str, **headers: str) -> tuple[dict[str, str], bytes]:
    """A response's headers and its bytes as sent (httpx would decode them)."""
    with client.stream("GET", path, headers=headers) as response:
        return dict(response.headers), b"".join(response.iter_raw())


def test_each_file_is_compressed_once_per_server_and_never_on_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each phone that opened the app had its 16 MB of files compressed again, 64 KiB at a
    time on the loop every phone shares: 2 s of it per phone, while the others waited. Now
    each file is compressed once in each coding, off the loop; brotli at its best takes
    seconds, and no phone waits for it."""
    monkeypatch.setenv("GADGET_COMPRESSED_FOLDER", str(tmp_path / "copies"))  # none kept yet
    watched = Watched(monkeypatch)
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    with TestClient(asgi_app(Table(store))) as client:
        plain_headers, plain = _raw(client, "/main.dart.js", **{"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain_headers and watched.made == []
        etag = plain_headers["etag"]

        # The first phone: brotli is not made yet, and the phone is not kept waiting for it.
        first, sent = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip, br"})
        assert first["content-encoding"] == "gzip" and gzip.decompress(sent) == plain
        assert first["vary"] == "Accept-Encoding" and first["etag"] == etag[:-1] + '-gzip"'
        assert int(first["content-length"]) == len(sent) < len(plain) / 2
        watched.finish.set()
        deadline = time.monotonic() + 30
        while ("br", False) not in watched.made or not watched.brotli_asked:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        for _phone in range(3):  # once made: brotli for every phone that takes it
            for _ in range(100):
                later, packed = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip, br"})
                if later["content-encoding"] == "br":
                    break
                time.sleep(0.05)
            assert later["content-encoding"] == "br" and brotli.decompress(packed) == plain
            assert later["etag"] == etag[:-1] + '-br"' and later["vary"] == "Accept-Encoding"
        assert watched.brotli_asked == [(11, 19)]  # its best, at the lowest priority
        assert sorted(watched.made) == [("br", False), ("gzip", False)]  # once each, off the loop

        for header, coding in (
            ("br", "br"),
            ("gzip", "gzip"),
            ("br;q=0, gzip", "gzip"),
            ("gzip;q=0, br", "br"),
            ("identity", None),
        ):
            headers, body = _raw(client, "/main.dart.js", **{"Accept-Encoding": header})
            assert headers.get("content-encoding") == coding, header
            decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[coding]
            assert decoded(body) == plain, header
        assert sorted(watched.made) == [("br", False), ("gzip", False)]

        # A second visit: each copy found again by its own ETag, and only if still taken.
        for header, tag in (("gzip, br", etag[:-1] + '-br"'), ("gzip", etag[:-1] + '-gzip"')):
            again = client.get(
                "/main.dart.js", headers={"Accept-Encoding": header, "If-None-Match": tag}
            )
            assert again.status_code == 304 and again.headers["etag"] == tag, header
            assert again.headers["vary"] == "Accept-Encoding"
        refused = client.get(
            "/main.dart.js",
            headers={"Accept-Encoding": "gzip", "If-None-Match": etag[:-1] + '-br"'},
        )
        assert refused.status_code == 200 and refused.headers["content-encoding"] == "gzip"
        plain_again = client.get(
            "/main.dart.js", headers={"Accept-Encoding": "identity", "If-None-Match": etag}
        )
        assert plain_again.status_code == 304 and plain_again.headers["etag"] == etag
    store.close()


def _first_brotli(client: TestClient, plain: bytes) -> bytes:
    """The brotli copy of main.dart.js, once the server sends it (it makes it meanwhile)."""
    for _ in range(600):
        headers, packed = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip, br"})
        if headers["content-encoding"] == "br":
            assert brotli.decompress(packed) == plain
            return packed
        time.sleep(0.05)
    raise AssertionError("no brotli copy in 30 s")


def test_a_server_started_again_sends_the_copies_an_earlier_start_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each start made every brotli copy again: half a minute of a core on a home computer
    after each restart, and in each of a test run's servers (issue 34). The copies are kept
    by what the file holds; one that does not open to the file is made again, never sent."""
    copies = tmp_path / "copies"
    monkeypatch.setenv("GADGET_COMPRESSED_FOLDER", str(copies))
    watched = Watched(monkeypatch)
    watched.finish.set()
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    with TestClient(asgi_app(Table(store))) as client:
        plain = _raw(client, "/main.dart.js", **{"Accept-Encoding": "identity"})[1]
        first, _ = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip, br"})
        assert first["content-encoding"] == "gzip"  # nothing kept yet: as before
        _first_brotli(client, plain)
    assert sorted(watched.made) == [("br", False), ("gzip", False)]
    (kept,) = copies.glob("*.br")
    with TestClient(asgi_app(Table(store))) as client:  # the next start
        headers, packed = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip, br"})
        assert headers["content-encoding"] == "br" and brotli.decompress(packed) == plain
        headers, packed = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip"})
        assert headers["content-encoding"] == "gzip" and gzip.decompress(packed) == plain
    assert sorted(watched.made) == [("br", False), ("gzip", False)]  # nothing made again
    whole = kept.read_bytes()
    kept.write_bytes(whole[: len(whole) // 2])  # cut short (a disk that filled up, say)
    with TestClient(asgi_app(Table(store))) as client:
        headers, packed = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip, br"})
        assert headers["content-encoding"] == "gzip" and gzip.decompress(packed) == plain
        _first_brotli(client, plain)
    assert kept.read_bytes() == whole  # made again, and kept whole
    assert [name for name in os.listdir(copies) if name.startswith(".")] == []  # no part left
    (kept_gzip,) = copies.glob("*.gzip")
    spoilt = bytearray(kept_gzip.read_bytes())
    spoilt[10:40] = bytes(byte ^ 0xFF for byte in spoilt[10:40])  # its inside, not its header
    kept_gzip.write_bytes(bytes(spoilt))
    with TestClient(asgi_app(Table(store))) as client:  # zlib's own error, once uncaught
        for _ in range(2):  # and not remembered as the file's answer either
            headers, packed = _raw(client, "/main.dart.js", **{"Accept-Encoding": "gzip"})
            assert headers["content-encoding"] == "gzip" and gzip.decompress(packed) == plain
    store.close()


def test_copies_nobody_read_for_a_month_are_removed_and_nothing_else(tmp_path: Path) -> None:
    copies = CopiesOnDisk(tmp_path)
    old, recent = "a" * 64, "b" * 64
    for name in (old, recent):
        copies.keep(name, "gzip", gzip.compress(name.encode()))
    (tmp_path / "notes.txt").write_text("the owner's")
    month_ago = time.time() - 31 * 86_400
    for name in (f"{old}.gzip", "notes.txt"):
        os.utime(tmp_path / name, (month_ago, month_ago))
    CopiesOnDisk(tmp_path).keep("c" * 64, "gzip", gzip.compress(b"c"))  # a new process sweeps
    assert sorted(os.listdir(tmp_path)) == [f"{recent}.gzip", "c" * 64 + ".gzip", "notes.txt"]
    assert copies.find(recent, "gzip", recent.encode()) is not None
    assert copies.find(recent, "gzip", b"another file") is None


def _sent(phone: Phone) -> int:
    return sum(map(len, phone.connection.frames))


@at_the_table
async def test_a_move_sends_each_phone_what_changed_not_the_whole_card_again(table: Table) -> None:
    """A notice that appeared above the card shifted it one place down, and Flet, matching
    the screen's parts by place, drew it again whole: 10 KB and 150 controls for each phone
    at every clue and touch, to build, send and lay out again."""
    phone_a, phone_b, code = await deal_and_join(table)
    card = card_of(table, code)
    cells_b = {c._i for c in phone_b.controls() if str(getattr(c, "label", "")).startswith("row ")}
    before = _sent(phone_a), _sent(phone_b)
    await give_clue(phone_a, "two")  # B: the clue; A: "When B touches a word, tap it here."
    agent = next(c for c in range(25) if card.a[c] == "G")
    await phone_a.tap_cell(*seat_of(A, agent))  # both: "... found an agent." above the card
    assert phone_b.says("agent found") and phone_a.says("found an agent")
    assert _sent(phone_a) - before[0] < 4_000 and _sent(phone_b) - before[1] < 2_000
    still = {c._i for c in phone_b.controls() if str(getattr(c, "label", "")).startswith("row ")}
    assert still == cells_b  # the same 25 cells, changed where they changed


@at_the_table
async def test_a_screens_words_are_found_without_comparing_pages_field_by_field(
    table: Table,
) -> None:
    """Each word of a render looked up its phone's language with the page as a weak key: a
    Page compares equal field by field, 30 us a word, a few ms a render of the game."""
    phone = await Phone("/").open()
    compared: list[object] = []
    page_type = type(phone.session.page)
    equal = page_type.__eq__

    def counted(page: object, other: object) -> bool:
        compared.append(other)
        return bool(equal(page, other))

    page_type.__eq__ = counted  # type: ignore[method-assign,assignment]
    try:
        await phone.go("/settings")
        assert phone.says("Warnings at 30 and 10 seconds")
    finally:
        page_type.__eq__ = equal  # type: ignore[method-assign]
    assert compared == []


def test_phones_arriving_together_after_a_restart_read_the_kept_copies_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hundred phones come back at once after a restart: each file's kept copies are read
    and checked (a hash and a decompression of megabytes) once, not once a phone."""
    monkeypatch.setenv("GADGET_COMPRESSED_FOLDER", str(tmp_path / "copies"))
    middleware = CompressedOnce(lambda *_: None)  # type: ignore[arg-type, return-value]
    looks: list[int] = []
    real = middleware._on_disk

    def counted(body: bytes) -> tuple[str, dict[str, bytes]]:
        looks.append(1)
        time.sleep(0.05)  # long enough for every phone to ask meanwhile
        return real(body)

    middleware._on_disk = counted  # type: ignore[method-assign]

    async def phones() -> None:
        body = b"x" * 4096
        await asyncio.gather(
            *(middleware._packed("/main.dart.js", '"e"', body, ["gzip"]) for _ in range(20))
        )

    asyncio.run(phones())
    assert looks == [1]
