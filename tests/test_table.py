"""The shared table service: two phones, one game, every change heard, seats and the timer."""

from __future__ import annotations

import pytest

from gadget.engine import Clue, Guess, Player, Stop
from gadget.services.table import Hub, Stretch, Table, TimerSettings
from gadget.store import StaleGameError, Store, StoreError

A, B = Player.A, Player.B


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def table(store: Store, clock: FakeClock) -> Table:
    return Table(store, clock=clock)


def test_a_dealt_game_is_found_by_its_code_in_any_typing(table: Table) -> None:
    game = table.deal(seed=42)
    assert game.log.code is not None
    found = table.find(game.log.code.text.lower().replace("-", " "))
    assert found is not None
    assert found.id == game.id
    assert table.find("1000-0000-04SK") is None


def test_every_watcher_hears_each_change_and_stops_when_told(table: Table) -> None:
    game = table.deal(seed=1)
    heard: list[str] = []
    stop_a = table.hub.watch(game.id, lambda: heard.append("a"))
    table.hub.watch(game.id, lambda: heard.append("b"))
    game = table.act(game.id, Clue(A, "salad", 3), game.version)
    assert sorted(heard) == ["a", "b"]
    stop_a()
    table.undo(game.id, game.version)
    assert sorted(heard) == ["a", "b", "b"]


def test_the_second_of_two_phones_acting_at_once_is_refused(table: Table) -> None:
    game = table.deal(seed=1)
    table.act(game.id, Clue(A), game.version)
    with pytest.raises(StaleGameError, match="the other phone acted first"):
        table.act(game.id, Clue(B), game.version)


def test_a_side_taken_by_another_phone_is_offered_for_take_over(table: Table) -> None:
    game = table.deal(seed=1)
    heard: list[int] = []
    table.hub.watch(game.id, lambda: heard.append(1))
    assert table.sit(game.id, A, "phone-1")
    assert table.sit(game.id, A, "phone-1")
    assert not table.sit(game.id, A, "phone-2")
    assert table.holder(game.id, A) == "phone-1"
    assert table.sit(game.id, A, "phone-2", take_over=True)
    assert table.holder(game.id, A) == "phone-2"
    assert heard == [1]  # the replaced phone is told
    table.leave(game.id, A, "phone-1")  # no longer its seat: nothing happens
    assert table.holder(game.id, A) == "phone-2"
    table.leave(game.id, A, "phone-2")
    assert table.holder(game.id, A) is None


def test_the_timer_is_off_by_default_and_its_settings_are_kept(table: Table) -> None:
    game = table.deal(seed=1)
    assert table.timer(game.id) is None
    table.set_default_timer(TimerSettings(True, 60, 180))
    assert table.default_timer() == TimerSettings(True, 60, 180)
    with pytest.raises(StoreError, match="the clue time 2 s is outside"):
        TimerSettings(True, 2, 60)


def test_the_timer_times_the_clue_then_the_guesses_of_each_turn(
    table: Table, clock: FakeClock
) -> None:
    game = table.deal(seed=5)
    table.set_timer(game.id, TimerSettings(True, 60, 90))
    timer = table.timer(game.id)
    assert timer is not None
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.CLUE, 60)
    clock.now += 45
    assert table.timer(game.id).seconds_left(clock()) == 15  # type: ignore[union-attr]
    clock.now += 100
    assert table.timer(game.id).seconds_left(clock()) == 0  # type: ignore[union-attr]
    game = table.act(game.id, Clue(A), game.version)
    guessing = table.timer(game.id)
    assert guessing is not None
    assert (guessing.stretch, guessing.seconds_left(clock())) == (Stretch.GUESS, 90)
    green = next(c for c in range(25) if game.log.card.a[c] == "G")
    clock.now += 10
    game = table.act(game.id, Guess(B, green), game.version)
    assert table.timer(game.id).seconds_left(clock()) == 80  # type: ignore[union-attr]
    game = table.act(game.id, Stop(B), game.version)
    assert table.timer(game.id).stretch is Stretch.CLUE  # type: ignore[union-attr]


def test_pause_resume_and_reset_act_the_same_for_both_phones(
    table: Table, clock: FakeClock
) -> None:
    game = table.deal(seed=5)
    table.set_timer(game.id, TimerSettings(True, 60, 60))
    clock.now += 20
    table.pause_timer(game.id)
    clock.now += 500
    timer = table.timer(game.id)
    assert timer is not None
    assert timer.paused
    assert timer.seconds_left(clock()) == 40
    table.resume_timer(game.id)
    clock.now += 5
    assert table.timer(game.id).seconds_left(clock()) == 35  # type: ignore[union-attr]
    table.reset_timer(game.id)
    assert table.timer(game.id).seconds_left(clock()) == 60  # type: ignore[union-attr]


def test_a_restarted_server_times_the_stretch_under_way(store: Store, clock: FakeClock) -> None:
    first = Table(store, clock=clock)
    first.set_default_timer(TimerSettings(True, 30, 30))
    game = first.deal(seed=3)
    restarted = Table(store, Hub(), clock=clock)
    timer = restarted.timer(game.id)
    assert timer is not None
    assert timer.seconds_left(clock()) == 30


def test_a_finished_game_is_not_read_again_on_every_look_at_its_timer(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = table.deal(seed=5)
    card = game.log.card
    game = table.act(game.id, Clue(A), game.version)
    assassin = card.a.index("X")
    table.act(game.id, Guess(B, assassin), game.version)  # lost: nothing left to time
    reads: list[int] = []
    real = table.store.game
    monkeypatch.setattr(table.store, "game", lambda gid: reads.append(gid) or real(gid))
    for _ in range(3):
        assert table.timer(game.id) is None
    assert reads == []
