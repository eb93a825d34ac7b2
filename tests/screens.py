"""Screen tests' scenarios: a table of their own, phones that deal and join, a clue given."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from gadget.engine import KeyCard, Player, ShareCode
from gadget.services import games
from gadget.services.table import Table
from gadget.store import Store
from tests.cards import CODE_TEXT
from tests.clocks import FakeClock
from tests.phones import Phone, serve

A, B = Player.A, Player.B
Scenario = Callable[[Table], Awaitable[None]]


def at_the_table(scenario: Scenario) -> Callable[[Path], None]:
    """Run a scenario with its own database and table, on one event loop like the server."""

    def test(tmp_path: Path) -> None:
        table = Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}"), clock=FakeClock(5000.0))
        serve(table)
        asyncio.run(scenario(table))

    test.__name__, test.__doc__ = scenario.__name__, scenario.__doc__  # not wraps: pytest
    return test  # would read the scenario's signature and look for a fixture named table


def seat_of(player: Player, cell: int) -> tuple[int, int]:
    """Row and column (1-based) where a cell of A's frame lies from this player's seat."""
    position = cell if player is A else 24 - cell
    return position // 5 + 1, position % 5 + 1


async def give_clue(phone: Phone, word: str) -> None:
    """Type the clue's word and give it."""
    await phone.type("Clue", word)
    await phone.tap("Give clue")


async def a_clue_given(table: Table) -> tuple[Phone, str]:
    """A game joined and a clue given ("tree"): phone B, and the game's address (a test
    opens it again, as a phone coming back does)."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    game = games.game_by_code(table.store, code)
    assert game is not None, f"no game for {code.text}"
    return phone_b, f"/game/{game.public_id}"


def card_of(table: Table, code: ShareCode) -> KeyCard:
    """The whole card of the game a code joins: only the server (and a test) holds it."""
    game = games.game_by_code(table.store, code)
    assert game is not None, f"no game for {code.text}"
    return game.log.card


async def deal_and_join(table: Table) -> tuple[Phone, Phone, ShareCode]:
    phone_a = await Phone("/").open()
    await phone_a.tap("New game")
    code = next(ShareCode.parse(t) for t in phone_a.texts() if CODE_TEXT.match(t))
    phone_b = await Phone(f"/join/{code.text}").open()
    return phone_a, phone_b, code
