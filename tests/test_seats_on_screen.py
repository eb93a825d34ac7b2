"""On screen: a side shows only on the phone that holds it, joining is always the game asked
for, a bug is a short message, and printing stalls no other phone."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from gadget.engine import Deal, Guess, Player, ShareCode
from gadget.engine.timing import TimerSettings
from gadget.services import games
from gadget.services.table import Table
from gadget.views import app
from gadget.views.parts import typed_code
from gadget.views.parts.boundary import SORRY, component
from tests.phones import Phone, device_of, new_device
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.seated import new_phone

A, B = Player.A, Player.B


@at_the_table
async def test_home_lists_only_this_phones_games_and_never_a_code(table: Table) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    game = games.games_in_progress(table.store)[-1]
    for phone, side in ((phone_a, "Side A"), (phone_b, "Side B")):
        home = await Phone("/", storage=phone.storage).open()
        assert home.says(side) and home.says("Resume")
        assert not home.says(code.text) and not home.says(game.public_id)
    stranger = await Phone("/").open()
    assert not stranger.says("Your games") and not stranger.says("Resume")


@at_the_table
async def test_a_phone_holding_one_side_never_sees_the_other_whatever_it_opens(
    table: Table,
) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    game = games.games_in_progress(table.store)[-1]
    card = card_of(table, code)
    for phone, mine in ((phone_a, A), (phone_b, B)):
        for route in (f"/join/{code.text}", f"/game/{game.public_id}", "/game/1", "/"):
            await phone.go(route)
            if phone.says("row 1 column 1"):
                assert phone.grid() == card.seen_from(mine), route
        await phone.go(f"/game/{game.public_id}")
        assert not phone.says(f"Ask to take over side {mine.partner.value.upper()}")
        assert phone.grid() == card.seen_from(mine)


@at_the_table
async def test_a_code_edited_to_another_bank_finds_the_same_game_and_its_held_seats(
    table: Table,
) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    for bank in ((11, 3), (1, 0), (15, 15)):
        edited = ShareCode(code.side_b, *bank)  # its check character made right, as anyone can
        third = await Phone(f"/join/{edited.text}").open()
        assert third.says("Ask to take over side B"), bank  # the game and its seats, found
        assert not third.says("No game with this code runs on this server")
        assert not any(t.startswith("row 1 column") for t in third.texts())
    assert phone_a.grid() == card_of(table, code).seen_from(A)
    assert phone_b.grid() == code.seen_from_b()


@at_the_table
async def test_a_join_link_typed_with_a_space_opens_its_game(table: Table) -> None:
    game = table.deal(seed=21, phone=new_phone())
    assert game.log.code is not None
    first, rest = game.log.code.text.split("-")
    phone = await Phone(f"/join/{first.lower()}%20{rest}").open()  # what a browser sends
    assert phone.grid() == game.log.card.seen_from(B)


@at_the_table
async def test_a_join_link_pasted_from_a_sentence_opens_its_game(table: Table) -> None:
    """ "Join me: http://.../join/CODE." arrives with the full stop (an outsider's chat)."""
    for seed, tail in enumerate((".", ").", "!", "%C2%BB")):  # the last: a French closing »
        game = table.deal(seed=22 + seed, phone=new_phone())  # a game each: B joins each
        assert game.log.code is not None
        phone = await Phone(f"/join/{game.log.code.text}{tail}").open()
        assert phone.grid() == game.log.card.seen_from(B), tail


@at_the_table
async def test_a_long_join_link_is_refused_by_its_own_length(table: Table) -> None:
    """The address was cut to 40 characters before it was read: 5,000 "had 40" (an outsider)."""
    phone = await Phone("/join/" + "X" * 5000).open()
    assert phone.says("That code did not work")
    assert phone.says("the code has 5000 characters")


@at_the_table
async def test_a_second_join_link_in_the_same_tab_shows_that_codes_side_b(table: Table) -> None:
    first, second = table.deal(seed=11, phone=new_phone()), table.deal(seed=12, phone=new_phone())
    assert first.log.code is not None and second.log.code is not None
    tab = await Phone(f"/join/{first.log.code.text}").open()
    assert tab.grid() == first.log.card.seen_from(B)
    await tab.go(f"/join/{second.log.code.text}")
    assert tab.grid() == second.log.card.seen_from(B)
    await tab.go(f"/join/{Deal(99).code.text}")  # dealt elsewhere
    assert tab.grid() == Deal(99).key_card().seen_from(B)
    await tab.go(f"/join/{first.log.code.text}")
    assert tab.grid() == first.log.card.seen_from(B)


@at_the_table
async def test_a_screen_that_raises_shows_a_short_message_and_a_way_home(table: Table) -> None:
    @component
    def Broken() -> ft.Control:
        raise RuntimeError("a bug on purpose")

    settings = app.Settings
    app.Settings = Broken
    try:
        phone = await Phone("/").open()
        await phone.tap("Settings")
        assert phone.says(SORRY)
        assert not phone.crashed()  # no traceback was sent to the browser
        assert not any("a bug on purpose" in t for t in phone.texts())
        await phone.tap("Home")
        assert phone.says("New game") and not phone.says(SORRY)
    finally:
        app.Settings = settings


@at_the_table
async def test_a_handler_that_raises_shows_the_same_message(table: Table) -> None:
    def broken(_typed: object) -> ShareCode:
        raise RuntimeError("a bug on purpose")

    real = typed_code.read_code
    typed_code.read_code = broken
    try:
        phone = await Phone("/").open()
        await phone.submit("Partner's code", "1X1M-JENB-E4S7")
        assert phone.says(SORRY) and not phone.crashed()
    finally:
        typed_code.read_code = real


@at_the_table
async def test_a_thousand_booklets_printing_stall_no_other_phone(table: Table) -> None:
    phone_a, phone_b, _ = await deal_and_join(table)
    paper = await Phone("/paper").open()
    await paper.type("Games", "1000")
    printing = asyncio.create_task(paper.tap("Booklets (PDF)"))
    await asyncio.sleep(0.3)  # the print has started in the worker
    await give_clue(phone_a, "while printing")
    await phone_b.settle()
    assert phone_b.says("A gave the clue: while printing. You guess.")
    assert not printing.done()  # the other phone was served while the PDF was being made
    await printing
    assert paper.says("Booklets for 1000 games")


@at_the_table
async def test_with_no_seated_partner_the_screen_says_what_to_do(table: Table) -> None:
    dealer = await Phone("/").open()
    await dealer.tap("New game")  # B never joins; A's phone is then lost
    game = games.games_in_progress(table.store)[-1]
    stranger = await Phone(f"/game/{game.public_id}").open()
    for side in ("A", "B"):  # phone A could still allow either: it may be there after all
        assert stranger.says(f"Ask to take over side {side}")
    table.store.release_seats(game.id, (A,))  # the server's owner freed the lost phone's side
    stranger = await Phone(f"/game/{game.public_id}", storage=stranger.storage).open()
    for side in ("A", "B"):
        assert stranger.says(f"Side {side}: nobody can allow it, since no other phone holds")
        assert not stranger.says(f"Ask to take over side {side}")
    assert stranger.says("The game stays saved as it is, its log kept")
    assert not stranger.says("row 1 column 1")


@at_the_table
async def test_a_phone_of_the_team_answers_a_request_from_home(table: Table) -> None:
    teammate = new_device()
    table.store.add_team("Owls", [], phone=device_of(teammate).key)
    dealer = new_device()
    table.store.join_team(table.store.team("Owls").id, device_of(dealer).key)
    game = table.deal(team_name="Owls", seed=3, phone=device_of(dealer))
    assert game.log.code is not None
    await Phone(f"/join/{game.log.code.text}").open()  # B joins; then A's phone is lost
    new_a = await Phone(f"/game/{game.public_id}").open()
    await new_a.tap("Ask to take over side A")
    home = await Phone("/", storage=teammate).open()
    assert home.says("Another phone asks to take over side A of a game you play.")
    await home.tap("Allow side A")
    await new_a.settle()
    assert new_a.says("Allowed: side A comes to this phone in about 2 minutes")
    table.clock.now += table.take_over_wait  # type: ignore[attr-defined]  (the fake clock)
    new_a = await Phone(f"/game/{game.public_id}", storage=new_a.storage).open()
    assert new_a.grid() == game.log.card.seen_from(A)
    assert not (await Phone("/", storage=teammate).open()).says("asks to take over")


@at_the_table
async def test_the_code_folds_away_on_phone_a_once_b_has_joined(table: Table) -> None:
    phone_a, _phone_b, code = await deal_and_join(table)
    await phone_a.settle()
    assert not phone_a.says(code.text)
    await phone_a.tap("Show the code for side B")  # a partner whose phone was replaced
    assert phone_a.says(code.text)
    await phone_a.tap("Hide the code")
    assert not phone_a.says(code.text)


@at_the_table
async def test_a_clue_being_typed_survives_the_partners_phone_acting(table: Table) -> None:
    phone_a = await Phone("/").open()
    await phone_a.tap("New game")
    game = games.games_in_progress(table.store)[-1]
    assert game.log.code is not None
    await phone_a.type("Clue", "sal")
    phone_b = await Phone(f"/join/{game.log.code.text}").open()  # A's screen is re-rendered
    await phone_a.settle()
    clue = phone_a._find(ft.TextField, label="Clue")
    assert clue.value == "sal"  # the page was not told to empty the field mid-word
    await phone_a.type("Clue", "salad")
    await phone_a.tap("Give clue")
    await phone_b.settle()
    assert phone_b.says("A gave the clue: salad. You guess.")


@at_the_table
async def test_a_finished_games_link_shows_no_card_and_offers_no_take_over(table: Table) -> None:
    phone_a, _phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "end")
    assassin = card_of(table, code).a.index("X")
    await phone_a.tap_cell(*seat_of(A, assassin))  # B touched an assassin
    late = await Phone(f"/join/{code.text}").open()
    assert late.says("The game is over")
    assert not late.says("Ask to take over") and not late.says("row 1 column 1")


@at_the_table
async def test_a_failed_read_is_reported_and_the_phone_keeps_following_the_game(
    table: Table,
) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "one")
    await phone_b.settle()
    real, failures = table.phone_game, [2]

    def flaky(game_id: int, phone: Any, *how: Any) -> Any:
        if failures[0]:
            failures[0] -= 1
            raise RuntimeError("the database blinked")
        return real(game_id, phone, *how)

    table.phone_game = flaky  # type: ignore[method-assign]
    game = games.games_in_progress(table.store)[-1]
    table.set_timer(phone_a.identity, game.id, TimerSettings(True, 60, 60))  # both phones read
    await phone_a.settle()
    await phone_b.settle()
    for phone in (phone_a, phone_b):  # and both reads failed
        assert phone.says(SORRY)
        await phone.tap("Try again")
    table.act(phone_a.identity, game.id, Guess(B, card_of(table, code).a.index("G")), game.version)
    await phone_b.settle()
    assert phone_b.says("You found an agent.")  # still following: the next change arrived
