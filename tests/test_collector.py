"""The server's garbage collection (`serve/collector.py`): a step scans only what is new, and
what was set aside and then died in a cycle is still given back once the heap has grown."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from gadget.engine import Player
from gadget.serve.collector import Pace, SteadyCollector
from gadget.services.table import Table
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of

A, B = Player.A, Player.B


class Node:
    """A thing that can sit in a cycle, and be watched through a weak reference."""

    def __init__(self, load: bytearray | None = None) -> None:
        self.other: Node | None = None
        self.load = load


class Buffer(bytearray):
    """A large buffer that can be watched through a weak reference."""


def cycle() -> weakref.ref[Node]:
    """Two objects that hold each other, and nothing else holds: only a collection frees them."""
    first, second = Node(), Node()
    first.other, second.other = second, first
    return weakref.ref(first)


def held_cycle() -> tuple[list[Node], weakref.ref[Node]]:
    """Two objects that hold each other, held by the list: cleared, only a collection frees
    them."""
    held = [Node()]
    held[0].other = Node()
    held[0].other.other = held[0]
    return held, weakref.ref(held[0])


@contextmanager
def pythons_pace_after() -> Iterator[None]:
    """A collector may run in this test's process: Python's own pace is given back after."""
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        _CAME.clear()
        gc.collect()


def grow_heap() -> list[list[int]]:
    """Objects enough to grow this process's heap past the collectors' share here."""
    return [[] for _ in range(int(sys.getallocatedblocks() * 0.1) + 1_000)]


#: What came at each collector's start-up, kept: the heap is not to shrink back under it.
_CAME: list[list[list[int]]] = []


def past_its_first_fill(collector: SteadyCollector) -> SteadyCollector:
    """The collector once the phones of its start-up have come (the heap grown, then
    settled), which it does not scan whole."""
    _CAME.append(grow_heap())
    assert not collector.step()  # growing
    assert not collector.step()  # settled: the first fill, taken as scanned
    return collector


@pytest.fixture
def collector() -> Iterator[SteadyCollector]:
    """A collector that scans the whole heap once it has grown by 5%, however soon."""
    with pythons_pace_after():
        yield past_its_first_fill(SteadyCollector(growth=0.05, whole_seconds=0.0))


def test_a_step_gives_back_a_cycle_that_died_since_the_last_step(
    collector: SteadyCollector,
) -> None:
    """What a move or a phone leaves in cycles is given back at the next step."""
    collector.step()
    watched = cycle()
    assert watched() is not None
    assert not collector.step()  # nothing grew: the step did not scan the whole heap
    assert watched() is None


def test_a_cycle_set_aside_is_given_back_once_the_heap_has_grown(
    collector: SteadyCollector,
) -> None:
    """A step does not scan what outlived the last one (its pause follows what is new, not
    every phone of the process); what was set aside and then died waits for the whole
    heap's collection, which comes once the heap has grown by the collector's share."""
    held, watched = held_cycle()
    collector.step()  # alive: set aside
    held.clear()  # now garbage in a cycle, among what was set aside
    assert not collector.step()
    assert watched() is not None  # the step did not look at it
    grown = grow_heap()
    assert collector.step()  # the heap has grown past its share: all of it is scanned
    assert watched() is None
    assert grown


def test_the_whole_heap_is_scanned_at_most_once_in_its_time_while_it_grows() -> None:
    """A hundred phones coming back at once grow the heap by a quarter again and again in
    seconds; a scan of the whole heap each time held every phone of the process back."""
    with pythons_pace_after():
        collector = past_its_first_fill(SteadyCollector(growth=0.05, whole_seconds=3600.0))
        grown = grow_heap()
        assert not collector.step()
        grown += grow_heap()
        assert not collector.step()
        assert grown


def test_once_the_heap_has_stopped_growing_it_is_scanned_whole_at_the_next_step() -> None:
    """Phones that joined (a wave of tables) grow the heap, then stop: it is
    scanned whole at the first step that finds it grown no more, not a minute after the
    last scan, when the tables' moves were under way (0.2 s a process at 100 tables, which
    the benchmark counted as moves'), and only once for that growth."""
    with pythons_pace_after():
        collector = past_its_first_fill(SteadyCollector(growth=0.05, whole_seconds=3600.0))
        held, watched = held_cycle()
        grown = grow_heap()
        assert not collector.step()  # still growing: what grew is set aside
        held.clear()  # garbage in a cycle, among what was set aside
        assert collector.step()  # grown no more since the last step: all of it scanned
        assert watched() is None
        assert not collector.step()  # and not again for the same growth
        assert grown


def test_the_phones_that_come_back_after_a_restart_are_not_scanned_whole() -> None:
    """The first growth after start-up is every phone coming back: alive. A scan of the whole
    heap once it settled found 154 and 280 dead objects of 400,000 at 100 tables, and held
    every move of the process 0.2-0.3 s for them. What the wave left dead waits for the next
    growth's scan, which comes as before."""
    with pythons_pace_after():
        collector = SteadyCollector(growth=0.05, whole_seconds=3600.0)
        held, watched = held_cycle()
        came_back = grow_heap()
        assert not collector.step()  # still coming: what came is set aside
        held.clear()  # garbage in a cycle, among what was set aside
        assert not collector.step()  # settled: the first fill is not scanned
        assert watched() is not None
        assert not collector.step()
        came_later = grow_heap()  # a wave of tables later on
        assert not collector.step()
        assert collector.step()  # settled again: the whole heap is scanned
        assert watched() is None
        assert came_back and came_later


def test_a_cycle_holding_a_large_buffer_is_given_back_in_time() -> None:
    """Python counts its small objects' blocks, not a large buffer's bytes: 400 cycles of
    1 MiB each, set aside and then dead, grew the heap's count by 0.2% and were never given
    back (an outsider's run: 400 MiB held). The whole heap is scanned in time anyway."""
    with pythons_pace_after():
        collector = SteadyCollector(growth=0.25, whole_seconds=0.0, whole_at_least_seconds=0.0)
        held = [Node(Buffer(1 << 20))]
        held[0].other = Node()
        held[0].other.other = held[0]
        watched = weakref.ref(held[0])
        collector.step()  # alive: set aside
        held.clear()  # the heap barely smaller, in blocks
        assert collector.step()
        assert watched() is None


def test_a_stopped_pace_gives_python_its_own_back() -> None:
    """An app started and stopped (a test's, a worker's) leaves nothing frozen, Python's
    thresholds as they were, and no step running."""
    threshold = gc.get_threshold()

    async def serve_a_while() -> Pace:
        pace = Pace()
        pace.start()
        await asyncio.sleep(0)
        assert gc.get_threshold() != threshold  # paced: no full collection on its own
        pace.stop()
        await asyncio.sleep(0)
        return pace

    with pythons_pace_after():
        pace = asyncio.run(serve_a_while())
        assert pace.task is not None and pace.task.done()
        assert gc.get_threshold() == threshold
        assert gc.get_freeze_count() == 0
        assert not any(
            isinstance(getattr(call, "__self__", None), SteadyCollector) for call in gc.callbacks
        )


def test_what_outlives_a_young_collection_is_set_aside_as_at_a_step() -> None:
    """A restart's joins outlive many young collections before a step: what each left alive
    waited in the middle generation, was scanned again by that generation's collection and
    by the step, 50-70 ms each at 100 tables, every move of the process held (issue 36). It
    is set aside at once; a cycle already dead is still given back, by the young
    collection itself."""

    async def serve_a_while() -> tuple[list[Node], weakref.ref[Node], int, int]:
        pace = Pace()
        pace.start()
        try:
            set_aside = gc.get_freeze_count()
            alive, dead = [Node() for _ in range(1_000)], cycle()
            gc.collect(0)  # what Python runs on its own between steps
            waiting = sum(1 for held in gc.get_objects(generation=1) if isinstance(held, Node))
            return alive, dead, waiting, gc.get_freeze_count() - set_aside
        finally:
            pace.stop()

    with pythons_pace_after():
        alive, dead, waiting, set_aside = asyncio.run(serve_a_while())
        assert dead() is None
        assert waiting == 0
        assert set_aside >= len(alive)


def test_a_steps_own_collection_is_not_set_aside_by_the_young_rule() -> None:
    """The whole heap's scan unfreezes all of it first: a young collection Python ran in
    that moment must not set it all aside again before it is scanned."""
    with pythons_pace_after():
        collector = SteadyCollector(growth=0.05, whole_seconds=0.0, whole_at_least_seconds=0.0)
        held, watched = held_cycle()
        collector.step()  # alive: set aside
        held.clear()  # garbage in a cycle, among what was set aside
        gc.callbacks.append(collector.young_set_aside)
        real_collect = gc.collect

        def young_first(generation: int = 2) -> int:
            real_collect(0)  # as if an allocation had started one
            return real_collect(generation)

        try:
            gc.collect = young_first
            assert collector.first_fill  # where the young rule sets aside
            assert collector.step()
        finally:
            gc.collect = real_collect
            gc.callbacks.remove(collector.young_set_aside)
        assert watched() is None


def test_after_the_first_fill_a_young_collection_leaves_its_survivors_to_python(
    collector: SteadyCollector,
) -> None:
    """Phones that open a screen and leave it for another make cycles that die within
    seconds, and Python's middle generation gives them back; set aside at every young
    collection, they waited for the next whole scan (an outsider's pages opened and left).
    The rule is the first fill's: a restart's phones, alive."""
    gc.callbacks.append(collector.young_set_aside)
    try:
        alive = [Node() for _ in range(1_000)]
        gc.collect(0)
        waiting = sum(1 for held in gc.get_objects(generation=1) if isinstance(held, Node))
    finally:
        gc.callbacks.remove(collector.young_set_aside)
    assert waiting == len(alive)


def test_a_heap_still_growing_after_the_fill_time_is_scanned_whole_as_it_grows() -> None:
    """A server started into a stream of new phones never found its first fill settled: it
    was never scanned whole but every ten minutes, what the phones left dead held all the
    while. Past the fill's time, the growth is new phones, scanned as any growth."""
    with pythons_pace_after():
        collector = SteadyCollector(growth=0.05, whole_seconds=0.0, fill_seconds=0.0)
        held, watched = held_cycle()
        collector.step()  # alive: set aside
        held.clear()  # garbage in a cycle, among what was set aside
        grown = grow_heap()
        assert collector.step()  # still growing, past the fill's time: scanned whole
        assert watched() is None
        assert not collector.first_fill
        grown += grow_heap()
        assert collector.step()  # and again as it grows
        assert grown


@at_the_table
async def test_moves_played_under_the_pace_leave_their_survivors_to_its_step(
    table: Table,
) -> None:
    """What a move leaves alive (its screens' new hooks, the kept records) waits for the
    collector's step, which scans it once: at Python's own pace, a young collection came
    every few moves and scanned it first, thousands of objects each time."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    greens = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    scans: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            scans.append(info["generation"])

    with pythons_pace_after():
        SteadyCollector()
        gc.collect()
        gc.callbacks.append(seen)
        try:
            for green in greens[:8]:
                await phone_a.tap_cell(*seat_of(A, green))
                await phone_b.settle()
                await phone_a.settle()
        finally:
            gc.callbacks.remove(seen)
    assert phone_b.cell(*seat_of(B, greens[7])).label.count("agent found") == 1
    assert scans == []
