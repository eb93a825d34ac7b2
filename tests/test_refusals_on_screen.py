"""Found by an outsider playing after issue 23's fixes: a refusal or a "saved" said where the
player looks, about what they typed, whole; and a time typed is kept however the field is
left. Each test failed before its fix."""

from __future__ import annotations

import flet as ft

from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table
from tests.test_site_screens import alone, dealt


@at_the_table
async def test_seconds_typed_are_kept_when_the_field_is_left_without_enter(table: Table) -> None:
    phone = await Phone("/settings").open()
    await phone.type("Guess seconds", "90")
    await phone._event(phone._find(ft.TextField, label="Guess seconds"), "blur")  # Tab, Home
    assert table.default_timer(phone.identity).guess_seconds == 90
    assert phone.says("Saved: new games use these settings.")


@at_the_table
async def test_a_long_number_of_seconds_is_refused_by_its_range_in_a_short_line(
    table: Table,
) -> None:
    phone = await Phone("/settings").open()
    await phone.submit("Clue seconds", "45")
    assert phone.says("Saved: new games use these settings.")
    await phone.submit("Clue seconds", "99999")
    assert phone.says("The clue time 99999 s is outside 5 s..60 min.")
    await phone.type("Guess seconds", "9" * 10_000)
    await phone._event(phone._find(ft.TextField, label="Guess seconds"), "blur")
    refusal = next(t for t in phone.texts() if "The guess time" in t)
    assert "is outside 5 s..60 min" in refusal and len(refusal) < 100, refusal
    assert not phone.says("Saved: new games use these settings.")  # no green word left over
    assert table.default_timer(phone.identity).guess_seconds == 120


@at_the_table
async def test_a_typed_time_is_quoted_as_typed_and_a_negative_one_judged_by_its_range(
    table: Table,
) -> None:
    """The outsider's "-5": it was called no whole number, and text was quoted made into a
    sentence of its own ("Abc.")."""
    phone = await Phone("/settings").open()
    await phone.submit("Clue seconds", "-5")
    assert phone.says("The clue time -5 s is outside 5 s..60 min."), phone.texts()
    await phone.submit("Clue seconds", "abc")
    assert phone.says("The clue time “abc” is not a whole number of seconds."), phone.texts()
    await phone.submit("Clue seconds", "x" * 40)
    assert phone.says(f"The clue time “{'x' * 15}…” is not a whole number"), phone.texts()


@at_the_table
async def test_a_mission_not_picked_is_said_under_the_missions_own_button(table: Table) -> None:
    home = await Phone("/").open()
    table.store.add_team("Owls", ["Ann", "Ben"], phone=home.identity.key)
    home = await Phone("/", storage=home.storage).open()
    await home.tap("Start this mission")
    assert home.says("Pick a mission first.")
    assert home._find(ft.TextField, label="Partner's code").error is None


@at_the_table
async def test_a_pasted_code_is_refused_by_its_own_length(table: Table) -> None:
    home = await Phone("/").open()
    await home.type("Partner's code", "Q" * 10_000)
    await home.tap("Join")
    error = home._find(ft.TextField, label="Partner's code").error
    assert error is not None and "10000 characters" in error, error


@at_the_table
async def test_a_refusal_on_a_field_is_never_cut_to_one_line(table: Table) -> None:
    teams = await Phone("/teams").open()
    await teams.type("New team", "x" * 10_000)
    await teams.tap("Add team")
    field = teams._find(ft.TextField, label="New team")
    assert field.error == "A team name has 10000 characters; at most 40."
    assert field.error_max_lines is not None and field.error_max_lines >= 3


@alone
async def test_the_sites_result_says_what_happened_where_the_button_was() -> None:
    phone, _code = await dealt()
    await phone.tap("The game is over: record the result")
    await phone.type("Tokens left in the time bank", "7" * 10_000)
    await phone.tap("Record the result")
    texts = phone.texts()
    refusal = next(t for t in texts if "is not a whole number" in t)
    assert refusal == "“" + "7" * 39 + "…” is not a whole number."  # the paste is quoted short
    assert texts.index(refusal) < texts.index("Record the result")  # above the button
