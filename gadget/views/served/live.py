"""A screen that follows what it shows live: a Duet game or a classic card, read again in a
task of its own whenever the table's hub says it changed, on whichever phone it changed."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import traceback
import weakref
from collections.abc import Callable

import flet as ft
from flet.messaging.session import Session

from gadget.services.hub import Subject
from gadget.views.parts.asking import reconnection
from gadget.views.parts.boundary import TROUBLE
from gadget.views.parts.flet_internals import draw_now
from gadget.views.parts.hooks import use_stable, use_task
from gadget.views.served.table_context import use_table


def use_live(
    subject: Subject,
    reread: Callable[[int | None], None],
    shown_version: Callable[[], int | None],
) -> None:
    """Read the game (or card) when the screen opens, and again whenever the table says it
    changed, on whichever phone it changed (in this task: never in a render), unless the
    screen already shows the version the change made (the phone that moved was handed it
    with its answer). `reread` is handed the version moves alone brought it to since it
    last read (what this process keeps may show it), or None: read whole.

    Leaving the screen stops listening; the seat stays this phone's. A read that fails is
    reported to the error boundary and the task goes on following: Flet reports nothing for
    a task that dies, and the phone would silently stop showing the game.
    """
    table = use_table()
    trouble = ft.use_context(TROUBLE)
    session = ft.context.page.session
    # Flet drops a session's redraws while its phone is away: the game read meanwhile is
    # kept, but the phone came back to the screen it left until the game changed again.
    _drawn, bump = ft.use_state(0)
    redraw = use_stable(lambda _back: bump(lambda drawn: drawn + 1))

    def read(moved_to: int | None = None) -> None:
        try:
            reread(moved_to)
        except Exception:
            if trouble is None:
                raise
            what = f"game {subject}" if isinstance(subject, int) else f"classic card {subject}"
            trouble.report(f"reading {what} for a phone:\n{traceback.format_exc()}")

    async def follow() -> None:
        loop = asyncio.get_running_loop()
        heard = News(moves_on(loop), shown_version)

        # `back` is made anew each time the phone comes back: read when the notice comes.
        read_here = _reader_here(session, read, lambda: back.done())  # noqa: PLW0108
        stop_watching = table.hub.watch(subject, _listener(heard))
        back = asyncio.ensure_future(reconnection(session))
        news = asyncio.ensure_future(heard.changed.wait())
        shown = False
        try:
            await in_turn(read)  # the first read, here and not in a render
            heard.opened(read_here)
            _shown_live[loop] = _shown_live.get(loop, 0) + 1
            shown = True
            while True:
                done, _ = await asyncio.wait({back, news}, return_when=asyncio.FIRST_COMPLETED)
                if news in done:
                    # A phone away is read for when it comes back, not at every move.
                    away = back in done or session.connection is None
                    await heard.shown(None if away else read)
                    news = asyncio.ensure_future(heard.changed.wait())
                if back in done:
                    back = asyncio.ensure_future(reconnection(session))
                    heard.away()
                    await in_turn(read)
                    heard.opened(read_here)
                    redraw(None)
        finally:  # the screen went, or its session was closed
            heard.stop()
            if shown:
                _shown_live[loop] -= 1
            back.cancel()
            news.cancel()
            stop_watching()

    use_task(follow, [subject])


def _reader_here(
    session: Session, read: Callable[[int | None], None], came_back: Callable[[], bool]
) -> Callable[[int | None], bool]:
    """A notice's read, and its draw in that turn too (not the scheduler's next), while the
    phone is here; False if it is away (the task reads once it comes back)."""

    def read_here(moved_to: int | None) -> bool:
        if came_back() or session.connection is None:
            return False
        read(moved_to)
        draw_now(session)
        return True

    return read_here


def _listener(heard: News) -> Callable[[int | None], None]:
    """What the hub calls, on whichever thread made the change: the notice considered on
    this loop, in the screen's session (a read in it draws on that session's page)."""
    loop = asyncio.get_running_loop()
    here = contextvars.copy_context()

    def notify(version: int | None) -> None:
        loop.call_soon_threadsafe(heard.consider, version, context=here)

    return notify


#: Screens that may open in one turn of the loop (docs/benchmarks.md, issue 36). All at once,
#: 100 tables joining held their moves at a p95 of 591 ms idle; two at a time, a move among
#: the joins waited for two first screens at each of its turns; one at a time, since first
#: screens got cheaper, busy restarts' p95 read 22-46 ms (15 restarts) against 23-51 ms two
#: at a time (20), the tables' screens a few percent later.
OPENING_AT_ONCE = 1

#: Turns of the loop left to the sockets after each opening screen is drawn: a tap whose
#: bytes arrived while it drew is handed to its phone's reader in the first and counted as a
#: move under way in the second (`serve/budget.py`), before the next screen reads; it waited
#: for that screen too, both its read and its draw (issue 36).
FREE_TURNS = 2

#: Seconds an opening screen waits for the moves under way on its process (`Moves`): they
#: go first, but a process that is never without one still opens screens.
MOVES_FIRST_SECONDS = 0.05


class Moves:
    """The moves under way on one loop, from a tap's reading (`serve.budget`) or a notice's
    arrival until the screen it changes is drawn and sent: opening screens read only once
    none is (up to MOVES_FIRST_SECONDS), so a table that plays during a restart waits for a
    first screen or two, not for each of its move's turns of the loop."""

    def __init__(self) -> None:
        self.under_way = 0
        self.none = asyncio.Event()
        self.none.set()

    def begun(self) -> None:
        """A move is under way."""
        self.under_way += 1
        self.none.clear()

    def ended(self) -> None:
        """A move is drawn."""
        self.under_way -= 1
        if self.under_way <= 0:
            self.under_way = 0
            self.none.set()

    async def awaited(self) -> None:
        """Back once no move is under way, or after MOVES_FIRST_SECONDS."""
        if self.under_way:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.none.wait(), MOVES_FIRST_SECONDS)


class News:
    """What a screen hears of its game, on the loop: once the screen is up (`opened`), a
    change it does not show yet is a move under way on its process (`Moves`) until it is
    read and drawn. Before, its first read, waiting its turn, shows the change: counted, it
    could end only once that screen got its turn, and held every other opening screen back
    (an outsider's: 53 moves under way for one table, 60 tabs of its game opening)."""

    def __init__(self, moves: Moves, shown_version: Callable[[], int | None]) -> None:
        self.changed = asyncio.Event()
        self.moves = moves
        self.shown_version = shown_version
        self.heard = True  # until the screen goes
        self.up = False  # until its first read
        # While the screen is up: read a move at once (True), or not now (False: the phone is
        # away, the task reads it when it comes back).
        self.read_here: Callable[[int | None], bool] | None = None
        self.counted = False  # the news waiting is a move under way
        self.moved_to: int | None = None  # the newest version moves alone brought since read
        self.whole = False  # news other than moves came since read

    def opened(self, read_here: Callable[[int | None], bool] | None = None) -> None:
        """The screen's first read is drawn: what it hears from now is a move to show, read
        by `read_here` in the notice's own turn of the loop when it can."""
        self.up = True
        self.read_here = read_here

    def away(self) -> None:
        """The phone came back, and its screen waits its turn to read again, as a first
        read does: that read shows what it heard meanwhile, which is no move under way."""
        self.up = False
        self.read_here = None
        self.moved_to, self.whole = None, False  # read whole
        if self.counted:
            self.counted = False
            self.moves.ended()

    def consider(self, version: int | None) -> None:
        """A notice, on the loop (after a tap's own answer): news unless the screen shows it."""
        known = self.shown_version()
        if self.heard and (version is None or known is None or version > known):
            if version is None:
                self.whole = True
            else:
                self.moved_to = max(version, self.moved_to or 0)
            if self._read_at_once():
                return
            if self.up and not self.counted:
                self.counted = True
                self.moves.begun()
            self.changed.set()

    def _read_at_once(self) -> bool:
        """Read the news here, in the notice's turn of the loop, if the screen is up, its
        phone is here and its task has no news waiting (`read_here` draws it too): a move
        among a restart's first screens waits for those of one turn, not of five (a wake of
        the task, of its wait, of the task again, and of the session's scheduler, each a
        turn). Drawn, it is a move under way until the next turn, when the phone's send loop
        sends it: opening screens read in that turn held it back there (issue 36)."""
        if not self.up or self.read_here is None or self.changed.is_set():
            return False
        if not self.read_here(None if self.whole else self.moved_to):
            return False
        self.moved_to, self.whole = None, False
        self.moves.begun()
        asyncio.get_running_loop().call_soon(self.moves.ended)
        return True

    async def shown(self, read: Callable[[int | None], None] | None) -> None:
        """The news read (None: not now) and drawn (the scheduler it woke runs first): read
        whole unless moves alone came since the last read."""
        self.changed.clear()
        counted, self.counted = self.counted, False  # news heard meanwhile counts anew
        moved_to = None if self.whole else self.moved_to
        try:
            if read is not None:
                self.moved_to, self.whole = None, False
                read(moved_to)
                await asyncio.sleep(0)
        finally:
            if counted:
                self.moves.ended()

    def stop(self) -> None:
        """The screen went: what it hears from now is not news, and what it had not read is
        no move under way."""
        self.heard = False
        self.away()


def moves_on(loop: asyncio.AbstractEventLoop) -> Moves:
    """The moves under way on this loop (each test has a loop of its own)."""
    moves = _moves.get(loop)
    if moves is None:
        moves = _moves[loop] = Moves()
    return moves


def tap_under_way() -> Callable[[], None]:
    """Count a phone's tap as a move under way until its answer is drawn (the next turn of
    the loop, after the scheduler it woke); what to call once it has been handled."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # not on a loop: nothing opens in turn here
        return lambda: None
    moves = moves_on(loop)
    moves.begun()

    def handled() -> None:
        loop.call_soon(moves.ended)

    return handled


_moves: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Moves] = weakref.WeakKeyDictionary()

#: The screens each loop shows live: while there are none, no table plays on this process.
_shown_live: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, int] = weakref.WeakKeyDictionary()

#: A loop's gates, one for pages that start and one for screens that read (a process's
#: phones share them; each test has a loop of its own). Apart, a restart's reads do not wait
#: behind every page still starting.
_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Semaphore]] = (
    weakref.WeakKeyDictionary()
)


async def in_turn(read: Callable[[], None], gate_of: str = "screens") -> None:
    """Read a screen that opens (or comes back), or start a page, and let the session draw
    it before more opening screens read, so a move made meanwhile waits for a first screen
    or two, not for all of them: after a restart every phone comes back at once, and 100
    first screens drawn in one turn of the loop held each move behind them for a second
    (issue 36). Each reads once no move is under way (`Moves`): a move takes several turns
    of the loop, and opening screens read in each held it at each."""
    gates = _gates.setdefault(asyncio.get_running_loop(), {})
    gate = gates.get(gate_of)
    if gate is None:
        gate = gates[gate_of] = asyncio.Semaphore(OPENING_AT_ONCE)
    async with gate:
        await moves_on(asyncio.get_running_loop()).awaited()
        read()
        # The session's scheduler was woken by the read's new state: it draws before this
        # task runs again; then the turns a tap needs to be counted (`FREE_TURNS`) pass
        # before the next screen reads.
        for _turn in range(1 + FREE_TURNS):
            await asyncio.sleep(0)


async def page_in_turn(start: Callable[[], None]) -> None:
    """Start a page, through a gate of its own while a table plays on this process: 300 tabs
    opened at once held a table's next moves for a second (an outsider's). With no game
    shown yet (a restart: every phone comes back at once), pages start at once: nobody's
    move waits, and gated they held the first screens back (8.7 s against 7.0 s, both cores
    busy)."""
    if _shown_live.get(asyncio.get_running_loop()):
        await in_turn(start, gate_of="pages")
    else:
        start()
