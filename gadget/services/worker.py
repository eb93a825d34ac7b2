"""Heavy work runs in a worker process, never on the event loop that every phone of a server
process shares: a team's backup read and written, a long history read, a map file checked, a PDF.

A thread would not do: Python runs one thread at a time, and the loop would wait for the
interpreter behind it (measured in docs/benchmarks.md). The worker opens the database itself,
from its address; a refusal made there (a GadgetError) comes back whole, in the player's
language, and a worker that died is one clear line.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final, TypeVar

from gadget.engine.errors import GadgetError
from gadget.services.backup import export_team, import_team
from gadget.services.history import History, load_history
from gadget.store import Store, Team

Result = TypeVar("Result")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


class WorkerError(GadgetError):
    """The worker process stopped (killed, out of memory) before the work was done."""


def _executor() -> ProcessPoolExecutor:
    """One worker, started on first use ("spawn": forking a threaded server is unsafe).

    One at a time: on two cores the other core stays with the phones; a second job waits.
    """
    global _pool  # noqa: PLW0603  (one pool per server process, made when first needed)
    with _lock:
        if _pool is None:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=context,
                initializer=leave_with,
                initargs=(os.getpid(),),
            )
        return _pool


async def in_worker(job: Callable[..., Result], *args: object) -> Result:
    """What a module-level function returns, worked out in the worker while the loop runs on."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_executor(), job, *args)
    except BrokenProcessPool:
        global _pool  # noqa: PLW0603
        with _lock:
            _pool = None
        raise WorkerError("the server's worker stopped; try again") from None


async def on_store(store: Store, job: Callable[..., Result], *args: object) -> Result:
    """A job on the database, in the worker (which opens the same database by its address);
    a database only this process can see (SQLite in memory, in tests) is read in a thread."""
    if ":memory:" in store.url or store.url.rstrip("/") == "sqlite:":
        return await asyncio.to_thread(job, store, *args)
    return await in_worker(_with_store, store.url, job, *args)


# --- In the worker ------------------------------------------------------------------------

PARENT_CHECK = 1.0  # s between looks at the server process


def leave_with(server: int) -> None:
    """Stop when the server process is gone: one killed (SIGKILL, out of memory, a plain
    SIGTERM with no shutdown) left its worker behind for good, one more at every restart.
    A server's own processes under `--workers` leave with their supervisor the same way."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="leave with the server", daemon=True).start()


_stores: OrderedDict[str, Store] = OrderedDict()  # the worker's databases, the newest last
KEPT_STORES = 4


def _with_store(url: str, job: Callable[..., Result], *args: object) -> Result:
    """Run a job on the worker's own store for this address (opened once, then kept)."""
    store = _stores.pop(url, None) or Store(url)
    _stores[url] = store
    while len(_stores) > KEPT_STORES:
        _stores.popitem(last=False)[1].close()
    return job(store, *args)


def import_backup(store: Store, text: str, phone: str | None) -> Team:
    """A team from a backup's text, checked whole and written in one transaction."""
    return import_team(store, text, phone=phone)


def export_backup(store: Store, team_id: int) -> bytes:
    """A team's backup file: the team, its map, every attempt with its log."""
    exported = export_team(store, store.team_by_id(team_id))
    return json.dumps(exported, indent=1, ensure_ascii=False).encode("utf-8")


READ_AT_ONCE: Final = 200  # attempts: a history this short is read in 20 ms, in place


async def team_history(store: Store, team: Team) -> History:
    """A team's history for its screen: a short one read at once, a long one (each attempt's
    log is parsed, 0.1 ms apiece) in the worker."""
    if store.count_attempts(team.id) <= READ_AT_ONCE:
        return load_history(store, team)
    return await on_store(store, history_to_show, team)


def history_to_show(store: Store, team: Team) -> History:
    """A team's history as its screen shows it: each attempt without its log (never shown,
    and most of what would be sent back), with the charts."""
    history = load_history(store, team)
    attempts = tuple(dataclasses.replace(a, log=None) for a in history.attempts)
    return dataclasses.replace(history, attempts=attempts)
