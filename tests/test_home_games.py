"""Home's "Your games": each of a phone's games told apart from the others by whose game it
is, the side held and when it last moved, where the turn stands and whether the partner
has joined; all of them read in a fixed number of queries."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from pathlib import Path

import flet as ft
from sqlalchemy import event

from gadget.engine import Clue, Player
from gadget.services.table import Table
from gadget.store import Store
from tests.clocks import FakeClock
from tests.phones import Phone, device_of, new_device, serve

A, B = Player.A, Player.B


def _game_lines(phone: Phone) -> list[str]:
    """Each game's block on Home, its words joined: the blocks that offer Resume."""
    lines = []
    for control in phone.controls():
        column = getattr(control, "content", None)
        if not isinstance(control, ft.Container) or not isinstance(column, ft.Column):
            continue
        if not any(isinstance(c, ft.TextButton) and c.content == "Resume" for c in column.controls):
            continue
        lines.append(" | ".join(c.value for c in column.controls if isinstance(c, ft.Text)))
    return lines


def test_home_tells_a_phones_games_apart(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = FakeClock()  # the store's dates: a minute later at each write
        store = Store(f"sqlite:///{tmp_path / 'gadget.db'}", now=clock.dates)
        table = Table(store, clock=FakeClock(5000.0))
        serve(table)
        mine, partners = new_device(), new_device()
        me, partner = device_of(mine), device_of(partners)
        owls = store.add_team("Owls", ["Ann", "Ben"])
        store.join_team(owls.id, me.key)
        table.deal(team_name="Owls", mission_name="Prague", phone=me)
        practice = table.deal(tokens=11, phone=me)
        assert table.join(practice.id, partner) is B
        table.act(me, practice.id, Clue(A, "tree", 2), practice.version)
        clock.date += timedelta(minutes=40)  # 40 minutes pass, then Home reads (one more)

        home = await Phone("/", storage=mine).open()
        lines = _game_lines(home)
        assert len(lines) == 2 and lines[0] != lines[1], lines
        newest, oldest = lines  # newest first
        assert newest.startswith("Practice game | ")
        assert "Side A, last move 41 minutes ago." in newest
        assert "Your partner holds side B." in newest
        assert "You gave the clue: tree 2. B guesses." in newest
        assert "Tokens left: 11. Agents found: 0 of 15." in newest
        assert oldest.startswith("Owls: Prague | ")
        dealt = re.search(r"Side A, dealt (\d+) minutes ago\.", oldest)
        assert dealt and int(dealt[1]) > 41, oldest  # dealt before the other game moved
        assert "Nobody holds side B yet." in oldest
        assert "Either player gives the next clue." in oldest
        assert "Tokens left: 9. Agents found: 0 of 15." in oldest
        assert not home.says("turns played")

        theirs = await Phone("/", storage=partners).open()
        (line,) = _game_lines(theirs)
        assert line.startswith("Practice game | Side B, last move")
        assert "Your partner holds side A." in line
        assert "A gave the clue: tree 2. You guess." in line
        for phone in (home, theirs):
            assert not phone.crashed()
            phone.close()

    asyncio.run(scenario())


def test_home_reads_a_phones_games_in_a_fixed_number_of_queries(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}", now=FakeClock().dates)
    table = Table(store, clock=FakeClock(5000.0))
    me = device_of(new_device())
    owls = store.add_team("Owls", [])
    store.join_team(owls.id, me.key)

    def queries(games: int) -> int:
        while len(table.games_of(me)) < games:
            if len(table.games_of(me)) % 2:
                table.deal(team_name="Owls", mission_name="Prague", phone=me)
            else:
                table.deal(phone=me)
        counted = []
        listen = lambda *_args: counted.append(1)  # noqa: E731
        event.listen(store.engine, "before_cursor_execute", listen)
        try:
            assert len(table.games_of(me)) == games
        finally:
            event.remove(store.engine, "before_cursor_execute", listen)
        return len(counted)

    assert queries(1) == queries(5)  # never a query (or a replay of a log read) per game


def test_a_game_whose_log_cannot_be_read_is_left_out_of_home(tmp_path: Path) -> None:
    """A row changed by hand made Home show the screen for a bug to every phone holding the
    game: it is left out, the phone's other games listed, and its own address says why."""

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
        table = Table(store, clock=FakeClock(5000.0))
        serve(table)
        mine = new_device()
        me = device_of(mine)
        kept = table.deal(phone=me)
        broken = table.deal(tokens=11, phone=me)
        with store.engine.begin() as connection:
            connection.exec_driver_sql(
                "UPDATE games SET log = ? WHERE id = ?", ('{"format": "gadget-game/1"', broken.id)
            )
        home = await Phone("/", storage=mine).open()
        assert len(_game_lines(home)) == 1, _game_lines(home)
        assert not home.says("Something went wrong on this screen. Your games are saved.")
        opened = await Phone(f"/game/{broken.public_id}", storage=mine).open()
        assert opened.says("This game's saved record cannot be read.")
        assert kept.id != broken.id

    asyncio.run(scenario())
