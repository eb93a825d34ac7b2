"""Each server process numbers its controls from a place of its own. Flet numbers them from 3
in every process, so a phone coming back to a restarted process (or to another process of
the same server) still held a storage service under the very id the new page gave its own,
and its browser answered none of the new one's questions (Flet's client keeps its services
by id): the phone stayed on its first screen for good."""

from __future__ import annotations

import itertools
import secrets
from typing import Final

from flet.controls import id_counter

#: Never given here: Flet numbering from 3 gives these first (a phone's from before).
FIRST: Final = 1024
#: Where a process's ids may start past FIRST: under 2**31 in all, five bytes in a message,
#: as a server's ids reach anyway after a few thousand controls.
SPREAD: Final = 2**30


def number_apart() -> int:
    """Start this process's control ids at a random place (once, before any page); the
    place."""
    start = FIRST + secrets.randbelow(SPREAD)
    id_counter.ControlId._counter = itertools.count(start)
    return start
