"""A table laid out for its width follows the phone when it is turned or its window resized
(`layout.use_wide`): the layout was chosen only at a render, and a resize drew nothing, so a
card laid out beside the share code stayed cut off on a phone turned upright, and a card
laid out for a phone stayed stretched across a widened window, until the next move."""

from __future__ import annotations

from gadget.engine import Player
from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of

A, B = Player.A, Player.B


async def resized(phone: Phone, width: int, height: int) -> None:
    """What a browser does when its window changes size: the page's new size, then the
    event (sent only while the page has a handler for it)."""
    page = phone.session.page
    assert page.on_resize is not None, "the phone would not send its resizes"
    phone.session.apply_page_patch({"width": width, "height": height})
    await page._trigger_event("resize", {"width": width, "height": height})
    await phone.settle()


def beside(phone: Phone) -> bool:
    """Whether the card is laid out beside the share code's slot (a desktop's layout)."""
    return any(getattr(control, "key", None) == "wide card" for control in phone.controls())


@at_the_table
async def test_a_resize_across_the_desktop_width_lays_the_table_out_again_at_once(
    table: Table,
) -> None:
    """Widened to a desktop's width, the card moves beside the code's slot at once, with no
    move; a resize that stays on the same side of that width draws nothing; turned back
    to a phone's width, the card is laid out for the phone again; and play goes on."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    assert phone_b.says("A gave the clue: tree. You guess.") and not beside(phone_b)
    await resized(phone_b, 1400, 800)
    assert beside(phone_b)
    assert "row 1 column 1: " in phone_b.cell(1, 1).label
    sent = len(phone_b.connection.frames)
    await resized(phone_b, 1100, 700)  # still a desktop's width
    assert beside(phone_b) and len(phone_b.connection.frames) == sent
    await resized(phone_b, 360, 640)  # turned upright
    assert not beside(phone_b)
    green = card_of(table, code).a.index("G")
    await phone_a.tap_cell(*seat_of(A, green))
    await phone_b.settle()
    assert phone_b.says("You found an agent.")
    assert "agent found" in phone_b.cell(*seat_of(B, green)).label


@at_the_table
async def test_the_table_lets_the_resizes_go_when_the_phone_leaves_it(table: Table) -> None:
    """The page hears its resizes while a table is shown, and no longer once the phone has
    gone home (a resize then has nothing of the table to draw again)."""
    _phone_a, phone_b, _code = await deal_and_join(table)
    assert phone_b.session.page.on_resize is not None
    await phone_b.go("/")
    assert await phone_b.until_says("New game")
    assert phone_b.session.page.on_resize is None
