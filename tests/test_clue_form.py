"""The clue form and the timer's parts at a clue (issue 36): kept on both phones, shown or
hidden, never taken away and made again; the form, hidden, forgets what was typed."""

from __future__ import annotations

from typing import Any

import flet as ft
from flet.controls import object_patch

from gadget.engine import Player
from gadget.services import games
from gadget.services.table import Table
from tests.phones import Phone, sent_changes
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_move_cost import watched

A, B = Player.A, Player.B


def _timer_switch(phone: Phone) -> ft.Control:
    return phone._find(ft.TextButton, content="Turn timer on")


@at_the_table
async def test_a_clue_takes_no_control_away_and_keeps_the_timers_parts(table: Table) -> None:
    """A clue hides the clue form on both phones where it took it away, and Flet walked the
    600 fields of its controls on each (1,170 steps a clue); the timer's bar and switch,
    which follow whether the phase is timed and not the phase, are the very same controls."""
    phone_a, phone_b, _code = await deal_and_join(table)
    assert phone_a.says("Give clue") and phone_b.says("Give clue")  # either may start
    switches = [_timer_switch(phone) for phone in (phone_a, phone_b)]
    walked: list[Any] = []
    with watched(object_patch.DiffBuilder, "_removed_controls", lambda *a: walked.append(a)):
        await phone_a.tap("Give clue")
        await phone_b.settle()
        await phone_a.settle()
    assert phone_b.says("A gave the clue. You guess.")
    assert not phone_a.says("Give clue") and not phone_b.says("Give clue")  # hidden
    left = [args[1] for args in walked]  # what the diffs found taken away, and walked
    # 10 a clue, and the part under the card that holds the form, deaf to taps for a moment
    # when its buttons change: its component, container and column on each phone (shield.py).
    assert len(left) <= 16 and not any(isinstance(c, ft.TextField) for c in left), left
    kept = [_timer_switch(phone) for phone in (phone_a, phone_b)]
    assert all(a is b for a, b in zip(switches, kept, strict=True))  # the very same


@at_the_table
async def test_a_hidden_clue_form_forgets_what_was_typed(table: Table) -> None:
    """Phone B types a word and picks a number while A gives the clue first: B's form hides,
    and when B's turn to give one comes, its fields are empty, on the phone too (the phone
    still held the word: it is told the empty text), as when the form was taken away."""
    phone_a, phone_b, code = await deal_and_join(table)
    await phone_b.type("Clue", "ocean")
    await phone_b.choose("No.", "3")
    sent_before = len(phone_b.connection.frames)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    assert phone_b.says("A gave the clue: tree. You guess.") and not phone_b.says("ocean")
    colours = card_of(table, code)
    tan = next(c for c in range(25) if colours.a[c] == "-" and colours.b[c] != "X")
    await phone_a.tap_cell(*seat_of(A, tan))  # a bystander: the turn ends, B gives the next
    await phone_b.settle()
    assert phone_a.says("B gives the next clue.") and phone_b.says("Give clue")
    word = phone_b._find(ft.TextField, label="Clue")
    number = phone_b._find(ft.Dropdown, label="No.")
    assert word.value == "" and number.value is None
    told = sent_changes(phone_b.connection.frames[sent_before:])
    emptied = {change.value for change in told if change.path[-1:] == ["value"]}
    assert "" in emptied and None in emptied, told
    await phone_b.tap("Give clue")  # an empty form gives a clue of no word
    await phone_a.settle()
    assert phone_a.says("B gave the clue. You guess.")


@at_the_table
async def test_a_tap_sent_to_a_hidden_clue_form_gives_no_clue(table: Table) -> None:
    """A hidden form is still on the page (hidden, not taken away): a client that sends a
    tap to its button anyway, as a hostile one may, is refused by the rules, and nothing
    of the game changes on either phone."""
    phone_a, phone_b, code = await deal_and_join(table)
    hidden = phone_b._find(ft.Button, content="Give clue")
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    assert phone_b.says("A gave the clue: tree. You guess.") and not phone_b.says("Give clue")
    game = games.game_by_code(table.store, code)
    assert game is not None
    await phone_b._event(hidden, "click")
    await phone_a.settle()
    assert table.game(game.id).version == game.version
    assert phone_a.says("You gave the clue: tree. B guesses.")
    assert not phone_a.says("B gave the clue")
