"""A spare mission map like the printed pad, blank or with a team's wins marked."""

from __future__ import annotations

from reportlab.lib.colors import white
from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas

from gadget.language import Language
from gadget.language import language as spoken_language
from gadget.missions import MissionMap
from gadget.services.printing.map_plan import (
    FONT_SIZE,
    MARGIN,
    NOTES_H,
    RADIUS,
    TEAM_BOX,
    Label,
    MapPlan,
    map_plan,
)
from gadget.services.printing.paper import FAINT, GREEN, INK, SIZES, PrintError, new_pdf


def print_map(
    mission_map: MissionMap,
    size: str = "a4",
    team: str | None = None,
    completed: frozenset[str] = frozenset(),
    lang: str = "en",
) -> bytes:
    """A spare map like the printed pad: cities, lines, T-M, a Team box, lines for notes;
    titled once, with the map's own name."""
    if size not in SIZES:
        raise PrintError("--size {size}: choose a4 or letter", size=size)
    words = spoken_language(lang)
    plan = map_plan(mission_map, size, completed, words)
    title = words.pgettext("map", mission_map.name)
    canvas, buffer = new_pdf(plan.page, title)
    _map_header(canvas, plan, title, team, words=words)
    _map_drawing(canvas, plan)
    _map_notes(canvas, plan.page[0], plan.drawing_bottom, words=words)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _map_header(
    canvas: Canvas, plan: MapPlan, title: str, team: str | None, *, words: Language
) -> None:
    """The title, and the Team box at the top right (filled in for a team)."""
    width, height = plan.page
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawString(MARGIN, height - MARGIN - 0.3 * cm, title)
    box_w, box_h = TEAM_BOX
    box_x, box_y = width - MARGIN - box_w, plan.team_box_bottom
    canvas.setStrokeColor(INK)
    canvas.rect(box_x, box_y, box_w, box_h)
    canvas.setFont("Helvetica", 8)
    canvas.drawString(box_x + 0.2 * cm, box_y + box_h - 0.35 * cm, words.gettext("Team"))
    if team:
        canvas.setFont("Helvetica-Bold", 13)
        canvas.drawString(box_x + 0.3 * cm, box_y + 0.3 * cm, team)


def _map_drawing(canvas: Canvas, plan: MapPlan) -> None:
    """Every line, then every city on top: its circle (a tick when completed), its labels."""
    for route in plan.routes:
        canvas.setStrokeColor(INK if route.from_rulebook else FAINT)
        canvas.setLineWidth(1.6 if route.from_rulebook else 1.0)
        canvas.setDash([] if route.from_rulebook else [3, 2])
        canvas.line(*route.start, *route.end)
    canvas.setDash([])
    for mark in plan.cities:
        x, y = mark.centre
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.4)
        canvas.setFillColor(GREEN if mark.completed else white)
        canvas.circle(x, y, RADIUS, stroke=1, fill=1)
        if mark.completed:
            canvas.setStrokeColor(white)
            canvas.setLineWidth(2)
            canvas.line(x - 0.15 * cm, y, x - 0.04 * cm, y - 0.12 * cm)
            canvas.line(x - 0.04 * cm, y - 0.12 * cm, x + 0.17 * cm, y + 0.14 * cm)
        canvas.setFillColor(INK)
        for label in mark.labels:
            _write(canvas, label)


def _write(canvas: Canvas, label: Label) -> None:
    """One label, where the plan put it."""
    canvas.setFont(label.font, FONT_SIZE)
    draw = {
        "middle": canvas.drawCentredString,
        "start": canvas.drawString,
        "end": canvas.drawRightString,
    }[label.anchor]
    draw(label.x, label.baseline, label.text)


def _map_notes(canvas: Canvas, width: float, bottom: float, *, words: Language) -> None:
    """The legend, then lines for notes across the foot of the page."""
    canvas.setFont("Helvetica", 7)
    canvas.setFillColor(INK)
    canvas.drawString(
        MARGIN,
        bottom - 0.6 * cm,
        words.gettext(
            "T-M: T timer tokens, M of them bystander side up. Solid lines: from the rule book;"
            " dashed: reconstructed (the printed map is a picture). Mark a won mission's circle."
        ),
    )
    canvas.setFont("Helvetica", 8)
    canvas.drawString(MARGIN, MARGIN + NOTES_H - 0.3 * cm, words.gettext("Notes"))
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    for row in range(4):
        y = MARGIN + NOTES_H - 0.9 * cm - row * 0.65 * cm
        canvas.line(MARGIN, y, width - MARGIN, y)


# --- Play-by-paper booklets ----------------------------------------------------------------
