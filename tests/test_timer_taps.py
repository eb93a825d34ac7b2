"""The timer's buttons tapped on both phones at once: each tap does what its button said when
it was tapped, not what the button says once the other phone's tap has changed it (an
outsider's: both phones paused at once, and the timer ran)."""

from __future__ import annotations

import flet as ft

from gadget.engine import Player
from gadget.engine.timing import Stretch
from gadget.services import games
from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table, deal_and_join, give_clue

A = Player.A


def icon_named(phone: Phone, label: str) -> ft.Control:
    """The button this phone shows with this name, held as a finger is over it."""
    wrapper = phone._find(ft.Semantics, label=label)
    assert isinstance(wrapper.content, ft.Control)
    return wrapper.content


async def tap_late(phone: Phone, button: ft.Control) -> None:
    """A tap on a button this phone showed, reaching the server after the screen changed."""
    await phone.session.dispatch_event(button._i, "click", None)
    await phone.settle()


def game_id(table: Table) -> int:
    game_id = games.games_in_progress(table.store)[-1].id
    assert game_id is not None
    return game_id


async def timed_game(table: Table) -> tuple[Phone, Phone]:
    """Two phones at a game whose timer runs."""
    phone_a, phone_b, _ = await deal_and_join(table)
    await phone_a.tap("Turn timer on")
    for phone in (phone_a, phone_b):
        assert await phone.until_says("2:00 for the clue")
    return phone_a, phone_b


@at_the_table
async def test_both_phones_pausing_at_once_leave_the_timer_paused(table: Table) -> None:
    phone_a, phone_b = await timed_game(table)
    pause_b = icon_named(phone_b, "Pause the timer")
    await phone_a.tap_icon("Pause the timer")
    assert await phone_b.until_says("Resume the timer")  # A's pause reached B first
    await tap_late(phone_b, pause_b)
    timer = table.timer(game_id(table))
    assert timer is not None and timer.paused
    assert phone_a.says("Resume the timer") and phone_b.says("Resume the timer")


@at_the_table
async def test_both_phones_resuming_at_once_leave_the_timer_running(table: Table) -> None:
    phone_a, phone_b = await timed_game(table)
    await phone_a.tap_icon("Pause the timer")
    assert await phone_b.until_says("Resume the timer")
    resume_b = icon_named(phone_b, "Resume the timer")
    await phone_a.tap_icon("Resume the timer")
    assert await phone_b.until_says("Pause the timer")
    await tap_late(phone_b, resume_b)
    timer = table.timer(game_id(table))
    assert timer is not None and not timer.paused


@at_the_table
async def test_both_phones_turning_the_timer_on_at_once_leave_it_on(table: Table) -> None:
    phone_a, phone_b, _ = await deal_and_join(table)
    switch_b = phone_b._find(ft.TextButton, content="Turn timer on")
    await phone_a.tap("Turn timer on")
    assert await phone_b.until_says("Turn timer off")
    await tap_late(phone_b, switch_b)
    assert table.timer_settings(game_id(table)).enabled
    assert phone_b.says("2:00 for the clue")


@at_the_table
async def test_a_resume_crossing_the_clue_leaves_the_guesses_timed(table: Table) -> None:
    """B resumed the clue's paused clock as A gave the clue: the guesses' clock, started
    by the clue, was paused by B's tap (the button had become Pause under it)."""
    phone_a, phone_b = await timed_game(table)
    await phone_a.tap_icon("Pause the timer")
    assert await phone_b.until_says("Resume the timer")
    resume_b = icon_named(phone_b, "Resume the timer")
    await give_clue(phone_a, "salad")
    assert await phone_b.until_says("2:00 for the guesses")
    await tap_late(phone_b, resume_b)
    timer = table.timer(game_id(table))
    assert timer is not None and timer.stretch is Stretch.GUESS and not timer.paused
