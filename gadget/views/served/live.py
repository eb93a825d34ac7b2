"""A screen that follows what it shows live: a Duet game or a classic card, read again in a
task of its own whenever the table's hub says it changed, on whichever phone it changed."""

from __future__ import annotations

import asyncio
import traceback
import weakref
from collections.abc import Callable

import flet as ft

from gadget.services.hub import Subject
from gadget.views.parts.asking import reconnection
from gadget.views.parts.boundary import TROUBLE
from gadget.views.parts.hooks import use_stable, use_task
from gadget.views.served.table_context import use_table


def use_live(
    subject: Subject, reread: Callable[[], None], shown_version: Callable[[], int | None]
) -> None:
    """Read the game (or card) when the screen opens, and again whenever the table says it
    changed, on whichever phone it changed (in this task: never in a render), unless the
    screen already shows the version the change made (the phone that moved was handed it
    with its answer).

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

    def read() -> None:
        try:
            reread()
        except Exception:
            if trouble is None:
                raise
            what = f"game {subject}" if isinstance(subject, int) else f"classic card {subject}"
            trouble.report(f"reading {what} for a phone:\n{traceback.format_exc()}")

    async def follow() -> None:
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()

        def consider(version: int | None) -> None:  # on the loop: after the tap's own answer
            known = shown_version()
            if version is None or known is None or version > known:
                changed.set()

        def notify(version: int | None) -> None:  # called on whichever thread made the change
            loop.call_soon_threadsafe(consider, version)

        stop_watching = table.hub.watch(subject, notify)
        back = asyncio.ensure_future(reconnection(session))
        news = asyncio.ensure_future(changed.wait())
        shown = False
        try:
            await in_turn(read)  # the first read, here and not in a render
            _shown_live[loop] = _shown_live.get(loop, 0) + 1
            shown = True
            while True:
                done, _ = await asyncio.wait({back, news}, return_when=asyncio.FIRST_COMPLETED)
                if news in done:
                    changed.clear()
                    news = asyncio.ensure_future(changed.wait())
                    # A phone away is read for when it comes back, not at every move.
                    if back not in done and session.connection is not None:
                        read()
                if back in done:
                    back = asyncio.ensure_future(reconnection(session))
                    await in_turn(read)
                    redraw(None)
        finally:  # the screen went, or its session was closed
            if shown:
                _shown_live[loop] -= 1
            back.cancel()
            news.cancel()
            stop_watching()

    use_task(follow, [subject])


#: Screens that may open in one turn of the loop. Measured with 100 tables joining at once
#: (docs/benchmarks.md): one at a time, the moves meanwhile had a p95 of 101-140 ms idle and
#: 412 ms with both cores busy, but the last screens waited 10 s busy (5 s before the gate);
#: two at a time, 176 and 470 ms, and 3.1 and 7.0 s; all at once, 591 and 1,884 ms.
OPENING_AT_ONCE = 2

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
    (issue 36)."""
    gates = _gates.setdefault(asyncio.get_running_loop(), {})
    gate = gates.get(gate_of)
    if gate is None:
        gate = gates[gate_of] = asyncio.Semaphore(OPENING_AT_ONCE)
    async with gate:
        read()
        # The session's scheduler was woken by the read's new state: it draws before this
        # task runs again, and the loop looks at its sockets before the next screens read.
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
