"""Four browsers, two a side, play a whole game with the box on the served app (issue 37),
and a fifth holding only the public code: what only real clients add to
tests/test_four_phones.py is each phone's own storage and Flet's client on the wire (the
side links as their QR codes carry them, every WebSocket frame each browser is sent,
decoded and checked for the other side's colours)."""

from __future__ import annotations

import re

import pytest

from gadget.engine import Colour, KeyCard, Player, ShareCode
from tests.browsers import (
    GAME_ADDRESS,
    Browser,
    Page,
    _card,
    _give_clue,
    _phone,
    _see,
    _touch,
)
from tests.phones import decoded_strings
from tests.processes import patience_ms
from tests.test_browser_apart import WORDS_CODE, _give
from tests.test_browser_apart import _cells as cells_of
from tests.test_browser_apart import _reveal as reveal
from tests.test_four_phones import own_colours_only, told_cells

pytestmark = pytest.mark.browser
A, B = Player.A, Player.B
SIDE_LINK = re.compile(r"^https?://127\.0\.0\.1:\d+/side/[A-Za-z0-9_-]{22}$")


def _watched(browser: Browser, url: str) -> tuple[Page, list[bytes]]:
    """A new phone at this address, and every frame its page is sent from the first (Flet's:
    a 0, then MsgPack)."""
    frames: list[bytes] = []

    def keep(frame: str | bytes) -> None:
        if isinstance(frame, bytes) and frame[:1] == b"\x00":
            frames.append(frame[1:])

    def follow(page: Page) -> None:
        page.on("websocket", lambda socket: socket.on("framereceived", keep))

    return _phone(browser, url, watch=follow), frames


def _added(browser: Browser, phone: Page, side: Player) -> tuple[Page, list[bytes]]:
    """A phone added to this phone's side by the link it shows (its QR code's, as a camera
    reads it)."""
    letter = side.value.upper()
    phone.get_by_role("button", name=f"Add a phone to side {letter}", exact=True).click()
    qr = phone.get_by_label(re.compile(r"^QR code of ")).first  # the link's text is selectable:
    qr.wait_for(state="attached", timeout=patience_ms())  # Flutter names no text for it
    link = (qr.get_attribute("aria-label") or "").removeprefix("QR code of ")
    assert SIDE_LINK.match(link), link
    added, frames = _watched(browser, link)
    _see(added, f"2 phones hold side {letter}.")
    return added, frames


def test_four_browsers_two_a_side_play_a_whole_game_with_the_box(
    server: str, browser: Browser
) -> None:
    phone_a, frames_a = _watched(browser, server + "/")
    phone_a.get_by_role("button", name="New game", exact=True).click()
    phone_a.wait_for_url(GAME_ADDRESS, timeout=patience_ms())
    shown = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
    shown.wait_for(timeout=patience_ms())
    code = ShareCode.parse(shown.inner_text())
    card = _card(phone_a, code)
    phone_b, frames_b = _watched(browser, f"{server}/join/{code.text}")
    _see(phone_b, "Either player gives the next clue.")
    second_a, frames_a2 = _added(browser, phone_a, A)
    second_b, frames_b2 = _added(browser, phone_b, B)

    _give_clue(second_a, "salad")  # any phone of A gives it
    _see(second_b, "A gave the clue: salad. You guess.")
    fifth, frames_5 = _watched(browser, f"{server}/join/{code.text}")  # the public code only
    _see(fifth, "Ask to take over side B")
    for phone, letter in ((phone_a, "A"), (phone_b, "B")):
        assert phone.get_by_text(f"2 phones hold side {letter}.").count()  # the fifth: none
    for cell in (c for c in range(25) if card.a[c] == "G"):  # A's second phone records
        _touch(second_a, A, cell)
    _see(second_b, "You give the next clue.")  # B's second phone, at once
    _give_clue(second_b, "ocean")
    b_agents = [c for c in range(25) if card.b[c] == "G" and card.a[c] != "G"]
    for cell in b_agents[:-1]:
        _touch(phone_b, B, cell)
    watched = ((frames_a, A), (frames_a2, A), (frames_b, B), (frames_b2, B))
    over_at = [len(decoded_strings(frames)) for frames, _side in watched]
    _touch(second_b, B, b_agents[-1])
    for phone in (phone_a, second_a, phone_b, second_b):
        _see(phone, "Won: all 15 agents found.")
    for (frames, side), over in zip(watched, over_at, strict=True):
        own_colours_only(decoded_strings(frames), side, card, over)
    assert frames_5 and not told_cells(decoded_strings(frames_5))


def test_four_browsers_two_a_side_play_a_whole_game_apart(server: str, browser: Browser) -> None:
    """B's second phone chooses each word, B's first is asked it and confirms it."""
    phone_a, frames_a = _watched(browser, server + "/")
    phone_a.get_by_role("button", name="Deal with English words", exact=True).click()
    shown = phone_a.get_by_text(WORDS_CODE).first
    shown.wait_for(timeout=patience_ms())
    code = ShareCode.parse(shown.inner_text())
    phone_b, frames_b = _watched(browser, f"{server}/join/{code.text}")
    _see(phone_b, "Either player gives the next clue.")
    second_a, frames_a2 = _added(browser, phone_a, A)
    second_b, frames_b2 = _added(browser, phone_b, B)
    seen_a = cells_of(phone_a)
    words = [word for word, _colour in seen_a]
    side_a = [colour for _word, colour in seen_a]  # A's frame
    card = KeyCard("".join(colour for colour in side_a), code.side_b)

    _give(second_a, "garden", 2)
    _see(second_b, "A gave the clue: garden 2. You guess.")
    watched = ((frames_a, A), (frames_a2, A), (frames_b, B), (frames_b2, B))
    over_at: list[int] = []
    for cell in (side_a.index(Colour.GREEN), side_a.index(Colour.BLACK)):  # then the end
        row, column = divmod(24 - cell, 5)  # where B's phones show it
        chosen = second_b.get_by_role(
            "button", name=re.compile(rf"^row {row + 1} column {column + 1}: ")
        )
        reveal(second_b, chosen).click()  # B's second phone chooses
        _see(second_b, f"Touch {words[cell]}?")
        over_at = [len(decoded_strings(frames)) for frames, _side in watched]
        confirm = phone_b.get_by_role("button", name=f"Touch {words[cell]}", exact=True)
        reveal(phone_b, confirm).click()  # B's first phone, asked it too, confirms
    for phone in (phone_a, second_a, phone_b, second_b):
        _see(phone, "The story of the game")
        _see(phone, f"B touched {words[side_a.index(Colour.BLACK)]}")
    for (frames, side), over in zip(watched, over_at, strict=True):
        own_colours_only(decoded_strings(frames), side, card, over)
