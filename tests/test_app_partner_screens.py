"""A game with the app on screen (issue 38), in-process through Flet's own Session: Home's
"Play with the app" deals it; the phone shows that the app holds side B and never a code for
side B; the app's clue shows; after the player's clue, its touches show one by one; and the
same in French."""

from __future__ import annotations

import asyncio
import re

from gadget.engine import Action, Clue, Colour, Guess, Player
from gadget.partner.lexicon import lexicon
from gadget.partner.seat import Seat
from gadget.services import addresses
from gadget.services.app_thinking import decide
from gadget.services.phones import APP_SIDE
from gadget.services.phones import Phone as ServedPhone
from gadget.services.table import Table
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.phones import Phone, member, until
from tests.screens import at_the_table, seat_of
from tests.test_apart_screens import _give

A, B = Player.A, Player.B
CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")


def _here(table: Table, pause: float = 0.05) -> None:
    """The app thinks in the test's process, and pauses briefly."""

    async def think(seat: Seat, language: str) -> Action:
        return await asyncio.to_thread(decide, seat, APP_SIDE, language)

    table.app_pause, table.app_thinks = pause, think


def _cells(table: Table, game_id: int, side: Player, colour: Colour) -> list[int]:
    """Cells of this colour on that side: only the test reads the whole card."""
    card = table.game(game_id).log.card
    return [cell for cell in range(25) if card.side(side)[cell] == colour]


@at_the_table
async def test_home_deals_a_game_with_the_app_its_clue_then_its_touches_show(
    table: Table,
) -> None:
    _here(table)
    phone = await Phone("/").open()
    await phone.tap("Play with the app in English")
    assert await phone.until_says("The app holds side B")
    game_id = table.store.games_in_progress()[-1].id
    assert await until(lambda: bool(table.game(game_id).log.actions))
    clue = table.game(game_id).log.actions[0]
    assert isinstance(clue, Clue) and clue.by is B
    assert await phone.until_says(f"B gave the clue: {clue.word} {clue.number}. You guess.")
    assert not any(CODE.match(text) for text in phone.texts())  # side B's code: never here
    assert not phone.says("Show the code for side B") and not phone.says("QR code")
    # The player touches a bystander of the app's side: their turn ends; they give a clue.
    await _end_the_players_turn(phone, table, game_id)
    await _give(phone, "ocean", "2")
    # The app touches, each touch shown as it is made, then it gives its next clue.
    assert await phone.until_says("The app holds side B. It is thinking...")
    assert await until(lambda: len(table.game(game_id).log.actions) > 3)
    touched = table.game(game_id).log.actions[3]
    assert isinstance(touched, Guess) and touched.by is B
    label = lambda: str(phone.cell(*seat_of(A, touched.cell)).label)  # noqa: E731
    assert await until(
        lambda: any(said in label() for said in ("agent found", "bystander", "touched"))
    ), label()
    # Its turn over, the app gives its next clue (unless the game is over).
    assert await until(lambda: not table.phone_game(game_id, _phone_of(table, game_id)).app_to_act)
    last = table.game(game_id)
    if not last.state.is_over:
        again = last.log.actions[-1]
        assert isinstance(again, Clue) and again.by is B
        assert await phone.until_says(f"B gave the clue: {again.word} {again.number}. You guess.")
        assert await phone.until_says("The app holds side B.")
    else:  # its touch was the player's assassin
        assert await phone.until_says("The story of the game")


async def _end_the_players_turn(phone: Phone, table: Table, game_id: int) -> None:
    """The player touches a word that is a bystander on the app's side: their turn ends."""
    words = table.game(game_id).log.words
    assert words is not None
    tan = [c for c in _cells(table, game_id, B, Colour.TAN) if c in _touchable(table, game_id)]
    await phone.tap_cell(*seat_of(A, tan[0]))
    await phone.tap(f"Touch {words.words[tan[0]].upper()}")
    assert await phone.until_says("You give the next clue.")


def _touchable(table: Table, game_id: int) -> frozenset[int]:
    """The cells phone A may touch now."""
    seen = table.phone_game(game_id, _phone_of(table, game_id)).seen
    assert seen is not None
    return seen.view.mine_to_touch


def _phone_of(table: Table, game_id: int) -> ServedPhone:
    """Side A's phone (the dealer's)."""
    return ServedPhone(table.store.seats(game_id).of(A)[0])


@at_the_table
async def test_a_game_with_the_app_in_french(table: Table) -> None:
    _here(table)
    phone = await Phone("/", storage={LANGUAGE_KEY: "fr"}).open()
    await phone.tap("Jouer avec l'appli en anglais")  # English words, French screens
    assert await phone.until_says("L'appli tient le côté B")
    game_id = table.store.games_in_progress()[-1].id
    assert await until(lambda: bool(table.game(game_id).log.actions))
    clue = table.game(game_id).log.actions[0]
    assert isinstance(clue, Clue)
    assert await phone.until_says(
        f"B a donné l'indice : {clue.word} {clue.number}. Vous êtes l'agent."
    )


@at_the_table
async def test_the_players_own_words_are_played_with_the_app_too(table: Table) -> None:
    _here(table)
    phone = await Phone("/words").open()
    own = [f"{word}" for word in ("harbor", "anchor", "sailor", "compass", "lighthouse")]
    own += [f"word{letter}{other}" for letter in "abcde" for other in "fgh"]
    own += ["whale", "island", "storm", "rope", "captain", "treasure"]
    await phone.type("Words", "\n".join(own))
    await phone.tap("Play with the app")
    assert await phone.until_says("The app holds side B")
    game = table.game(table.store.games_in_progress()[-1].id)
    assert game.log.words is not None and set(game.log.words.words) <= set(own)
    assert await until(lambda: bool(table.game(game.id).log.actions))
    clue = table.game(game.id).log.actions[0]
    assert isinstance(clue, Clue) and clue.by is B
    assert await phone.until_says(f"B gave the clue: {clue.word} {clue.number}. You guess.")


@at_the_table
async def test_a_mission_is_played_with_the_app_from_its_card_and_its_history_says_so(
    table: Table,
) -> None:
    _here(table)
    team = table.store.add_team("Owls", ["Ann"])
    start = table.store.mission_map(team.map_id).start
    phone = await member(table.store, team, addresses.mission(team.id, start))
    assert await phone.until_says("the history says it was played with the app")
    await phone.tap("Play it with the app")
    assert await phone.until_says("The app holds side B")
    game = table.game(table.store.games_in_progress()[-1].id)
    assert game.mission_id == start and game.team_id == team.id
    # Lost on the spot: the player touches an assassin of the app's side.
    assert await until(lambda: bool(table.game(game.id).log.actions))
    black = [c for c in _cells(table, game.id, B, Colour.BLACK) if c in _touchable(table, game.id)]
    now = table.game(game.id)
    table.act(_phone_of(table, game.id), game.id, Guess(A, black[0]), now.version)
    (attempt,) = table.store.attempts(team.id)
    assert attempt.with_the_app and not attempt.won
    await phone.go(addresses.team_history(team.id))
    assert await phone.until_says("Side B: the app")


def _held(table: Table) -> asyncio.Event:
    """The app thinks until the test lets it (set the event)."""
    thinking_done = asyncio.Event()

    async def think(seat: Seat, language: str) -> Action:
        await thinking_done.wait()
        return await asyncio.to_thread(decide, seat, APP_SIDE, language)

    table.app_pause, table.app_thinks = 0.0, think
    return thinking_done


@at_the_table
async def test_while_the_app_thinks_the_phone_offers_no_clue_and_no_undo(table: Table) -> None:
    """The outsider's: the clue form was live while the app thought its first clue (the
    player's clue then vanished), and Undo while it touched (its question closed by the
    app's move)."""
    let_go = _held(table)
    phone = await Phone("/").open()
    await phone.tap("Play with the app in English")
    assert await phone.until_says("The app holds side B. It is thinking...")
    assert not phone.says("Give clue") and not phone.says("Clue (one word)")
    let_go.set()
    game_id = table.store.games_in_progress()[-1].id
    assert await phone.until_says("Tap a word on your card, then confirm it.")
    # The player's turn ends on a bystander; then their clue; the app thinks again.
    await _end_the_players_turn(phone, table, game_id)
    assert phone.says("Undo")  # the player's own turn: undo is offered
    let_go.clear()
    await _give(phone, "ocean", "2")
    assert await phone.until_says("The app holds side B. It is thinking...")
    assert not phone.says("Undo")
    let_go.set()
    assert await until(lambda: len(table.game(game_id).log.actions) > 3)


@at_the_table
async def test_no_phone_is_offered_the_apps_side_and_home_names_the_app(table: Table) -> None:
    """The outsider's: a third browser was offered "Ask to take over side B" in a game with
    the app, and Home said "Your partner holds side B"."""
    _here(table)
    phone = await Phone("/").open()
    await phone.tap("Play with the app in English")
    assert await phone.until_says("The app holds side B")
    game = table.game(table.store.games_in_progress()[-1].id)
    stranger = await Phone(addresses.game(game.public_id)).open()
    assert await stranger.until_says("Ask to take over side A")
    assert not stranger.says("Ask to take over side B")
    await phone.go("/")
    assert await phone.until_says("The app holds side B.")
    assert not phone.says("Your partner holds side B.")


@at_the_table
async def test_a_french_phone_plays_with_the_app_in_french_first_and_in_english_on_request(
    table: Table,
) -> None:
    """Issue 38: "English or French words"; the phone's language first."""
    _here(table)
    phone = await Phone("/", storage={LANGUAGE_KEY: "fr"}).open()
    assert await phone.until_says("Jouer avec l'appli en anglais")
    await phone.tap("Jouer avec l'appli en français")
    assert await phone.until_says("L'appli tient le côté B")
    game_id = table.store.games_in_progress()[-1].id
    game = table.game(game_id)
    assert game.log.words is not None and game.log.words.language == "fr"
    assert await until(lambda: bool(table.game(game_id).log.actions))
    clue = table.game(game_id).log.actions[0]
    assert isinstance(clue, Clue) and clue.by is B
    assert lexicon("fr").row(clue.word) is not None  # a French word the app knows
