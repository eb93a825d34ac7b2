"""Screenshots of a game with the app at a phone's size, in English and in French (`fr-`
names; the app plays English words): its first clue on the player's phone, then its touches
after the player's clue, while it thinks:
`python tools/partner_screenshots.py [en] [fr]` (both when none is named)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.engine import Colour, Player, view_for  # noqa: E402
from gadget.services.games import game as saved_game  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.browsers import _phone, _see  # noqa: E402
from tests.processes import _start_server  # noqa: E402
from tests.test_browser_apart import _reveal  # noqa: E402
from tools.screenshots import LOCALES, OUT, PHONE, Words, _browser, shoot  # noqa: E402
from tools.words_screenshots import _give  # noqa: E402


def shoot_partner(browser: Browser, url: str, store: Store, say: Words) -> None:
    """A game with the app: its clue, then its touches."""
    name = say.prefix + "partner-"
    page = _phone(browser, url + "/", PHONE, locale=say.locale)
    in_language = (
        "Play with the app in French" if say.code == "fr" else "Play with the app in English"
    )
    page.get_by_role("button", name=say(in_language), exact=True).click()
    _see(page, say("Tap a word on your card, then confirm it."))  # the app's clue is in
    shoot(page, name + "clue")
    game_id = store.games_in_progress()[-1].id
    now = saved_game(store, game_id)
    words = now.log.words.words  # type: ignore[union-attr]
    view = view_for(now.state, Player.A)
    tan = next(
        c for c in sorted(view.mine_to_touch) if now.log.card.colour(Player.B, c) is Colour.TAN
    )
    row, column = divmod(tan, 5)
    _reveal(page, page.get_by_role("button", name=say.cell(row + 1, column + 1))).click()
    touch = say("Touch {word}", word=words[tan].upper())
    _reveal(page, page.get_by_role("button", name=touch, exact=True)).click()
    _see(page, say("You give the next clue."))
    _give(page, say, say.clues[1], 2)
    page.wait_for_timeout(1500)
    flagged = page.get_by_text(say("The rule book may forbid this clue:"))
    if flagged.count():  # a word of the deal's clashes with it: given anyway, as players may
        _reveal(page, page.get_by_role("button", name=say("Give clue"), exact=True)).click()
    deadline = time.monotonic() + 60
    while not any(a.by is Player.B for a in saved_game(store, game_id).log.actions[3:]):
        assert time.monotonic() < deadline, "the app never touched"
        time.sleep(0.1)
    shoot(page, name + "touches")
    page.context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    database = Path(tempfile.mkdtemp()) / "gadget.db"
    process, url = _start_server(database)
    store = Store(f"sqlite:///{database}")
    try:
        with sync_playwright() as playwright:
            browser = _browser(playwright)
            for code in sys.argv[1:] or list(LOCALES):
                shoot_partner(browser, url, store, Words(code))
            browser.close()
    finally:
        store.close()
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
