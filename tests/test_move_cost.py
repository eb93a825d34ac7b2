"""What a move costs the server, counted, not timed (issue 36): the rows it reads, and the
parts of each phone's screen it draws again. bench/bench_load.py measures the CPU against a
bare Flet app's; these keep what made it cheaper from coming undone."""

from __future__ import annotations

import gc
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import flet as ft
import psycopg
import pytest
import sqlmodel
from flet.components import component as flet_component
from flet.controls import id_counter, object_patch
from sqlalchemy import event

from gadget.engine import Clue, Guess, Player
from gadget.services.table import Table
from gadget.store import Store
from gadget.views.parts import keycard
from tests.phones import Phone, Sent, sent_changes, told_to
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.seated import Seated
from tests.test_side_invites import clued_apart

A, B = Player.A, Player.B
# A count of a move's work is counted over the move alone (tests/conftest.deaf_held).
pytestmark = pytest.mark.usefixtures("deaf_held")


@contextmanager
def watched(owner: Any, name: str, seen: Callable[..., None]) -> Iterator[None]:
    """`owner.name` calls `seen` with its arguments before doing what it does, meanwhile."""
    real = getattr(owner, name)

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen(*args, **kwargs)
        return real(*args, **kwargs)

    setattr(owner, name, spy)
    try:
        yield
    finally:
        setattr(owner, name, real)


@contextmanager
def transactions_ended() -> Iterator[list[bool]]:
    """Each commit or rollback the driver is asked for meanwhile: whether a transaction was
    open then (in autocommit, none ever is)."""
    ended: list[bool] = []

    def end(connection: psycopg.Connection[Any], *_args: Any) -> None:
        ended.append(connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE)

    with watched(psycopg.Connection, "commit", end), watched(psycopg.Connection, "rollback", end):
        yield ended


@contextmanager
def selects(store: Store) -> Iterator[Counter[str]]:
    """The SELECTs the store sends meanwhile, by the tables they read (on PostgreSQL,
    every statement the driver is handed, SQLAlchemy's and the store's own)."""
    counted: Counter[str] = Counter()

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if re.match(r"\s*SELECT\s", statement, re.I):  # every table it reads, joined or not
            counted.update(set(re.findall(r"\s(?:FROM|JOIN)\s+(\w+)", statement, re.I)))
            counted["SELECT statements"] += 1

    if store.engine.dialect.driver == "psycopg":  # the hot rows go past SQLAlchemy there
        with watched(psycopg.Cursor, "execute", lambda c, q, *_a, **_k: seen(None, c, str(q))):
            yield counted
        return
    event.listen(store.engine, "before_cursor_execute", seen)
    try:
        yield counted
    finally:
        event.remove(store.engine, "before_cursor_execute", seen)


def test_a_move_reads_its_games_row_seats_and_timer_once(store: Store) -> None:
    """The move and the screen it hands back both want them: read once in the unit (each
    read twice before, about 0.2 ms of the server's CPU a query)."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    touch = Guess(B, seated.game.log.card.a.index("G"))
    with selects(store) as read:
        table.act(seated.phones[A], seated.game.id, touch, seated.game.version)
    assert (read["games"], read["seat_holders"], read["game_timers"]) == (1, 1, 1), read


def test_a_move_saves_and_tells_the_other_processes_in_one_statement(store: Store) -> None:
    """On PostgreSQL, the notice that has the watching processes read the game again goes in
    the statement that saves the move: one round trip fewer, 0.4 ms of the server's CPU at
    every move (SQLite's one process tells no other)."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    touch = Guess(B, seated.game.log.card.a.index("G"))
    sent: list[str] = []
    with watched(psycopg.Cursor, "execute", lambda _c, query, *_a, **_k: sent.append(str(query))):
        table.act(seated.phones[A], seated.game.id, touch, seated.game.version)
    telling = [statement for statement in sent if "pg_notify" in statement]
    if store.engine.dialect.name == "postgresql":
        assert len(telling) == 1 and "UPDATE games" in telling[0], sent
    else:
        assert sent == []


def test_a_move_and_a_watching_phones_read_make_no_orm_session_on_postgresql(
    store: Store,
) -> None:
    """On PostgreSQL a move and a watching phone's read go through the driver alone, on the
    unit's own connection: the ORM's session (its making, its transaction, its connection
    looked up at each statement) took 8.6% of a touch's CPU, sampled. SQLite's go through it."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    touch = Guess(B, seated.game.log.card.a.index("G"))
    made: list[object] = []
    with watched(sqlmodel.Session, "__init__", lambda *args, **_k: made.append(args[0])):
        moved = table.act(seated.phones[A], seated.game.id, touch, seated.game.version)
        watching = table.phone_game(seated.game.id, seated.phones[B])
    assert moved.game is not None and watching.game is not None
    assert watching.game.version == moved.game.version == seated.game.version + 1
    assert watching.seen is not None and touch.cell in watching.seen.view.found
    if store.engine.dialect.name == "postgresql":
        assert made == [], made
    else:
        assert len(made) == 2, made  # one a unit


def test_a_touch_is_saved_alone_in_no_transaction_of_its_own_on_postgresql(store: Store) -> None:
    """On PostgreSQL a move's unit reads in autocommit, then saves in one statement, which is
    its own transaction: BEGIN and COMMIT were two of four round trips, 0.1 ms of a move's
    CPU. A move that writes more (a new stretch's timer, the end's attempt) begins one.
    SQLite's transaction is one snapshot: kept."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    touch = Guess(B, seated.game.log.card.a.index("G"))
    with transactions_ended() as ended:
        moved = table.act(seated.phones[A], seated.game.id, touch, seated.game.version)
    assert moved.game is not None and moved.game.version == seated.game.version + 1
    assert moved.seen is not None and touch.cell in moved.seen.view.found
    with transactions_ended() as ended_by_undo:
        table.undo(seated.phones[A], seated.game.id, seated.game.version + 1)
    if store.engine.dialect.name == "postgresql":
        assert ended and not any(ended + ended_by_undo), (ended, ended_by_undo)


def test_an_undo_reads_its_games_row_and_seats_once(store: Store) -> None:
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    with selects(store) as read:
        table.undo(seated.phones[A], seated.game.id, seated.game.version)
    assert (read["games"], read["seat_holders"], read["game_timers"]) == (1, 1, 1), read


def test_a_watching_phones_read_is_one_statement_on_postgresql(store: Store) -> None:
    """The screen a notice has a watching phone read again: on PostgreSQL the game's row,
    seats, take-over requests and timer in one statement through the driver (four through
    the ORM before, 1.8 ms of the server's CPU; 0.5 ms after); SQLite reads each in turn."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    with selects(store) as read:
        screen = table.phone_game(seated.game.id, seated.phones[B])
    assert screen.seen is not None and screen.seen.view.player is B
    tables = ("games", "seat_holders", "seat_requests", "game_timers")
    assert [read[name] for name in tables] == [1, 1, 1, 1], read
    one = store.engine.dialect.name == "postgresql"
    assert read["SELECT statements"] == (1 if one else 4), read


def test_a_watching_phones_read_opens_and_ends_no_transaction_on_postgresql(store: Store) -> None:
    """A read that changes nothing is a statement in its own transaction on PostgreSQL:
    BEGIN and COMMIT around it were two round trips and 0.15-0.2 ms of the server's CPU at
    every notice (READ COMMITTED gives each statement its own snapshot in a transaction too).
    SQLite's transaction is one snapshot, so its reads keep it."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    with transactions_ended() as ended:
        screen = table.phone_game(seated.game.id, seated.phones[B])
    assert screen.seen is not None and screen.seen.view.player is B
    if store.engine.dialect.name == "postgresql":
        assert not any(ended), ended


def test_a_phone_opening_a_game_looks_it_up_in_no_transaction_on_postgresql(
    store: Store,
) -> None:
    """A phone opening a game's address or code looks the game up on the event loop before
    its screen reads it: in a transaction that was three round trips (BEGIN, the read,
    COMMIT), which a restart's every phone made at once; in autocommit, one."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    code = seated.game.log.code
    assert code is not None
    with transactions_ended() as ended:
        by_address = table.game_at(seated.game.public_id)
        by_code = table.find(code)
    assert by_address is not None and by_code is not None
    assert by_address.id == by_code.id == seated.game.id
    if store.engine.dialect.name == "postgresql":
        assert ended and not any(ended), ended


def test_a_phone_coming_back_by_its_join_link_sits_again_in_no_transaction_on_postgresql(
    store: Store,
) -> None:
    """Side B's phone stays on the join link it opened, and joins again each time it comes
    back (after a restart, every B at once): a phone that holds its side is told so in one
    read, where a transaction made three round trips on the event loop."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    with transactions_ended() as ended:
        assert table.join(seated.game.id, seated.phones[B]) is B
        assert table.join(seated.game.id, seated.phones[A]) is A
    if store.engine.dialect.name == "postgresql":
        assert ended and not any(ended), ended


def test_a_watching_phones_read_leaves_its_connections_isolation_level_as_it_was(
    store: Store,
) -> None:
    """Reads have connections of their own, always in autocommit on PostgreSQL: one taken
    from the moves' pool was switched to autocommit and back at each read, 0.2 ms of the
    server's CPU at every watching phone's read of a move."""
    table = Table(store)
    seated = Seated.deal(table, seed=3)
    seated.act(Clue(A, "tree", 1))
    switched: list[object] = []
    dialect = type(store.engine.dialect)
    with watched(dialect, "set_isolation_level", lambda *args: switched.append(args[-1])):
        screen = table.phone_game(seated.game.id, seated.phones[B])
        again = table.phone_game(seated.game.id, seated.phones[A])
    assert screen.seen is not None and screen.seen.view.player is B
    assert again.seen is not None and again.seen.view.player is A
    assert switched == [], switched


def test_played_apart_a_watching_phones_read_takes_its_sides_choice_in_the_same_statement(
    store: Store,
) -> None:
    """Played apart, the word a side chose is on every phone of the side: on PostgreSQL it
    comes in the same one statement (one round trip more at every notice before)."""
    table = Table(store)
    game_id, _phone_a, phone_b, second_b, agents = clued_apart(table)
    table.choose_touch(game_id, second_b, agents[0])
    with selects(store) as read:
        screen = table.phone_game(game_id, phone_b)
    assert screen.chosen == agents[0]
    assert read["side_choices"] == 1, read
    one = store.engine.dialect.name == "postgresql"
    assert read["SELECT statements"] == (1 if one else 5), read


@contextmanager
def renders() -> Iterator[Counter[str]]:
    """The components drawn meanwhile, by name."""
    drawn: Counter[str] = Counter()

    def render(_renderer: Any, fn: Any, *_args: Any, **_kwargs: Any) -> None:
        drawn[getattr(fn, "__name__", "?")] += 1

    with watched(flet_component.Renderer, "render", render):
        yield drawn


@at_the_table
async def test_a_touch_draws_the_table_again_and_no_cell_on_each_phone(table: Table) -> None:
    """A cell's look is a value: a touch changes the row that holds the touched cell, and of
    it only that cell (all 25 cells were drawn again, on both phones, once), in the table's
    own render (the card and its rows were components of their own); the time bank, whose
    tokens do not change at a touch of an agent, is not drawn. The found cell itself is
    kept, and told its colours in place (`tests/test_cells_in_place.py`): no cell is made."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    green = card_of(table, code).a.index("G")
    made: list[int] = []  # cells made, both phones
    with renders() as drawn, watched(keycard, "_key_cell", lambda *_a, **_k: made.append(1)):
        await phone_a.tap_cell(*seat_of(A, green))  # B touched a green: A's phone records it
        await phone_b.settle()
        await phone_a.settle()
    assert phone_a.says("B found an agent.") and phone_b.says("You found an agent.")
    assert "agent found" in phone_b.cell(*seat_of(B, green)).label
    assert "agent found" in phone_a.cell(*seat_of(A, green)).label
    assert made == [], made  # one a phone before: the cell found
    # The card's rows and cells are drawn in the table's render; on A, whose buttons changed
    # (B may stop now), the part under the card too, deaf to taps for a moment (shield.py).
    assert drawn == {"GameTable": 2, "_shielded": 1}, drawn


@at_the_table
async def test_a_move_draws_the_table_again_not_the_screen_that_chose_it(table: Table) -> None:
    """The game's screen chooses what a phone shows (loading, no such game, a way to ask for
    a side, the table); a move changes none of that, so only the table is drawn again, on
    both phones (the screen was drawn again on each, only to hand the table the new game)."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    green = card_of(table, code).a.index("G")
    with renders() as drawn:
        await phone_a.tap_cell(*seat_of(A, green))
        await phone_b.settle()
        await phone_a.settle()
    assert phone_a.says("B found an agent.") and phone_b.says("You found an agent.")
    assert drawn["GameTable"] == 2, drawn  # one a phone: the tapping one's and the watching one's
    assert drawn["SeatedGame"] == 0, drawn


@at_the_table
async def test_a_touch_asks_each_phones_language_once_for_its_card(table: Table) -> None:
    """The card's 25 looks are in the page's language, asked once a card: asked for each
    cell, with each cell's colours through the enum's lookup, they cost as much as the rest
    of the card's render."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    green = card_of(table, code).a.index("G")
    asked: list[int] = []
    with watched(keycard, "spoken", lambda *_a, **_k: asked.append(1)):
        await phone_a.tap_cell(*seat_of(A, green))
        await phone_b.settle()
        await phone_a.settle()
    assert phone_a.says("B found an agent.") and phone_b.says("You found an agent.")
    assert len(asked) == 2, asked  # one a phone


@contextmanager
def compared() -> Iterator[Counter[str]]:
    """The controls Flet's diff compares meanwhile, by kind (a control kept from the last
    render, the very same object, is passed over: not counted)."""
    counted: Counter[str] = Counter()

    def compare(_diff: Any, _parent: Any, _path: Any, src: Any, dst: Any, frozen: bool) -> None:
        if not (frozen and src is dst):
            counted[type(dst).__name__] += 1

    with watched(object_patch.DiffBuilder, "_compare_dataclasses", compare):
        yield counted


@contextmanager
def made_controls() -> Iterator[list[int]]:
    """The Flet controls made meanwhile (components too), each by its new id: a control's
    making sets every one of its 50-odd fields through Flet's descriptor."""
    made: list[int] = []
    with watched(id_counter.ControlId, "next", lambda *_args: made.append(1)):
        yield made


@at_the_table
async def test_a_touch_makes_and_compares_only_what_it_changed_on_each_phone(
    table: Table,
) -> None:
    """The parts of the screen a touch leaves as they were are the same controls as before
    (`use_retained`), so Flet's diff does not compare them: the turn, the bank, the timer,
    the rules' lines, the buttons, the other rows and cells, the side's phones; nor the
    game table's own component, drawn again by itself. The card and its touched row are
    drawn in the table's render, not as components of their own, made, drawn and compared
    at every move; the row changes in place, so the card and the screen's column are the
    ones drawn before; and the found cell is kept, told its new colours in place: a touch
    makes and compares no control (compared on the two phones: 64 at first, 22, 18, 14, 8,
    then none; made: 18, 14, 8, then none)."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    greens = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    await phone_a.tap_cell(*seat_of(A, greens[0]))
    await phone_b.settle()
    # The first touch's line comes above the kept rule line: matched by place, the kept line
    # took over the new one's identity, and phone A never showed it.
    assert phone_a.says("B found an agent.") and phone_a.says("When B touches a word, tap it here.")
    with compared() as counted, made_controls() as made:
        await phone_a.tap_cell(*seat_of(A, greens[1]))
        await phone_b.settle()
        await phone_a.settle()
    assert not counted, counted
    assert made == [], made
    for phone, side in ((phone_a, A), (phone_b, B)):
        assert all("agent found" in phone.cell(*seat_of(side, g)).label for g in greens[:2])
    assert phone_a.says("B found an agent.") and phone_a.says("When B touches a word, tap it here.")
    assert phone_b.says("You found an agent.") and phone_a.says("Undo")


@at_the_table
async def test_kept_lines_stay_right_when_a_request_comes_and_goes_above_them(table: Table) -> None:
    """A take-over request's panel comes above the kept lines and goes again: each line shows
    once, in its place, and the next touch still draws what it changed."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    before = phone_a.texts()
    asking = await Phone(f"/join/{code.text}").open()
    await asking.tap("Ask to take over side B")
    await phone_a.settle()
    assert phone_a.says("Another phone asks to take over side B of this game.")
    assert [t for t in phone_a.texts() if t in before] == before
    await phone_a.tap("Refuse")
    await phone_a.settle()
    assert phone_a.texts() == before
    green = card_of(table, code).a.index("G")
    await phone_a.tap_cell(*seat_of(A, green))
    await phone_b.settle()
    assert phone_a.says("B found an agent.") and phone_b.says("You found an agent.")
    assert "agent found" in phone_a.cell(*seat_of(A, green)).label


@at_the_table
async def test_a_touch_words_only_the_cells_it_changed(table: Table) -> None:
    """A cell's look is worked out once for its facts and language, on any phone: a touch
    words the cell it changed, not the card's 25 on each phone (4% of a watching phone's
    CPU a move)."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    said: list[object] = []
    green = card_of(table, code).a.index("G")
    with watched(keycard, "_said", said.append):
        await phone_a.tap_cell(*seat_of(A, green))
        await phone_b.settle()
        await phone_a.settle()
    assert phone_b.says("You found an agent.")
    assert "agent found" in phone_b.cell(*seat_of(B, green)).label
    assert len(said) <= 2, said  # the found cell, once a side


def unmounted(*phones: Phone) -> int:
    """Flet controls alive in this process that no phone's screen shows, after a full
    collection (a screen of an earlier render kept alive by something that holds it)."""
    gc.collect()
    shown = {id(control) for phone in phones for control in phone.controls()}
    return sum(
        isinstance(thing, ft.BaseControl) and id(thing) not in shown for thing in gc.get_objects()
    )


@at_the_table
async def test_a_move_keeps_no_earlier_screen_in_memory(table: Table) -> None:
    """Flet's setter holds the component object of the render that made it, and that object
    the whole screen it drew: a setter held by a kept control or a memoized callback kept one
    more earlier screen alive at each move (55-80 objects a move, every phone's screen
    growing until the phone left, and each full garbage collection slower)."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    greens = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    counts = []
    for green in greens[:5]:
        await phone_a.tap_cell(*seat_of(A, green))
        await phone_b.settle()
        await phone_a.settle()
        counts.append(unmounted(phone_a, phone_b))
    assert phone_b.cell(*seat_of(B, greens[4])).label.count("agent found") == 1
    assert counts[-1] <= counts[0], counts


@at_the_table
async def test_a_clue_tells_the_clue_givers_cells_in_place_that_they_may_be_tapped(
    table: Table,
) -> None:
    """A clue makes every uncovered cell of the clue giver's card tappable, and the end of
    the turn makes them untappable again: each cell is kept, the very same control, and the
    phone is told, addressed to the cell's row, that it is a button, takes a tap and
    ripples, or no longer; the server's cell holds the same (a tap reaches it, or nothing).
    Controls compared on the two phones at a clue: 153 at first, 78, 62, then 12 (16 with
    the part under the card kept apart); made: 67, then 17 (21), none of them a cell."""
    phone_a, phone_b, code = await deal_and_join(table)
    places = [seat_of(A, cell) for cell in range(25)]
    cells = [phone_a.cell(*place) for place in places]
    sent_before = len(phone_a.connection.frames)
    with compared() as counted, made_controls() as made:
        await phone_a.tap("Give clue")
        await phone_b.settle()
        await phone_a.settle()
    # 16 and 21: the part under the card, deaf to taps for a moment, is a component, its
    # container and its column on each phone, the last two made again (shield.py).
    assert sum(counted.values()) <= 16, counted
    assert not counted["Semantics"] and not counted["Icon"], counted
    assert len(made) <= 21, made
    assert phone_b.says("A gave the clue. You guess.")
    assert all(cell is phone_a.cell(*place) for cell, place in zip(cells, places, strict=True))
    told = sent_changes(phone_a.connection.frames[sent_before:])
    for cell in cells:
        assert cell.button and isinstance(cell.content, ft.Container)
        assert cell.content.on_click is not None and cell.content.ink
        assert _told_of(cell, told) == {"button": True, "on_click": True, "ink": True}, told
    with pytest.raises(RuntimeError, match="Frozen"):  # still drawn by Flet: set in place only
        cells[0].button = False
    colours = card_of(table, code)
    tan = next(cell for cell in range(25) if colours.a[cell] == "-" and colours.b[cell] != "X")
    sent_before = len(phone_a.connection.frames)
    await phone_a.tap_cell(*seat_of(A, tan))  # taken by a kept cell: the turn ends
    await phone_b.settle()
    await phone_a.settle()
    assert phone_a.says("B gives the next clue.") and phone_b.says("Give clue")
    told = sent_changes(phone_a.connection.frames[sent_before:])
    for cell in range(25):
        shown = phone_a.cell(*seat_of(A, cell))
        assert not shown.button and isinstance(shown.content, ft.Container)
        assert shown.content.on_click is None and not shown.content.ink
        if cell != tan:  # the touched bystander's is drawn again
            assert shown is cells[places.index(seat_of(A, cell))]
            assert _told_of(shown, told) == {"button": False, "on_click": False, "ink": False}
    sent_to_b = len(phone_b.connection.frames)
    await phone_a.tap_cell(*places[0])  # no longer taken: nothing happens
    await phone_a.settle()
    await phone_b.settle()
    assert len(phone_b.connection.frames) == sent_to_b
    assert phone_a.says("B gives the next clue.") and phone_b.says("Give clue")


def _told_of(cell: ft.Control, told: list[Sent]) -> dict[str, object]:
    """What these changes told a phone of a cell's tap: whether it is a button, takes a tap
    and ripples, each as told through the card (`told_to`)."""
    return {
        change.path[-1]: change.value
        for change in told_to(cell, told)
        if change.path in (["button"], ["content", "on_click"], ["content", "ink"])
    }


@at_the_table
async def test_a_kept_card_moves_beside_the_code_when_the_page_widens_and_still_takes_taps(
    table: Table,
) -> None:
    """The card drawn last, kept whole while no cell changed, moves into the wide layout's
    row (beside the share code) when the page has widened by the next render: every cell
    must still say what it shows and take its tap there."""
    phone_a, phone_b, code = await deal_and_join(table)
    phone_b.session.apply_page_patch({"width": 1400})  # widened; read at the next render
    await give_clue(phone_a, "tree")  # B's card does not change: kept, and moved
    await phone_b.settle()
    assert phone_b.says("A gave the clue: tree. You guess.")
    colours = card_of(table, code)
    tan = next(cell for cell in range(25) if colours.a[cell] == "-" and colours.b[cell] != "X")
    await phone_a.tap_cell(*seat_of(A, tan))  # B touched a bystander: B gives the next clue
    await phone_b.settle()
    await give_clue(phone_b, "river")
    await phone_a.settle()
    green = next(cell for cell in range(25) if colours.b[cell] == "G" and cell != tan)
    await phone_b.tap_cell(*seat_of(B, green))  # A touched one of B's agents: B records it
    await phone_a.settle()
    assert "agent found" in phone_b.cell(*seat_of(B, green)).label
    assert "agent found" in phone_a.cell(*seat_of(A, green)).label
    assert phone_b.says("A found an agent.")


@at_the_table
async def test_a_touch_tells_each_phone_its_cell_through_the_card_that_holds_it(
    table: Table,
) -> None:
    """The touched row changes in place: what each phone is sent must be addressed to the
    card at the row's place and the cell's (or, for a cell drawn again, to its row), and say
    what the server's row now holds; the card and its rows are never sent again, nor is the
    screen's column."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    colours = card_of(table, code)
    greens = [cell for cell, colour in enumerate(colours.a) if colour == "G"]
    tan = next(cell for cell in range(25) if colours.a[cell] == "-" and colours.b[cell] != "X")
    for touched in (greens[0], greens[1], tan):  # the last ends the turn: lines come and go
        sent_before = [len(phone.connection.frames) for phone in (phone_a, phone_b)]
        await phone_a.tap_cell(*seat_of(A, touched))
        await phone_b.settle()
        await phone_a.settle()
        for phone, side, before in ((phone_a, A, sent_before[0]), (phone_b, B, sent_before[1])):
            cell = phone.cell(*seat_of(side, touched))
            row = cell.parent
            assert isinstance(row, ft.Row) and row.controls[seat_of(side, touched)[1] - 1] is cell
            sent = sent_changes(phone.connection.frames[before:])
            told = told_to(cell, sent)  # through the card, or the row for a cell drawn again
            assert any(t.op == 0 and t.path == ["label"] and t.value == cell.label for t in told)
            keys = {value.get("key") for change in sent if isinstance(value := change.value, dict)}
            assert not keys & {"card", *(f"row {n}" for n in range(5))}, keys
            assert all(change.path != ["_b"] for change in sent), sent  # the screen whole
    assert phone_b.says("You touched a bystander: the turn ends.")
    assert phone_a.says("B gives the next clue.") and phone_b.says("Give clue")
