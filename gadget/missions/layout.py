"""Where each city goes when the map is drawn: the world, with crowded Europe spread out."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from math import floor, hypot
from typing import Final

from gadget.missions.map import MissionMap

# Piecewise-linear stretches: (degrees, share of the drawing), degrees rising. Europe's band
# gets far more room than its degrees, so its eight cities stand apart; order along each
# axis is kept. North is at the top: latitude's share falls as its degrees rise.
_LONGITUDE: Final = ((-60.0, 0.0), (-15.0, 0.10), (45.0, 0.62), (160.0, 1.0))
_LATITUDE: Final = ((-40.0, 1.0), (25.0, 0.62), (36.0, 0.50), (60.0, 0.04), (70.0, 0.0))


def _stretch(value: float, knots: tuple[tuple[float, float], ...]) -> float:
    keys = [k[0] for k in knots]
    value = min(max(value, keys[0]), keys[-1])
    index = min(bisect_right(keys, value) - 1, len(keys) - 2)  # the clamp keeps it >= 0
    (d0, s0), (d1, s1) = knots[index], knots[index + 1]
    return s0 + (s1 - s0) * (value - d0) / (d1 - d0)


@lru_cache(maxsize=32)
def map_layout(
    mission_map: MissionMap, aspect: float = 0.5, gap: float = 0.09
) -> dict[str, tuple[float, float]]:
    """Each mission's place as (x, y), 0..1 from the left and from the top, worked out once
    per map (screens ask on every render; maps are frozen, so the answer cannot go stale).

    `aspect` is the drawing's height over its width; cities closer than `gap` (a share of
    the width) are pushed apart, a little at a time, so that names and T-M do not overlap.
    The caller must not change the returned dict (it is shared).
    """
    places = {
        m.id: (_stretch(m.lon, _LONGITUDE), _stretch(m.lat, _LATITUDE))
        for m in mission_map.missions
    }
    return _spread(places, aspect, gap)


def _close_pairs(
    ids: list[str], x: dict[str, float], y: dict[str, float], gap: float
) -> list[tuple[str, str]]:
    """Pairs that may be closer than `gap`: cities in the same or a neighbouring grid cell of
    side `gap`, in a fixed order, so a round costs about the number of cities, not its square."""
    cells: dict[tuple[int, int], list[int]] = {}
    for index, i in enumerate(ids):
        cells.setdefault((floor(x[i] / gap), floor(y[i] / gap)), []).append(index)
    pairs: set[tuple[int, int]] = set()
    for (cx, cy), members in cells.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for a in members:
                    for b in cells.get((cx + dx, cy + dy), ()):
                        if a < b:
                            pairs.add((a, b))
    return [(ids[a], ids[b]) for a, b in sorted(pairs)]


def _spread(
    places: dict[str, tuple[float, float]], aspect: float, gap: float, rounds: int = 300
) -> dict[str, tuple[float, float]]:
    """Push apart every pair closer than `gap`, in drawing proportions, deterministically."""
    ids = sorted(places)
    x = {i: places[i][0] for i in ids}
    y = {i: places[i][1] * aspect for i in ids}  # distances measured as drawn
    for _ in range(rounds):
        moved = False
        for a, b in _close_pairs(ids, x, y, gap):
            dx, dy = x[b] - x[a], y[b] - y[a]
            distance = hypot(dx, dy)
            if distance >= gap:
                continue
            moved = True
            ux, uy = (dx / distance, dy / distance) if distance > 1e-9 else (1.0, 0.0)
            push = (gap - distance) / 2 * 0.5
            x[a], y[a] = x[a] - ux * push, y[a] - uy * push
            x[b], y[b] = x[b] + ux * push, y[b] + uy * push
        for i in ids:
            x[i] = min(max(x[i], 0.02), 0.98)
            y[i] = min(max(y[i], 0.02 * aspect), 0.98 * aspect)
        if not moved:
            break
    return {i: (x[i], y[i] / aspect) for i in ids}
