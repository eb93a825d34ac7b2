"""Several server processes, one table: on PostgreSQL each process hears the others'
changes (LISTEN/NOTIFY) and reads the same timer, so phone A on one process and phone B on
another play the same game live. On SQLite (one process) nothing is sent."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gadget.engine import Clue, Player
from gadget.engine.timing import TimerSettings
from gadget.services.table import Table
from gadget.store import Store
from gadget.store.notices import parse
from tests.clocks import FakeClock
from tests.conftest import empty_postgres
from tests.phones import Phone, device_of, new_device, serve
from tests.seated import new_phone
from tests.two_tables import told_of

A, B = Player.A, Player.B


@pytest.mark.parametrize(
    ("payload", "parsed"),
    [
        ("0123abcd:42", (42, "0123abcd", None)),
        ("a:b:7", (7, "a:b", None)),
        (
            '0123abcd {"v":2,"a":{"stop":{"by":"b"}}}:42',
            (42, "0123abcd", '{"v":2,"a":{"stop":{"by":"b"}}}'),
        ),
        ("0123abcd :42", (42, "0123abcd", None)),  # news of nothing: none
        (" news:42", None),  # news of no process
        ("abc:", None),
        (":7", None),
        ("abc:٣", None),
        ("abc:-1", None),
        ("abc:" + "9" * 19, None),
        ("hello", None),
        ("0123abcd:30MKT-RFK1Y", ("30MKT-RFK1Y", "0123abcd", None)),  # a classic card, by its code
        ("0123abcd:30mkt-rfk1y", None),  # only as the engine writes it
        ("0123abcd:30MKT-RFK1Z", None),  # its check character wrong
        ("0123abcd:21PK2-F2CS6", None),  # a Duet code is no card's
    ],
)
def test_a_notice_names_a_game_and_the_process_or_is_ignored(
    payload: str, parsed: tuple[int | str, str, str | None] | None
) -> None:
    assert parse(payload) == parsed


@pytest.fixture
def two_processes() -> Iterator[tuple[Table, Table]]:
    """Two tables on one PostgreSQL database, each as its own server process would be."""
    url = empty_postgres()
    first, second = (Table(Store(url)) for _ in range(2))
    for table in (first, second):
        table.hub.connect(table.store)
        assert table.hub._listening.listening.wait(30)  # a busy machine
    yield first, second
    for table in (first, second):
        table.hub.close()
        table.store.close()


def test_a_change_on_one_process_is_heard_on_the_other_and_told_once_here(
    two_processes: tuple[Table, Table],
) -> None:
    first, second = two_processes
    game = first.deal(seed=4, phone=(dealer := new_phone()))
    there, heard_there = told_of(second, game.id)
    here, heard_here = told_of(first, game.id)
    first.act(dealer, game.id, Clue(A), game.version)
    assert there.wait(5) and here.wait(1)
    time.sleep(0.3)  # its own notices coming back are not told again
    assert heard_here == [game.version + 1]  # told with the version its phone was handed
    assert heard_there  # a notice a transaction: the clue, its timer
    assert second.game(game.id).version == game.version + 1


def test_the_timer_paused_on_one_process_is_paused_on_the_other(
    two_processes: tuple[Table, Table],
) -> None:
    first, second = two_processes
    dealer = new_phone()
    first.set_default_timer(TimerSettings(True, 60, 60), dealer)
    game = first.deal(seed=5, phone=dealer)
    paused, _ = told_of(second, game.id)
    first.pause_timer(dealer, game.id)
    assert paused.wait(5)
    timer = second.timer(game.id)
    assert timer is not None and timer.paused and timer == first.timer(game.id)


def test_phone_a_on_one_process_and_phone_b_on_another_play_live(
    two_processes: tuple[Table, Table], tmp_path: Path
) -> None:
    first, second = two_processes

    async def scenario() -> None:
        serve(first)
        storage = new_device()
        game = first.deal(seed=6, phone=device_of(storage))
        phone_a = await Phone(f"/game/{game.public_id}", storage=storage, table=first).open()
        phone_b = await Phone(f"/join/{game.log.code.text}", table=second).open()
        await phone_b.settle()
        assert phone_b.says("Side B")
        for _ in range(50):  # A hears (through the database) that B has joined
            await phone_a.settle()
            if not phone_a.says("Your partner scans this"):
                break
            await asyncio.sleep(0.05)
        assert not phone_a.says("Your partner scans this")
        await phone_a.type("Clue", "ocean")
        await phone_a.tap("Give clue")
        for _ in range(50):
            await phone_b.settle()
            if phone_b.says("gave the clue: ocean"):
                break
            await asyncio.sleep(0.05)
        assert phone_b.says("gave the clue: ocean")
        phone_a.close()
        phone_b.close()

    asyncio.run(scenario())


def test_sqlite_sends_no_notice_and_listens_to_nothing(tmp_path: Path) -> None:
    table = Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}"), clock=FakeClock(5.0))
    table.hub.connect(table.store)
    assert table.hub._listening is None
    dealer = new_phone()
    game = table.deal(seed=1, phone=dealer)
    heard, _ = told_of(table, game.id)
    table.act(dealer, game.id, Clue(A), game.version)
    assert heard.is_set()  # this process's phones, told at once as before


def test_replicas_starting_together_on_an_empty_database_all_open_it() -> None:
    url = empty_postgres()
    opened: list[Store] = []
    failures: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(Store(url))
        except BaseException as failed:
            failures.append(failed)

    starting = [threading.Thread(target=start) for _ in range(4)]
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join(timeout=60)
    assert failures == [] and len(opened) == 4  # one migrated; the others waited for it
    for store in opened:
        store.close()
