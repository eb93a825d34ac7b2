"""Classic and Pictures cards at the server: each step kept as it happens, on SQLite and
PostgreSQL, read back by every phone that opened the code and by no other; a phone that saw
an older step is refused; every phone watching hears of a step, on any server process."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from gadget.engine.classic import Game, Team, deal
from gadget.engine.classic_game import (
    ClassicGameError,
    Counted,
    TimerMoved,
    TimerStarted,
    TimerStopped,
    Touched,
    TurnEnded,
    Undone,
    counting,
    new_classic_game,
    touched,
)
from gadget.engine.errors import CellNotGuessableError
from gadget.engine.team_timer import TeamTimerSettings
from gadget.services.classic_games import (
    ClassicGames,
    ShownClassic,
    classic_game_of_text,
    deal_card,
    document_text,
)
from gadget.services.phones import Phone
from gadget.services.table import Table
from gadget.store import NotFoundError, StaleGameError, Store
from tests.clocks import FakeClock
from tests.phones import Phone as PhoneScreen  # a phone with its screen; `Phone` is its identity
from tests.phones import device_of, new_device, serve
from tests.seated import new_phone
from tests.test_permissions import phone_parameter_problems
from tests.test_processes import two_processes

__all__ = ["two_processes"]  # the fixture, shared with the notices' tests

TIMES = TeamTimerSettings(turn_seconds=60, first_turn_seconds=90)
CARD = deal(Game.CLASSIC, 1)  # blue starts; 0 blue, 3 a bystander, 15 the assassin


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock(5000.0))


def test_every_step_is_kept_and_the_other_phone_reads_it(store: Store) -> None:
    clock = FakeClock(5000.0)
    table = Table(store, clock=clock)
    dealer, other = new_phone(), new_phone()
    card = deal_card(Game.PICTURES)
    table.classic.open(dealer, card)
    assert card.game is Game.PICTURES and card.layout.cells == 20
    opened = table.classic.open(other, card)
    assert (opened.game.card, opened.version, opened.game.timer) == (card, 0, None)

    tables = table.classic
    first = sorted(card.agents(card.starting))[0]
    shown = tables.step(dealer, card, 0, Counted(True))
    shown = tables.step(other, card, shown.version, TimerStarted(TIMES))
    shown = tables.step(dealer, card, shown.version, Touched(first))
    assert shown.version == 3 and shown.game.tally.touched == (first,)
    clock.now += 30
    shown = tables.step(other, card, shown.version, TurnEnded())
    read = tables.shown(dealer, card)
    assert read == shown
    assert read.game.tally.turn is card.starting.other
    assert read.game.timer is not None
    assert (read.game.timer.team, read.game.timer.seconds_left(5040.0)) == (
        card.starting.other,
        50,  # a turn's time, from the end of the last one: the server's clock
    )
    shown = tables.step(dealer, card, shown.version, TimerMoved("pause"))
    assert shown.game.timer is not None and shown.game.timer.paused
    shown = tables.step(other, card, shown.version, Undone())
    assert shown.game.tally.turn is card.starting
    shown = tables.step(other, card, shown.version, TimerStopped())
    assert tables.shown(dealer, card) == shown and shown.game.timer is None


def test_a_restarted_server_shows_the_card_where_it_stood(database_url: str) -> None:
    phone = new_phone()
    first = Table(Store(database_url), clock=FakeClock())
    shown = first.classic.step(phone, first.classic.open(phone, CARD).game.card, 0, Counted(True))
    shown = first.classic.step(phone, CARD, shown.version, Touched(0))
    first.store.close()
    again = Table(Store(database_url), clock=FakeClock())
    assert again.classic.shown(phone, CARD) == shown
    assert again.classic.open(phone, CARD) == shown  # opened again: nothing dealt anew
    again.store.close()


def test_a_phone_without_the_code_reads_and_moves_nothing(table: Table) -> None:
    """There is no way to list cards: a phone names the card it wants by its code, and one
    that never opened that code is told there is no such card, as for a card never kept."""
    holder, stranger = new_phone(), new_phone()
    card = deal_card(Game.CLASSIC)
    table.classic.open(holder, card)
    never = deal(Game.CLASSIC, 2)
    tables = table.classic
    refusals: list[Callable[[], object]] = [
        lambda: tables.shown(stranger, card),
        lambda: tables.step(stranger, card, 0, Counted(True)),
        lambda: tables.step(stranger, card, 0, TurnEnded()),
        lambda: tables.step(stranger, card, 0, TimerStarted(TIMES)),
        lambda: tables.shown(holder, never),
    ]
    for refused in refusals:
        with pytest.raises(NotFoundError, match="no such card on this phone") as said:
            refused()
        assert card.code not in str(said.value)
    assert tables.shown(holder, card).version == 0  # nothing moved


def test_every_call_names_its_card_and_takes_the_phone() -> None:
    """The contract of the table's writes, for the cards too; and no call lists cards."""
    assert phone_parameter_problems(ClassicGames) == []
    for name, method in vars(ClassicGames).items():
        if callable(method) and not name.startswith("_") and name != "deal":
            assert "card" in method.__annotations__, name


def test_a_phone_that_saw_an_older_step_is_refused_and_nothing_changes(table: Table) -> None:
    one, two = new_phone(), new_phone()
    card = deal_card(Game.CLASSIC)
    table.classic.open(one, card)
    table.classic.open(two, card)
    table.classic.step(one, card, 0, Counted(True))
    with pytest.raises(StaleGameError, match="the other spymaster's phone changed the card first"):
        table.classic.step(two, card, 0, Counted(False))
    assert table.classic.shown(two, card).game.counting is True


def test_a_refused_step_keeps_nothing(table: Table) -> None:
    phone = new_phone()
    table.classic.open(phone, CARD)
    counted = table.classic.step(phone, CARD, 0, Counted(True))
    shown = table.classic.step(phone, CARD, counted.version, Touched(0))
    with pytest.raises(CellNotGuessableError, match="cell 0 is already covered"):
        table.classic.step(phone, CARD, shown.version, Touched(0))
    assert table.classic.shown(phone, CARD) == shown


def test_each_step_tells_the_cards_watchers_the_version_it_made(table: Table) -> None:
    phone = new_phone()
    table.classic.open(phone, CARD)
    heard: list[int | None] = []
    stop = table.hub.watch(CARD.code, heard.append)
    table.hub.watch(deal(Game.CLASSIC, 2).code, lambda _version: heard.append(-1))
    shown = table.classic.step(phone, CARD, 0, Counted(True))
    table.classic.step(phone, CARD, shown.version, TurnEnded())
    stop()
    table.classic.step(phone, CARD, 2, Undone())
    assert heard == [1, 2]


def test_phones_opening_one_new_code_at_once_keep_one_card(store: Store) -> None:
    table = Table(store, clock=FakeClock())
    phones = [new_phone() for _ in range(4)]
    start = threading.Barrier(len(phones))
    shown: list[ShownClassic] = []

    def open_it(phone: Phone) -> None:
        start.wait()
        shown.append(table.classic.open(phone, CARD))

    threads = [threading.Thread(target=open_it, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(shown) == 4 and {s.version for s in shown} == {0}
    moved = table.classic.step(phones[0], CARD, 0, Counted(True))
    assert all(table.classic.shown(phone, CARD) == moved for phone in phones)


def test_racing_steps_are_taken_exactly_once(store: Store) -> None:
    """Four phones end the same turn at once: the turn passes once, three are told why."""
    table = Table(store, clock=FakeClock())
    phones = [new_phone() for _ in range(4)]
    for phone in phones:
        table.classic.open(phone, CARD)
    seen = table.classic.step(phones[0], CARD, 0, TimerStarted(TIMES)).version
    start = threading.Barrier(len(phones))
    outcomes: list[str] = []

    def end_turn(phone: Phone) -> None:
        start.wait()
        try:
            table.classic.step(phone, CARD, seen, TurnEnded())
            outcomes.append("taken")
        except StaleGameError:
            outcomes.append("refused")

    threads = [threading.Thread(target=end_turn, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused"] * 3 + ["taken"]
    timer = table.classic.shown(phones[0], CARD).game.timer
    assert timer is not None and (timer.team, timer.turn) == (Team.RED, 2)  # blue started


def test_a_kept_document_reads_back_or_is_refused_in_one_line() -> None:
    counted = touched(counting(new_classic_game(CARD), True), 0, 10.0)
    assert classic_game_of_text(document_text(counted)) == counted
    for text in ("", "{", "[]", '{"code": "2ABCD-EFGH7"}'):
        with pytest.raises(ClassicGameError, match=r"^this kept classic game cannot be read"):
            classic_game_of_text(text)


def test_a_step_on_one_process_is_heard_on_the_other(
    two_processes: tuple[Table, Table],
) -> None:
    first, second = two_processes
    phone_a, phone_b = new_phone(), new_phone()
    card = deal_card(Game.CLASSIC)
    first.classic.open(phone_a, card)
    second.classic.open(phone_b, card)
    heard = threading.Event()
    second.hub.watch(card.code, lambda _version: heard.set())
    shown = first.classic.step(phone_a, card, 0, TimerStarted(TIMES))
    assert heard.wait(30), "the other process never heard of the step"
    assert second.classic.shown(phone_b, card) == shown


def test_spymasters_on_two_processes_see_one_timer_and_one_count(
    two_processes: tuple[Table, Table],
) -> None:
    """Each phone's screen on its own server process: a step on one shows on the other."""
    first, second = two_processes

    async def until(phone: PhoneScreen, words: str) -> bool:
        for _ in range(100):
            await phone.settle()
            if phone.says(words):
                return True
            await asyncio.sleep(0.05)
        return False

    async def scenario() -> None:
        serve(first)
        storage = new_device()
        card = deal_card(Game.CLASSIC, seed=11)
        first.classic.open(device_of(storage), card)
        turns = {Team.RED: "Red's turn", Team.BLUE: "Blue's turn"}
        dealer = await PhoneScreen(f"/classic/{card.code}", storage=storage, table=first).open()
        other = await PhoneScreen(f"/classic/{card.code}", table=second).open()
        await dealer.toggle("Team timer")
        assert await until(other, turns[card.starting])
        ends = {Team.RED: "End red's turn", Team.BLUE: "End blue's turn"}
        await other.tap(ends[card.starting])
        assert await until(dealer, turns[card.starting.other])
        await other.toggle("Keep count")
        assert await until(dealer, "Agents left: red")
        dealer.close()
        other.close()

    asyncio.run(scenario())


def test_a_step_that_changes_nothing_writes_nothing_and_tells_no_one(table: Table) -> None:
    """A client repeating a tap that changes nothing (a pause with no timer, a turn already
    ended) made a write and a notice to every watching phone each time."""
    phone = new_phone()
    table.classic.open(phone, CARD)
    heard: list[int | None] = []
    table.hub.watch(CARD.code, heard.append)
    for _ in range(50):
        shown = table.classic.step(phone, CARD, 0, TimerMoved("pause"))
        assert shown.version == 0
    counted = table.classic.step(phone, CARD, 0, Counted(True))
    ended = table.classic.step(phone, CARD, counted.version, TurnEnded(CARD.starting))
    passed = TurnEnded(CARD.starting)  # already passed
    again = table.classic.step(phone, CARD, ended.version, passed)
    assert again.version == ended.version == counted.version + 1
    assert heard == [counted.version, ended.version]
