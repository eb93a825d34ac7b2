"""A phone's session that Flet closes (an hour after the phone left, or at once when it is
gone for good) stops following its game and its clock: it kept reading the game at every
move, for every phone that had ever left it, ticked for good, and its watcher held the
whole session in memory."""

from __future__ import annotations

import asyncio

from gadget.engine import Player
from gadget.services import games
from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_move_cost import watched
from tests.test_screens import ticking

A = Player.A


@at_the_table
async def test_a_closed_session_stops_following_its_game_and_its_clock(table: Table) -> None:
    """Closed as Flet closes an expired session, with the turn timer ticking on it; the
    phone's owner opens the game again on a new tab."""
    phone_a, phone_b, code = await deal_and_join(table)
    game = games.game_by_code(table.store, code)
    assert game is not None
    await phone_a.tap("Turn timer on")
    assert await phone_b.until_says("2:00 for the clue")
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    assert table.hub.watchers(game.id) == 2 and ticking() == 2
    storage = phone_b.storage
    phone_b.close()
    await asyncio.sleep(0.1)  # the close event, then the tasks' cancellation
    assert table.hub.watchers(game.id) == 1 and ticking() == 1  # phone A's
    again = await Phone(f"/game/{game.public_id}", storage=storage).open()
    assert await again.until_says("A gave the clue: tree. You guess.")
    reads: list[int] = []
    with watched(table, "phone_game", lambda *_a, **_k: reads.append(1)):
        await phone_a.tap_cell(*seat_of(A, card_of(table, code).a.index("G")))
        await again.settle()
        await phone_a.settle()
    assert again.says("You found an agent.")
    assert table.hub.watchers(game.id) == 2  # phone A and the new tab
    assert len(reads) == 1, reads  # the new tab's (phone A is handed its screen)
