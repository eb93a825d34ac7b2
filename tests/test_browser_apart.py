"""Two homes on a call, in Chromium: two browsers play a whole game with the words on their
phones and no box, a third browser sees no colour."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page

from gadget.engine import Colour, ShareCode
from gadget.views.parts.shield import DEAF_SECONDS
from tests.browsers import _open, _phone, _see, _shows_a_card, _type, taking_taps
from tests.processes import patience_ms

WORDS_CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$")
SUDDEN = "Sudden death: each of you touches words on your own phone, one at a time."
COLOURS = {"agent": Colour.GREEN, "assassin": Colour.BLACK, "bystander": Colour.TAN}

pytestmark = pytest.mark.browser


def _cells(page: Page) -> list[tuple[str, Colour]]:
    """Each cell's word and colour as this phone shows them, row by row from its seat."""
    cells = []
    for row in range(1, 6):
        for column in range(1, 6):
            label = page.get_by_text(re.compile(rf"^row {row} column {column}: ")).first
            label.wait_for(state="attached", timeout=patience_ms())
            parts = label.inner_text().split(": ", 1)[1].split(", ")
            cells.append((parts[0], COLOURS[parts[1]]))
    return cells


def _deal_with_words(browser: Browser, server: str) -> tuple[Page, ShareCode]:
    phone_a = _phone(browser, server + "/")
    phone_a.get_by_role("button", name="Deal with English words", exact=True).click()
    shown = phone_a.get_by_text(WORDS_CODE).first
    shown.wait_for(timeout=patience_ms())
    return phone_a, ShareCode.parse(shown.inner_text())


def _reveal(phone: Page, control: Locator) -> Locator:
    """Scroll Flutter's page (its canvas, not the DOM) until the control is on the screen,
    as a thumb does: a menu opened off the screen shows nothing."""
    height = phone.viewport_size["height"] if phone.viewport_size else 640
    control.wait_for(state="attached", timeout=patience_ms())
    for _step in range(40):
        box = control.bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height:
            return control
        phone.mouse.move(20, height / 2)
        phone.mouse.wheel(0, 200 if box is None or box["y"] > 0 else -200)
        phone.wait_for_timeout(100)
    raise AssertionError("the control never came onto the screen")


def _give(phone: Page, word: str, number: int) -> None:
    """Type the clue, choose its number, give it (once the form takes taps)."""
    taking_taps(phone.get_by_role("button", name="Give clue", exact=True))
    _type(phone, _reveal(phone, phone.get_by_role("textbox", name="Clue (one word)")), word)
    _reveal(phone, phone.get_by_role("button", name="Number of words")).click()
    phone.get_by_role("button", name=str(number), exact=True).click()
    _reveal(phone, phone.get_by_role("button", name="Give clue", exact=True)).click()
    # A clue flagged against a word the random deal put on the table is given anyway, as the
    # players may agree; otherwise the giver's phone says it was given.
    given = re.compile(rf"^You gave the clue: {re.escape(word)} {number}\.")
    flagged = phone.get_by_text("The rule book may forbid this clue:")
    shown = phone.get_by_text(given).or_(flagged).first
    shown.wait_for(state="attached", timeout=patience_ms())
    if flagged.count():
        # Read, as a player does: the warned clue again within DEAF_SECONDS is a double tap's
        # second, and changes nothing (views/parts/apart.py).
        phone.wait_for_timeout(1000 * DEAF_SECONDS)
        _reveal(phone, phone.get_by_role("button", name="Give clue", exact=True)).click()
        phone.get_by_text(given).first.wait_for(state="attached", timeout=patience_ms())


def _touch(phone: Page, where: int, word: str) -> None:
    """Choose the word at this place (0..24 from the phone's seat), then confirm it."""
    row, column = divmod(where, 5)
    cell = phone.get_by_role("button", name=re.compile(rf"^row {row + 1} column {column + 1}: "))
    _reveal(phone, cell).click()
    _reveal(
        phone, taking_taps(phone.get_by_role("button", name=f"Touch {word}", exact=True))
    ).click()


def test_two_browsers_play_a_whole_game_apart_with_the_words_and_no_box(
    server: str, browser: Browser
) -> None:
    phone_a, code = _deal_with_words(browser, server)
    assert code.words is not None
    phone_b = _phone(browser, f"{server}/join/{code.text}")
    _see(phone_b, "Either player gives the next clue.")
    seen_a, seen_b = _cells(phone_a), _cells(phone_b)
    # The same words in the same places, B's turned round; each on its own side's colour.
    assert [word for word, _colour in seen_b] == [word for word, _colour in seen_a][::-1]
    assert "".join(colour for _word, colour in seen_b) == code.seen_from_b()

    # A third browser, given the code and the game's address, is shown no colour.
    third = _phone(browser, server + "/")
    for url, present in (
        (phone_a.url, "This game is on other phones"),
        (f"{server}/join/{code.text}", "Ask to take over side B"),
    ):
        _open(third, url)
        assert not _shows_a_card(third, present), url

    # A clues; B touches one of A's agents on B's own phone, then one of A's bystanders.
    _give(phone_a, "garden", 2)
    _see(phone_b, "A gave the clue: garden 2. You guess.")
    side_a = [colour for _word, colour in seen_a]  # A's frame
    agent = side_a.index(Colour.GREEN)
    bystander = side_a.index(Colour.TAN)
    words = [word for word, _colour in seen_a]
    _touch(phone_b, 24 - agent, words[agent])
    row, column = divmod(agent, 5)
    _see(phone_a, f"row {row + 1} column {column + 1}: {words[agent]}, agent, agent found")
    _touch(phone_b, 24 - bystander, words[bystander])
    _see(phone_a, "partner's bystander")
    _see(phone_a, "B gives the next clue.")

    # Undo on either phone takes the bystander back on both.
    _reveal(phone_a, phone_a.get_by_role("button", name="Undo", exact=True)).click()
    _reveal(
        phone_a, taking_taps(phone_a.get_by_role("button", name="Take it back", exact=True))
    ).click()
    _see(phone_b, "Stop guessing")

    # B stops; B clues; A touches one of B's assassins: the end, and its story, on both.
    _reveal(
        phone_b, taking_taps(phone_b.get_by_role("button", name="Stop guessing", exact=True))
    ).click()
    _give(phone_b, "winter", 1)
    _see(phone_a, "B gave the clue: winter 1. You guess.")
    side_b = code.side_b  # A's frame
    assassin = next(cell for cell in range(25) if side_b[cell] == Colour.BLACK and cell != agent)
    _touch(phone_a, assassin, words[assassin])
    for phone in (phone_a, phone_b):
        _see(phone, "The story of the game")
        _see(phone, "1. A's clue: GARDEN 2")
        _see(phone, f"A touched {words[assassin]}")


def test_sudden_death_comes_played_apart_and_a_bystander_then_loses(
    server: str, browser: Browser
) -> None:
    """Each turn burns two tokens (an invalid clue and a bystander) until the bank is empty;
    then each player touches on their own phone, and a bystander loses."""
    phone_a, code = _deal_with_words(browser, server)
    phone_b = _phone(browser, f"{server}/join/{code.text}")
    _see(phone_b, "Either player gives the next clue.")
    cells = _cells(phone_a)
    words = [word for word, _colour in cells]
    sides = {"a": [colour for _word, colour in cells], "b": list(code.side_b)}
    phones = {"a": (phone_a, 0), "b": (phone_b, 24)}  # a phone and how it turns A's frame
    touched: dict[str, set[int]] = {"a": set(), "b": set()}
    giver, guesser = "a", "b"
    for turn in range(5):
        phone, _turned = phones[giver]
        _give(phone, f"clue{'abcde'[turn]}", 1)
        other, turned = phones[guesser]
        _reveal(other, other.get_by_role("button", name="Invalid clue: discard a token")).click()
        _see(other, "Invalid clue: one token discarded.")
        if other.get_by_text(SUDDEN).count():  # the token was the last: no guess for it
            break
        # A bystander on the giver's side, not yet touched by this guesser.
        cell = next(
            c
            for c in range(25)
            if sides[giver][c] == Colour.TAN
            and c not in touched[guesser]
            and c not in touched[giver]
        )
        touched[guesser].add(cell)
        _touch(other, abs(turned - cell), words[cell])
        next_turn = other.get_by_text(re.compile(r"gives? the next clue\.")).or_(
            other.get_by_text(SUDDEN)
        )
        next_turn.first.wait_for(state="attached", timeout=patience_ms())
        if other.get_by_text(SUDDEN).count():
            break
        giver, guesser = guesser, giver
    for phone, _turned in phones.values():
        _see(phone, SUDDEN)
    # A finds one of B's agents; B then touches a bystander of A's: lost.
    covered = touched["a"] | touched["b"]
    agent = next(
        c
        for c in range(25)
        if sides["b"][c] == Colour.GREEN and sides["a"][c] != Colour.GREEN and c not in covered
    )
    _touch(phone_a, agent, words[agent])
    _see(phone_b, f"{words[agent]}, ")
    # Not the agent A just found, which may be a bystander of A's (one run in a few failed).
    tan = next(c for c in range(25) if sides["a"][c] == Colour.TAN and c not in covered | {agent})
    _touch(phone_b, 24 - tan, words[tan])
    for phone, _turned in phones.values():
        _see(phone, "The story of the game")
        _see(phone, "Sudden death")
