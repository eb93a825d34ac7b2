"""PDFs are made in the server's worker process (services/worker.py): reportlab holds the
interpreter for seconds on a large print, and the event loop that every phone shares must
not wait for it."""

from __future__ import annotations

from collections.abc import Callable

from gadget.services.printing.paper import PrintError
from gadget.services.worker import WorkerError, in_worker


async def off_the_loop(job: Callable[..., bytes], *args: object) -> bytes:
    """The bytes a module-level PDF function makes, made in the worker while the loop runs on.

    A refusal (PrintError) comes back as itself; a worker that died is one clear line too.
    """
    try:
        return await in_worker(job, *args)
    except WorkerError:
        raise PrintError("the printing worker stopped; try again") from None
