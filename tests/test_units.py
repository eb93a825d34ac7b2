"""A deal and a join are one unit of work each (issue 35): what a deal saves (the game, the
dealer's side A, the timer) is saved together or not at all, and a join reads the seats and
the game and takes side B in one transaction (after a read that tells a phone holding its
side so, alone)."""

from __future__ import annotations

import gc

import pytest

from gadget.engine import Clue, Player
from gadget.engine.timing import TimerSettings
from gadget.services.table import Table
from gadget.store import Store, StoreError, driver
from gadget.store.orm_rows import OrmRows
from gadget.store.unit import Unit
from tests.clocks import FakeClock
from tests.seated import Seated, new_phone
from tests.test_one_read import transactions

A, B = Player.A, Player.B


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock())


def test_a_deal_whose_timer_cannot_be_saved_leaves_no_game_and_the_next_deal_is_whole(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = new_phone()

    def full(*args: object) -> None:
        raise StoreError("the disk is full")

    monkeypatch.setattr(Unit, "save_timer", full)
    with pytest.raises(StoreError, match="the disk is full"):
        table.deal(seed=5, phone=dealer)
    monkeypatch.undo()
    assert table.games_of(dealer) == []  # no game, no side A without its timer
    dealt = table.deal(seed=6, phone=dealer)  # maybe the same number, never the same game
    held = table.games_of(dealer)
    assert [game.seen.facts.id for game in held] == [dealt.id] and held[0].seen.side is A
    with table.store.unit() as unit:
        assert unit.timer(dealt.id) is not None  # its timer's row, switched off by default
    assert table.seat_of(dealt.id, dealer) is A


def test_a_join_reads_and_takes_side_b_in_one_transaction(table: Table) -> None:
    game = table.deal(seed=3, phone=new_phone())
    joining, third = new_phone(), new_phone()
    # A phone that holds no side yet: a read that finds none, then the one transaction that
    # reads again and decides. One that holds its side (a phone coming back by its link,
    # every B after a restart): that read alone, nothing written.
    for phone, side, units in ((joining, B, 2), (joining, B, 1), (third, None, 2)):
        with transactions(table.store) as opened:
            assert table.join(game.id, phone) is side
        assert len(opened) == units, (phone, side)


def test_a_clue_whose_timer_cannot_be_saved_leaves_the_game_as_it_was(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that starts a stretch of the timer (switched on) writes two rows: on
    PostgreSQL its unit begins a transaction for them (a touch's one save is sent alone),
    so both or neither."""
    seated = Seated.deal(table, seed=3)
    table.set_timer(seated.phones[A], seated.game.id, TimerSettings(enabled=True))
    before = seated.game.version

    def full(*args: object) -> None:
        raise StoreError("the disk is full")

    monkeypatch.setattr(driver.DriverRows, "save_timer", full)
    monkeypatch.setattr(OrmRows, "save_timer", full)
    with pytest.raises(StoreError, match="the disk is full"):
        table.act(seated.phones[A], seated.game.id, Clue(A, "tree", 1), before)
    monkeypatch.undo()
    assert table.game(seated.game.id).version == before
    moved = table.act(seated.phones[A], seated.game.id, Clue(A, "tree", 1), before)
    assert moved.game is not None and moved.game.version == before + 1


def test_a_unit_writes_nothing_after_the_write_it_said_was_its_last(table: Table) -> None:
    """A save said to be the unit's last is sent alone on PostgreSQL, its own transaction: a
    write after it could not be taken back with it, so it is refused (a mistake in the
    services, for their tests to find)."""
    seated = Seated.deal(table, seed=3)
    with pytest.raises(AssertionError, match="its last"), table.store.unit() as unit:
        unit.read_together(seated.game.id)
        game, timer = unit.game(seated.game.id), unit.timer(seated.game.id)
        assert game is not None and timer is not None
        unit.save_game(game, game.log, game.attempt_id, expected=game.version, last=True)
        unit.save_timer(game.id, timer)


def test_a_unit_that_reads_through_the_orm_leaves_nothing_for_the_collector(table: Table) -> None:
    """A unit and its ORM session go when the unit ends, as soon as nothing holds them: the
    session told its unit of each write through a listener that held the unit, a cycle of
    about 50 objects at every unit that made one (every unit on SQLite) for the collector."""

    def read_a_setting() -> str:
        with table.store.unit() as unit:
            return unit.setting("gadget test", "none")

    read_a_setting()  # what the first one makes and keeps (statements' caches)
    gc.collect()
    gc.disable()
    try:
        read = [read_a_setting() for _ in range(20)]
        found = gc.collect()
    finally:
        gc.enable()
    assert read == ["none"] * 20
    assert found == 0
