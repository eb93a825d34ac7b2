"""Python's garbage collection paced for a server whose phones share one event loop: a full
collection scans every object of every phone's screen (a million at 400 tables, 1.3 s) and
every phone of the process waits it out."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import time
from typing import Final

STEP_SECONDS: Final = 5.0  # between collections of what survived since the last one
GROWTH: Final = 0.25  # how much the heap may grow before all of it is scanned again
SETTLED: Final = 0.1  # growth between two steps, in shares of `growth`: the heap is not growing
WHOLE_SECONDS: Final = 60.0  # at most one scan of the whole heap in this time
WHOLE_AT_LEAST_SECONDS: Final = 600.0  # and at least one, grown or not
FILL_SECONDS: Final = 60.0  # a restart's phones are back in this time: growth after it is new
# New objects, net of those freed, before Python scans the young ones on its own (its own
# pace: 700). A move leaves about 150 objects that outlive it on each process (the screen's
# new hooks, the kept records): at 700, a young scan came every few moves and took them in
# again before each step did; and as every old object freed counts against the 700, each
# scanned thousands (2-3 ms each, 3-4% of a process's CPU: docs/benchmarks.md). Here
# the step is the one scan in play, and a flood of garbage cycles still waits for no step;
# while a restart's phones come back, what a young scan leaves alive is set aside at once.
YOUNG: Final = 20_000


class SteadyCollector:
    """Each step collects only what is new since the last step and sets the survivors aside
    (`gc.freeze`), so a step's pause follows the phones that joined and the controls drawn
    in those seconds, not every phone of the process. What is set aside and then dies in a
    cycle (a phone's screen an hour after it left) waits for the whole heap's collection,
    which a step runs once the heap has grown by GROWTH since the last: Python's
    own rule for full collections, counted on what outlives a step. A move leaves nothing
    in cycles among what was set aside (`tests/test_move_cost.py`). The heap's size is
    Python's count of blocks in use, read in under a millisecond (`gc.get_freeze_count`
    walks every object set aside: 70 ms at 400 tables). Tables that join in a wave grow the
    heap by a quarter again and again in seconds: while it grows, the whole heap is scanned
    at most once in WHOLE_SECONDS, and once it has stopped growing (the joins are over), at
    the next step, while what they left is fresh (60 s after them, it held the moves of the
    next minute back, 0.2 s a process at 100 tables). The first growth after start-up is
    not scanned (`first_fill`), unless it still grows FILL_SECONDS on. Blocks are Python's
    small objects only: a cycle holding a large buffer barely grows their count, so the
    whole heap is scanned at least once in WHOLE_AT_LEAST_SECONDS whatever the count says."""

    def __init__(
        self,
        growth: float = GROWTH,
        whole_seconds: float = WHOLE_SECONDS,
        whole_at_least_seconds: float = WHOLE_AT_LEAST_SECONDS,
        fill_seconds: float = FILL_SECONDS,
    ) -> None:
        self.growth, self.whole_seconds = growth, whole_seconds
        self.whole_at_least_seconds, self.fill_seconds = whole_at_least_seconds, fill_seconds
        self.started = self.scanned_whole_when = time.monotonic()
        gc.freeze()  # what exists at start-up (modules, the app)
        _, second, _ = gc.get_threshold()
        gc.set_threshold(YOUNG, second, 1_000_000)  # never a full collection on its own
        self.scanned_whole_at = self.stepped_at = sys.getallocatedblocks()
        self.scanning = False  # a step's own collection: what it sets aside is its to say
        # The first growth after start-up is every phone coming back after a restart: what
        # it set aside is alive, and a scan of the whole heap, once it settled, found 154 and
        # 280 dead objects of 400,000 at 100 tables, and held every move back 0.2-0.3 s for
        # them. Its size is taken as scanned; what it left waits for the next scan. A heap
        # still growing FILL_SECONDS after start-up is new phones (a server started into
        # a stream of them was never scanned whole but every WHOLE_AT_LEAST_SECONDS).
        self.first_fill = True

    def step(self) -> bool:
        """Collect what is new, set the survivors aside; True when it scanned the whole heap."""
        blocks = sys.getallocatedblocks()
        grown = blocks > self.scanned_whole_at * (1 + self.growth)
        settled = blocks <= self.stepped_at * (1 + self.growth * SETTLED)
        now = time.monotonic()
        since = now - self.scanned_whole_when
        filled = grown and settled and self.first_fill
        if self.first_fill and not filled and now - self.started >= self.fill_seconds:
            self.first_fill = False  # not taken as scanned: scanned whole as any growth
        whole = (
            grown and not self.first_fill and (settled or since >= self.whole_seconds)
        ) or since >= self.whole_at_least_seconds
        self.scanning = True
        try:
            if whole:
                gc.unfreeze()
            gc.collect()
            gc.freeze()
        finally:
            self.scanning = False
        self.stepped_at = sys.getallocatedblocks()
        if filled:
            self.first_fill = False
        if whole or filled:
            self.scanned_whole_at = self.stepped_at
            self.scanned_whole_when = time.monotonic()
        return whole

    def young_set_aside(self, phase: str, info: dict[str, int]) -> None:
        """During the first fill, after a young collection Python runs between steps
        (`gc.callbacks`), set its survivors aside as a step does: the phones coming back
        after a restart are alive, and left to Python they were scanned again by the middle
        generation's collection and by the next step, 50-70 ms each, every move of the
        process waiting (issue 36). After it, they are left to Python: among them is what
        dies within seconds in cycles (a screen left for another), which the middle
        generation gives back; set aside, it waited for the next whole scan (an outsider's
        pages opened and left, docs/benchmarks.md)."""
        if phase == "stop" and info["generation"] < 2 and self.first_fill and not self.scanning:
            gc.freeze()

    async def run(self) -> None:
        """A step every STEP_SECONDS, for as long as the server runs."""
        while True:
            await asyncio.sleep(STEP_SECONDS)
            self.step()


class Pace:
    """The server's collector for as long as the server runs: started and stopped with it
    (ASGI start-up and shutdown hooks), and Python's own pace given back when it stops (an
    app started in a test left its process frozen, its task in a set for good)."""

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None
        self.threshold = gc.get_threshold()
        self.collector: SteadyCollector | None = None

    def start(self) -> None:
        """A collector's steps on the running loop."""
        self.threshold = gc.get_threshold()
        self.collector = SteadyCollector()
        gc.callbacks.append(self.collector.young_set_aside)
        self.task = asyncio.get_running_loop().create_task(self.collector.run())

    def stop(self) -> None:
        """No more steps; Python collects on its own again."""
        if self.task is not None:
            self.task.cancel()
        if self.collector is not None:
            with contextlib.suppress(ValueError):  # stopped twice
                gc.callbacks.remove(self.collector.young_set_aside)
            self.collector = None
        gc.unfreeze()
        gc.set_threshold(*self.threshold)
