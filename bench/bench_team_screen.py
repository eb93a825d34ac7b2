"""A team's screen with the largest map the app accepts (100 missions, 500 lines): the time
from opening its address to the screen being there, in-process with Flet's real Session.

Target (issue 8): under 100 ms. A 400-city map used to take 5.5 s a render, on the event loop
every phone shares; maps are now capped at 100 missions and the layout is worked out once a
map. `--quick`: two opens of each (tests/test_bench_quick.py runs it in `make test`).
Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.missions import MAX_LINES, MAX_MISSIONS, map_from_dict  # noqa: E402
from gadget.missions.layout import map_layout  # noqa: E402
from gadget.services.table import Table  # noqa: E402
from gadget.store import Store  # noqa: E402
from gadget.views.parts.mission_map import LABEL_H, LABEL_W, drawing_size  # noqa: E402
from tests.phones import Phone, device_of, new_device, serve  # noqa: E402


def content_width_on_test_phone() -> int:
    """The harness's phone is 360 wide: its content is 328 (16 of margin each side)."""
    return 328


RUNS = 15


def largest_map() -> dict[str, object]:
    """100 cities over the world and 500 lines, as crowded as a valid map can be."""
    chance = random.Random(8)
    missions = [
        {
            "id": f"m{i}",
            "name": f"City {i}",
            "turns": chance.randint(6, 11),
            "mistakes": chance.randint(0, 6),
            "lon": chance.uniform(-60, 160),
            "lat": chance.uniform(-40, 70),
        }
        for i in range(MAX_MISSIONS)
    ]
    for mission in missions:
        mission["mistakes"] = min(int(mission["mistakes"]), int(mission["turns"]))  # type: ignore[call-overload]
    lines = [{"a": f"m{i}", "b": f"m{i + 1}"} for i in range(MAX_MISSIONS - 1)]
    while len(lines) < MAX_LINES:
        a, b = chance.sample(range(MAX_MISSIONS), 2)
        lines.append({"a": f"m{a}", "b": f"m{b}"})
    return {"format": "mission-map/1", "name": "Largest", "start": "m0",
            "missions": missions, "lines": lines}  # fmt: skip


async def time_to_screen(route: str, storage: dict[str, object], marker: str) -> float:
    """Seconds from opening the address to the marker text on the page (polled each 1 ms)."""
    started = time.perf_counter()
    phone = Phone(route, storage=storage)
    opening = asyncio.create_task(phone.open())
    while not phone.says(marker):
        await asyncio.sleep(0.001)
    elapsed = time.perf_counter() - started
    await opening
    phone.close()
    return elapsed


async def measure(runs: int = RUNS) -> None:
    with tempfile.TemporaryDirectory() as folder:
        table = Table(Store(f"sqlite:///{folder}/gadget.db"))
        serve(table)
        device = new_device()
        team = table.store.add_team("Owls", ["Ann", "Ben"], phone=device_of(device).key)
        big = map_from_dict(largest_map())
        table.store.update_team(team.id, map_id=table.store.add_map(big))
        route = f"/teams/{team.id}"

        map_layout.cache_clear()
        cold = await time_to_screen(route, device, "Lines:")
        warm = [await time_to_screen(route, device, "Lines:") for _ in range(runs)]
        home = [await time_to_screen("/", device, "Join your partner") for _ in range(runs)]
        started = time.perf_counter()
        map_layout.cache_clear()
        width, height = drawing_size(content_width_on_test_phone(), len(big.missions))
        map_layout(big, height / width, (LABEL_W / width, LABEL_H / width))
        layout = time.perf_counter() - started

    print(f"largest map: {len(big.missions)} missions, {len(big.lines)} lines")
    print(f"team screen, first open (layout worked out): {cold * 1000:.0f} ms")
    print(f"team screen, median of {runs}: {statistics.median(warm) * 1000:.0f} ms"
          f" (max {max(warm) * 1000:.0f})")  # fmt: skip
    print(f"home screen, median of {runs} (for scale): {statistics.median(home) * 1000:.0f} ms")
    print(f"layout alone: {layout * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two opens of each")
    asyncio.run(measure(2 if parser.parse_args().quick else RUNS))


if __name__ == "__main__":
    main()
