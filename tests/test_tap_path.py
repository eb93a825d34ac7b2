"""A tap from phone A to phone B's screen, traced (issue 35): the chain of files it runs
through is the one docs/architecture.md lists, 15 with the screens' own; the services and the
store add no detour; and no call goes back up a layer (the store calling a service)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

from gadget.engine import Player
from gadget.services.table import Table
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of

A, B = Player.A, Player.B
GADGET = Path(__file__).resolve().parents[1] / "gadget"
LAYERS = ("views", "services", "language", "store", "missions", "engine")  # top to bottom
# The chain of calls from A's handler to B's screen, as docs/architecture.md lists it.
CHAIN = {
    "views/served/seated_game.py",  # A's handler; B's screen, drawn again
    "views/parts/shared.py",  # the guard that says a refusal on A's phone
    "services/table.py",
    "services/turn_timer.py",  # the timer's stretch, after the move
    "store/repository.py",
    "store/unit.py",
    "services/games.py",
    "engine/rules.py",
    "services/phone_game.py",
    "services/side_seen.py",
    "services/move_news.py",  # the news of the move its notice carries
    "services/kept_games.py",  # the records the move leaves, B's screen's source
    "services/hub.py",
    "views/served/live.py",  # B's loop, woken
    "views/parts/keycard.py",  # B's card
}
# What the chain carries is made and read by the values' own modules: the engine's, the
# store's records and timers (the SQLite connection's set-up is the database's), and the
# words B's screen says (services/words.py).
CARRIED = {"store/records.py", "store/timers.py", "store/database.py", "services/words.py"}
# The unit's hot rows on SQLite, through the ORM (on PostgreSQL, store/driver.py).
ROWS = {"store/orm_rows.py"}


def _layer(relative: str) -> int:
    return LAYERS.index(relative.split("/", maxsplit=1)[0].removesuffix(".py"))


class Trace:
    """Every call from one file of gadget into another, on every thread."""

    def __init__(self) -> None:
        self.calls: set[tuple[str, str]] = set()
        self.files: set[str] = set()

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        callee = self._relative(frame.f_code.co_filename)
        if callee is None:
            return
        self.files.add(callee)
        caller = frame.f_back
        while caller is not None and self._relative(caller.f_code.co_filename) is None:
            caller = caller.f_back  # through Flet, SQLAlchemy, asyncio: whoever of gadget
        if caller is not None:
            self.calls.add((str(self._relative(caller.f_code.co_filename)), callee))

    @staticmethod
    def _relative(filename: str) -> str | None:
        path = Path(filename)
        if not path.is_relative_to(GADGET) or path.parts[-2] == "site":
            return None
        return str(path.relative_to(GADGET))


@at_the_table
async def test_a_tap_runs_through_the_listed_files_and_never_calls_back_up(table: Table) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    await phone_a.settle()
    green = card_of(table, code).a.index("G")
    trace = Trace()
    sys.setprofile(trace)
    threading.setprofile(trace)
    try:
        await phone_a.tap_cell(*seat_of(A, green))  # B touched a green: A's phone records it
        await phone_b.settle()
        await phone_a.settle()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    assert phone_b.says("You found an agent.")
    # Calls into a screen are left out: the hub wakes the phones' loops that the screens
    # registered with it (and Flet calls the handlers), which is how a screen is told.
    upward = {
        (caller, callee)
        for caller, callee in trace.calls
        if _layer(callee) < _layer(caller) and not callee.startswith("views/")
    }
    # The one call up: a refusal or an event said in the phone's words, which the screen
    # hands the engine as a value (`say(message, words)`: the engine's Words protocol).
    assert upward <= {("engine/errors.py", "language.py")}, upward
    middle = {f for f in trace.files if f.startswith(("services/", "store/"))}
    known = CHAIN | CARRIED | ROWS
    assert middle <= known, middle - known  # no detour through another
    assert trace.files >= CHAIN, CHAIN - trace.files  # the chain is the one the tap takes
