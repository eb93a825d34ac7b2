"""The served app in headless Chromium: two browser contexts are two phones at one table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gadget.engine import Player
from tests.browsers import (
    GAME_ADDRESS,
    Browser,
    Page,
    _card,
    _deal,
    _give_clue,
    _grid,
    _open,
    _phone,
    _see,
    _semantics_on,
    _shows_a_card,
    _tap_field,
    _touch,
    _two_phones,
    hosts_asked,
)
from tests.processes import (
    _start_server,
    patience_ms,
    stop,
)

pytestmark = pytest.mark.browser


def test_phone_b_joins_by_typing_the_code_and_sees_a_turned_half_way_round(
    server: str, browser: Browser
) -> None:
    phone_a, code = _deal(browser, server)
    card = _card(phone_a, code)
    assert _grid(phone_a) == card.seen_from(Player.A)
    phone_a.get_by_text(f"{server}/join/{code.text}", exact=True).wait_for(timeout=patience_ms())

    phone_b = _phone(browser, server + "/")
    field = phone_b.get_by_role("textbox", name="Partner's code")
    _tap_field(phone_b, field)
    field.fill(code.text.lower().replace("-", " "))
    phone_b.get_by_role("button", name="Join", exact=True).click()
    phone_b.wait_for_url(re.compile(r"/join/"), timeout=patience_ms())
    assert _grid(phone_b) == card.seen_from(Player.B) == card.b[::-1]
    assert phone_b.get_by_text(code.text, exact=True).count() == 0


def test_a_whole_game_is_won_through_both_phones(server: str, browser: Browser) -> None:
    phone_a, phone_b, code = _two_phones(browser, server)
    card = _card(phone_a, code)

    _give_clue(phone_a, "salad")
    _see(phone_b, "A gave the clue: salad. You guess.")
    for cell in (c for c in range(25) if card.a[c] == "G"):  # A records B's touches
        _touch(phone_a, Player.A, cell)
    _see(phone_a, "B gives the next clue.")  # A's last word ended the turn by itself

    _give_clue(phone_b, "ocean")
    for cell in (c for c in range(25) if card.b[c] == "G" and card.a[c] != "G"):
        _touch(phone_b, Player.B, cell)
    for phone in (phone_a, phone_b):
        _see(phone, "Won: all 15 agents found.")
        _see(phone, "Score 23 = 21 + 2: 3 x 7 tokens left, 2 stop tokens.")
        _see(phone, "partner sees")  # both sides revealed


def test_a_restarted_server_resumes_the_game_on_both_phones(
    browser: Browser, tmp_path: Path
) -> None:
    database = tmp_path / "gadget.db"
    process, url = _start_server(database)
    try:
        phone_a, phone_b, code = _two_phones(browser, url)
        _give_clue(phone_a, "salad")
        _see(phone_b, "A gave the clue: salad. You guess.")
        stop(process)
        # Same address: the phones reconnect by themselves, nobody reloads a page.
        process, _ = _start_server(database, port=int(url.rsplit(":", 1)[1]))
        card = _card(phone_a, code)
        _touch(phone_a, Player.A, next(c for c in range(25) if card.a[c] == "G"), patience=40)
        _see(phone_b, "You found an agent.")
    finally:
        stop(process)


def test_a_phone_that_lost_the_connection_catches_up(server: str, browser: Browser) -> None:
    phone_a, phone_b, _ = _two_phones(browser, server)
    phone_b.context.set_offline(True)
    _give_clue(phone_a, "salad")
    _see(phone_a, "You gave the clue: salad. B guesses.")
    # B's screen is there, as it was before the clue: only now is the clue's absence news.
    _see(phone_b, "Either player gives the next clue.")
    assert phone_b.get_by_text("A gave the clue: salad.").count() == 0
    phone_b.context.set_offline(False)
    _see(phone_b, "A gave the clue: salad. You guess.")


def test_a_third_phone_and_each_players_phone_never_see_the_other_side(
    server: str, browser: Browser
) -> None:
    """What only a real browser adds: each phone is who its own storage says, through a
    typed address, a join link reopened and the browser's Back. Every other address a third
    phone may type (an old game number, a route that leads nowhere, the code's bank edited)
    is checked in-process: tests/test_screens.py (an unknown game or address) and
    tests/test_seats_on_screen.py (an edited code, each phone's own routes)."""
    phone_a, phone_b, code = _two_phones(browser, server)
    card = _card(phone_a, code)
    game_url = phone_a.url
    assert GAME_ADDRESS.search(game_url)

    third = _phone(browser, server + "/")  # another browser on the same network
    _see(third, "Join your partner")
    assert third.get_by_text("Resume").count() == 0  # Home lists no one else's game
    assert third.get_by_text(code.text).count() == 0
    for url, present in (
        (game_url, "This game is on other phones"),
        (f"{server}/join/{code.text}", "Ask to take over side B"),  # B held: only a request
    ):
        _open(third, url)
        assert not _shows_a_card(third, present), url

    for phone, mine in ((phone_a, Player.A), (phone_b, Player.B)):
        _open(phone, f"{server}/join/{code.text}")
        assert _grid(phone) == card.seen_from(mine)
        _open(phone, f"{server}/")
        _see(phone, "Resume")  # its own game, on its own Home
        phone.go_back(wait_until="networkidle")  # back to the game: still its own side
        _semantics_on(phone)
        assert _grid(phone) == card.seen_from(mine)


def test_the_served_app_asks_no_host_but_its_own(server: str, browser: Browser) -> None:
    """Flet's client asked jsDelivr for Rive's animation runtime at every page load, which the
    app never uses: another host heard of every phone that opened the app."""

    def deal(page: Page) -> None:
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=patience_ms())
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_role("button", name="New game", exact=True).click(timeout=patience_ms())
        page.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first.wait_for(
            timeout=patience_ms()
        )

    assert hosts_asked(browser, server + "/", deal) == {"127.0.0.1"}
