"""What bench/bench_load.py is told (its settings) and what it says: each round's line, and
Gadget's figures over its floor's from the same run (issue 36's targets)."""

from __future__ import annotations

import statistics
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# The card and two lines in bare Flet, by how a tap updates them (bench/floor_screens.py).
SCREENS = ("whole", "parts", "controls")
TARGET_P95 = 0.250  # s: an app "holds" this many tables while its p95 stays under it
# Rounds a rung, or restarts: each is a minute or more with both cores busy, so a count past
# this is a slip of the keyboard, not a day's run (an outsider's: none was refused)
MOST_ROUNDS = 50


@dataclass(frozen=True)
class Settings:
    """What a run measures, from its environment."""

    tables: tuple[int, ...] = (10, 50, 100, 200, 400)  # GADGET_BENCH_TABLES: the ladder
    cold: int = 100  # GADGET_BENCH_COLD: tables joining at once first; 0: none
    # GADGET_BENCH_INTERVAL: seconds between one table's actions, on average (a quick run,
    # which judges only that every figure is there, takes less)
    interval: float = 3.0
    busy: bool = False  # GADGET_BENCH_BUSY=1: both cores kept busy throughout
    # GADGET_BENCH_SCREENS: Gadget's screen in bare Flet, drawn these ways (bench/floor_screens.py)
    screens: tuple[str, ...] = SCREENS
    # GADGET_BENCH_ROUNDS: each rung played this many times by each app, the apps in turn
    # (the floor, then each other, again and again); each round is taken over the floor's of
    # its own turn and the median of those is the figure, so that a machine a little faster
    # for one app's round than the other's moves it less
    rounds: int = 1
    # GADGET_BENCH_RESTARTS: the cold round played this many times, each app's processes
    # started anew before each; its figure is the median of theirs (one cold round of the
    # same code read 1.07x to 8.6x of the steady state from run to run: its p95 follows how
    # long a restart's joins take, 2.9 to 12 s, and so how many moves come among them)
    restarts: int = 1


def read_settings(environ: Mapping[str, str]) -> Settings:
    """The run's settings, or the one line that says which one is wrong (SystemExit), before
    any server starts."""
    named, wanted = "GADGET_BENCH_TABLES", "counts of tables, commas between"
    try:
        tables = tuple(int(n) for n in environ.get(named, "10,50,100,200,400").split(","))
        named, wanted = "GADGET_BENCH_COLD", "a count of tables"
        cold = int(environ.get(named, "100"))
        named, wanted = "GADGET_BENCH_INTERVAL", "seconds"
        interval = float(environ.get(named, "3.0"))
        named, wanted = "GADGET_BENCH_SCREENS", f"some of {', '.join(SCREENS)}, commas between"
        listed = environ.get(named, ",".join(SCREENS))  # empty: none of them
        screens = tuple(listed.split(",")) if listed else ()
        if set(screens) - set(SCREENS):  # an empty name between commas too, as the tables'
            raise ValueError(named)
        named, wanted = "GADGET_BENCH_ROUNDS", f"a count of rounds, 1 to {MOST_ROUNDS}"
        rounds = int(environ.get(named, "1"))
        if not 1 <= rounds <= MOST_ROUNDS:
            raise ValueError(named)
        named, wanted = "GADGET_BENCH_RESTARTS", f"a count of restarts, 1 to {MOST_ROUNDS}"
        restarts = int(environ.get(named, "1"))
        if not 1 <= restarts <= MOST_ROUNDS:
            raise ValueError(named)
        if restarts > 1 and cold == 0:  # no cold round to play again: said, not ignored
            wanted = "restarts of no cold round (GADGET_BENCH_COLD=0): 1, or COLD above 0"
            raise ValueError(named)
    except ValueError:
        raise SystemExit(f"{named}={environ[named]!r}: {wanted}") from None
    if not tables or min(tables) < 1 or cold < 0 or not 0 <= interval < 3600:
        raise SystemExit(
            "GADGET_BENCH_TABLES: one or more counts of tables, each at least 1;"
            " GADGET_BENCH_COLD: 0 or more; GADGET_BENCH_INTERVAL: seconds, 0 or more"
        )
    busy = environ.get("GADGET_BENCH_BUSY") == "1"
    screens = tuple(dict.fromkeys(screens))
    return Settings(tables, cold, interval, busy, screens, rounds, restarts)


@dataclass
class Served:
    """One app on its two processes: A's phones on the first, B's on the second."""

    name: str
    workers: list[subprocess.Popen[bytes]]
    urls: list[str]
    rounds: list[dict[str, Any]] = field(default_factory=list)
    climbing: bool = True  # until a round of the ladder misses the target


def percentile(values: list[float], share: float) -> float:
    """The value under which `share` of them lie (nan for none: a round with no move)."""
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


#: A round's errors said under its line, the first of them: what went wrong, in any round.
ERRORS_SHOWN = 5


def shown(result: dict[str, Any], name: str) -> str:
    """A round's line, under HEADER's columns, and its first errors under it (a cold round's
    were counted and never said: its failures could not be told from the output)."""
    cpu = " ".join(f"{c:5.1f}" for c in result["cpu_ms"])
    cores = ", ".join(f"{c:.2f}" for c in result["cores"])
    kind = "cold" if result["cold"] else "warm"
    return (
        f"{name:>8} {kind:>4} {result['tables']:6} {2 * result['tables']:6} {result['actions']:7}"
        f" {result['p50'] * 1000:6.0f} {result['p95'] * 1000:6.0f} {len(result['errors']):6}"
        f" {result['transactions']:7.2f}  {cpu}  {result['mib_per_phone']:8.2f}"
        f" {result['join p95'] * 1000:7.0f}  {cores}"
    ) + "".join(f"\n    {error}" for error in result["errors"][:ERRORS_SHOWN])


HEADER = (
    f"{'app':>8} {'kind':>4} {'tables':>6} {'phones':>6} {'actions':>7} {'p50 ms':>6}"
    f" {'p95 ms':>6} {'errors':>6} {'tx/move':>7}  CPU ms a move: A, B, both  MiB/phone"
    " join p95  cores: A, B, database, load"
)


def capacity(served: Served) -> str:
    """The most tables of the ladder at which p95 stayed under the target with no error
    ("+": the ladder's top, never missed)."""
    held = 0
    for tables, rounds in _rungs(served).items():
        if any(result["errors"] or not result["p95"] < TARGET_P95 for result in rounds):
            return str(held)  # a rung is held only if each of its rounds held it
        held = tables
    return f"{held}+"


def _rungs(served: Served) -> dict[int, list[dict[str, Any]]]:
    """An app's warm rounds by their count of tables, the ladder's order."""
    rungs: dict[int, list[dict[str, Any]]] = {}
    for result in served.rounds:
        if not result["cold"]:
            rungs.setdefault(result["tables"], []).append(result)
    return rungs


def _cpu(rounds: list[dict[str, Any]]) -> float:
    """CPU ms a move, both processes: the median of the rounds'."""
    return float(statistics.median(r["cpu_ms"][2] for r in rounds))


def ratios(floor: Served, gadget: Served, settings: Settings) -> list[str]:
    """Gadget's figures over the floor's, from this run alone (issue 36's targets); a figure
    the run could not make is said to be missing, and why."""
    busy = " (both cores busy)" if settings.busy else " (idle)"
    lines = [f"Gadget over its floor, this run{busy}"]
    floors = _rungs(floor)
    both = {n: rounds for n, rounds in _rungs(gadget).items() if n in floors}
    for tables, mine in both.items():
        g, f = _cpu(mine), _cpu(floors[tables])
        ratio = f"{g / f:.2f}x" if f > 0 else "- (the floor's too small to count)"
        said = f"  CPU a move at {tables} tables: {g:.1f} ms against {f:.1f} ms: {ratio}"
        # Each round over the floor's of the same turn, a minute apart: the median of those
        # is the figure (the machine's drift between turns cancels in each pair).
        pairs = [
            r["cpu_ms"][2] / o["cpu_ms"][2]
            for r, o in zip(mine, floors[tables], strict=False)
            if o["cpu_ms"][2] > 0
        ]
        if len(mine) > 1 and pairs:
            each = ", ".join(f"{pair:.2f}x" for pair in pairs)
            said = (
                f"  CPU a move at {tables} tables: {statistics.median(pairs):.2f}x, the median"
                f" of {len(pairs)} rounds each over the floor's of its turn ({each});"
                f" medians {g:.1f} ms against {f:.1f} ms"
            )
        lines.append(f"{said} (target at most 2)")
    if not both:
        lines.append("  CPU a move: no round of both apps at the same tables")
    held = [capacity(floor), capacity(gadget)]
    floor_held = int(held[0].rstrip("+"))
    share = f"{int(held[1].rstrip('+')) / floor_held:.2f}" if floor_held else "-"
    lines.append(
        f"  tables with p95 under {TARGET_P95 * 1000:.0f} ms: {held[1]} against {held[0]}:"
        f" {share} (target at least 0.5)"
    )
    for served in (floor, gadget):
        cold = [r for r in served.rounds if r["cold"]]
        if not cold:
            continue
        p95 = statistics.median(r["p95"] for r in cold)
        warm = _rungs(served).get(settings.cold, [])
        said = f"  {served.name}: {settings.cold} tables joining at once: p95 {p95 * 1000:.0f} ms"
        if len(cold) > 1:  # each restart's beside the median
            each = ", ".join(f"{r['p95'] * 1000:.0f}" for r in cold)
            said += f" (the median of {len(cold)} restarts: {each} ms)"
        if warm:
            steady = statistics.median(r["p95"] for r in warm)
            said += (
                f" against {steady * 1000:.0f} ms warm: {p95 / steady:.2f}x (target at most 1.5)"
            )
        elif settings.cold in settings.tables:
            said += f"; no warm round at {settings.cold} to compare: it stopped climbing first"
        else:
            said += f"; no warm round at {settings.cold} to compare: not on the ladder"
        lines.append(f"{said}; each table's screens in {_joins(cold) * 1000:.0f} ms (p95)")
    colds = [[r for r in s.rounds if r["cold"]] for s in (floor, gadget)]
    if all(colds) and _joins(colds[0]) > 0:  # what the restart costs the phones coming back
        joins = [_joins(cold) for cold in colds]
        lines.append(
            f"  screens of {settings.cold} tables joining at once, p95: Gadget's"
            f" {joins[1] * 1000:.0f} ms against the floor's {joins[0] * 1000:.0f} ms:"
            f" {joins[1] / joins[0]:.2f}x (no target: the moves' line above is the issue's)"
        )
    return lines


def _joins(cold: list[dict[str, Any]]) -> float:
    """The wait for a table's screens in cold rounds: the median of their p95s."""
    return float(statistics.median(r["join p95"] for r in cold))


def over_the_floor(floor: Served, others: list[Served]) -> list[str]:
    """Each app's CPU a move over the text floor's, at each of the floor's rounds of this
    run: Gadget's screen in bare Flet drawn each way, then Gadget, so that what the shape of
    an update costs in Flet itself is told apart from what Gadget adds."""
    lines = [
        "CPU a move over the floor's, this run: Gadget's screen in bare Flet"
        " (bench/floor_screens.py), then Gadget"
    ]
    for tables, rounds in _rungs(floor).items():
        cpu = _cpu(rounds)
        said = []
        for served in others:
            mine = _rungs(served).get(tables)
            ratio = f"{_cpu(mine) / cpu:.2f}x" if mine and cpu > 0 else "-"
            said.append(f"{served.name} {ratio}")
        lines.append(f"  at {tables} tables: {', '.join(said)}")
    return lines
