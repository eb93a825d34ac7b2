"""A spare mission map like the printed pad, blank or with a team's wins marked."""

from __future__ import annotations

from reportlab.lib.colors import white
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas

from gadget.language import Language
from gadget.language import language as spoken_language
from gadget.missions import MissionMap
from gadget.missions.layout import map_layout
from gadget.services.printing.paper import (
    FAINT,
    GREEN,
    INK,
    SIZES,
    PrintError,
    new_pdf,
)


def print_map(
    mission_map: MissionMap,
    size: str = "a4",
    team: str | None = None,
    completed: frozenset[str] = frozenset(),
    lang: str = "en",
) -> bytes:
    """A spare map like the printed pad: cities, lines, T-M, a Team box, lines for notes."""
    if size not in SIZES:
        raise PrintError("--size {size}: choose a4 or letter", size=size)
    width, height = landscape(SIZES[size])
    words = spoken_language(lang)
    canvas, buffer = new_pdf(
        (width, height),
        words.gettext("Mission map: {name}").format(name=words.pgettext("map", mission_map.name)),
    )
    margin, notes_h = 1.2 * cm, 3.2 * cm
    box_y = _map_header(canvas, mission_map, team, size=(width, height), margin=margin, words=words)
    area = (margin + 0.8 * cm, width - margin - 0.8 * cm, box_y - 0.9 * cm)
    bottom = margin + notes_h + 0.9 * cm
    _map_drawing(canvas, mission_map, completed, area, bottom, words=words)
    _map_notes(canvas, width, margin, notes_h, bottom, words=words)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _map_header(
    canvas: Canvas,
    mission_map: MissionMap,
    team: str | None,
    *,
    size: tuple[float, float],
    margin: float,
    words: Language,
) -> float:
    """The title, and the Team box at the top right (filled in for a team); its bottom."""
    width, height = size
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawString(
        margin, height - margin - 0.3 * cm, words.gettext("Codenames Duet: mission map")
    )
    canvas.setFont("Helvetica", 9)
    canvas.drawString(margin, height - margin - 0.8 * cm, words.pgettext("map", mission_map.name))
    box_w, box_h = 7 * cm, 1.3 * cm
    box_x, box_y = width - margin - box_w, height - margin - box_h
    canvas.setStrokeColor(INK)
    canvas.rect(box_x, box_y, box_w, box_h)
    canvas.setFont("Helvetica", 8)
    canvas.drawString(box_x + 0.2 * cm, box_y + box_h - 0.35 * cm, words.gettext("Team"))
    if team:
        canvas.setFont("Helvetica-Bold", 13)
        canvas.drawString(box_x + 0.3 * cm, box_y + 0.3 * cm, team)
    return box_y


LABEL_W = 64.0  # "Rio de Janeiro" in 8 pt bold, "9-9 completed" in 8 pt
LABEL_H = 46.0  # the name, the circle and T-M, with a little air


def _map_drawing(
    canvas: Canvas,
    mission_map: MissionMap,
    completed: frozenset[str],
    area: tuple[float, float, float],
    bottom: float,
    *,
    words: Language,
) -> None:
    """Every line, then every city on top: name above, T-M below, a tick when completed."""
    left, right, top = area
    width = right - left
    aspect = (top - bottom) / width
    # A label: the name above the circle, T-M (or "9-9 completed") below; in points.
    box = (LABEL_W / width, LABEL_H / width)
    places = {
        mission: (left + x * width, top - y * (top - bottom))
        for mission, (x, y) in map_layout(mission_map, aspect, box).items()
    }
    for line in mission_map.lines:
        canvas.setStrokeColor(INK if line.from_rulebook else FAINT)
        canvas.setLineWidth(1.6 if line.from_rulebook else 1.0)
        canvas.setDash([] if line.from_rulebook else [3, 2])
        (x1, y1), (x2, y2) = places[line.a], places[line.b]
        canvas.line(x1, y1, x2, y2)
    canvas.setDash([])
    radius = 0.32 * cm
    for mission in mission_map.missions:
        x, y = places[mission.id]
        done = mission.id in completed
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.4)
        canvas.setFillColor(GREEN if done else white)
        canvas.circle(x, y, radius, stroke=1, fill=1)
        if done:
            canvas.setStrokeColor(white)
            canvas.setLineWidth(2)
            canvas.line(x - 0.15 * cm, y, x - 0.04 * cm, y - 0.12 * cm)
            canvas.line(x - 0.04 * cm, y - 0.12 * cm, x + 0.17 * cm, y + 0.14 * cm)
        canvas.setFillColor(INK)
        canvas.setFont("Helvetica-Bold", 8)
        canvas.drawCentredString(x, y + radius + 0.12 * cm, words.city(mission.name))
        canvas.setFont("Helvetica", 8)
        label = (
            words.gettext("{bank} completed").format(bank=mission.parameters)
            if done
            else mission.parameters
        )
        canvas.drawCentredString(x, y - radius - 0.32 * cm, label)


def _map_notes(
    canvas: Canvas, width: float, margin: float, notes_h: float, bottom: float, *, words: Language
) -> None:
    """The legend, then lines for notes across the foot of the page."""
    canvas.setFont("Helvetica", 7)
    canvas.setFillColor(INK)
    canvas.drawString(
        margin,
        bottom - 0.6 * cm,
        words.gettext(
            "T-M: T timer tokens, M of them bystander side up. Solid lines: from the rule book;"
            " dashed: reconstructed (the printed map is a picture). Mark a won mission's circle."
        ),
    )
    canvas.setFont("Helvetica", 8)
    canvas.drawString(margin, margin + notes_h - 0.3 * cm, words.gettext("Notes"))
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    for row in range(4):
        y = margin + notes_h - 0.9 * cm - row * 0.65 * cm
        canvas.line(margin, y, width - margin, y)


# --- Play-by-paper booklets ----------------------------------------------------------------
