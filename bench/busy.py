"""A fixed, bounded CPU load the benchmarks start and stop themselves: the busy machine
players met (load about 5 on two cores), made the same in every run.

`busy_cores(2)` starts two processes that each spin `duty` of every 10 ms and sleep the rest,
and stop by themselves after `limit` seconds even if the benchmark dies, so no run leaves a
spinner behind.

`python bench/busy.py -- make test` runs a command with both cores kept busy the same way
(the whole suite must pass so: a phone is a busy machine), and exits with its status.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

PERIOD = 0.010  # s: one spin and one rest
SPINNER = """
import sys, time
duty, period, limit = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
end = time.monotonic() + limit
while (now := time.monotonic()) < end:
    spin_until = now + duty * period
    while time.monotonic() < spin_until:
        pass
    if duty < 1:
        time.sleep((1 - duty) * period)
"""


@contextmanager
def busy_cores(count: int = 2, duty: float = 1.0, limit: float = 900) -> Iterator[None]:
    """`count` processes, each using `duty` of a core, for at most `limit` seconds."""
    assert 0 < duty <= 1 and limit > 0
    spinners = [
        subprocess.Popen([sys.executable, "-c", SPINNER, str(duty), str(PERIOD), str(limit)])
        for _ in range(count)
    ]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description="Run a command with both cores kept busy.")
    parser.add_argument("--limit", type=float, default=3 * 3600, help="seconds at most")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- and the command")
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("name a command after --")
    with busy_cores(2, limit=options.limit):
        return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main())
