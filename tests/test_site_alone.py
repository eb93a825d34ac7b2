"""The app as the partner on the static site (issue 38), in plain pytest with the site's own
screens: Home's buttons in the phone's language first; the app's clue and touches decided in
the page from side B alone (gadget/partner/pocket.py); the player's touches judged by the
engine; a clue the app cannot read refused in one line; a reload that goes on with the game;
the end counted for the city, with its log and "with the app"."""

from __future__ import annotations

import json

import pytest

from gadget.engine import Clue, Colour, Player, Setup, new_game, view_for
from gadget.engine.gamelog import GameLog
from gadget.engine.words import CardWords, WordsKey, deal_words, newest_list
from gadget.partner.pocket import pocket
from gadget.site import alone as site_alone
from gadget.site.alone import AloneGame, alone_key, app_action, read_alone
from gadget.site.hold import TEAM_KEY
from gadget.site.team import team_from_json
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.cards import other_side_swapped
from tests.phones import Phone, until
from tests.test_apart_screens import _give
from tests.test_site_screens import alone

A, B = Player.A, Player.B


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_alone, "PAUSE", 0.01)


def _kept(phone: Phone, language: str = "en") -> AloneGame:
    kept = read_alone(phone.storage.get(alone_key(language)))
    assert kept is not None
    return kept


async def _started(language: str = "en", storage: dict[str, object] | None = None) -> Phone:
    """Site Home, then the button of that language; the app's first clue is in."""
    phone = await Phone("/", site=True, storage=storage).open()
    await phone.tap(
        "Play with the app in English" if language == "en" else "Jouer avec l'appli en français"
    )
    assert await until(
        lambda: alone_key(language) in phone.storage and bool(_kept(phone, language).log.actions)
    )
    return phone


@alone
async def test_site_home_plays_with_the_app_its_clue_comes_from_side_b() -> None:
    phone = await _started()
    assert phone.session.page.route.startswith("/alone/en?mission=prague")
    game = _kept(phone)
    clue = game.log.actions[0]
    assert isinstance(clue, Clue) and clue.by is B and (clue.number or 0) >= 1
    assert game.log.words is not None and game.log.words.key.list_number == newest_list("en").number
    assert await phone.until_says(f"B gave the clue: {clue.word} {clue.number}. You guess.")
    assert phone.says("Prague 9-9")


async def _touch_one(phone: Phone, colour: Colour) -> None:
    """Touch, on side A's card, a word of this colour on the app's side."""
    game = _kept(phone)
    view = view_for(new_game(game.log.card, game.log.setup), A)
    cell = next(c for c in range(25) if game.log.card.colour(B, c) is colour)
    row, column = divmod(view.seat_cells.index(cell), 5)
    await phone.tap_cell(row + 1, column + 1)
    assert game.log.words is not None
    await phone.tap(f"Touch {game.log.words.words[cell].upper()}")


@alone
async def test_the_players_touch_is_judged_and_the_app_then_reads_their_clue() -> None:
    phone = await _started()
    await _touch_one(phone, Colour.TAN)
    assert await phone.until_says("You give the next clue.")
    await _give(phone, "zzqxv", "2")
    assert await phone.until_says("the app does not know the word zzqxv: give another")
    assert len(_kept(phone).log.actions) == 2  # nothing was recorded
    await _give(phone, "ocean", "2")
    assert await until(lambda: len(_kept(phone).log.actions) > 3)  # the app touched
    assert all(action.by is B for action in _kept(phone).log.actions[3:])


@alone
async def test_a_reload_goes_on_with_the_game_and_french_plays_in_french() -> None:
    phone = await _started()
    first = _kept(phone)
    again = await Phone(phone.session.page.route, site=True, storage=phone.storage).open()
    assert await again.until_says("Playing with the app")
    assert _kept(again).log.card == first.log.card
    french = await _started("fr", storage={LANGUAGE_KEY: "fr"})
    kept = _kept(french, "fr")
    assert kept.log.words is not None and kept.log.words.key.list_number == newest_list("fr").number
    clue = kept.log.actions[0]
    assert isinstance(clue, Clue) and pocket("fr").knows(clue.word)


@alone
async def test_the_end_counts_for_the_city_with_its_log_and_the_app() -> None:
    phone = await _started()
    await _touch_one(phone, Colour.BLACK)
    assert await phone.until_says("Counted for the city, played with the app.")
    team = team_from_json(str(phone.storage[TEAM_KEY]))
    attempt = team.attempts[-1]
    assert attempt.with_the_app and attempt.log is not None and not attempt.won
    assert attempt.mission == "prague"
    kept = _kept(phone)
    assert kept.recorded
    await phone.tap("New game with the app")
    assert await until(lambda: _kept(phone).log.card != kept.log.card)
    assert len(team_from_json(str(phone.storage[TEAM_KEY])).attempts) == 1  # counted once


def test_the_apps_decision_on_the_site_depends_on_side_b_alone() -> None:
    words = CardWords(WordsKey(newest_list("en").number, 5), deal_words(newest_list("en").words, 5))
    for seed in (1, 2, 3):
        clues = []
        for card in other_side_swapped(seed, kept=B):
            log = GameLog(card, Setup(), words=words)
            clues.append(app_action(log, new_game(card, Setup()), "en"))
        assert clues[0] == clues[1], seed


def test_a_kept_game_that_does_not_read_is_let_go() -> None:
    assert read_alone(None) is None
    assert read_alone("{") is None
    assert read_alone(json.dumps({"log": {"format": "nope"}})) is None
    assert read_alone(json.dumps([1, 2])) is None


def test_the_pocket_reads_what_the_site_needs_in_both_languages() -> None:
    english, french = pocket("en"), pocket("fr")
    board = ("whale", "pen", "soul", "slip", "match")
    scores = english.clue_scores("ocean", board)
    assert scores.index(max(scores)) == 0
    assert french.knows("hopital") and french.knows("hôpital") and not french.knows("zzqxv")
    assert english.knows("secretagent")  # two words it holds
    given = english.give_clue(["whale", "pen"], ["soul"], ["slip"], allowed=lambda word: True)
    assert given.word not in board and given.number >= 1


@alone
async def test_a_second_tab_on_an_older_game_moves_nothing_and_shows_the_game_as_it_is() -> None:
    """The outsider's: two tabs of one phone each wrote their own game (a touch was lost, and
    a loss already counted came back to life)."""
    phone = await _started()
    other = await Phone(phone.session.page.route, site=True, storage=phone.storage).open()
    assert await other.until_says("You guess.")
    await _touch_one(phone, Colour.BLACK)  # this tab ends the game; it is counted
    assert await phone.until_says("Counted for the city, played with the app.")
    await _touch_one(other, Colour.TAN)  # the other tab still showed the clue
    assert await other.until_says("This game moved on in another tab")
    kept = _kept(phone)
    assert kept.recorded and len(kept.log.actions) == 2  # the end stands, nothing added
    assert await other.until_says("Counted for the city, played with the app.")


@alone
async def test_a_french_game_leaves_an_english_one_as_it_was() -> None:
    """The outsider's: opening a French game threw away the unfinished English one."""
    phone = await _started()
    english = _kept(phone)
    await phone.go("/alone/fr?mission=prague")
    assert await until(lambda: alone_key("fr") in phone.storage)
    await phone.go("/alone/en?mission=prague")
    assert await phone.until_says("Playing with the app")
    assert _kept(phone).log.card == english.log.card


@alone
async def test_a_link_to_a_city_the_team_cannot_play_says_so() -> None:
    """The outsider's: ?mission=nonsense (or a locked city) silently played Prague. The line
    stays through the app's clue: it went with it, and on a machine slow enough to give the
    clue before the screen was first looked at, the player never saw it (a CI run's)."""
    phone = await Phone("/alone/en?mission=nonsense", site=True).open()
    assert await until(lambda: any(t.startswith("B gave the clue") for t in phone.texts()))
    assert phone.says("No open city nonsense on this team's map.")
    assert phone.says("Prague 9-9")
