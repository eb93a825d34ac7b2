"""Where everything on the printed mission map goes, in points: each route's line, each
city's circle and its two labels (the name and T-M), set beside the circle where a line
would otherwise run through them. The PDF draws this plan and nothing else, so a test can
check every line against every label."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, partial
from math import hypot
from typing import Final, Literal

from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import cm
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from gadget.language import Language
from gadget.language import language as spoken_language
from gadget.missions import MissionMap
from gadget.missions.layout import map_layout
from gadget.services.printing.paper import SIZES

MARGIN: Final = 1.2 * cm
NOTES_H: Final = 3.2 * cm
TEAM_BOX: Final = (7 * cm, 1.3 * cm)  # the Team box at the top right: width, height
RADIUS: Final = 0.32 * cm
NAME_FONT, BANK_FONT, FONT_SIZE = "Helvetica-Bold", "Helvetica", 8.0
LABEL_W: Final = 64.0  # "Rio de Janeiro" in 8 pt bold, "9-9 completed" in 8 pt
LABEL_H: Final = 46.0  # the name, the circle and T-M, with a little air
GAP: Final = 0.12 * cm  # between a circle and a label beside or above it
AIR: Final = 1.0  # round each label's box: a line that grazes it still reads as crossing
FIXED: Final = 100  # a label on a line, a circle or the drawing's edge, against one on a label
CHAIN: Final = 3  # how far a city in trouble may push the others' labels out of its way
REPAIRS: Final = 4  # rounds in which a city whose labels still lie on something looks again
LINE_STEP: Final = 9.5  # from one label's baseline to the next one's, stacked

Anchor = Literal["middle", "start", "end"]
Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, in points from its bottom-left corner."""

    left: float
    bottom: float
    right: float
    top: float

    def overlaps(self, other: Box) -> bool:
        """The two share some area (touching edges do not count)."""
        return (
            self.left < other.right
            and other.left < self.right
            and self.bottom < other.top
            and other.bottom < self.top
        )

    def inside(self, other: Box) -> bool:
        """Wholly within the other box."""
        return (
            other.left <= self.left
            and self.right <= other.right
            and other.bottom <= self.bottom
            and self.top <= other.top
        )

    def crossed_by(self, start: Point, end: Point) -> bool:
        """Some part of the segment from start to end lies inside (Liang-Barsky clipping)."""
        (x0, y0), (x1, y1) = start, end
        dx, dy = x1 - x0, y1 - y0
        low, high = 0.0, 1.0
        for step, room in (
            (-dx, x0 - self.left),
            (dx, self.right - x0),
            (-dy, y0 - self.bottom),
            (dy, self.top - y0),
        ):
            if step == 0:
                if room <= 0:
                    return False
                continue
            share = room / step
            if step < 0:
                low = max(low, share)
            else:
                high = min(high, share)
            if low >= high:
                return False
        return True


@dataclass(frozen=True)
class Label:
    """One line of text: drawn at (x, baseline), anchored by its middle, start or end."""

    text: str
    font: str
    x: float
    baseline: float
    anchor: Anchor

    @cached_property
    def box(self) -> Box:
        """Where its letters are, with a little air."""
        width = stringWidth(self.text, self.font, FONT_SIZE)
        left = {"middle": self.x - width / 2, "start": self.x, "end": self.x - width}[self.anchor]
        ascent, descent = getAscentDescent(self.font, FONT_SIZE)
        return Box(
            left - AIR,
            self.baseline + descent - AIR,
            left + width + AIR,
            self.baseline + ascent + AIR,
        )


@dataclass(frozen=True)
class CityMark:
    """A city as printed: its circle (green with a tick once completed), its name and T-M."""

    mission_id: str
    centre: Point
    completed: bool
    name: Label
    bank: Label

    @property
    def circle(self) -> Box:
        """The square the circle sits in."""
        x, y = self.centre
        return Box(x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS)

    @property
    def labels(self) -> tuple[Label, Label]:
        return self.name, self.bank


@dataclass(frozen=True)
class Route:
    """A line between two cities, from one circle's edge to the other's."""

    ends: tuple[str, str]
    start: Point
    end: Point
    from_rulebook: bool


@dataclass(frozen=True)
class MapPlan:
    """The whole drawing: the page, the Team box's bottom, the routes and the cities."""

    page: tuple[float, float]
    team_box_bottom: float
    drawing_bottom: float
    routes: tuple[Route, ...]
    cities: tuple[CityMark, ...]


def _slots(x: float, y: float) -> dict[str, tuple[float, float, Anchor]]:
    """The places a label may take around a circle at (x, y): its x, baseline and anchor."""
    above, below = y + RADIUS + GAP, y - RADIUS - 0.32 * cm
    right, left = x + RADIUS + GAP, x - RADIUS - GAP
    return {
        "above": (x, above, "middle"),
        "below": (x, below, "middle"),
        "right": (right, y - 2.0, "start"),
        "left": (left, y - 2.0, "end"),
        "right high": (right, y + 1.0, "start"),
        "right low": (right, y + 1.0 - LINE_STEP, "start"),
        "left high": (left, y + 1.0, "end"),
        "left low": (left, y + 1.0 - LINE_STEP, "end"),
        "above right": (x - RADIUS, above, "start"),
        "above left": (x + RADIUS, above, "end"),
        "below right": (x - RADIUS, below, "start"),
        "below left": (x + RADIUS, below, "end"),
        "higher": (x, above + LINE_STEP, "middle"),
        "lower": (x, below - LINE_STEP, "middle"),
        "higher right": (x - RADIUS, above + LINE_STEP, "start"),
        "higher left": (x + RADIUS, above + LINE_STEP, "end"),
        "lower right": (x - RADIUS, below - LINE_STEP, "start"),
        "lower left": (x + RADIUS, below - LINE_STEP, "end"),
    }


# Where a city's name and T-M go, in order of preference: the printed pad's way first (the
# name above the circle, T-M below), then both beside it, then both above or both below,
# then one of them beside or askew.
PAIRS: Final = (
    ("above", "below"),
    ("right high", "right low"),
    ("left high", "left low"),
    ("higher", "above"),
    ("below", "lower"),
    ("above", "right"),
    ("above", "left"),
    ("right", "below"),
    ("left", "below"),
    ("above right", "below right"),
    ("above left", "below left"),
    ("higher right", "above right"),
    ("higher left", "above left"),
    ("below right", "lower right"),
    ("below left", "lower left"),
    ("above right", "below left"),
    ("above left", "below right"),
    ("above", "below right"),
    ("above", "below left"),
    ("above right", "below"),
    ("above left", "below"),
    ("right high", "left low"),
    ("left high", "right low"),
    ("right", "left"),
    ("left", "right"),
)


def _placements(x: float, y: float, name: str, bank: str) -> list[tuple[Label, Label]]:
    """Every pair of places PAIRS offers for this city's name and T-M, in its order."""
    slots = _slots(x, y)
    return [
        (Label(name, NAME_FONT, *slots[first]), Label(bank, BANK_FONT, *slots[second]))
        for first, second in PAIRS
    ]


def _route(ends: tuple[str, str], a: Point, b: Point, from_rulebook: bool) -> Route:
    """The line from a to b, less the parts under their circles."""
    length = hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] + ux * RADIUS, a[1] + uy * RADIUS)
    return Route(ends, start, (b[0] - ux * RADIUS, b[1] - uy * RADIUS), from_rulebook)


@dataclass
class _Labels:
    """Every city's labels as placed so far, and what they must keep clear of: every line,
    the other cities' circles and labels, and the drawing's edges."""

    routes: tuple[Route, ...]
    circles: dict[str, Box]
    drawing: Box
    choices: dict[str, list[tuple[Label, Label]]]
    placed: dict[str, tuple[Label, Label]] = field(default_factory=dict)

    def trouble(self, labels: tuple[Label, Label], own: str) -> int:
        """How many lines, circles and labels these labels would lie on, or edges cross; a
        line, a circle or an edge weighs more than a label (a label can move away later)."""
        others = [o.box for m, pair in self.placed.items() if m != own for o in pair]
        return sum(
            FIXED
            * (
                sum(box.crossed_by(r.start, r.end) for r in self.routes)
                + sum(box.overlaps(c) for m, c in self.circles.items() if m != own)
                + (not box.inside(self.drawing))
            )
            + sum(box.overlaps(o) for o in others)
            for box in (label.box for label in labels)
        )

    def total(self) -> int:
        return sum(self.trouble(labels, m) for m, labels in self.placed.items())

    def place(self, own: str) -> None:
        """The first of the city's least troubled choices (the pad's own way wherever it
        is clear), the others' labels as they are."""
        self.placed[own] = min(self.choices[own], key=partial(self.trouble, own=own))

    def neighbours(self, own: str) -> list[str]:
        """The cities whose labels lie on this city's labels."""
        mine = [label.box for label in self.placed[own]]
        return [
            m
            for m, pair in self.placed.items()
            if m != own and any(a.overlaps(b.box) for a in mine for b in pair)
        ]

    def repair(self, own: str) -> None:
        """A city in trouble tries each of its choices, in order; the cities whose labels
        that choice lies on move out of its way, and theirs in turn (a short chain); the
        first choice that leaves the whole map in less trouble is kept."""
        before, kept = self.total(), dict(self.placed)
        for choice in self.choices[own]:
            self.placed[own] = choice
            moved, waiting = {own}, self.neighbours(own)
            for _ in range(CHAIN):
                for other in waiting:
                    self.place(other)
                moved |= set(waiting)
                waiting = [n for m in waiting for n in self.neighbours(m) if n not in moved]
            if self.total() < before:
                return
            self.placed = dict(kept)


def map_plan(
    mission_map: MissionMap,
    size: str = "a4",
    completed: frozenset[str] = frozenset(),
    words: Language | None = None,
) -> MapPlan:
    """The map on a landscape page of this size: the cities where `map_layout` puts them,
    each city's labels in the first place that no line runs through, that covers no other
    city's circle or labels and stays on the drawing."""
    words = words or spoken_language("en")
    width, height = landscape(SIZES[size])
    box_bottom = height - MARGIN - TEAM_BOX[1]
    left, right, top = MARGIN + 0.8 * cm, width - MARGIN - 0.8 * cm, box_bottom - 0.9 * cm
    bottom = MARGIN + NOTES_H + 0.9 * cm
    across = right - left
    places = {
        mission: (left + x * across, top - y * (top - bottom))
        for mission, (x, y) in map_layout(
            mission_map, (top - bottom) / across, (LABEL_W / across, LABEL_H / across)
        ).items()
    }
    routes = tuple(
        _route((line.a, line.b), places[line.a], places[line.b], line.from_rulebook)
        for line in mission_map.lines
    )
    choices = {
        m.id: _placements(
            *places[m.id],
            words.city(m.name),
            words.gettext("{bank} completed").format(bank=m.parameters)
            if m.id in completed
            else m.parameters,
        )
        for m in mission_map.missions
    }
    labels = _Labels(
        routes,
        {m: Box(x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS) for m, (x, y) in places.items()},
        Box(left - 0.6 * cm, bottom - 0.3 * cm, right + 0.6 * cm, top + 0.6 * cm),
        choices,
    )
    # The most hemmed-in cities choose first: those with the fewest places clear of lines.
    clear = {m: sum(not labels.trouble(c, m) for c in options) for m, options in choices.items()}
    for m in sorted(choices, key=clear.__getitem__):
        labels.place(m)
    for _ in range(REPAIRS):  # a city still in trouble looks again, every other one placed
        troubled = [m for m in choices if labels.trouble(labels.placed[m], m)]
        for m in troubled:
            if labels.trouble(labels.placed[m], m):
                labels.repair(m)
        if not troubled:
            break
    cities = tuple(CityMark(m, places[m], m in completed, *labels.placed[m]) for m in choices)
    return MapPlan((width, height), box_bottom, bottom, routes, cities)
