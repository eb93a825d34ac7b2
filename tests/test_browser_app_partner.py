"""One browser plays a whole game with the app in Chromium (issue 38), on the run's `gadget
serve`, in English and in French: what no in-process test reaches, the app thinking in the
server's worker process (spawned, its lexicon read there), its clues and touches reaching
the page live over the WebSocket with its pauses, and a page that asks no host but this
machine."""

from __future__ import annotations

import time
from itertools import cycle

import pytest
from playwright.sync_api import Browser, Request

from gadget.engine import Clue, Colour, Guess, Player, view_for
from gadget.language import language
from gadget.services.games import game as saved_game
from gadget.store import Store
from tests.browsers import GAME_ADDRESS, _phone, _see
from tests.processes import patience_ms
from tests.shared import Served
from tests.test_browser_site_partner import LOCALES, _give, _touch

pytestmark = pytest.mark.browser
A, B = Player.A, Player.B
CLUES = {
    "en": ("ocean", "forest", "music", "kitchen", "sport", "city", "night", "school", "travel"),
    "fr": ("océan", "forêt", "musique", "cuisine", "sport", "ville", "nuit", "école", "voyage"),
}


@pytest.mark.parametrize("code", ["en", "fr"])
def test_one_browser_plays_a_whole_game_with_the_app(
    served: Served, browser: Browser, code: str
) -> None:
    say = language(code).gettext
    store = Store(f"sqlite:///{served.database}")
    hosts: set[str] = set()

    def watch(page: object) -> None:
        page.on("request", lambda request: hosts.add(_host(request)))  # type: ignore[attr-defined]

    phone = _phone(browser, served.url + "/", size=(390, 844), watch=watch, locale=LOCALES[code])
    button = "Play with the app in French" if code == "fr" else "Play with the app in English"
    phone.get_by_role("button", name=say(button), exact=True).click()
    phone.wait_for_url(GAME_ADDRESS, timeout=patience_ms())
    _see(phone, say("The app holds side B."))
    # This phone's game, by its address: the run's other tests deal games on this server.
    dealt = store.game_by_public_id(phone.url.rsplit("/", 1)[1])
    assert dealt is not None
    game_id = dealt.id
    gave = say("{partner} gave the clue: {clue}. You guess.").split("{clue}")[0]
    _see(phone, gave.format(partner="B"))  # the app's first clue, thought in the worker
    clues = cycle(CLUES[code])
    deadline = time.monotonic() + 30 * patience_ms() / 1000
    while not (now := saved_game(store, game_id)).state.is_over:
        assert time.monotonic() < deadline, "the game never ended"
        view, card = view_for(now.state, A), now.log.card
        words = now.log.words.words  # type: ignore[union-attr]
        if view.i_may_guess and view.mine_to_touch:  # touch the app's greens, then others
            greens = [c for c in sorted(view.mine_to_touch) if card.colour(B, c) is Colour.GREEN]
            cell = (greens or sorted(view.mine_to_touch))[0]
            _touch(phone, cell, words[cell].upper(), say)
        elif view.i_may_give_clue:
            _give(phone, next(clues), 2, say)
        else:
            phone.wait_for_timeout(300)  # the app's turn: it pauses before each action
            continue
        _until_moved(store, game_id, now.version)
    _see(phone, say("The story of the game"))
    actions = saved_game(store, game_id).log.actions
    assert any(isinstance(a, Clue) and a.by is B for a in actions)  # the app's clues
    assert any(isinstance(a, Guess) and a.by is B for a in actions)  # and its touches
    assert hosts == {"127.0.0.1"}, hosts
    store.close()


def _until_moved(store: Store, game_id: int, version: int) -> None:
    """Wait until the server has the player's action (a busy machine takes its time)."""
    deadline = time.monotonic() + patience_ms() / 1000
    while saved_game(store, game_id).version == version:
        assert time.monotonic() < deadline, "the tap never reached the server"
        time.sleep(0.1)


def _host(request: Request) -> str:
    """The host a request asked."""
    return request.url.split("/")[2].split(":")[0] if "://" in request.url else request.url
