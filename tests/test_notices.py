"""A notice missed is never made up, so none may be missed for good: a process whose LISTEN
connection was cut reads every watched game again once it listens again, and a change's
notice leaves with its commit (a process killed right after committing has still told the
others). On PostgreSQL, at the level of the store and the hub."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import create_engine, text

from gadget.engine import Clue, Player
from gadget.services import games
from gadget.store import StaleGameError, Store
from gadget.store.notices import LAST_RETRY_SECONDS, retry_wait
from tests.conftest import empty_postgres
from tests.seated import Seated, new_phone
from tests.two_tables import Tables, listener_of, told_of


@pytest.fixture
def tables() -> Iterator[Tables]:
    opened = Tables(empty_postgres())
    yield opened
    opened.close()


def _cut_every_listen(url: str) -> int:
    """Terminate the LISTEN connections to this test's database (never another's)."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            return len(
                connection.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND query LIKE 'LISTEN %'"
                    )
                ).all()
            )
    finally:
        engine.dispose()


@pytest.fixture
def held_reconnection(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Listeners that lose their connection cannot connect again until the event is set:
    the test decides how long a process stays deaf."""
    let_go = threading.Event()
    connect: Callable[..., Any] = psycopg.connect

    def held(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread().name == "gadget-notices":
            let_go.wait()
        return connect(*args, **kwargs)

    monkeypatch.setattr(psycopg, "connect", held)
    yield let_go
    let_go.set()


def test_a_process_deaf_while_a_game_changed_reads_it_again_when_it_listens_again(
    tables: Tables, held_reconnection: threading.Event
) -> None:
    seated = Seated.deal(tables.first)
    game = seated.game
    told, _ = told_of(tables.second, game.id)
    tables.all_heard()  # the deal's own notices are not taken for a reading again
    told.clear()
    deaf = listener_of(tables.second)
    assert _cut_every_listen(tables.url) == 2
    deadline = time.monotonic() + tables.patience
    while deaf.listening.is_set():
        assert time.monotonic() < deadline, "the cut connection was never noticed"
        time.sleep(0.01)

    changed = seated.act(Clue(Player.A))  # unheard: deaf
    held_reconnection.set()
    assert deaf.listening.wait(tables.patience)
    assert told.wait(tables.patience)  # told to read again, with no notice of the change
    assert tables.second.game(game.id).version == changed.version


def test_a_change_is_heard_from_its_commit_alone_and_a_refused_one_never(
    tables: Tables,
) -> None:
    """Only the store writes here, no hub: the notice is part of the transaction, so a
    process that dies after its commit (before it tells anyone) has told the others."""
    game = tables.first.deal(phone=new_phone())
    told, heard = told_of(tables.second, game.id)
    tables.all_heard()
    heard.clear()
    with pytest.raises(StaleGameError):
        games.record_action(tables.first.store, game.id, Clue(Player.A), game.version + 1)
    games.record_action(tables.first.store, game.id, Clue(Player.A), game.version)
    assert told.wait(tables.patience)
    tables.all_heard()
    assert len(heard) == 1  # the refused action's would have come before


def test_each_change_that_phones_see_is_heard_from_its_transaction(tables: Tables) -> None:
    """Taking a seat, asking for one, answering, and the timer: each its own notice."""
    store = tables.first.store
    game = tables.first.deal(phone=new_phone())
    told, heard = told_of(tables.second, game.id)
    tables.all_heard()
    heard.clear()
    changes: list[Callable[[], object]] = [
        lambda: store.take_seat(game.id, Player.B, "phone b"),
        lambda: store.ask_for_seat(game.id, Player.A, "phone c"),
        lambda: store.answer_request(store.waiting_requests([game.id])[0].id, "phone b", "refused"),
        lambda: _save_timer_again(store, game.id),
        lambda: store.release_seats(game.id, (Player.B,)),
    ]
    for number, change in enumerate(changes, start=1):
        told.clear()
        change()
        assert told.wait(tables.patience), f"change {number} was not heard"
        tables.all_heard()
        assert len(heard) == number  # one notice for each


def _save_timer_again(store: Store, game_id: int) -> None:
    """The game's timer saved again as it is, in a unit of its own."""
    with store.unit() as unit:
        unit.save_timer(game_id, unit.timer(game_id) or pytest.fail("no timer"))


def test_the_listener_connects_again_at_once_then_less_often() -> None:
    waits = [retry_wait(failures) for failures in range(10)]
    assert waits[0] <= 0.1  # a cut connection: listening again at once
    assert waits == sorted(waits) and waits[-1] == LAST_RETRY_SECONDS <= 1.0
