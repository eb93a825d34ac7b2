"""One browser plays a whole game with the app on the static site, in English and in French
(issue 38): what no in-process test reaches, the partner's Python and its pocket file running
in the browser's Pyodide with no server, the game kept in the browser's own storage, each of
the app's clues timed as a player waits for it, and a page that asks no host but this one."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from gadget.engine import Clue, Colour, Guess, Player, view_for
from gadget.engine.gamelog import game_log_from_dict
from gadget.language import language
from gadget.partner.player import partner_clue
from gadget.partner.pocket import pocket
from gadget.partner.seat import Seat, turns_of
from gadget.services.clue_check import clue_flags
from gadget.site.alone import PAUSE, alone_key, state_of
from gadget.views.parts.shield import DEAF_SECONDS
from tests.browsers import _see, _type, taking_taps
from tests.processes import _free_port, patience_ms, stop
from tests.test_browser_apart import _reveal
from tests.test_browser_site import BOOT, _phone, static_server

pytestmark = pytest.mark.browser
A, B = Player.A, Player.B
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


@pytest.mark.parametrize("code", ["en", "fr"])
def test_one_browser_plays_a_whole_game_with_the_app_on_the_site(
    site: Path, browser: Browser, code: str
) -> None:
    say = language(code).gettext
    port = _free_port()
    server = static_server(site, port)
    try:
        phone, refused = _phone(browser, f"http://127.0.0.1:{port}/", locale=LOCALES[code])
        button = "Play with the app in French" if code == "fr" else "Play with the app in English"
        _reveal(phone, phone.get_by_role("button", name=say(button), exact=True)).click(
            timeout=BOOT
        )
        waits = _play_to_the_end(phone, code, say)
        _see(phone, say("Counted for the city, played with the app."))
        log = _kept_log(phone, code)
        assert any(isinstance(a, Clue) and a.by is B for a in log.actions)  # the app's clues
        assert any(isinstance(a, Guess) and a.by is B for a in log.actions)  # and touches
        assert not refused, refused
        print(f"{code}: the app's clues came {', '.join(f'{w:.2f}' for w in waits)} s "
              f"after its turn began ({PAUSE} s of it its pause)")  # fmt: skip
    finally:
        stop(server)


def _kept_log(phone: Page, code: str) -> Any:
    """The game the page keeps in the browser's storage (gadget/site/alone.py)."""
    kept = phone.evaluate(f"localStorage.getItem('flutter.{alone_key(code)}')")
    return game_log_from_dict(json.loads(json.loads(kept))["log"])


def _play_to_the_end(phone: Page, code: str, say: Any) -> list[float]:
    """Touch the app's green words (then a bystander), give the partner's own clues for A's
    words (so the game runs long), until the game ends;
    how long each of the app's clues took from the moment its turn began."""
    thinking = say("The app holds side B. It is thinking...")
    phone.get_by_text(thinking).first.wait_for(state="attached", timeout=BOOT)
    # The first clue's wait starts here; the page's storage has the game from then on.
    waits: list[float] = []
    changed = time.monotonic()  # when the game last moved: the app's turn begins there
    deadline = changed + 10 * patience_ms() / 1000
    seen = 0
    while True:
        assert time.monotonic() < deadline, "the game never ended"
        log = _kept_log(phone, code)
        if len(log.actions) == seen:
            phone.wait_for_timeout(50)
            continue
        now = time.monotonic()
        if isinstance(log.actions[-1], Clue) and log.actions[-1].by is B:
            waits.append(now - changed)
        changed, seen = now, len(log.actions)
        state = state_of(log)
        if state.is_over:
            return waits
        view = view_for(state, A)
        words = log.words.words
        if view.i_may_guess and view.mine_to_touch:
            # As many of the app's greens as its clue's number, then a bystander of its side
            # (the turn ends), its assassin only when nothing else is left: a longer game,
            # more of the app's clues.
            _past, found = turns_of(log)
            left = sorted(view.mine_to_touch)
            greens = [c for c in left if log.card.colour(B, c) is Colour.GREEN]
            tans = [c for c in left if log.card.colour(B, c) is Colour.TAN]
            number = view.clue.number if view.clue is not None else 0
            cell = ((greens if found < (number or 1) else []) or tans or greens or left)[0]
            _touch(phone, view.seat_cells.index(cell), words[cell].upper(), say)
        elif view.i_may_give_clue:  # the partner gives A's clue too: a longer game
            past, _found = turns_of(log)
            seat = Seat(view, words, past)
            clue = partner_clue(pocket(code), seat, lambda w, shown: not clue_flags(w, shown, code))
            _give(phone, clue.word, clue.number or 1, say)


def _give(phone: Page, word: str, number: int, say: Any) -> None:
    """Type the clue, choose its number, give it; one the rule book may forbid (a word of
    the deal's) on the second tap, as players may agree (the served app's test gives its
    clues here too)."""
    taking_taps(phone.get_by_role("button", name=say("Give clue"), exact=True))
    _type(phone, _reveal(phone, phone.get_by_role("textbox", name=say("Clue (one word)"))), word)
    _reveal(phone, phone.get_by_role("button", name=say("Number of words"))).click()
    phone.get_by_role("button", name=str(number), exact=True).click()
    give = phone.get_by_role("button", name=say("Give clue"), exact=True)
    _reveal(phone, give).click()
    said = say("You gave the clue: {clue}. {partner} guesses.").split("{clue}")[0] + word
    # Given: the phone says so, or (on the site) that the app thinks about it.
    given = phone.get_by_text(re.compile("^" + re.escape(said))).or_(
        phone.get_by_text(say("The app holds side B. It is thinking..."))
    )
    flagged = phone.get_by_text(say("The rule book may forbid this clue:"))
    given.or_(flagged).first.wait_for(state="attached", timeout=patience_ms())
    if flagged.count():
        # Read, as a player does: the warned clue again within DEAF_SECONDS is a double tap's
        # second, and changes nothing (views/parts/apart.py).
        phone.wait_for_timeout(1000 * DEAF_SECONDS)
        _reveal(phone, give).click()
        given.first.wait_for(state="attached", timeout=patience_ms())


def _touch(phone: Page, where: int, word: str, say: Any) -> None:
    """Choose the word at this place (0..24 from the phone's seat), then confirm it."""
    row, column = divmod(where, 5)
    prefix = say("row {row} column {column}: {words}").format(
        row=row + 1, column=column + 1, words=""
    )
    cell = phone.get_by_role("button", name=re.compile("^" + re.escape(prefix)))
    _reveal(phone, cell).click()
    touch = say("Touch {word}").format(word=word)
    _reveal(phone, taking_taps(phone.get_by_role("button", name=touch, exact=True))).click()
