"""Classic and Pictures cards on the served app, in-process phones at one table: dealt from
Home, opened by link or by the typed code, the same card on each; nothing shown until a
spymaster asks; every step of one phone on the other at once; a bad code says why."""

from __future__ import annotations

import asyncio
import re
import time
from types import SimpleNamespace

import flet as ft

from gadget.engine.classic import ClassicCard, Game, Role, Team
from gadget.services.scan import code_in_photo
from gadget.services.table import Table
from gadget.views.parts import classic_game
from gadget.views.parts.classic_card import role_words
from gadget.views.parts.classic_game import FLIP_GRACE
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.cards import CODE_TEXT
from tests.phones import Phone, new_device
from tests.screens import at_the_table
from tests.test_french import _english_on
from tests.test_images import _text_of, pictures
from tests.test_screens import ticking

CELL_LABEL = re.compile(r"^row (\d) column (\d): ")
SHOW_CARD = "Show the card (spymasters only)"
SHOW_CODE = "Show the code for the other spymaster"
TURNS = {Team.RED: "Red's turn", Team.BLUE: "Blue's turn"}
ENDS = {Team.RED: "End red's turn", Team.BLUE: "End blue's turn"}


def labels(phone: Phone) -> list[str]:
    """The cells' accessible labels, in the order the screen holds them."""
    return [text for text in phone.texts() if CELL_LABEL.match(text)]


def expected_labels(card: ClassicCard, covered: frozenset[int] = frozenset()) -> list[str]:
    """What a spymaster's phone must say of each cell, row by row."""
    width = card.layout.columns
    return [
        f"row {cell // width + 1} column {cell % width + 1}: {role_words(card.role(cell))}"
        + (", covered" if cell in covered else "")
        for cell in range(card.layout.cells)
    ]


def card_on(phone: Phone) -> ClassicCard:
    """The card this phone's address names."""
    return ClassicCard.from_code(phone.session.page.route.rsplit("/", 1)[1])


async def deal_on_home(game_words: str) -> tuple[Phone, ClassicCard, str]:
    """A phone deals from Home, then shows the code: its card and the link it gives."""
    dealer = await Phone("/").open()
    await dealer.tap(game_words)
    assert dealer.session.page.route.startswith("/classic/"), dealer.texts()
    card = card_on(dealer)
    assert not labels(dealer) and not any(CODE_TEXT.match(t) for t in dealer.texts())
    await dealer.tap(SHOW_CODE)
    assert dealer.says(card.code) and dealer.says("The other spymaster scans this")
    link = next(t for t in dealer.texts() if t.startswith("http") and t.endswith(card.code))
    return dealer, card, link


@at_the_table
async def test_a_card_dealt_on_one_phone_is_the_same_on_a_linked_and_a_typing_phone(
    table: Table,
) -> None:
    dealer, card, link = await deal_on_home("Deal a classic card")
    assert card.game is Game.CLASSIC and link == f"http://gadget.test/classic/{card.code}"
    linked = await Phone(link.removeprefix("http://gadget.test")).open()
    typing = await Phone("/").open()
    await typing.type("Partner's code", card.code.lower().replace("-", " "))
    await typing.tap("Join")
    assert typing.session.page.route == f"/classic/{card.code}"
    for phone in (dealer, linked, typing):
        assert phone.says("Classic Codenames")
        assert phone.says("Card hidden") and not labels(phone)  # nothing until asked
        await phone.tap(SHOW_CARD)
        assert labels(phone) == expected_labels(card)
        assert phone.says("Red starts" if card.starting is Team.RED else "Blue starts")
    assert not any(p.crashed() for p in (dealer, linked, typing))


@at_the_table
async def test_the_qr_code_the_dealer_shows_opens_the_card_where_a_camera_reads_it(
    table: Table,
) -> None:
    dealer, card, link = await deal_on_home("Deal a classic card")
    [qr] = pictures(dealer)
    assert code_in_photo(qr) == card and _text_of(qr) == link


@at_the_table
async def test_a_pictures_card_is_five_by_four_with_its_counts(table: Table) -> None:
    dealer, card, link = await deal_on_home("Deal a Pictures card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    for phone in (dealer, other):
        assert phone.says("Codenames Pictures")
        await phone.tap(SHOW_CARD)
        shown = labels(phone)
        assert shown == expected_labels(card) and len(shown) == 20
    words = [label.split(": ")[1] for label in labels(other)]
    assert sorted(words.count(role_words(role)) for role in Role) == [1, 4, 7, 8]


@at_the_table
async def test_the_team_timer_alternates_on_both_phones(table: Table) -> None:
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    first, second = TURNS[card.starting], TURNS[card.starting.other]
    await dealer.toggle("Team timer")
    await other.settle()
    for phone in (dealer, other):
        assert phone.says(first) and phone.says("3:00"), phone.texts()  # the first turn's time
    table.clock.now += 20  # type: ignore[attr-defined]
    await other.tap(ENDS[card.starting])
    await dealer.settle()
    for phone in (dealer, other):
        assert phone.says(second) and phone.says("2:00") and not phone.says(first)
    await dealer.tap_icon("Pause the timer")
    table.clock.now += 50  # type: ignore[attr-defined]
    await other.settle()
    assert other.says("2:00") and other.says("Resume the timer")


@at_the_table
async def test_a_touch_counted_on_one_phone_shows_covered_on_the_other(table: Table) -> None:
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    await dealer.toggle("Keep count")
    await dealer.tap(SHOW_CARD)
    await other.tap(SHOW_CARD)
    assert other.says("Agents left: red")
    agent = min(card.agents(card.starting))
    row, column = divmod(agent, card.layout.columns)
    await dealer.tap_cell(row + 1, column + 1)
    await other.settle()
    assert labels(other) == expected_labels(card, frozenset({agent}))
    assert other.says("Agents left: red 8, blue 8")  # the starting team had one more
    await other.tap("Undo")
    await dealer.settle()
    assert labels(dealer) == expected_labels(card)


@at_the_table
async def test_the_assassin_ends_the_game_and_both_phones_say_who_won(table: Table) -> None:
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    await dealer.toggle("Keep count")
    await dealer.tap(SHOW_CARD)
    row, column = divmod(card.assassin, card.layout.columns)
    await dealer.tap_cell(row + 1, column + 1)  # the starting team touched the assassin
    await other.settle()
    said = (
        "The blue team wins: the red team found the assassin"
        if card.starting is Team.RED
        else "The red team wins: the blue team found the assassin"
    )
    assert dealer.says(said) and other.says(said)
    assert dealer.says(f"row {row + 1} column {column + 1}: assassin, covered")


@at_the_table
async def test_a_tap_based_on_an_older_step_says_why_and_shows_the_card_as_it_is(
    table: Table,
) -> None:
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    await dealer.toggle("Keep count")
    await other.settle()
    told = table.hub.changed
    table.hub.changed = lambda *_args: None  # type: ignore[method-assign]
    await other.tap(ENDS[card.starting])  # unheard: the dealer still shows the first turn
    table.hub.changed = told  # type: ignore[method-assign]
    await dealer.tap(ENDS[card.starting])
    assert dealer.says("The other spymaster's phone changed the card first")
    later = "Red's turn" if card.starting is Team.BLUE else "Blue's turn"
    assert dealer.says(later) and not dealer.crashed()


@at_the_table
async def test_leaving_the_card_stops_following_it(table: Table) -> None:
    dealer, card, _link = await deal_on_home("Deal a classic card")
    assert table.hub.watchers(card.code) == 1
    await dealer.tap_icon("Home")
    assert dealer.session.page.route == "/" and table.hub.watchers(card.code) == 0


@at_the_table
async def test_an_address_with_a_bad_code_says_why_and_leads_home(table: Table) -> None:
    for code, why in (
        ("NOT-A-CODE", "the code has 8 characters; a code has 10"),
        ("381PT-CT0GG", "is not a valid code: check for a typo"),  # 381PT-CT0GF, mistyped
        ("21PK2-F2CS6", "is a code for Codenames: Duet, not for classic Codenames or Pictures"),
    ):
        phone = await Phone(f"/classic/{code}").open()
        assert phone.says("That code did not work") and phone.says(why), phone.texts()
        assert not labels(phone) and not phone.crashed()
        await phone.tap("Home")
        assert phone.session.page.route == "/" and phone.says("Deal a classic card")


@at_the_table
async def test_a_french_spymaster_deals_and_keeps_count_in_french(table: Table) -> None:
    """The French edition's words: maître-espion, agent, innocent, assassin; no English."""
    dealer = await Phone("/", storage={**new_device(), LANGUAGE_KEY: "fr"}).open()
    await dealer.tap("Nouvelle carte Clé classique")
    await dealer.tap("Montrer le code à l'autre maître-espion")
    assert dealer.says("L'autre maître-espion scanne ceci, ou tape le code :")
    await dealer.toggle("Tenir le décompte")
    await dealer.toggle("Minuteur d'équipe")
    await dealer.tap("Montrer la carte (maîtres-espions)")
    card = card_on(dealer)
    assert dealer.says("ligne 1 colonne 1 : ") and dealer.says("innocent")
    assert _english_on(dealer) == [], card.code
    wrong = await Phone("/classic/NOT-A-CODE", storage={**new_device(), LANGUAGE_KEY: "fr"}).open()
    assert wrong.says("Ce code n'a pas fonctionné") and _english_on(wrong) == []


@at_the_table
async def test_both_spymasters_ending_the_turn_at_once_pass_it_once(table: Table) -> None:
    """The outsider's race: the second tap landed just after the first had reached its
    phone, and the turn came back to the first team."""
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    first, second = TURNS[card.starting], TURNS[card.starting.other]
    await dealer.toggle("Team timer")
    await other.settle()
    assert other.says(first)
    await dealer.tap(ENDS[card.starting])
    await other.settle()
    await other.tap(ENDS[card.starting.other])  # a moment after its screen changed
    await dealer.settle()
    for phone in (dealer, other):
        assert phone.says(second) and not phone.says(first), phone.texts()


@at_the_table
async def test_the_second_spymaster_ending_the_turn_a_second_later_passes_it_once(
    table: Table,
) -> None:
    """The outsider's race again, slower: the second spymaster tapped 1 to 2 s after the
    first, past the pause button's moment, and the turn came back to the first team with a
    fresh time. The button now names the team, and a turn is not ended this soon after it
    began."""
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    first, second = TURNS[card.starting], TURNS[card.starting.other]
    await dealer.toggle("Team timer")
    await other.settle()
    assert other.says(ENDS[card.starting])
    await dealer.tap(ENDS[card.starting])
    await other.settle()
    assert other.says(ENDS[card.starting.other])  # the button says whose turn it now ends
    # 1.5 s later by the screen's own clock, whatever the machine's load: no real wait.
    real = classic_game.time.monotonic
    classic_game.time = SimpleNamespace(monotonic=lambda: real() + 1.5)  # type: ignore[assignment]
    try:
        await other.tap(ENDS[card.starting.other])
    finally:
        classic_game.time = time  # type: ignore[assignment]
    await dealer.settle()
    for phone in (dealer, other):
        assert phone.says(second) and not phone.says(first), phone.texts()


@at_the_table
async def test_a_pause_tapped_as_the_other_phone_pauses_leaves_the_timer_paused(
    table: Table,
) -> None:
    dealer, _card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    await dealer.toggle("Team timer")
    await other.settle()
    await dealer.tap_icon("Pause the timer")
    await other.settle()
    await other.tap_icon("Resume the timer")  # it said "Pause" a moment ago
    await dealer.settle()
    assert dealer.says("Resume the timer") and other.says("Resume the timer")
    await asyncio.sleep(FLIP_GRACE)
    await other.tap_icon("Resume the timer")  # a second later: meant as it reads
    await dealer.settle()
    assert dealer.says("Pause the timer") and other.says("Pause the timer")


@at_the_table
async def test_a_turn_time_refused_on_a_french_phone_is_said_in_french(table: Table) -> None:
    phone = await Phone("/", storage={**new_device(), LANGUAGE_KEY: "fr"}).open()
    await phone.tap("Nouvelle carte Clé classique")
    await phone.submit("Tour (s)", "4")
    assert phone.says("Le temps d'un tour (4 s) n'est pas entre 5 s et 60 min."), phone.texts()
    assert not phone.says("a turn's time")


@at_the_table
async def test_the_turn_times_one_spymaster_sets_are_the_other_ones_too(table: Table) -> None:
    """The outsider's finding: each phone kept its own times, and whoever started decided."""
    dealer, card, link = await deal_on_home("Deal a classic card")
    other = await Phone(link.removeprefix("http://gadget.test")).open()
    await dealer.submit("First turn seconds", "70")
    await other.settle()
    assert other.says("1:10"), other.texts()  # the other phone's time field shows it
    await other.toggle("Team timer")  # started by the phone that set nothing
    await dealer.settle()
    for phone in (dealer, other):
        assert phone.says(TURNS[card.starting]) and phone.says("1:10"), phone.texts()


@at_the_table
async def test_a_reload_hides_the_card_again(table: Table) -> None:
    """The outsider's reload: Flet keeps a reloaded phone's session, and with it the card
    shown, for whoever picks up a phone left on the table."""
    dealer, card, _link = await deal_on_home("Deal a classic card")
    await dealer.tap(SHOW_CARD)
    assert labels(dealer) == expected_labels(card)
    page = dealer.session.page
    assert page.on_connect is not None
    page.on_connect(ft.Event("connect", page))  # the tab reloaded: the phone connects again
    await dealer.settle()
    assert dealer.says("Card hidden") and not labels(dealer), dealer.texts()
    await dealer.tap(SHOW_CARD)  # and shows it again when asked, after a second reload too
    assert labels(dealer) == expected_labels(card)
    page.on_connect(ft.Event("connect", page))
    await dealer.settle()
    assert dealer.says("Card hidden") and not labels(dealer), dealer.texts()
    assert _waiting_for_reconnection() == 1
    await dealer.tap_icon("Home")  # the card's screen goes, and its wait with it
    await dealer.settle()
    assert dealer.session.page.route == "/" and _waiting_for_reconnection() == 0


@at_the_table
async def test_a_running_team_timer_stops_ticking_when_its_screen_goes(table: Table) -> None:
    dealer, _card, _link = await deal_on_home("Deal a classic card")
    await dealer.toggle("Team timer")
    await dealer.settle()
    assert ticking() == 1
    await dealer.tap_icon("Home")
    await dealer.settle()
    assert dealer.session.page.route == "/" and ticking() == 0


def _waiting_for_reconnection() -> int:
    """The classic screens' tasks that wait for their phone to connect again."""
    return sum(
        1
        for task in asyncio.all_tasks()
        if not task.done() and "hide_on_reconnection" in repr(task.get_coro())
    )
