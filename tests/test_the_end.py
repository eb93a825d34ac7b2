"""What the table says as a game goes wrong and ends: a bystander is not good news, the
end's words are a sentence, a lost mission counts its agents, sudden death is said once,
and a partner's phone outside the team is offered what it can do."""

from __future__ import annotations

import flet as ft

from gadget.engine import Clue, GameLog, Guess, Player, Setup
from gadget.engine.state import Action
from gadget.services import games, palette
from gadget.services.games import SavedGame
from gadget.services.table import Table
from tests.cards import TEST_CARD
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of
from tests.phones import Phone, device_of, new_device, seated
from tests.screens import at_the_table, seat_of

A, B = Player.A, Player.B
TAN_ON_BOTH = next(c for c in range(25) if TEST_CARD.a[c] == "-" and TEST_CARD.b[c] == "-")
GREEN_ON_A = next(c for c in range(25) if TEST_CARD.a[c] == "G")


def colour_of(phone: Phone, words: str) -> str | None:
    """The colour of the one text on the screen that says exactly these words."""
    found = [c for c in phone.controls() if isinstance(c, ft.Text) and c.value == words]
    assert len(found) == 1, f"{len(found)} texts say {words!r}: {phone.texts()}"
    return found[0].color


def texts_saying(phone: Phone, words: str) -> list[str]:
    """Every text on the screen with these words in it, whatever their case."""
    return [
        str(c.value)
        for c in phone.controls()
        if isinstance(c, ft.Text) and words.lower() in str(c.value).lower()
    ]


@at_the_table
async def test_a_bystander_is_told_in_a_warning_colour_and_an_agent_in_green(
    table: Table,
) -> None:
    game = games.start_game(table.store, GameLog(TEST_CARD, Setup(9, 9), (Clue(A, "lunch"),)))
    phone_a = await seated(table.store, game, A)
    phone_b = await seated(table.store, game, B)
    await phone_a.tap_cell(*seat_of(A, GREEN_ON_A))
    await phone_b.settle()
    assert colour_of(phone_b, "You found an agent.") == palette.GOOD_NEWS
    assert colour_of(phone_a, "B found an agent.") == palette.GOOD_NEWS
    # The rule's reminder is plain ink, neither good news nor a warning.
    assert colour_of(phone_a, "When B touches a word, tap it here.") == palette.INK
    await phone_a.tap_cell(*seat_of(A, TAN_ON_BOTH))
    await phone_b.settle()
    for phone, words in (
        (phone_b, "You touched a bystander: the turn ends."),
        (phone_a, "B touched a bystander: the turn ends."),
    ):
        colour = colour_of(phone, words)
        assert colour != palette.GOOD_NEWS  # green says good news
        assert colour == palette.SETBACK  # the timer's warning ink: not a loss's red either


@at_the_table
async def test_the_end_says_you_in_the_middle_of_a_sentence_in_lower_case(table: Table) -> None:
    game = games.start_game(table.store, log_of(ASSASSIN_ACTIONS[:-1]))
    phone_a = await seated(table.store, game, A)
    phone_b = await seated(table.store, game, B)
    await phone_a.tap_cell(*seat_of(A, 10))  # B touched the assassin
    await phone_b.settle()
    assert phone_b.says("Lost: you touched the assassin.")
    assert phone_a.says("Lost: B touched the assassin.")
    for phone in (phone_a, phone_b):
        assert not phone.says(": You")

    sudden = _sudden_death_game(table)
    phone_a = await seated(table.store, sudden, A)
    phone_b = await seated(table.store, sudden, B)
    await phone_b.tap_cell(*seat_of(B, 18))  # A touched a word tan on B's side
    await phone_a.settle()
    assert phone_a.says("Lost: you touched a bystander in sudden death.")
    assert phone_b.says("Lost: A touched a bystander in sudden death.")
    assert not phone_a.says(": You")


@at_the_table
async def test_a_lost_mission_counts_its_agents_as_a_practice_game_does(table: Table) -> None:
    team = table.store.add_team("Owls", ["Ann", "Ben"])
    mission = games.start_game(table.store, log_of(ASSASSIN_ACTIONS[:-1]), team.id, "prague")
    practice = games.start_game(table.store, log_of(ASSASSIN_ACTIONS[:-1]))
    for game in (mission, practice):
        phone_a = await seated(table.store, game, A)
        await phone_a.tap_cell(*seat_of(A, 10))
        assert phone_a.says("Lost: B touched the assassin.")
        assert phone_a.says("1 agent of 15 found.")


def _sudden_death_game(table: Table) -> SavedGame:
    """A's clue and its nine agents found with one token: sudden death, A's words all found."""
    actions: tuple[Action, ...] = (Clue(A, "all"), *(Guess(B, cell) for cell in range(9)))
    return games.start_game(table.store, GameLog(TEST_CARD, Setup(1, 1), actions))


@at_the_table
async def test_sudden_death_is_announced_once_on_each_screen(table: Table) -> None:
    game = _sudden_death_game(table)
    french = new_device()  # side A's phone speaks French, side B's English
    assert table.store.take_seat(game.id, A, device_of(french).key)
    phone_a = await Phone(f"/game/{game.public_id}", storage=french, languages=["fr-FR"]).open()
    phone_b = await seated(table.store, game, B)
    assert phone_b.says("Sudden death")
    assert len(texts_saying(phone_b, "sudden death")) == 1, texts_saying(phone_b, "sudden death")
    assert phone_b.says("any wrong touch loses")  # what sudden death means is still said
    assert phone_a.says("Mort subite")
    assert len(texts_saying(phone_a, "mort subite")) == 1, texts_saying(phone_a, "mort subite")


# -- the end of a mission on the partner's phone, outside the team ---------------------------


@at_the_table
async def test_phone_b_outside_the_team_is_offered_a_new_game_home_and_the_invite(
    table: Table,
) -> None:
    a_device = new_device()
    team = table.store.add_team("Owls", ["Ann", "Ben"], phone=device_of(a_device).key)
    game = games.start_game(table.store, log_of(WINNING_ACTIONS[:-1]), team.id, "prague")
    phone_a = await seated(table.store, game, A, a_device)
    phone_b = await seated(table.store, game, B)
    await phone_a.tap_cell(*seat_of(A, 2))  # the 15th agent: Prague is won
    await phone_b.settle()
    assert phone_b.says("Prague completed.")
    assert not phone_b.says("Back to the map")  # it led to "No such team on this phone."
    assert phone_b.says("this phone is not in")
    assert phone_b.says("Invite a phone to the team")  # the team's button, as it is named
    assert phone_b.says("New game") and phone_b.says("Home")
    assert phone_a.says("Back to the map")  # the team's own phone goes to its map
    await phone_a.tap("Back to the map")
    assert phone_a.session.page.route == f"/teams/{team.id}"
    assert phone_a.says("Open now")

    await phone_b.tap("New game")
    assert phone_b.session.page.route == "/"
    assert phone_b.says("Partner's code")  # Home, where a new game is dealt or joined

    # The team lets B's phone in by its invite link: then B's end screen leads to the map.
    invite = table.store.team_by_id(team.id).invite
    joined = await Phone(f"/invite/{invite}", storage=phone_b.storage).open()
    assert joined.says("This phone is now in Owls.")
    again = await Phone(f"/game/{game.public_id}", storage=phone_b.storage).open()
    assert not again.says("this phone is not in")
    await again.tap("Back to the map")
    assert again.session.page.route == f"/teams/{team.id}"
    assert again.says("Open now") and not again.says("No such team")
