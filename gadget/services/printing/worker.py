"""PDFs are made in a worker process: reportlab holds the interpreter for seconds on a large
print, and the event loop that every phone shares must not wait for it."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from gadget.services.printing.paper import PrintError

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    """One worker, started on first use ("spawn": forking a threaded server is unsafe).

    One at a time: on two cores the other core stays with the phones; a second print waits.
    """
    global _pool  # noqa: PLW0603  (one pool per server process, made when first needed)
    with _lock:
        if _pool is None:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
        return _pool


async def off_the_loop(job: Callable[..., bytes], *args: object) -> bytes:
    """The bytes a module-level PDF function makes, made in the worker while the loop runs on.

    A refusal (PrintError) comes back as itself; a worker that died is one clear line too.
    """
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_executor(), job, *args)
    except BrokenProcessPool:
        global _pool  # noqa: PLW0603
        with _lock:
            _pool = None
        raise PrintError("the printing worker stopped; try again") from None
