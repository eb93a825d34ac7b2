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
ON = TimerSettings(True, 60, 90)  # the settings a race changes to, or from


@pytest.fixture
def seated(store: Store) -> Seated:
    """A game between two phones, dealt by A, its table on a clock that stands still."""
    return Seated.deal(Table(store, clock=FakeClock()), seed=5)


def timed(seated: Seated) -> tuple[Stretch | None, float, bool, TimerSettings]:
    """What the game's timer says once the race is over: the stretch, seconds left, whether
    it is paused, and the settings."""
    table, game_id = seated.table, seated.game.id
    timer = table.timer(game_id)
    assert timer is not None
    seconds = timer.seconds_left(table.clock())
    return timer.stretch, seconds, timer.paused, table.timer_settings(game_id)


def clue(seated: Seated) -> Callable[[], Any]:
    """A's first clue, seen at the version dealt."""
    game = seated.game
    return lambda: seated.table.act(seated.phones[A], game.id, Clue(A), game.version)


def timer_set(seated: Seated, side: Player, settings: TimerSettings) -> Callable[[], None]:
    """The timer's settings changed from a side's phone."""
    return lambda: seated.table.set_timer(seated.phones[side], seated.game.id, settings)


def paused(seated: Seated) -> Callable[[], None]:
    """The timer paused from B's phone."""
    return lambda: seated.table.pause_timer(seated.phones[B], seated.game.id)


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
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    with held_at(monkeypatch, Table, "_timer_follows", clue(seated)):
        timer_set(seated, B, ON)()
    assert timed(seated) == (Stretch.GUESS, 90, False, ON)


def test_a_clue_that_read_the_old_settings_times_the_guesses_with_the_new(
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    timer_set(seated, A, TimerSettings(True, 30, 30))()
    with held_at(monkeypatch, Table, "_timer_follows", clue(seated)):
        timer_set(seated, B, ON)()
    assert timed(seated) == (Stretch.GUESS, 90, False, ON)


def test_settings_that_read_the_game_before_a_clue_time_the_guesses(
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    with held_at(monkeypatch, Table, "_timer_of", timer_set(seated, B, ON)):
        seated.act(Clue(A))
    assert timed(seated) == (Stretch.GUESS, 90, False, ON)


def test_a_pause_that_read_the_clues_stretch_pauses_the_guesses(
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    timer_set(seated, A, ON)()
    with held_at(monkeypatch, TimerState, "paused_at", paused(seated)):
        seated.act(Clue(A))
    assert timed(seated) == (Stretch.GUESS, 90, True, ON)


def test_settings_and_a_pause_at_once_keep_both(
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    timer_set(seated, A, TimerSettings(True, 30, 90))()
    with held_at(monkeypatch, TimerState, "paused_at", paused(seated)):
        timer_set(seated, A, ON)()
    assert timed(seated) == (Stretch.CLUE, 60, True, ON)


def test_a_clue_saved_while_new_settings_hold_the_games_row_waits_and_takes_them(
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings' unit held between its claim of the game's row and its commit: the clue,
    read before, waits at its save (PostgreSQL: the row's lock; SQLite: the writer's), then
    is made again on the settings."""
    timer_set(seated, A, TimerSettings(True, 30, 30))()
    clue_read = threading.Event()
    follows = Table._timer_follows

    def read_then_on(self: Table, *args: Any) -> Any:
        clue_read.set()
        return follows(self, *args)

    monkeypatch.setattr(Table, "_timer_follows", read_then_on)
    with ThreadPoolExecutor(1) as pool:
        with held_at(monkeypatch, Unit, "save_timer", timer_set(seated, B, ON)):
            clued = pool.submit(clue(seated))
            assert clue_read.wait(WAIT)
            time.sleep(0.2)  # its save under way (if not yet, it reads the same, later)
        clued.result(WAIT)
    assert timed(seated) == (Stretch.GUESS, 90, False, ON)
