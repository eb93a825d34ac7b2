"""A watching process follows another's move from the news its notice carries (the version,
the action, the timer it started) and draws its phones' screens from the records it keeps,
without reading the game; any other change, and news it cannot follow, and the game is read
whole (issue 36: the watching phone's read was a fifth of its process's CPU)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial

import pytest

from gadget.engine import Action, Clue, Guess, Player
from gadget.engine.timing import TimerSettings
from gadget.services.phone_game import PhoneGame, read_records
from gadget.services.table import Table
from gadget.store import StaleGameError, Store
from gadget.store.notices import Listener, announce
from tests.conftest import empty_postgres
from tests.seated import Seated, new_phone
from tests.test_one_read import transactions
from tests.two_tables import Tables, told_of

A, B = Player.A, Player.B


@pytest.fixture
def tables() -> Iterator[Tables]:
    opened = Tables(empty_postgres())
    yield opened
    opened.close()


class Watching:
    """Phone B's screen of a game dealt on the first process, watched on the second."""

    def __init__(self, tables: Tables, seed: int = 3) -> None:
        self.tables = tables
        self.seated = Seated.deal(tables.first, seed=seed)
        self.game_id = self.seated.game.id
        self.heard, self.versions = told_of(tables.second, self.game_id)
        self.phone_b = self.seated.phones[B]

    def read_whole(self) -> PhoneGame:
        """B's screen read whole, once every notice so far is heard: its records kept."""
        self.tables.all_heard()
        return self.tables.second.phone_game(self.game_id, self.phone_b)

    def after(self, change: Callable[[], object]) -> int | None:
        """The version the second process told its watchers after a change (None: read
        whole), once every notice so far is heard."""
        told = len(self.versions)
        change()
        self.tables.all_heard()
        assert len(self.versions) == told + 1, self.versions[told:]
        return self.versions[-1]

    def drawn(self, moved_to: int | None) -> tuple[PhoneGame, int]:
        """B's screen as its watching screen reads it, and the transactions that took."""
        with transactions(self.tables.second.store) as opened:
            shown = self.tables.second.phone_game(self.game_id, self.phone_b, moved_to)
        return shown, len(opened)


def test_a_watching_process_draws_a_move_from_its_news_without_reading_it(
    tables: Tables,
) -> None:
    watching = Watching(tables)
    first, seated = tables.first, watching.seated
    first.set_timer(seated.phones[A], watching.game_id, TimerSettings(True, 60, 90))
    watching.read_whole()
    card = seated.game.log.card
    moves: list[Action] = [Clue(A, "tree", 2), Guess(B, card.a.index("G"))]  # new stretch, none
    for action in moves:
        version = watching.after(partial(seated.act, action))
        assert version == seated.game.version  # told by the news, not "read whole"
        shown, opened = watching.drawn(version)
        assert opened == 0  # nothing read: drawn from the records kept
        assert shown == tables.second.phone_game(watching.game_id, watching.phone_b)
        assert shown.timer is not None and shown.game is not None
        assert shown.game.version == version


def test_any_other_change_forgets_the_records_and_the_game_is_read_whole(
    tables: Tables,
) -> None:
    watching = Watching(tables)
    watching.read_whole()
    version = watching.after(lambda: watching.seated.act(Clue(A, "tree", 2)))
    assert version is not None
    renamed = watching.after(lambda: tables.first.name_phone(watching.phone_b, "Bea"))
    assert renamed is None  # a name is no move: no version told
    assert tables.second.kept.records(watching.game_id, version) is None
    shown, opened = watching.drawn(version)
    assert opened == 1 and shown.side_names == ("Bea",)


@pytest.mark.parametrize(
    "news",
    [
        '{"v":VERSION,"a":{"guess":{"by":"b","cell":0}}}',  # in the clue's time: refused
        '{"v":AFTER,"a":{"clue":{"by":"a","word":"x","number":1}}}',  # a version skipped
        '{"v":VERSION,"a":{"clue":{"by":"a"}},"t":[1,2,3]}',  # a timer of no timer's form
        '{"v":VERSION,"a":{"clue":{"by":"a"}},"x":1}',  # a name the news has not
        "[" * 5_000,  # deeper than any JSON this app reads
        "not news",
    ],
)
def test_news_the_watching_process_cannot_follow_is_read_whole(tables: Tables, news: str) -> None:
    """Whoever can reach the database can notify on its channel: news is believed only if
    it follows from what the process keeps."""
    watching = Watching(tables)
    watching.read_whole()
    version = watching.seated.game.version + 1
    text = news.replace("VERSION", str(version)).replace("AFTER", str(version + 1))

    def forge() -> None:
        with tables.first.store.engine.begin() as connection:
            announce(connection, watching.game_id, "stranger", text)

    assert watching.after(forge) is None
    assert tables.second.kept.records(watching.game_id, 0) is None
    shown, opened = watching.drawn(version)
    assert opened == 1 and shown.game is not None
    assert shown.game.version == version - 1  # what is saved, nothing made up


def test_records_read_before_a_change_are_not_kept_after_it(store: Store) -> None:
    """A read that started before a seat changed (its notice heard meanwhile) would keep
    the old seats at the game's same version, for every watching phone's next move."""
    table = Table(store)
    seated = Seated.deal(table, seed=5)
    started = table.kept.started()
    with store.unit(reads_only=True) as unit:
        records = read_records(unit, table.worked, seated.game.id)
    assert records is not None
    table.hub.changed(seated.game.id)  # a change heard while the read was under way
    table.kept.keep(records, started)
    assert table.kept.records(seated.game.id, 0) is None
    table.kept.keep(records, table.kept.started())  # a read started after it is kept
    assert table.kept.records(seated.game.id, 0) is not None
    table.hub._read_again()  # the notices' connection was lost: anything may have changed
    assert len(table.kept) == 0


def test_a_units_second_change_after_its_move_is_told_plain() -> None:
    """A move's news tells all of the move; a unit that then changes the game otherwise
    (none does yet) sends a plain notice after it, which forgets the records (notices cross
    processes on PostgreSQL only)."""
    store = Store(empty_postgres())
    table = Table(store)
    seated = Seated.deal(table, seed=5)
    heard: list[str | None] = []
    arrived = threading.Event()

    def hear(_subject: int | str, _origin: str, news: str | None) -> None:
        heard.append(news)
        arrived.set()

    started = time.monotonic()
    listener = Listener(store.url, hear, lambda: None)
    try:
        assert listener.listening.wait(60)  # (the Tables' bound for a busy machine)
        patience = max(10.0, 20 * (time.monotonic() - started))  # from its measured start
        with store.unit() as unit:
            record = unit.game(seated.game.id)
            assert record is not None
            unit.save_game(record, record.log, None, expected=record.version, news='{"v":1}')
            unit.take_seat(seated.game.id, A, new_phone().key, most=2)
        assert arrived.wait(patience)
        while len(heard) < 2:
            arrived.clear()
            assert arrived.wait(patience)
        assert heard == ['{"v":1}', None]
    finally:
        listener.stop()
        store.close()


def test_a_forged_move_shows_until_the_real_move_of_its_version_and_no_longer(
    tables: Tables,
) -> None:
    """An outsider's: news of a legal touch at the next version, sent on the channel, was
    shown on every phone; the real touch of that version was then taken for it (the same
    version) and never drawn. Now the real move's news, or records, unlike the forged ones
    kept at that version, make every phone of both processes read the game whole."""
    watching = Watching(tables)
    seated, game_id = watching.seated, watching.game_id
    _here, told_here = told_of(tables.first, game_id)
    card = seated.game.log.card
    watching.read_whole()
    version = watching.after(partial(seated.act, Clue(A, "tree", 2)))
    assert version is not None
    tables.first.phone_game(game_id, seated.phones[A])  # the moving process keeps them too
    forged, real = [cell for cell, colour in enumerate(card.a) if colour == "G"][:2]
    news = json.dumps({"v": version + 1, "a": {"guess": {"by": "b", "cell": forged}}})

    def forge() -> None:
        with tables.first.store.engine.begin() as connection:
            announce(connection, game_id, "stranger", news)

    assert watching.after(forge) == version + 1  # believed: a legal move at the next version
    assert told_here[-1] == version + 1
    assert watching.after(partial(seated.act, Guess(B, real), version)) is None  # read whole
    assert told_here[-1] is None  # the moving process's other phones too
    shown, opened = watching.drawn(None)
    assert opened == 1 and shown == tables.second.phone_game(game_id, watching.phone_b)
    assert shown.seen is not None and shown.seen.view.found == frozenset({real})


def test_a_move_refused_as_stale_makes_its_process_read_the_game_whole(tables: Tables) -> None:
    """A phone that saw a version the game never had (a forged notice) is refused; the
    screens of its process may show that version too, and read the game whole."""
    watching = Watching(tables)
    _here, told_here = told_of(tables.first, watching.game_id)
    phone_a, version = watching.seated.phones[A], watching.seated.game.version
    with pytest.raises(StaleGameError):
        tables.first.act(phone_a, watching.game_id, Clue(A, "tree", 2), version + 1)
    assert told_here == [None]
