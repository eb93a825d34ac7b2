"""A game is worked out once per version, and a phone's screen of it is read in one
transaction: counted, not timed (issue 25's third item)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from gadget.engine import Clue, Guess, Player, ShareCode, parse_game_log, playback
from gadget.services import games
from gadget.services.backup import export_team, import_team
from gadget.services.table import Table
from gadget.store import Store
from tests.clocks import FakeClock
from tests.phones import Phone
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.seated import Seated

A, B = Player.A, Player.B


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock())


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every replay of a log from its first action (each one starts a new game)."""
    starts: list[int] = []
    real = playback.new_game

    def new_game(*args: Any) -> Any:
        starts.append(1)
        return real(*args)

    monkeypatch.setattr(playback, "new_game", new_game)
    yield starts
    monkeypatch.setattr(playback, "new_game", real)


@contextmanager
def transactions(store: Store) -> Iterator[list[int]]:
    """Every transaction (or, reading on PostgreSQL, autocommitting connection) the store
    opens meanwhile: a unit's, or a group of records' through the ORM."""
    opened: list[int] = []
    reals = {name: getattr(store, name) for name in ("_transaction", "_connection")}

    def counting(real: Any) -> Any:
        def count(*args: Any) -> Any:
            opened.append(1)
            return real(*args)

        return count

    for name, real in reals.items():
        setattr(store, name, counting(real))
    yield opened
    for name, real in reals.items():
        setattr(store, name, real)


def test_a_move_an_undo_and_the_phones_reading_them_replay_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=3)
    card = seated.game.log.card
    with counted(monkeypatch) as replays:
        seated.act(Clue(A, "tree", 1))
        seated.act(Guess(B, card.a.index("G")))
        seated.undo()
        for phone in seated.phones.values():
            shown = table.phone_game(seated.game.id, phone)
            assert shown.seen is not None
    assert replays == []


def test_a_phones_screen_of_a_game_is_one_read(table: Table) -> None:
    seated = Seated.deal(table, team_name=None, seed=3)
    seated.act(Clue(A, "tree", 1))
    with transactions(table.store) as opened:
        shown = table.phone_game(seated.game.id, seated.phones[B])
    assert shown.side is B and shown.partner_here
    assert len(opened) == 1


def test_a_finished_mission_game_is_read_in_one_go_with_what_it_changed(table: Table) -> None:
    dealer = Seated.deal(table, seed=1).phones[A]
    owls = table.store.add_team("Owls", [], phone=dealer.key)
    seated = Seated.deal(table, team_name=owls.name, mission_name="Prague", seed=2, phone=dealer)
    seated.act(Clue(A))
    seated.act(Guess(B, seated.game.log.card.a.index("X")))
    with transactions(table.store) as opened:
        shown = table.phone_game(seated.game.id, dealer)
    assert shown.result is not None and shown.result.mission.id == "prague"
    assert not shown.result.won and shown.in_team
    assert len(opened) == 1


@at_the_table
async def test_a_touch_with_both_phones_watching_replays_no_log(table: Table) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    starts: list[int] = []
    real = playback.new_game
    playback.new_game = lambda *args: starts.append(1) or real(*args)  # type: ignore[assignment]
    try:
        green = card_of(table, code).a.index("G")
        await phone_a.tap_cell(*seat_of(A, green))  # B touched a green: A's phone records it
        await phone_b.settle()
        await phone_a.settle()
    finally:
        playback.new_game = real  # type: ignore[assignment]
    assert phone_a.says("B found an agent.")
    assert phone_b.says("You found an agent.")
    assert starts == []  # before: one to apply it, one a phone, one a render of the event


@at_the_table
async def test_the_phone_that_touched_reads_its_screen_once_the_other_once(table: Table) -> None:
    """The tapping phone is handed its screen with the answer, read in the unit of work that
    saved it: the notice every watcher gets names that version, and a screen already showing
    it reads nothing more. The records that unit read are kept for the process's watching
    phones (`services/kept_games.py`): the other phone's screen is drawn from them."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    green = card_of(table, code).a.index("G")
    with transactions(table.store) as opened:
        await phone_a.tap_cell(*seat_of(A, green))  # B touched a green: A's phone records it
        await phone_b.settle()
        await phone_a.settle()
    assert phone_a.says("B found an agent.") and phone_b.says("You found an agent.")
    # One unit of work (the seat, the version, the rules, the timer and A's screen), and
    # no read for B's: 5 before issue 25, 3 before the unit of work, 2 before B's screen
    # was drawn from the records A's move kept.
    assert len(opened) == 1


@at_the_table
async def test_a_second_screen_of_the_phone_that_touched_still_follows(table: Table) -> None:
    """Skipping a read is by the version a screen shows, never by phone: the same phone's
    other tab on the game, behind by one move, reads it."""
    phone_a, _phone_b, code = await deal_and_join(table)
    other_tab = await Phone(phone_a.session.page.route, storage=phone_a.storage).open()
    await give_clue(phone_a, "tree")
    await other_tab.settle()
    assert other_tab.says("gave the clue")
    green = card_of(table, code).a.index("G")
    await phone_a.tap_cell(*seat_of(A, green))
    await other_tab.settle()
    assert other_tab.says("B found an agent.")


def test_a_backup_replays_each_log_once_to_import_it_and_never_to_export_it(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    member = Seated.deal(table, seed=1).phones[A]
    owls = table.add_team(member, "Owls", ["Ann", "Ben"])
    for seed in (2, 3, 4):
        seated = Seated.deal(
            table, team_name="Owls", mission_name="Prague", seed=seed, phone=member
        )
        seated.act(Clue(A))
        seated.act(Guess(B, seated.game.log.card.a.index("X")))
    with counted(monkeypatch) as replays:
        data = export_team(table.store, owls)
        assert replays == []
        import_team(Store("sqlite://"), json.dumps(data))
    assert len(replays) == 3  # before: each log twice (the document's check, the store's)


@at_the_table
async def test_a_join_link_reads_its_code_once(table: Table) -> None:
    _phone_a, _phone_b, code = await deal_and_join(table)
    reads: list[str] = []
    real = ShareCode.parse.__func__  # type: ignore[attr-defined]

    def parse(cls: type[ShareCode], text: str) -> ShareCode:
        reads.append(text)
        return real(cls, text)  # type: ignore[no-any-return]

    ShareCode.parse = classmethod(parse)  # type: ignore[assignment, method-assign]
    try:
        late = await Phone(f"/join/{code.text}").open()  # a third phone, B being held
        await late.settle()
    finally:
        ShareCode.parse = classmethod(real)  # type: ignore[assignment, method-assign]
    assert late.says("Ask to take over")
    assert reads == [code.text]  # before: once a render


@at_the_table
async def test_a_classic_card_dealt_from_home_is_opened_once(table: Table) -> None:
    """The deal opened the card's table, then its screen opened it again (issue 35): the
    screen that arrives at the card's address is the one that opens it."""
    opened: list[str] = []
    real = table.store.open_classic

    def open_classic(code: str, phone: str, first: str) -> Any:
        opened.append(code)
        return real(code, phone, first)

    table.store.open_classic = open_classic  # type: ignore[method-assign]
    dealer = await Phone("/").open()
    await dealer.tap("Deal a classic card")
    await dealer.settle()
    assert dealer.says("Classic Codenames")
    code = dealer.session.page.route.rsplit("/", 1)[1]
    assert opened == [code]


def test_a_move_saved_by_another_process_is_played_on_not_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each server process keeps its own worked-out games: the watching phone's read the
    whole log and replayed it at each move the other process saved (7% of its CPU). Now the
    actions added are applied to the kept state, and the screen is the one a replay gives."""
    url = f"sqlite:///{tmp_path / 'gadget.db'}"
    acting, watching = Table(Store(url), clock=FakeClock()), Table(Store(url), clock=FakeClock())
    seated = Seated.deal(acting, seed=3)
    card = seated.game.log.card
    watcher = seated.phones[B]
    watching.phone_game(seated.game.id, watcher)  # the watching process works it out once
    with counted(monkeypatch) as replays:
        for action in (Clue(A, "tree", 2), Guess(B, card.a.index("G"))):
            seated.act(action)
            shown = watching.phone_game(seated.game.id, watcher)
    assert replays == []
    afresh = Table(Store(url), clock=FakeClock()).phone_game(seated.game.id, watcher)
    assert shown.seen is not None and afresh.seen is not None
    assert shown.seen.view == afresh.seen.view and shown.seen.view.agents_found == 1
    text = watching.store.game(seated.game.id).log
    kept = watching.worked.worked(seated.game.id, text)
    assert (kept.before, kept.state) == playback.replay_with_before(parse_game_log(text))
    assert kept.log == parse_game_log(text)


def _rewritten(table: Table, game_id: int, text: str) -> None:
    """The game's row changed by hand (a repair, or a mistake), then heard of as a notice
    from another process would be."""
    with table.store.engine.begin() as connection:
        connection.exec_driver_sql(
            "UPDATE games SET log = ? WHERE id = ?"
            if table.store.engine.dialect.name == "sqlite"
            else "UPDATE games SET log = %s WHERE id = %s",
            (text, game_id),
        )
    table.hub.changed(game_id)


@at_the_table
async def test_a_log_changed_by_hand_is_said_in_one_line_and_the_game_comes_back_mended(
    table: Table,
) -> None:
    """An outsider added an action the rules refuse to a game's saved log: every phone showed
    the screen for a bug (with a traceback in the server's log) and stayed on it after the
    log was mended. Now the screen says what is wrong, and shows the game once it reads."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    game = games.game_by_code(table.store, code)
    assert game is not None
    good = table.store.game(game.id).log
    data = json.loads(good)
    data["actions"].append({"guess": {"by": "a", "cell": 3}})  # A gave the clue: B guesses
    _rewritten(table, game.id, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    await phone_b.settle()
    assert phone_b.says("This game's saved record cannot be read.")
    assert phone_b.says("action 1: player a gave the clue; player b guesses")
    assert not phone_b.says("Something went wrong on this screen. Your games are saved.")
    _rewritten(table, game.id, good)
    await phone_b.settle()
    assert phone_b.says("A gave the clue: tree. You guess.")
    assert not phone_b.says("This game's saved record cannot be read.")


@at_the_table
async def test_a_join_link_to_a_game_whose_log_cannot_be_read_says_so(table: Table) -> None:
    """The join link (typed, scanned, or B's own phone coming back after a restart) showed
    the screen for a bug, and a traceback, for a row changed by hand (an outsider's)."""
    phone_a, phone_b, code = await deal_and_join(table)
    game = games.game_by_code(table.store, code)
    assert game is not None
    _rewritten(table, game.id, '{"format": "gadget-game/1"')
    for opened in (
        await Phone(f"/join/{code.text}").open(),  # a new phone
        await Phone(f"/join/{code.text}", storage=phone_b.storage).open(),  # B's, again
    ):
        assert opened.says("This game's saved record cannot be read.")
        assert not opened.says("Something went wrong on this screen. Your games are saved.")
    assert table.store.seats(game.id).side_of(phone_a.identity.key) is Player.A
