"""A phone's session that Flet closes (an hour after the phone left, or at once when it is
gone for good) stops following its game and its clock: it kept reading the game at every
move, for every phone that had ever left it, ticked for good, and its watcher held the
whole session in memory."""

from __future__ import annotations

import asyncio
import gc
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flet.messaging.session import Session

from gadget.engine import Player
from gadget.services import games
from gadget.services.phones import STORAGE_KEY
from gadget.services.table import Table
from gadget.views.parts.afresh import drawn_first
from tests.phones import Phone, RecordingConnection, until
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_move_cost import watched
from tests.test_screens import ticking
from tests.test_side_phones_screens import link_on

A = Player.A


def running(name: str) -> int:
    """This event loop's tasks still running effects of this name (`SeatRequestScreen.wake`)."""
    return sum(1 for t in asyncio.all_tasks() if not t.done() and name in repr(t.get_coro()))


def without_storage(phone: Phone) -> Phone:
    """This phone, its browser's storage never answering (the phone went before it did)."""
    answer = phone.connection._answer

    async def all_but_storage(call: Any) -> None:
        if call.name != "get":
            await answer(call)

    phone.connection._answer = all_but_storage  # type: ignore[method-assign]
    return phone


async def closed(phone: Phone) -> None:
    """What Flet does to a phone that left: its session kept for a while, then closed."""
    await phone.session.disconnect(3600)
    phone.close()


@at_the_table
async def test_a_closed_session_stops_following_its_game_and_its_clock(table: Table) -> None:
    """Closed as Flet closes an expired session, with the turn timer ticking on it; the
    phone's owner opens the game again on a new tab."""
    phone_a, phone_b, code = await deal_and_join(table)
    game = games.game_by_code(table.store, code)
    assert game is not None
    await phone_a.tap("Turn timer on")
    assert await phone_b.until_says("2:00 for the clue")
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    assert table.hub.watchers(game.id) == 2 and ticking() == 2
    storage = phone_b.storage
    phone_b.close()
    assert await until(lambda: table.hub.watchers(game.id) == 1 and ticking() == 1)  # A's
    again = await Phone(f"/game/{game.public_id}", storage=storage).open()
    assert await again.until_says("A gave the clue: tree. You guess.")
    reads: list[int] = []
    with watched(table, "phone_game", lambda *_a, **_k: reads.append(1)):
        await phone_a.tap_cell(*seat_of(A, card_of(table, code).a.index("G")))
        await again.settle()
        await phone_a.settle()
    assert again.says("You found an agent.")
    assert table.hub.watchers(game.id) == 2  # phone A and the new tab
    assert len(reads) == 1, reads  # the new tab's (phone A is handed its screen)


async def reconnect(phone: Phone) -> None:
    """What Flet's server does when a phone comes back to its session (a new connection)."""
    connection = RecordingConnection(asyncio.get_running_loop(), ThreadPoolExecutor(2))
    connection.answers, connection.storage = phone.connection.answers, phone.connection.storage
    connection.session = phone.session
    phone.connection = connection
    phone.session.attach_connection(connection)
    await phone.session.dispatch_connect_event()
    await phone.settle()


@at_the_table
async def test_a_phone_back_on_its_session_shows_the_moves_made_while_it_was_away(
    table: Table,
) -> None:
    """Flet drops a session's redraws while its phone is away (asleep, on another app): the
    game was read meanwhile, but the phone came back to the screen it had left, and stayed
    on it until the game changed again. Away, it is not read at every move: once, when it
    comes back."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    await phone_b.session.disconnect(3600)
    green = card_of(table, code).a.index("G")
    reads: list[int] = []
    with watched(table, "phone_game", lambda *_a, **_k: reads.append(1)):
        await phone_a.tap_cell(*seat_of(A, green))
        await phone_a.settle()
        await phone_b.settle()
        assert phone_a.says("B found an agent.")
        assert not reads  # read for B when it comes back, not at every move while away
        await reconnect(phone_b)
        assert await phone_b.until_says("You found an agent.")
    assert len(reads) == 1, reads
    # Back, it follows the game live again (an outsider saw a phone miss the next moves).
    others = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    await phone_a.tap_cell(*seat_of(A, others[1]))
    await phone_a.settle()
    assert await until(lambda: sum("agent found" in t for t in phone_b.texts()) == 2)
    assert "agent found" in phone_b.cell(*seat_of(Player.B, green)).label


@at_the_table
async def test_a_phone_back_on_its_session_is_sent_a_root_its_client_never_had(
    table: Table,
) -> None:
    """Flet's client compared the page a reconnection sends with the one it had in a time
    that doubles at each level of nesting (a game screen's tab froze for minutes): a root
    with a new key at each return is built afresh instead (views/parts/afresh.py; the
    browser's side in tests/test_browser_reconnect.py)."""
    _phone_a, phone_b, _code = await deal_and_join(table)
    keys = [drawn_first(phone_b.session.page).key]
    for _return in range(2):
        await phone_b.session.disconnect(3600)
        keys.append(drawn_first(phone_b.session.page).key)  # what the reconnection sends
        await reconnect(phone_b)
        assert drawn_first(phone_b.session.page).key == keys[0]  # its own again, unsent
    assert len(set(keys)) == 3, keys
    await phone_b.tap("Turn timer on")  # the page still answers
    assert await phone_b.until_says("2:00 for the clue")


@at_the_table
async def test_what_a_phone_showed_stays_shown_when_it_comes_back(table: Table) -> None:
    """An outsider's finding: the side link a phone showed closed when its connection came
    back (the render after it saw a new first control, and built the screen's parts anew):
    tapping again made a new link, and the one a partner was scanning stopped working."""
    phone_a, _phone_b, _code = await deal_and_join(table)
    await phone_a.tap("Add a phone to side A")
    link = link_on(phone_a)
    await phone_a.session.disconnect(3600)
    await reconnect(phone_a)
    await phone_a.settle()
    assert link_on(phone_a) == link


async def gone_while_asked() -> weakref.ref[Session]:
    """A phone whose storage never answers, gone and closed while asked who it is (run in a
    task of its own: Flet sets the page in the context of whoever opens or closes it, and
    the test's own context would hold the session)."""
    phone = await without_storage(Phone("/")).open()
    assert await until(lambda: running("WithPhone.<locals>.load") == 1)
    assert phone.says("Gadget…") and ("get", {"key": STORAGE_KEY}) in phone.method_calls()
    await closed(phone)
    return weakref.ref(phone.session)


@at_the_table
async def test_a_closed_session_stops_asking_who_its_phone_is(table: Table) -> None:
    """Flet answers a closed session's questions with an error: the phone's identity was
    asked again, on a session that sends nothing, and that wait held the session in memory
    for good."""
    unread: list[dict[str, Any]] = []  # errors of tasks nobody read, as asyncio logs them
    asyncio.get_running_loop().set_exception_handler(lambda _loop, error: unread.append(error))
    session = await asyncio.create_task(gone_while_asked())
    assert await until(lambda: running("WithPhone.<locals>.load") == 0)
    gc.collect()
    assert session() is None
    assert not unread, unread


@at_the_table
async def test_a_closed_session_takes_over_no_side(table: Table) -> None:
    """A phone waiting for the side its partner let it take, closed before the wait is over:
    its wait went on, and the side moved to a phone that nobody held any more."""
    table.take_over_wait = 1.0  # real seconds the asking phone sleeps before it claims
    phone_a, phone_b, code = await deal_and_join(table)
    replacement = await Phone(f"/join/{code.text}").open()
    await replacement.tap("Ask to take over side A")
    await phone_b.settle()
    await phone_b.tap("Allow side A")
    assert await replacement.until_says("Allowed: side A comes to this phone")
    assert running("SeatRequestScreen.<locals>.wake") == 1
    await closed(replacement)
    table.clock.now += table.take_over_wait  # type: ignore[attr-defined]  (the fake clock)
    assert await until(lambda: running("SeatRequestScreen.<locals>.wake") == 0)
    game = games.game_by_code(table.store, code)
    assert game is not None
    assert table.store.seats(game.id).of(A) == (phone_a.identity.key,)
