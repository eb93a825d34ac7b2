"""Addresses that lead nowhere, in both apps: each says so and offers one way back, never
Home as if it had been asked for."""

from __future__ import annotations

import asyncio

import pytest

from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table, deal_and_join

NOWHERE = "This address leads nowhere."
MADE_UP = "AAAAAAAAAAAAAAAAAAAAAA"  # a game's public id in form, naming no game


async def _nowhere_then_home(phone: Phone, home_words: str) -> None:
    """The phone says the address leads nowhere, not Home; its one button goes Home."""
    assert phone.says(NOWHERE), (phone.route, phone.texts())
    assert not phone.says(home_words), phone.route
    assert not phone.crashed()
    await phone.tap("Home")
    assert phone.says(home_words) and not phone.says(NOWHERE)


@at_the_table
async def test_an_unknown_address_on_the_served_app_leads_nowhere_and_back_home(
    table: Table,
) -> None:
    phone_a, _phone_b, _code = await deal_and_join(table)
    game = table.store.games_in_progress()[-1]
    home_words = "A companion for Codenames: Duet."
    for route in (
        "/nonsense",
        f"/game/{MADE_UP}/a",  # the site's address form, on the served app
        f"/game/{game.public_id}/a",  # a real game, and more after it
        "/game/",
        "/teams/1/nope",
        "/teams/1/missions/prague/more",
        "/settings/x",
        "/history/x",
    ):
        phone = await Phone(route, storage=phone_a.storage).open()
        await _nowhere_then_home(phone, home_words)
        phone.close()
    # Addresses a screen knows the form of say what is missing, as before.
    for route, words in (
        (f"/game/{MADE_UP}", "No such game on this server."),
        ("/teams/nope", "No such team on this phone."),
        ("/teams/nope/history", "No such team on this phone."),
        ("/join/xyz", "That code did not work"),
        ("/invite/nope", "That invite link does not work."),
    ):
        phone = await Phone(route).open()
        assert phone.says(words) and not phone.says(home_words), route
        phone.close()


@pytest.mark.parametrize(
    "route", ["/nonsense", "/team/nope", "/play/1Y6M-N6BX-NMS8/b/more", "/scan/x", "/teams"]
)
def test_an_unknown_address_on_the_site_leads_nowhere_and_back_home(route: str) -> None:
    async def scenario() -> None:
        phone = await Phone(route, site=True).open()
        await _nowhere_then_home(phone, "No computer needed")
        phone.close()

    asyncio.run(scenario())


def test_a_site_link_that_makes_no_card_still_says_so() -> None:
    async def scenario() -> None:
        phone = await Phone("/play/NOT-A-CODE/a", site=True).open()
        assert phone.says("This link does not make a card.") and not phone.says(NOWHERE)
        phone.close()

    asyncio.run(scenario())
