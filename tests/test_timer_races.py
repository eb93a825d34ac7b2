"""A change of a game's timer and a move made at the same moment, each by its own unit: each
race played in one order, held at the moment between its read and its write, on SQLite and
PostgreSQL. Before, the later write kept what its unit had read before the other's (17 of
40 races in an outsider's flood): the timer timed the clue while B was guessing, or lost
the settings just chosen."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest

from gadget.engine import Clue, Player
from gadget.engine.timing import Stretch, TimerSettings, TimerState
from gadget.services.table import Table
from gadget.store import Store, Unit
from tests.clocks import FakeClock
from tests.seated import Seated

A, B = Player.A, Player.B
WAIT = 30.0  # seconds for the held unit to reach its hold: far more than it ever takes


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def table(store: Store, clock: FakeClock) -> Table:
    return Table(store, clock=clock)


@contextmanager
def held_at(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, call: Callable[[], Any]
) -> Iterator[Future[Any]]:
    """`call` run on a thread of its own, held the first time it reaches `owner.name` (after
    its unit's reads, before its writes) until the block ends: its outcome once it is done."""
    reached, go = threading.Event(), threading.Event()
    original = getattr(owner, name)
    first = [True]

    def holding(*args: Any, **kwargs: Any) -> Any:
        if first[0] and threading.current_thread() is not threading.main_thread():
            first[0] = False
            reached.set()
            assert go.wait(WAIT)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, holding)
    with ThreadPoolExecutor(1) as pool:
        done = pool.submit(call)
        assert reached.wait(WAIT), done.exception(0) if done.done() else "never reached"
        try:
            yield done
        finally:
            go.set()
        done.result(WAIT)


def test_a_clue_that_read_the_timer_off_times_the_guesses_once_switched_on_meanwhile(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.game
    clue = lambda: table.act(seated.phones[A], game.id, Clue(A), game.version)  # noqa: E731
    with held_at(monkeypatch, Table, "_timer_follows", clue):
        table.set_timer(seated.phones[B], game.id, TimerSettings(True, 60, 90))
    timer = table.timer(game.id)
    assert timer is not None
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.GUESS, 90)
    assert table.timer_settings(game.id) == TimerSettings(True, 60, 90)


def test_a_clue_that_read_the_old_settings_times_the_guesses_with_the_new(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.game
    table.set_timer(seated.phones[A], game.id, TimerSettings(True, 60, 60))
    clue = lambda: table.act(seated.phones[A], game.id, Clue(A), game.version)  # noqa: E731
    with held_at(monkeypatch, Table, "_timer_follows", clue):
        table.set_timer(seated.phones[B], game.id, TimerSettings(True, 30, 120))
    timer = table.timer(game.id)
    assert timer is not None
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.GUESS, 120)
    assert table.timer_settings(game.id) == TimerSettings(True, 30, 120)


def test_settings_that_read_the_game_before_a_clue_time_the_guesses(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.game
    change = lambda: table.set_timer(  # noqa: E731
        seated.phones[B], game.id, TimerSettings(True, 60, 90)
    )
    with held_at(monkeypatch, Table, "_timer_of", change):
        seated.act(Clue(A))
    timer = table.timer(game.id)
    assert timer is not None
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.GUESS, 90)


def test_a_pause_that_read_the_clues_stretch_pauses_the_guesses(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.game
    table.set_timer(seated.phones[A], game.id, TimerSettings(True, 60, 90))
    clock.now += 10
    pause = lambda: table.pause_timer(seated.phones[B], game.id)  # noqa: E731
    with held_at(monkeypatch, TimerState, "paused_at", pause):
        seated.act(Clue(A))
    timer = table.timer(game.id)
    assert timer is not None and timer.paused
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.GUESS, 90)


def test_settings_and_a_pause_at_once_keep_both(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.game
    table.set_timer(seated.phones[A], game.id, TimerSettings(True, 60, 90))
    clock.now += 10
    pause = lambda: table.pause_timer(seated.phones[B], game.id)  # noqa: E731
    with held_at(monkeypatch, TimerState, "paused_at", pause):
        table.set_timer(seated.phones[A], game.id, TimerSettings(True, 45, 90))
    timer = table.timer(game.id)
    assert timer is not None and timer.paused
    assert table.timer_settings(game.id) == TimerSettings(True, 45, 90)


def test_a_clue_saved_while_new_settings_hold_the_games_row_waits_and_takes_them(
    table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings' unit held between its claim of the game's row and its commit: the clue,
    read before, waits at its save (PostgreSQL: the row's lock; SQLite: the writer's), then
    is made again on the settings."""
    seated = Seated.deal(table, seed=5)
    game = seated.game
    table.set_timer(seated.phones[A], game.id, TimerSettings(True, 60, 60))
    clue_read = threading.Event()
    follows = Table._timer_follows

    def read_then_on(self: Table, *args: Any) -> Any:
        clue_read.set()
        return follows(self, *args)

    monkeypatch.setattr(Table, "_timer_follows", read_then_on)
    change = lambda: table.set_timer(  # noqa: E731
        seated.phones[B], game.id, TimerSettings(True, 30, 120)
    )
    with ThreadPoolExecutor(1) as pool:
        with held_at(monkeypatch, Unit, "save_timer", change):
            clue = pool.submit(table.act, seated.phones[A], game.id, Clue(A), game.version)
            assert clue_read.wait(WAIT)
            time.sleep(0.2)  # its save under way (if not yet, it reads the same, later)
        clue.result(WAIT)
    timer = table.timer(game.id)
    assert timer is not None
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.GUESS, 120)
    assert table.timer_settings(game.id) == TimerSettings(True, 30, 120)
