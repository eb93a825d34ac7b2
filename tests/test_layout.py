"""Where the cities are drawn: the world stretched so crowded Europe reads, no two names on top
of each other, and the same drawing every time."""

from __future__ import annotations

from itertools import combinations

import pytest

from gadget.missions import Mission, MissionMap, default_map
from gadget.missions.layout import map_layout


def _map(*places: tuple[float, float]) -> MissionMap:
    missions = tuple(
        Mission(id=f"m{index}", name=f"City {index}", turns=9, mistakes=9, lon=lon, lat=lat)
        for index, (lon, lat) in enumerate(places)
    )
    return MissionMap(name="Test", start="m0", missions=missions, lines=())


TINY = (1e-4, 1e-4)  # labels too small to push anything: the world's stretch alone


@pytest.mark.parametrize(
    ("lon", "lat", "x", "y"),
    [
        (-15.0, 60.0, 0.10, 0.04),  # the knots: west of Europe, the far north
        (45.0, 36.0, 0.62, 0.50),  # east of Europe, the Mediterranean
        (45.0, 25.0, 0.62, 0.62),  # the tropic
        (15.0, -7.5, 0.36, 0.81),  # halfway between knots, on both axes
        (-37.5, 65.0, 0.05, 0.02),  # halfway across the first stretch of each axis
        (-33.0, 62.5, 0.06, 0.03),  # within the first stretch of each axis
        (-100.0, 80.0, 0.0, 0.0),  # beyond the drawn world: held at its edge
        (170.0, -60.0, 1.0, 1.0),
        (160.0, -40.0, 1.0, 1.0),
    ],
)
def test_a_lone_city_is_placed_by_the_stretched_world(
    lon: float, lat: float, x: float, y: float
) -> None:
    assert map_layout(_map((lon, lat)), box=TINY)["m0"] == pytest.approx((x, y), abs=1e-4)


def test_a_label_at_the_edge_of_the_world_is_kept_whole_inside_the_drawing() -> None:
    # A 0.1 x 0.04 label in a drawing half as high as wide: its centre stays 0.05 of the
    # width from the sides and 0.02 of the width (0.04 of the height) from top and bottom.
    layout = map_layout(_map((-100.0, 80.0), (170.0, -60.0)), aspect=0.5, box=(0.1, 0.04))
    assert layout == {"m0": pytest.approx((0.05, 0.04)), "m1": pytest.approx((0.95, 0.96))}


def test_two_cities_far_apart_are_left_where_the_world_puts_them() -> None:
    layout = map_layout(_map((-15.0, 60.0), (45.0, 25.0)))
    # The first is 0.04 of the height from the top: its label is held 0.05 down, whole.
    assert layout == {"m0": pytest.approx((0.10, 0.05)), "m1": pytest.approx((0.62, 0.62))}


def test_two_labels_in_one_place_are_pushed_apart_sideways_until_they_just_touch() -> None:
    layout = map_layout(_map((15.0, -7.5), (15.0, -7.5)), box=(0.09, 0.05))
    (x0, y0), (x1, y1) = layout["m0"], layout["m1"]
    assert y0 == y1 == pytest.approx(0.81)
    assert x1 - x0 == pytest.approx(0.09, abs=0.002)  # just far enough, each moved half
    assert (x0 + x1) / 2 == pytest.approx(0.36)


def test_labels_overlapping_less_up_and_down_are_pushed_apart_up_and_down() -> None:
    # 0.04 of the height apart is 0.02 of the width as drawn (height is half the width):
    # they overlap by 0.03 of a 0.05 height, but by the whole 0.09 width.
    layout = map_layout(
        _map((15.0, -7.5), (15.0, -7.5 - 65 * 0.04 / 0.38)), aspect=0.5, box=(0.09, 0.05)
    )
    (x0, y0), (x1, y1) = layout["m0"], layout["m1"]
    assert x0 == x1 == pytest.approx(0.36)
    assert (y1 - y0) * 0.5 == pytest.approx(0.05, abs=0.002)


def test_labels_side_by_side_are_pushed_sideways_even_when_a_little_apart_in_height() -> None:
    # 0.08 of the width apart and 0.01 of the width in height: 0.01 of 0.09 across is
    # the shorter way out than 0.04 of 0.05 up and down.
    west = (15.0, -7.5)
    east = (15.0 + 0.08 * 60 / 0.52, -7.5 - 65 * 0.02 / 0.38)  # 0.52 of the width: 60°
    layout = map_layout(_map(west, east), aspect=0.5, box=(0.09, 0.05))
    (x0, y0), (x1, y1) = layout["m0"], layout["m1"]
    assert x1 - x0 == pytest.approx(0.09, abs=0.002)
    assert (y1 - y0) * 0.5 == pytest.approx(0.01, abs=1e-6)  # no one moved up or down


def test_closeness_is_measured_as_drawn_so_a_taller_drawing_needs_no_push() -> None:
    places = ((15.0, -7.5), (15.0, -7.5 - 65 * 0.06 / 0.38))  # 0.06 of the height apart
    assert map_layout(_map(*places), aspect=1.0)["m1"] == pytest.approx((0.36, 0.87))
    assert map_layout(_map(*places), aspect=0.5)["m1"][1] > 0.87


def test_labels_pushed_against_the_edge_stay_inside_the_drawing() -> None:
    box = (0.09, 0.05)
    layout = map_layout(_map(*[(160.0, -40.0)] * 3), aspect=0.5, box=box)
    for x, y in layout.values():
        assert 0.045 <= x <= 0.955
        assert 0.05 <= y <= 0.95
    for (xa, ya), (xb, yb) in combinations(layout.values(), 2):
        assert abs(xb - xa) >= box[0] - 1e-9 or abs(yb - ya) * 0.5 >= box[1] - 1e-9


# The shapes the app draws the shipped map in: a 360- and a 390-pixel phone (portrait),
# a desktop (landscape), with 72 x 46 pixel labels; the default; and the printed map.
SHAPES = [
    (328 * 1.35 / 328, (72 / 328, 46 / 328)),
    (358 * 1.35 / 358, (72 / 358, 46 / 358)),
    (0.62, (72 / 688, 46 / 688)),
    (0.5, (0.09, 0.05)),
    (0.48, (64 / 728.6, 46 / 728.6)),  # A4 landscape: 64x46 pt labels, 728.6 pt across
]


@pytest.mark.parametrize(("aspect", "box"), SHAPES, ids=str)
def test_no_two_labels_of_the_shipped_map_overlap_and_all_are_inside(
    aspect: float, box: tuple[float, float]
) -> None:
    layout = map_layout(default_map(), aspect=aspect, box=box)
    assert len(layout) == 22
    width, height = box
    for (a, (xa, ya)), (b, (xb, yb)) in combinations(sorted(layout.items()), 2):
        apart = abs(xb - xa) >= width - 1e-9 or abs(yb - ya) * aspect >= height - 1e-9
        assert apart, (a, b)
    for x, y in layout.values():
        assert width / 2 - 1e-9 <= x <= 1 - width / 2 + 1e-9
        assert height / 2 - 1e-9 <= y * aspect <= aspect - height / 2 + 1e-9


GOLDEN = {
    "paper": (
        {},
        {
            "prague": (0.3550, 0.2567),
            "berlin": (0.3461, 0.1567),
            "london": (0.2289, 0.1693),
            "moscow": (0.5560, 0.1213),
            "cairo": (0.5007, 0.5650),
            "bangkok": (0.7995, 0.6720),
            "sydney": (0.9550, 0.9500),
        },
    ),
    "phone": (
        {"aspect": 1.35, "box": (72 / 358, 46 / 358)},
        {
            "prague": (0.4107, 0.2473),
            "berlin": (0.3720, 0.1522),
            "london": (0.1709, 0.1522),
            "moscow": (0.5731, 0.1213),
            "cairo": (0.4498, 0.5650),
            "bangkok": (0.8602, 0.7222),
            "sydney": (0.8994, 0.9524),
        },
    ),
}


@pytest.mark.parametrize("shape", sorted(GOLDEN))
def test_the_shipped_map_is_drawn_the_same_every_time(shape: str) -> None:
    arguments, golden = GOLDEN[shape]
    layout = map_layout(default_map(), **arguments)  # type: ignore[arg-type]
    assert {city: layout[city] for city in golden} == {
        city: pytest.approx(place, abs=5e-5) for city, place in golden.items()
    }


def test_labels_that_just_touch_are_left_where_they_are() -> None:
    # Placed by the world alone, then given labels exactly as wide (or as high) as the
    # distance between them: touching is not overlapping, and nothing moves at all.
    side_by_side = _map((15.0, -7.5), (25.0, -7.5))
    placed = map_layout(side_by_side, aspect=0.5, box=TINY)
    width = placed["m1"][0] - placed["m0"][0]
    assert map_layout(side_by_side, aspect=0.5, box=(width, 0.05)) == placed
    stacked = _map((15.0, -7.5), (15.0, -17.5))
    placed = map_layout(stacked, aspect=0.5, box=TINY)
    height = placed["m1"][1] * 0.5 - placed["m0"][1] * 0.5
    assert map_layout(stacked, aspect=0.5, box=(0.09, height)) == placed
