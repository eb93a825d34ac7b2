"""The printed mission map: titled once, and no line runs through a city's name or T-M, in
English and French, on A4 and Letter, blank or with missions completed (their labels are
wider); checked on the plan the PDF is drawn from, and the PDF against the plan."""

from __future__ import annotations

import re
import subprocess
from itertools import product
from pathlib import Path

import pytest

from gadget.language import language
from gadget.missions import default_map
from gadget.services.printing import map_plan as plan_module
from gadget.services.printing.map_pdf import print_map
from gadget.services.printing.map_plan import Box, MapPlan, map_plan
from tests.test_paper import _save, _text, poppler

__all__ = ["poppler"]  # the fixture: a skip (or a failure on CI) without poppler-utils

SHIPPED = default_map()
EVERY_CITY = frozenset(m.id for m in SHIPPED.missions)
COMPLETED = {"blank": frozenset(), "owls": frozenset({"prague", "cairo"}), "all": EVERY_CITY}
CASES = list(product(("en", "fr"), ("a4", "letter"), sorted(COMPLETED)))


def _plan(lang: str, size: str, completed: str) -> MapPlan:
    return map_plan(SHIPPED, size, COMPLETED[completed], language(lang))


def _crossings(plan: MapPlan) -> list[tuple[str, str, tuple[str, str]]]:
    """Every (city, label, line) where the line runs through the label."""
    return [
        (city.mission_id, label.text, route.ends)
        for city in plan.cities
        for label in city.labels
        for route in plan.routes
        if label.box.crossed_by(route.start, route.end)
    ]


@pytest.mark.parametrize(("lang", "size", "completed"), CASES)
def test_no_line_runs_through_any_citys_name_or_t_m(lang: str, size: str, completed: str) -> None:
    plan = _plan(lang, size, completed)
    assert len(plan.cities) == 22 and len(plan.routes) == len(SHIPPED.lines)
    assert _crossings(plan) == []


@pytest.mark.parametrize(("lang", "size", "completed"), CASES)
def test_no_label_lies_on_another_or_on_a_circle_and_all_are_on_the_page(
    lang: str, size: str, completed: str
) -> None:
    plan = _plan(lang, size, completed)
    page = Box(0, 0, *plan.page)
    labels = [(city.mission_id, label) for city in plan.cities for label in city.labels]
    for index, (own, label) in enumerate(labels):
        assert label.box.inside(page), label
        for city in plan.cities:
            assert not label.box.overlaps(city.circle), (label.text, city.mission_id)
        for other_city, other in labels[index + 1 :]:
            assert not label.box.overlaps(other.box), (own, label.text, other_city, other.text)


def test_the_check_sees_pragues_line_through_berlins_11_2_where_the_pad_puts_labels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The labels as the map printed them before (name above, T-M below, always): the
    check finds the line the players saw, so it can fail."""
    monkeypatch.setattr(plan_module, "PAIRS", (("above", "below"),))
    crossed = _crossings(_plan("en", "a4", "owls"))
    assert ("berlin", "11-2", ("prague", "berlin")) in crossed or (
        "berlin",
        "11-2",
        ("berlin", "prague"),
    ) in crossed, crossed


def test_a_line_through_a_box_is_seen_and_one_beside_it_is_not() -> None:
    box = Box(10, 10, 20, 14)
    assert box.crossed_by((0, 12), (30, 12))  # straight through
    assert box.crossed_by((15, 0), (15, 11))  # ends inside
    assert box.crossed_by((5, 5), (25, 19))  # across a corner's side
    assert not box.crossed_by((0, 15), (30, 15))  # above
    assert not box.crossed_by((0, 0), (9, 30))  # beside, steep
    assert not box.crossed_by((21, 0), (40, 30))  # right of it


def _words(path: Path) -> list[tuple[str, float, float, float, float]]:
    """Every word with its box, in points from the page's top-left."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)</word>',
        out,
    )
    return [
        (m.group(5), float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4)))
        for m in found
    ]


@pytest.mark.process
@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pdf_puts_each_label_where_the_plan_says(lang: str, tmp_path: Path) -> None:
    owls = COMPLETED["owls"]
    path = _save(tmp_path, "map.pdf", print_map(SHIPPED, "a4", "Owls", owls, lang))
    words = _words(path)
    plan = _plan(lang, "a4", "owls")
    height = plan.page[1]
    for city in plan.cities:
        for label in city.labels:
            first, box = label.text.split()[0], label.box
            assert any(
                text == first
                and box.left - 1 <= left
                and right <= box.right + 1
                and height - box.top - 1 <= top
                and bottom <= height - box.bottom + 1
                for text, left, top, right, bottom in words
            ), (city.mission_id, label)


@pytest.mark.process
@pytest.mark.usefixtures("poppler")
def test_the_map_says_its_title_once_in_english_and_in_french(tmp_path: Path) -> None:
    english = _text(_save(tmp_path, "en.pdf", print_map(SHIPPED, "a4", "Owls")))
    assert english.lower().count("mission map") == 1
    assert english.count("Codenames Duet") == 1
    assert english.lstrip().startswith("Codenames Duet mission map")
    french = _text(_save(tmp_path, "fr.pdf", print_map(SHIPPED, "a4", "Owls", lang="fr")))
    assert french.lower().count("carte de missions") == 1
    assert french.count("Codenames Du") == 1
    assert french.lstrip().startswith(language("fr").pgettext("map", SHIPPED.name))
