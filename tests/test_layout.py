"""Where the cities are drawn: the world stretched so crowded Europe reads, no two names on top
of each other, and the same drawing every time."""

from __future__ import annotations

from itertools import combinations
from math import hypot

import pytest

from gadget.missions import Mission, MissionMap, default_map
from gadget.missions.layout import map_layout


def _map(*places: tuple[float, float]) -> MissionMap:
    missions = tuple(
        Mission(id=f"m{index}", name=f"City {index}", turns=9, mistakes=9, lon=lon, lat=lat)
        for index, (lon, lat) in enumerate(places)
    )
    return MissionMap(name="Test", start="m0", missions=missions, lines=())


@pytest.mark.parametrize(
    ("lon", "lat", "x", "y"),
    [
        (-15.0, 60.0, 0.10, 0.04),  # the knots: west of Europe, the far north
        (45.0, 36.0, 0.62, 0.50),  # east of Europe, the Mediterranean
        (45.0, 25.0, 0.62, 0.62),  # the tropic
        (15.0, -7.5, 0.36, 0.81),  # halfway between knots, on both axes
        (-37.5, 65.0, 0.05, 0.02),  # halfway across the first stretch, clamped at the top
        (-33.0, 62.5, 0.06, 0.03),  # within the first stretch of each axis
        (-100.0, 80.0, 0.02, 0.02),  # beyond the drawn world: held inside its margin
        (170.0, -60.0, 0.98, 0.98),
        (160.0, -40.0, 0.98, 0.98),
    ],
)
def test_a_lone_city_is_placed_by_the_stretched_world(
    lon: float, lat: float, x: float, y: float
) -> None:
    assert map_layout(_map((lon, lat)))["m0"] == pytest.approx((x, y))


def test_two_cities_far_apart_are_left_where_the_world_puts_them() -> None:
    layout = map_layout(_map((-15.0, 60.0), (45.0, 25.0)))
    assert layout == {"m0": pytest.approx((0.10, 0.04)), "m1": pytest.approx((0.62, 0.62))}


def test_two_cities_in_one_place_are_pushed_apart_sideways_by_the_gap() -> None:
    layout = map_layout(_map((15.0, -7.5), (15.0, -7.5)), gap=0.09)
    (x0, y0), (x1, y1) = layout["m0"], layout["m1"]
    assert y0 == y1 == pytest.approx(0.81)
    assert x1 - x0 == pytest.approx(0.09, abs=0.002)  # just far enough, each moved half
    assert (x0 + x1) / 2 == pytest.approx(0.36)


def test_two_cities_one_above_the_other_are_pushed_apart_up_and_down() -> None:
    # 0.06 of the height apart is 0.03 of the width as drawn (height is half the width).
    layout = map_layout(_map((15.0, -7.5), (15.0, -7.5 - 65 * 0.06 / 0.38)), aspect=0.5)
    (x0, y0), (x1, y1) = layout["m0"], layout["m1"]
    assert x0 == x1 == pytest.approx(0.36)
    assert (y1 - y0) * 0.5 == pytest.approx(0.09, abs=0.002)


def test_closeness_is_measured_as_drawn_so_a_taller_drawing_needs_no_push() -> None:
    places = ((15.0, -7.5), (15.0, -7.5 - 65 * 0.1 / 0.38))  # 0.1 of the height apart
    assert map_layout(_map(*places), aspect=1.0)["m1"] == pytest.approx((0.36, 0.91))
    assert map_layout(_map(*places), aspect=0.5)["m1"][1] > 0.91


def test_a_city_pushed_against_the_edge_stays_inside_the_margin() -> None:
    layout = map_layout(_map((160.0, -40.0), (160.0, -40.0), (160.0, -40.0)), aspect=0.5)
    for x, y in layout.values():
        assert 0.02 <= x <= 0.98
        assert 0.02 <= y <= 0.98


def test_no_two_cities_of_the_shipped_map_are_closer_than_the_gap_as_drawn() -> None:
    layout = map_layout(default_map(), aspect=0.5, gap=0.09)
    assert len(layout) == 22
    for (a, (xa, ya)), (b, (xb, yb)) in combinations(sorted(layout.items()), 2):
        assert hypot(xb - xa, (yb - ya) * 0.5) >= 0.09 - 1e-9, (a, b)
    assert all(0.02 <= x <= 0.98 and 0.02 <= y <= 0.98 for x, y in layout.values())


def test_the_shipped_map_is_drawn_the_same_every_time() -> None:
    layout = map_layout(default_map())
    golden = {
        "prague": (0.3771, 0.2611),
        "berlin": (0.3285, 0.1096),
        "london": (0.1950, 0.1317),
        "moscow": (0.5560, 0.1213),
        "cairo": (0.5007, 0.5650),
        "bangkok": (0.7994, 0.6433),
        "sydney": (0.9710, 0.9642),
    }
    assert {city: layout[city] for city in golden} == {
        city: pytest.approx(place, abs=5e-5) for city, place in golden.items()
    }
