"""The floor for many tables: a bare Flet app served as Gadget is (Flet's ASGI app under
uvicorn, two processes, one PostgreSQL database), in which a tap on one phone changes a
`Text` on the other phone of its table, on the other process, through the mechanism
Gadget's notices use: the tap's transaction writes one row and sends a NOTIFY, and the other
process, LISTENing, reads the row again. No app of this shape moves a table for less, so
Gadget's cost a move over this one's, in one run, is what Gadget and its screen add; the same
screen in bare Flet (bench/floor_screens.py, served by this app too) tells the two apart.

Run by bench/bench_load.py: `python bench/floor_load_app.py PORT [SCREEN]` with
GADGET_DATABASE_URL; SCREEN is `text` (this floor) or one of bench/floor_screens.py's.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
import threading
import weakref
from typing import Any

import flet as ft
import flet_web.fastapi  # type: ignore[import-untyped]
import psycopg
import uvicorn
from fastapi.responses import JSONResponse
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import floor_screens

# Its port, and what a tap changes: a text (the floor), or the card and two lines drawn one of
# three ways; told wrong, one line before the database is touched.
USAGE = f"usage: floor_load_app.py PORT [text|{'|'.join(floor_screens.SCREENS)}]"
if not 2 <= len(sys.argv) <= 3 or not sys.argv[1].isdecimal() or not sys.argv[1].isascii():
    raise SystemExit(USAGE)
PORT, SCREEN = int(sys.argv[1]), (sys.argv[2] if len(sys.argv) > 2 else "text")
if SCREEN not in ("text", *floor_screens.SCREENS):
    raise SystemExit(f"{SCREEN!r}: not a screen; {USAGE}")
if "GADGET_DATABASE_URL" not in os.environ:
    raise SystemExit("GADGET_DATABASE_URL: the database both processes share, as a URL")
DATABASE = os.environ["GADGET_DATABASE_URL"]
ORIGIN = f"floor{os.getpid()}"
CHANNEL = "gadget_floor"  # not Gadget's: its workers share the database in the same run
engine = create_engine(DATABASE, pool_size=5, max_overflow=10)
try:
    with engine.begin() as made:
        made.execute(text("CREATE TABLE IF NOT EXISTS floor_taps (id int PRIMARY KEY, taps int)"))
except IntegrityError:
    pass  # the other process, starting at the same instant, made it

READ = text("SELECT taps FROM floor_taps WHERE id = :id")

# Each table's screens on this process: told of the other process's taps on the loop.
watchers: dict[int, weakref.WeakSet[Any]] = {}
watchers_lock = threading.Lock()
running: list[asyncio.AbstractEventLoop] = []  # the server's loop, once a phone came


def read_taps(table: int) -> int:
    """One transaction: the table's count as it is now."""
    with engine.begin() as connection:
        return int(connection.execute(READ, {"id": table}).scalar_one_or_none() or 0)


def tapped(table: int) -> int:
    """One transaction: the table's count one more, and the notice to the other process."""
    with engine.begin() as connection:
        taps = connection.execute(
            text("UPDATE floor_taps SET taps = taps + 1 WHERE id = :id RETURNING taps"),
            {"id": table},
        ).scalar_one()
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{ORIGIN}:{table}"},
        )
    return int(taps)


def watch(table: int, screen: Any) -> None:
    """The screen's `reread` is called on the loop at each of the other process's taps."""
    with watchers_lock:
        watchers.setdefault(table, weakref.WeakSet()).add(screen)


def listen(stopping: threading.Event) -> None:
    """LISTEN on a connection of its own, as Gadget's notices do: each notice from the other
    process has each screen of that table read again, on the loop."""
    dsn = make_url(DATABASE).set(drivername="postgresql").render_as_string(False)
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        while not stopping.is_set():
            for notice in connection.notifies(timeout=0.5):
                origin, _, table = notice.payload.partition(":")
                if origin == ORIGIN or not running:
                    continue
                with watchers_lock:
                    screens = list(watchers.get(int(table), ()))
                for screen in screens:
                    running[0].call_soon_threadsafe(screen.reread)


class Screen:
    """One phone: a button and a line of text."""

    def __init__(self, page: ft.Page, table: int) -> None:
        self.page = page
        self.table = table
        self.shown = ft.Text("")
        self.show(read_taps(table))

    def show(self, taps: int) -> None:
        self.shown.value = f"{taps} taps"

    def reread(self) -> None:
        self.show(read_taps(self.table))
        self.shown.update()

    def tap(self, _event: object) -> None:
        self.show(tapped(self.table))
        self.shown.update()


def main(page: ft.Page) -> None:
    """A phone opens its table (`/game/N`): its row is made if it is the first."""
    running[:] = [asyncio.get_running_loop()]
    table = int(page.route.rsplit("/", 1)[-1] or 0)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO floor_taps VALUES (:id, 0) ON CONFLICT DO NOTHING"), {"id": table}
        )
    if SCREEN != "text":  # the card and two lines (bench/floor_screens.py)
        page.data = floor_screens.draw(
            page,
            SCREEN,
            floor_screens.Doings(
                functools.partial(read_taps, table),
                functools.partial(tapped, table),
                functools.partial(watch, table),
            ),
        )
        return
    screen = Screen(page, table)
    watch(table, screen)
    page.data = screen  # held while the page lives
    page.add(ft.Button("Tap", on_click=screen.tap), screen.shown)


def app() -> Any:
    """The health check Gadget's has, then the Flet app at every other path."""
    stopping = threading.Event()
    listener = threading.Thread(target=listen, args=(stopping,), daemon=True)
    site = flet_web.fastapi.FastAPI(
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        on_startup=[listener.start],
        on_shutdown=[stopping.set],
    )
    site.add_api_route("/healthz", lambda: JSONResponse({"ok": True}))
    site.mount("/", flet_web.fastapi.app(main, no_cdn=True))
    return site


if __name__ == "__main__":
    uvicorn.run(
        app(),
        host="127.0.0.1",
        port=PORT,
        ws="websockets-sansio",  # as Gadget and Flet serve
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
