"""Screenshots of a game with its words on the phones, played apart, at a phone's size, in
English and in French (`fr-` names), and the static site's tiles on its words:
`python tools/words_screenshots.py [en] [fr]` (both when none is named)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.engine import Colour  # noqa: E402
from tests.browsers import _phone, _see, _type  # noqa: E402
from tests.test_browser_apart import _reveal  # noqa: E402
from tools.screenshots import (  # noqa: E402
    BOOT,
    PHONE,
    ROOT,
    Words,
    _site_home,
    _site_phone,
    shoot,
    shoot_served,
)

WORDS_CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$")
DEAL = {"en": "Deal with English words", "fr": "Deal with French words"}
CLUE = {"en": "garden", "fr": "jardin"}
COLOURS = {"agent": Colour.GREEN, "assassin": Colour.BLACK, "bystander": Colour.TAN}
CUSTOM = {
    "en": "owl, lantern, harbour, meadow, violin, kettle, compass, lighthouse, anchor, "
    "glacier, saddle, orchard, ribbon, tunnel, falcon, marble, canyon, whistle, quilt, "
    "beacon, pepper, walrus, parade, velvet, thimble, island, cactus",
    "fr": "hibou, lanterne, port, prairie, violon, bouilloire, boussole, phare, ancre, "
    "glacier, selle, verger, ruban, tunnel, faucon, marbre, canyon, sifflet, couette, "
    "balise, poivre, morse, défilé, velours, dé, île, cactus",
}


def _cells(page: Page, say: Words) -> list[tuple[str, Colour]]:
    """Each cell's word and colour as this phone shows them, row by row from its seat."""
    cells = []
    comma = say(", ")
    for row in range(1, 6):
        for column in range(1, 6):
            label = page.get_by_text(say.cell(row, column)).first
            label.wait_for(state="attached", timeout=60_000)
            word, colour = label.inner_text().removeprefix(say.place(row, column)).split(comma)[:2]
            cells.append(
                (
                    word,
                    next(
                        c for w, c in COLOURS.items() if say.language.pgettext("cell", w) == colour
                    ),
                )
            )
    return cells


def _give(phone: Page, say: Words, word: str, number: int) -> None:
    """Type a clue and its number, then give it."""
    _type(phone, _reveal(phone, phone.get_by_role("textbox", name=say("Clue (one word)"))), word)
    _reveal(phone, phone.get_by_role("button", name=say("Number of words"))).click()
    phone.get_by_role("button", name=str(number), exact=True).click()
    _reveal(phone, phone.get_by_role("button", name=say("Give clue"), exact=True)).click()


def _choose(phone: Page, say: Words, where: int) -> None:
    """Tap the word at this place (0..24 from the phone's seat)."""
    row, column = divmod(where, 5)
    _reveal(phone, phone.get_by_role("button", name=say.cell(row + 1, column + 1))).click()


def dealt_with_words(browser: Browser, url: str, say: Words) -> tuple[Page, str]:
    """A game dealt with the language's words on a served app: side A's phone, showing its
    code (until side B joins by it), and the code."""
    dealer = _phone(browser, url + "/", PHONE, locale=say.locale)
    dealer.get_by_role("button", name=say(DEAL[say.code]), exact=True).click()
    shown = dealer.get_by_text(WORDS_CODE).first
    shown.wait_for(timeout=60_000)
    return dealer, shown.inner_text()


def shoot_words(browser: Browser, url: str, say: Words) -> None:
    """Side A with its words and code, a flagged clue, the guesser choosing a word, the
    story at the end, and a list of the players' own."""
    name = say.prefix + "words-"
    dealer, code = dealt_with_words(browser, url, say)
    shoot(dealer, name + "side-a", code)
    guesser = _phone(browser, f"{url}/join/{code}", PHONE, locale=say.locale)
    _see(guesser, say("Either player gives the next clue."))
    seen = _cells(dealer, say)
    dealer.get_by_role("button", name=say("Show the code for side B"), exact=True).wait_for()

    echo = seen[7][0].lower() + ("s" if say.code == "en" else "x")
    _give(dealer, say, echo, 2)
    _see(dealer, say("The rule book may forbid this clue:"))
    shoot(dealer, name + "flagged")
    _type(dealer, dealer.get_by_role("textbox", name=say("Clue (one word)")), CLUE[say.code])
    _reveal(dealer, dealer.get_by_role("button", name=say("Give clue"), exact=True)).click()

    agent = next(cell for cell, (_word, colour) in enumerate(seen) if colour is Colour.GREEN)
    _choose(guesser, say, 24 - agent)
    _see(guesser, say("Touch {word}?", word=seen[agent][0]))
    shoot(guesser, name + "guesser")
    guesser.get_by_role("button", name=say("Touch {word}", word=seen[agent][0])).click()
    bystander = next(cell for cell, (_word, colour) in enumerate(seen) if colour is Colour.TAN)
    _choose(guesser, say, 24 - bystander)
    guesser.get_by_role("button", name=say("Touch {word}", word=seen[bystander][0])).click()
    _see(guesser, say("You give the next clue."))
    _give(guesser, say, "hiver" if say.code == "fr" else "winter", 1)
    assassin = next(
        cell
        for cell in range(25)
        if _cells(guesser, say)[24 - cell][1] is Colour.BLACK and cell != agent  # B's
    )
    _choose(dealer, say, assassin)
    dealer.get_by_role("button", name=say("Touch {word}", word=seen[assassin][0])).click()
    _see(dealer, say("The story of the game"))
    _reveal(dealer, dealer.get_by_text(say("The story of the game")))
    shoot(dealer, name + "story")
    for page in (dealer, guesser):
        page.context.close()

    custom = _phone(browser, url + "/words", PHONE, locale=say.locale)
    _type(custom, custom.get_by_role("textbox", name=say("Words")), CUSTOM[say.code])
    custom.get_by_role("button", name=say("Check the list"), exact=True).click()
    ready = say.language.ngettext("{count} word: ready.", "{count} words: ready.", 27)
    _see(custom, ready.format(count=27))
    shoot(custom, name + "custom")
    custom.context.close()


def shoot_site_words(browser: Browser, address: str, say: Words) -> None:
    """The site with words: side A with a tile laid on two words, and side B from the link."""
    name = say.prefix + "site-words-"
    phone_a, chosen = _site_home(browser, address, say)
    _reveal(phone_a, phone_a.get_by_role("button", name=say(DEAL[say.code]), exact=True)).click()
    shown = phone_a.get_by_text(WORDS_CODE).first
    shown.wait_for(state="attached", timeout=BOOT)
    code = shown.inner_text()
    seen = _cells(phone_a, say)
    agent = next(cell for cell, (_word, colour) in enumerate(seen) if colour is Colour.GREEN)
    tan = next(cell for cell, (_word, colour) in enumerate(seen) if colour is Colour.TAN)
    _choose(phone_a, say, agent)
    for _tap in range(2):  # an agent, then this player's bystander
        _choose(phone_a, say, tan)
    _see(phone_a, say("your bystander"))
    phone_a.mouse.wheel(0, -2000)
    shoot(phone_a, name + "a")
    phone_b = _site_phone(browser, f"{address}#/join/{code}", say, chosen)
    phone_b.get_by_text(say("Side B")).first.wait_for(state="attached", timeout=BOOT)
    _cells(phone_b, say)
    shoot(phone_b, name + "b")
    phone_a.context.close()
    phone_b.context.close()


if __name__ == "__main__":
    shoot_served(shoot_words, shoot_site_words)
