"""A cell a move changes without changing its shape is kept, and told what changed in place
(`keycard._told`, issue 36): what each phone is sent, what the server's cell then holds, and
what a fresh screen draws for the same game must be one and the same."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import flet as ft
import pytest
from flet.controls import object_patch

from gadget.engine import Colour, Player
from gadget.services.table import Table
from tests.phones import Phone, Sent, encoded, sent_changes, told_to
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_apart_screens import _apart_game, _cells, _give
from tests.test_move_cost import made_controls, watched

A, B = Player.A, Player.B
# A count of a move's work is counted over the move alone (tests/conftest.deaf_held).
pytestmark = pytest.mark.usefixtures("deaf_held")


async def fresh_tab(phone: Phone) -> Phone:
    """The same device's screen of the same game, drawn from nothing."""
    return await Phone(phone.session.page.route, storage=phone.connection.storage).open()


def held_at(control: Any, path: list[Any]) -> Any:
    """What the server's control holds at a path a change was sent to, as the protocol says
    it (an event: whether there is one)."""
    for part in path:
        control = control[part] if isinstance(part, int) else getattr(control, part)
    return control is not None if str(path[-1]).startswith("on_") else encoded(control)


def told_about(phone: Phone, cell: ft.Control, before: int) -> list[Sent]:
    """The changes sent to a phone since `before` that reach into this cell, through the
    card (`told_to`); their paths from the cell."""
    return told_to(cell, sent_changes(phone.connection.frames[before:]))


@contextmanager
def diffs() -> Iterator[list[int]]:
    """Each run of Flet's diff meanwhile (one a patch it works out)."""
    runs: list[int] = []
    with watched(object_patch.DiffBuilder, "__init__", lambda *_args, **_kw: runs.append(1)):
        yield runs


@at_the_table
async def test_cells_told_in_place_are_sent_without_flets_diff_in_one_message(
    table: Table,
) -> None:
    """What changes on a kept cell is known when it is told: each phone's update of a clue
    (25 cells turned on the clue giver's card) and of a touch runs Flet's diff once, for
    the screen's update, not once more a row to compare the cells' fields (7 at a clue).
    And the card's cells are told in one message, not one a row: the clue giver is sent
    two, its cells' and its screen's (six before)."""
    phone_a, phone_b, code = await deal_and_join(table)
    sent_before = len(phone_a.connection.frames)
    with diffs() as runs:
        await give_clue(phone_a, "tree")
        await phone_b.settle()
        await phone_a.settle()
    assert phone_a.cell(1, 1).button and not phone_b.cell(1, 1).button
    assert len(runs) == 2, runs
    assert len(phone_a.connection.frames) - sent_before == 2
    greens = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    await phone_a.tap_cell(*seat_of(A, greens[0]))  # the first touch brings a line
    await phone_b.settle()
    with diffs() as runs:
        await phone_a.tap_cell(*seat_of(A, greens[1]))
        await phone_b.settle()
        await phone_a.settle()
    for phone, side in ((phone_a, A), (phone_b, B)):
        assert "agent found" in phone.cell(*seat_of(side, greens[1])).label
    assert len(runs) == 2, runs


@at_the_table
async def test_a_touched_cell_is_kept_and_told_its_colours_as_a_fresh_screen_draws_them(
    table: Table,
) -> None:
    """A found agent turns its cell's colour, symbol and words for a reader, on both phones:
    the cell is the very control it was, each change is sent through its row and is what
    the server's cell now holds, a fresh tab draws the same cell, and nothing is made (a
    touch made the cell, its face and what takes its tap again, on each phone: 8 controls)."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    greens = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    await phone_a.tap_cell(*seat_of(A, greens[0]))  # the first touch brings a line
    await phone_b.settle()
    phones = ((phone_a, A), (phone_b, B))
    kept = [phone.cell(*seat_of(side, greens[1])) for phone, side in phones]
    sent_before = [len(phone.connection.frames) for phone, _side in phones]
    with made_controls() as made:
        await phone_a.tap_cell(*seat_of(A, greens[1]))
        await phone_b.settle()
        await phone_a.settle()
    assert phone_a.says("B found an agent.") and phone_b.says("You found an agent.")
    assert made == [], made
    for (phone, side), cell, before in zip(phones, kept, sent_before, strict=True):
        assert phone.cell(*seat_of(side, greens[1])) is cell
        assert "agent found" in str(cell.label) and not cell.button
        told = told_about(phone, cell, before)
        assert {tuple(change.path) for change in told} >= {
            ("label",),
            ("content", "bgcolor"),
            ("content", "content", "icon"),
        }, told
        for change in told:
            assert change.op == 0 and change.value == held_at(cell, change.path), change
        fresh = await fresh_tab(phone)
        assert encoded(fresh.cell(*seat_of(side, greens[1]))) == encoded(cell)
        with pytest.raises(RuntimeError, match="Frozen"):  # still drawn by Flet: set in place
            cell.label = "changed"


@at_the_table
async def test_a_word_chosen_apart_is_told_in_place_and_a_found_agent_loses_its_word(
    table: Table,
) -> None:
    """Played apart, choosing a word rings its cell on every phone of the side: the cell is
    kept and told its border. Confirmed, a found agent hides its word: its face changes
    shape, so the cell is drawn again. Either way a fresh tab draws the same."""
    phone_a, phone_b, game = await _apart_game(table)
    await _give(phone_a, "ocean", "2")
    assert await phone_b.until_says("A gave the clue: ocean 2. You guess.")
    green = _cells(table, game, A, Colour.GREEN)[0]
    cell = phone_b.cell(*seat_of(B, green))
    await phone_b.tap_cell(*seat_of(B, green))
    word = table.game(game.id).log.words.words[green].upper()
    assert await phone_b.until_says(f"Touch {word}?")
    assert phone_b.cell(*seat_of(B, green)) is cell and "chosen" in str(cell.label)
    assert encoded(cell) == encoded((await fresh_tab(phone_b)).cell(*seat_of(B, green)))
    await phone_b.tap(f"Touch {word}")
    assert await phone_b.until_says("You found an agent.")
    found = phone_b.cell(*seat_of(B, green))
    assert found is not cell and "agent found" in str(found.label)
    face = found.content  # the tile takes the tap: nothing lies over it
    assert isinstance(face, ft.Container) and isinstance(face.content, ft.Icon)  # no word
    assert encoded(found) == encoded((await fresh_tab(phone_b)).cell(*seat_of(B, green)))


@at_the_table
async def test_a_plain_cell_is_taken_by_its_tile_and_a_cell_with_a_token_around_its_stack(
    table: Table,
) -> None:
    """A cell with nothing over its tile is three controls (what a reader hears, the tile,
    which takes the tap, and its symbol), not four: 25 controls fewer in each first screen
    (issue 36). A bystander touched puts a token over the tile: the tap is then taken
    around the stack, and a fresh tab draws the same."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    plain = phone_a.cell(1, 1)
    tile = plain.content
    assert isinstance(tile, ft.Container) and tile.on_click is not None
    assert isinstance(tile.content, ft.Icon) and tile.bgcolor is not None
    card = card_of(table, code)
    tan = next(cell for cell in range(25) if card.a[cell] == "-" and card.b[cell] == "-")
    await phone_a.tap_cell(*seat_of(A, tan))
    assert await phone_b.until_says("You touched a bystander: the turn ends.")
    tokened = phone_b.cell(*seat_of(B, tan))
    taker = tokened.content
    assert isinstance(taker, ft.Container) and isinstance(taker.content, ft.Stack)
    assert isinstance(taker.content.controls[0], ft.Container)  # the tile, under the token
    assert encoded(tokened) == encoded((await fresh_tab(phone_b)).cell(*seat_of(B, tan)))
