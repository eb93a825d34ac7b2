"""Paper speed: a mission map PDF (target under 0.5 s), a 100-game booklet pair (under 3 s).

`--quick`: one run of each (tests/test_bench_quick.py runs it in `make test`)."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from gadget.missions import default_map
from gadget.services.printing.booklets import print_booklets
from gadget.services.printing.keycards import print_keycards
from gadget.services.printing.map_pdf import print_map


def seconds(make: Callable[[], bytes], runs: int = 5) -> tuple[float, int]:
    """Median seconds of several runs, and the PDF's size."""
    times, size = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        size = len(make())
        times.append(time.perf_counter() - started)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run of each")
    runs = 1 if parser.parse_args().quick else 5
    shipped = default_map()
    results = {}
    for name, make in (
        ("mission map (target < 0.5 s)", lambda: print_map(shipped, team="Owls")),
        ("100-game booklet pair, 202 pages (target < 3 s)", lambda: print_booklets(1, 100)),
        ("100 key cards, 17 pages", lambda: print_keycards(1, 100)),
    ):
        took, size = seconds(make, runs)
        results[name] = {"seconds": round(took, 3), "kib": round(size / 1024)}
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
