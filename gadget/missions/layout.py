"""Where each city goes when the map is drawn: the world, with crowded Europe spread out."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from math import floor
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
    mission_map: MissionMap, aspect: float = 0.5, box: tuple[float, float] = (0.09, 0.05)
) -> dict[str, tuple[float, float]]:
    """Each mission's place as (x, y), 0..1 from the left and from the top, worked out once
    per map and drawing shape (screens ask on every render; maps are frozen, so the answer
    cannot go stale).

    `aspect` is the drawing's height over its width; `box` is the width and height of a
    city's label, as shares of the drawing's width. Overlapping labels are pushed apart, a
    little at a time, so that no name or T-M lies on another; each place is its label's
    centre, kept so that the whole label stays inside the drawing.
    The caller must not change the returned dict (it is shared).
    """
    places = {
        m.id: (_stretch(m.lon, _LONGITUDE), _stretch(m.lat, _LATITUDE))
        for m in mission_map.missions
    }
    return _spread(places, aspect, box)


def _close_pairs(
    ids: list[str], x: dict[str, float], y: dict[str, float], box: tuple[float, float]
) -> list[tuple[str, str]]:
    """Pairs whose labels may overlap: in the same or a neighbouring grid cell of a label's
    size, in a fixed order, so a round costs about the number of cities, not its square."""
    width, height = box
    cells: dict[tuple[int, int], list[int]] = {}
    for index, i in enumerate(ids):
        cells.setdefault((floor(x[i] / width), floor(y[i] / height)), []).append(index)
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
    places: dict[str, tuple[float, float]],
    aspect: float,
    box: tuple[float, float],
    rounds: int = 400,
) -> dict[str, tuple[float, float]]:
    """Push apart every two overlapping labels, in drawing proportions, deterministically:
    along the axis where they overlap least (the shortest way out), each by a part of it."""
    width, height = box
    ids = sorted(places)
    x = {i: places[i][0] for i in ids}
    y = {i: places[i][1] * aspect for i in ids}  # distances measured as drawn
    for _ in range(rounds):
        moved = False
        for a, b in _close_pairs(ids, x, y, box):
            dx, dy = x[b] - x[a], y[b] - y[a]
            across, down = width - abs(dx), height - abs(dy)
            if across <= 0 or down <= 0:
                continue
            moved = True
            if across / width <= down / height:
                push = across * 0.3 + 1e-6
                sign = -1.0 if dx < 0 else 1.0
                x[a], x[b] = x[a] - sign * push, x[b] + sign * push
            else:
                push = down * 0.3 + 1e-6
                sign = -1.0 if dy < 0 else 1.0
                y[a], y[b] = y[a] - sign * push, y[b] + sign * push
        for i in ids:
            x[i] = min(max(x[i], width / 2), 1 - width / 2)
            y[i] = min(max(y[i], height / 2), aspect - height / 2)
        if not moved:
            break
    return {i: (x[i], y[i] / aspect) for i in ids}
