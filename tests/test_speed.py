"""What keeps each tap quick on a busy machine (issue 23), checked by what the server does,
never by a clock: how much it sends a phone for a move, and how often it compresses a file.
The times themselves are bench/bench_screens.py's (docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import zlib
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gadget.engine import Player
from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store
from tests.phones import Phone
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of

A = Player.A

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


def test_each_file_is_compressed_once_per_server_and_never_on_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each phone that opened the app had its 16 MB of files compressed again, 64 KiB at a
    time on the loop every phone shares: 2 s of it per phone, while the others waited."""
    compressions: list[bool] = []  # for each: whether it ran on the event loop
    made = zlib.compressobj

    def watched(*args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
            compressions.append(True)
        except RuntimeError:
            compressions.append(False)
        return made(*args, **kwargs)

    monkeypatch.setattr(zlib, "compressobj", watched)
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    with TestClient(asgi_app(Table(store))) as client:
        first = client.get("/main.dart.js", headers={"Accept-Encoding": "gzip"})
        assert first.headers["content-encoding"] == "gzip"
        assert compressions == [False]  # once, on a worker thread
        for _phone in range(3):
            again = client.get("/main.dart.js", headers={"Accept-Encoding": "gzip, br"})
            assert again.content == first.content  # (httpx has unzipped both)
            assert again.headers["content-length"] == first.headers["content-length"]
        assert compressions == [False]  # the next phones cost no compression
        plain = client.get("/main.dart.js", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.content == first.content
        sent = int(first.headers["content-length"])
        assert sent < len(first.content) / 2
    store.close()


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
