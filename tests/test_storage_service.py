"""A page asks the phone's storage through one SharedPreferences for its whole life
(`storage.preferences`): each question made its own, a service Flet adds to the page and
removes at the first event after it is dropped, a diff and a message each time, landing in
whichever move came next (a clean run's clue counted three runs of Flet's diff, not two)."""

from __future__ import annotations

import flet as ft

from gadget.services.table import Table
from tests.phones import Phone, new_device
from tests.screens import at_the_table, deal_and_join, give_clue


def _preferences(phone: Phone) -> list[ft.SharedPreferences]:
    """The SharedPreferences services this phone's page holds."""
    services = phone.session.page._services._services
    return [service for service in services if isinstance(service, ft.SharedPreferences)]


@at_the_table
async def test_a_page_keeps_one_storage_service_through_reads_writes_and_moves(
    table: Table,
) -> None:
    phone_a, phone_b, _code = await deal_and_join(table)  # each read who it is and its language
    await give_clue(phone_a, "tree")
    assert await phone_b.until_says("A gave the clue: tree. You guess.")
    for phone in (phone_a, phone_b):
        assert len(_preferences(phone)) == 1, _preferences(phone)

    settings = await Phone("/settings", storage=new_device(), languages=["en-US"]).open()
    kept = _preferences(settings)
    await settings.choose("Language", "fr")  # a write
    assert settings.says("Réglages")
    await settings.choose("Langue", "")  # another, then an event to sweep what was dropped
    assert settings.says("Settings") and _preferences(settings) == kept and len(kept) == 1
