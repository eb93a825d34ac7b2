"""Reads are reads (issue 35): every call of the table that only shows something writes no
row and tells no phone, whatever the state it finds (a take-over whose wait is over, a game
from before timers were kept, a finished mission), counted on the database's own statements."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

from gadget.engine import Clue, Guess, Player
from gadget.services import games
from gadget.services.table import Table
from gadget.store import Store
from gadget.store.errors import ConnectionLostError
from tests.clocks import FakeClock
from tests.conftest import empty_postgres
from tests.games import log_of
from tests.phones import PATIENCE
from tests.seated import Seated, new_phone
from tests.test_permissions import READS

A, B = Player.A, Player.B


@contextmanager
def writes(table: Table) -> Iterator[list[str]]:
    """Every statement that changes the database or tells another process, and every notice
    to this process's phones, while the block runs."""
    written: list[str] = []

    def seen(*args: Any) -> None:
        statement = str(args[2])
        verb = statement.lstrip().split(None, 1)[0].upper()
        if verb in {"INSERT", "UPDATE", "DELETE"} or "pg_notify" in statement:
            written.append(statement.split("\n", 1)[0])

    told = table.hub.changed
    table.hub.changed = lambda *args, **kwargs: written.append(f"notice {args}")  # type: ignore[method-assign]
    # Every engine's: reads have a pool of their own on PostgreSQL (`store/repository.py`).
    event.listen(Engine, "before_cursor_execute", seen)
    try:
        yield written
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
        table.hub.changed = told  # type: ignore[method-assign]


def _reads(table: Table, clock: FakeClock) -> dict[str, Callable[[], object]]:
    """Each read of the table, called as a screen calls it, on a state that once made reads
    write: a side whose take-over wait is over, a game with no timer kept, a finished
    mission with what it opened."""
    member = new_phone()
    owls = table.add_team(member, "Owls", ["Ann", "Ben"])
    seated = Seated.deal(table, team_name="Owls", mission_name="Prague", seed=2, phone=member)
    game = seated.act(Clue(A))
    finished = seated.act(Guess(B, game.log.card.a.index("X")))  # lost: its attempt is kept
    playing = Seated.deal(table, seed=3)
    newcomer = new_phone()
    request = table.ask_for_seat(playing.game.id, A, newcomer)
    table.answer(request.id, playing.phones[B], True)  # the partner allows: A's wait starts
    clock.now += table.take_over_wait + 1  # over: only newcomer's own action moves the side
    untimed = games.start_game(table.store, log_of(()), phone=new_phone().key)  # no timer kept
    code = playing.game.log.code
    assert code is not None
    return {
        "find": lambda: table.find(code),
        "game": lambda: table.game(playing.game.id),
        "game_at": lambda: table.game_at(playing.game.public_id),
        "phone_game": lambda: [
            table.phone_game(playing.game.id, newcomer),
            table.phone_game(playing.game.id, playing.phones[A]),
            table.phone_game(untimed.id, newcomer),
            table.phone_game(finished.id, member),
        ],
        "games_of": lambda: table.games_of(playing.phones[A]),
        "default_timer": lambda: table.default_timer(member),
        "timer": lambda: [table.timer(untimed.id), table.timer(playing.game.id)],
        "timer_settings": lambda: table.timer_settings(untimed.id),
        "seat_of": lambda: table.seat_of(playing.game.id, newcomer),
        "can_be_allowed": lambda: table.can_be_allowed(playing.game, A, newcomer),
        "may_answer": lambda: table.may_answer(request, playing.phones[B]),
        "moves_at": lambda: table.moves_at(request),
        "requests_to_answer": lambda: table.requests_to_answer(playing.phones[B]),
        "team_of": lambda: table.team_of(member, owls.id),
        "teams_of": lambda: table.teams_of(member),
        "campaign": lambda: table.campaign(member, owls.id),
        "maps_for": lambda: table.maps_for(member, owls.id),
        "completed": lambda: table.completed(member, owls.id),
        "practice_attempts": lambda: table.practice_attempts(playing.phones[A]),
        "history": lambda: asyncio.run(table.history(member, owls.id)),
    }


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_no_read_of_the_table_writes_or_tells(store: Store, clock: FakeClock) -> None:
    table = Table(store, clock=clock)
    reads = _reads(table, clock)
    assert set(reads) == {name for name in READS if hasattr(table, name)}  # every one
    for name, read in reads.items():
        with writes(table) as written:
            read()
        assert written == [], name


def test_the_count_sees_a_write(store: Store, clock: FakeClock) -> None:
    """The counting itself: a take-over claimed and a timer switched are writes it sees."""
    table = Table(store, clock=clock)
    playing = Seated.deal(table, seed=3)
    newcomer = new_phone()
    request = table.ask_for_seat(playing.game.id, A, newcomer)
    table.answer(request.id, playing.phones[B], True)
    clock.now += table.take_over_wait + 1
    with writes(table) as written:
        assert table.claim_side(playing.game.id, newcomer)
    assert any(statement.startswith("UPDATE") for statement in written), written
    assert any(statement.startswith("notice") for statement in written), written


def _cut_every_connection(url: str) -> int:
    """Terminate every connection to this test's database but the cutter's (never
    another's): as a restart of the database server does. Clients only: an autovacuum
    worker on the database is the server's own, and only a superuser may end it."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            cut = connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    " AND backend_type = 'client backend'"
                )
            ).all()
            connection.commit()
            return len(cut)
    finally:
        engine.dispose()


@pytest.mark.parametrize("first", ["read", "move"])
def test_after_a_database_restart_the_next_read_and_move_both_work(first: str) -> None:
    """The first call to find its connection cut by a restart is made once more, on a fresh
    one, and both pools (reads have their own) start afresh: a watching phone's read and the
    next move work, the move saved once. An outsider's run, killing the connections every 3 s,
    put the error screen on phones that did nothing, and lost the tap being made."""
    with _a_game_with_full_pools() as (url, table, seated):
        store = table.store
        seated.act(Clue(A, "tree", 2))
        greens = iter(c for c, colour in enumerate(seated.game.log.card.a) if colour == "G")
        table.phone_game(seated.game.id, seated.phones[B])  # each pool holds a connection

        def read() -> None:
            assert table.phone_game(seated.game.id, seated.phones[B]).seen is not None

        def move() -> None:
            version = seated.game.version
            assert seated.act(Guess(B, next(greens))).version == version + 1

        calls = {"read": read, "move": move}
        assert _cut_every_connection(url) >= 2
        calls[first]()
        calls["move" if first == "read" else "read"]()
        assert len(seated.game.log.actions) == 2
        # Every later call, of any kind, finds fresh connections: the pools started afresh
        # (an outsider's finding: a unit on a Core connection found its connection cut
        # through the driver, and the pools, never told, handed out the other dead ones).
        assert store.game_by_public_id(seated.game.public_id) is not None
        assert table.phone_game(seated.game.id, seated.phones[A]).seen is not None
        table.pause_timer(seated.phones[A], seated.game.id)


def test_after_a_database_restart_a_page_opened_once_the_notices_listen_again_opens() -> None:
    """Listening again after a cut, a server's notices start both pools afresh: a phone
    opening a game's page then reads on a fresh connection. An outsider restarted PostgreSQL
    and opened a game on each of two processes: the first page on each showed the error
    screen (that read is not made twice, and the pools still held the dead connections)."""
    with _a_game_with_full_pools() as (url, table, seated):
        store = table.store
        listened = threading.Event()
        listener = store.listen(lambda *_: None, listened.set)
        assert listener is not None
        try:
            assert listened.wait(PATIENCE)
            listened.clear()
            _fill_both_pools(store, seated.game.id)  # (listening started them afresh)
            assert _cut_every_connection(url) >= 3  # the listener's and both pools'
            assert listened.wait(PATIENCE)  # listening again
            assert store.game_by_public_id(seated.game.public_id) is not None
        finally:
            listener.stop()


def test_after_a_database_restart_a_call_through_the_orm_says_so_in_one_line() -> None:
    """A call that is not retried (a setting, a seat asked for) and meets a cut connection
    says the store's one line, not SQLAlchemy's error (shown as a bug: the error screen);
    nothing of it was saved, and the same call made again works."""
    with _a_game_with_full_pools() as (url, table, _seated):
        store = table.store
        store.set_setting("timer", "on 60 0")
        assert _cut_every_connection(url) >= 2
        with pytest.raises(ConnectionLostError, match=r"^the database connection was lost"):
            store.set_setting("timer", "off 30 0")
        assert store.setting("timer", "") == "on 60 0"
        store.set_setting("timer", "off 30 0")
        assert store.setting("timer", "") == "off 30 0"


def test_a_restart_found_through_the_orm_leaves_the_reads_no_dead_connection() -> None:
    """A cut connection found by a call through the ORM starts both pools afresh, as one
    found by the driver does: the next watching phone's read needs no second attempt."""
    with _a_game_with_full_pools() as (url, table, seated):
        assert _cut_every_connection(url) >= 2
        with pytest.raises(ConnectionLostError):
            table.store.set_setting("timer", "off 30 0")
        attempts: list[int] = []
        real = table._read_records

        def counted(*args: Any) -> Any:
            attempts.append(1)
            return real(*args)

        table._read_records = counted  # type: ignore[method-assign]
        assert table.phone_game(seated.game.id, seated.phones[B]).seen is not None
        assert attempts == [1], attempts


@contextmanager
def _a_game_with_full_pools() -> Iterator[tuple[str, Table, Seated]]:
    """A dealt game on a database of its own, whose store's two pools each hold several
    idle connections (a restart then cuts them all); the store is closed afterwards."""
    url = empty_postgres()
    store = Store(url)
    try:
        table = Table(store)
        seated = Seated.deal(table, seed=5)
        _fill_both_pools(store, seated.game.id)
        yield url, table, seated
    finally:
        store.close()


def _fill_both_pools(store: Store, game_id: int, each: int = 4) -> None:
    """Each pool holds `each` idle connections: units held open at once, then let go."""
    held = threading.Barrier(2 * each)

    def hold(reads_only: bool) -> None:
        with store.unit(reads_only=reads_only) as unit:
            unit.read_together(game_id)
            held.wait(timeout=30)

    threads = [
        threading.Thread(target=hold, args=(reads_only,))
        for reads_only in (True, False)
        for _ in range(each)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
