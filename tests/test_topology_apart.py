"""A game played apart on the deployment's topology: phone A deals the words on one
`gadget serve` process, phone B joins on the other, and every clue typed, touch confirmed,
undo and the story at the end crosses from one process to the other through PostgreSQL."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from gadget.engine import Colour, ShareCode
from gadget.engine.words import shipped_words
from tests.browsers import _see, taking_taps
from tests.processes import patience_ms
from tests.test_browser_apart import COLOURS, WORDS_CODE, _cells, _give, _reveal, _touch
from tests.test_topology import (
    Topology,
    _accepted_sockets,
    _through_caddy,
    topology,
)

pytestmark = pytest.mark.browser

__all__ = ["topology"]  # the fixtures, shared with tests/test_topology.py


def _label(phone: Page, where: int, said: str) -> None:
    """Wait until the cell at this place (0..24 from the phone's seat) says exactly this
    after its place (a regular expression): what lies on it, as its own process shows it."""
    row, column = divmod(where, 5)
    pattern = re.compile(rf"^row {row + 1} column {column + 1}: {said}$")
    phone.get_by_text(pattern).first.wait_for(state="attached", timeout=patience_ms())


def test_phones_on_two_processes_play_a_whole_game_apart_with_the_words(
    topology: Topology, named_browser: Browser
) -> None:
    phone_a = _through_caddy(named_browser, topology.https + "/", "a")
    deal = phone_a.get_by_role("button", name="Deal with English words", exact=True)
    _reveal(phone_a, deal).click()
    shown = phone_a.get_by_text(WORDS_CODE).first
    shown.wait_for(timeout=patience_ms())
    code = ShareCode.parse(shown.inner_text())
    assert code.words is not None
    assert code.words.list_number == 0  # the English list
    phone_b = _through_caddy(named_browser, f"{topology.https}/join/{code.text}", "b")
    _see(phone_b, "Either player gives the next clue.")
    assert [_accepted_sockets(log) for log in topology.logs] == [1, 1]  # one phone each

    # Each process deals the words the code names, B's turned round, each on its own side.
    seen_a, seen_b = _cells(phone_a), _cells(phone_b)
    words = [word for word, _colour in seen_a]  # A's frame, as the cells say them
    assert words == [word.upper() for word in shipped_words(code.words).words]
    assert [word for word, _colour in seen_b] == words[::-1]
    assert "".join(colour for _word, colour in seen_b) == code.seen_from_b()
    side_a = [colour for _word, colour in seen_a]
    agent, bystander = side_a.index(Colour.GREEN), side_a.index(Colour.TAN)
    named = {colour: name for name, colour in COLOURS.items()}
    b_said = {cell: f"{seen_b[24 - cell][0]}, {named[seen_b[24 - cell][1]]}" for cell in range(25)}

    # A types a clue on process 1; B, on process 2, reads it and guesses on B's own phone.
    _give(phone_a, "garden", 2)
    _see(phone_b, "A gave the clue: garden 2. You guess.")
    _touch(phone_b, 24 - agent, words[agent])
    _label(phone_b, 24 - agent, re.escape(b_said[agent]) + ", agent found")  # B's own touch
    _label(phone_a, agent, re.escape(f"{words[agent]}, agent") + ", agent found")

    # B touches a bystander of A's: A's phone marks it as the partner's, and the turn passes.
    _touch(phone_b, 24 - bystander, words[bystander])
    _label(phone_b, 24 - bystander, re.escape(b_said[bystander]) + ", your bystander")
    _label(phone_a, bystander, re.escape(f"{words[bystander]}, bystander, partner's bystander"))
    _see(phone_a, "B gives the next clue.")
    _see(phone_b, "You give the next clue.")

    # Undo on A's phone (process 1) takes the bystander back on B's (process 2).
    _reveal(phone_a, phone_a.get_by_role("button", name="Undo", exact=True)).click()
    _reveal(
        phone_a, taking_taps(phone_a.get_by_role("button", name="Take it back", exact=True))
    ).click()
    _see(phone_b, "Stop guessing")
    _label(phone_b, 24 - bystander, re.escape(b_said[bystander]))  # nothing on it any more
    _label(phone_a, bystander, re.escape(f"{words[bystander]}, bystander"))

    # B stops and types a clue on process 2; A touches one of B's assassins on process 1.
    _reveal(
        phone_b, taking_taps(phone_b.get_by_role("button", name="Stop guessing", exact=True))
    ).click()
    _give(phone_b, "winter", 1)
    _see(phone_a, "B gave the clue: winter 1. You guess.")
    assassin = next(c for c in range(25) if code.side_b[c] == Colour.BLACK and c != agent)
    _touch(phone_a, assassin, words[assassin])
    for phone in (phone_a, phone_b):
        _see(phone, "The story of the game")
        _see(phone, "1. A's clue: GARDEN 2")
        _see(phone, "2. B's clue: WINTER 1")
        _see(phone, f"A touched {words[assassin]}")


def test_four_phones_on_two_processes_share_a_side_s_chosen_word(
    topology: Topology, named_browser: Browser
) -> None:
    """The game of more than two across processes (issue 37): each side has a phone on each
    process, its second joining by the side's link; B's second phone (on A's process)
    chooses a word, B's first (on the other) is asked it through PostgreSQL and confirms."""
    phone_a = _through_caddy(named_browser, topology.https + "/", "a")
    _reveal(
        phone_a, phone_a.get_by_role("button", name="Deal with English words", exact=True)
    ).click()
    shown = phone_a.get_by_text(WORDS_CODE).first
    shown.wait_for(timeout=patience_ms())
    code = ShareCode.parse(shown.inner_text())
    phone_b = _through_caddy(named_browser, f"{topology.https}/join/{code.text}", "b")
    _see(phone_b, "Either player gives the next clue.")
    second = {}
    for phone, letter, process in ((phone_a, "A", "b"), (phone_b, "B", "a")):
        _reveal(
            phone, phone.get_by_role("button", name=f"Add a phone to side {letter}", exact=True)
        ).click()
        qr = phone.get_by_label(re.compile(r"^QR code of ")).first
        qr.wait_for(state="attached", timeout=patience_ms())
        link = (qr.get_attribute("aria-label") or "").removeprefix("QR code of ")
        second[letter] = _through_caddy(named_browser, link, process)  # the other process
        _see(second[letter], f"2 phones hold side {letter}.")
    assert [_accepted_sockets(log) for log in topology.logs] == [2, 2]  # two phones each

    seen_a = _cells(phone_a)
    words = [word for word, _colour in seen_a]
    agent = [colour for _word, colour in seen_a].index(Colour.GREEN)
    _give(second["A"], "garden", 2)  # A's second phone, on B's process
    _see(phone_b, "A gave the clue: garden 2. You guess.")
    row, column = divmod(24 - agent, 5)
    cell = second["B"].get_by_role(
        "button", name=re.compile(rf"^row {row + 1} column {column + 1}: ")
    )
    _reveal(second["B"], cell).click()
    _see(phone_b, f"Touch {words[agent]}?")  # chosen on one process, asked on the other
    _reveal(
        phone_b, phone_b.get_by_role("button", name=f"Touch {words[agent]}", exact=True)
    ).click()
    _label(phone_a, agent, f"{words[agent]}, agent, agent found")
    _label(second["A"], agent, f"{words[agent]}, agent, agent found")
    _label(second["B"], 24 - agent, rf"{words[agent]}, \w+, agent found")
