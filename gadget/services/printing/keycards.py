"""Tent-fold key cards for players without phones."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Final

from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from gadget.engine import KeyCard, Player
from gadget.language import Language
from gadget.language import language as spoken_language
from gadget.services import palette
from gadget.services.printing.paper import (
    BLACK,
    COLOURS,
    FAINT,
    INK,
    new_pdf,
    paper_games,
)

CARD_W, CARD_H = 8.6 * cm, 8.4 * cm
CELL: Final = 0.62 * cm
HEADING_SIZE: Final = 8  # pt: how to make the cards, above them


def _symbol(canvas: Canvas, colour: str, x: float, y: float) -> None:
    """Tick, cross or dash in the cell, for players who cannot tell the colours apart."""
    canvas.setStrokeColor(white if colour != "-" else HexColor(palette.BYSTANDER_INK))
    canvas.setLineWidth(1.2)
    c = CELL / 2
    if colour == "G":
        canvas.line(x + c - 0.14 * cm, y + c, x + c - 0.04 * cm, y + c - 0.1 * cm)
        canvas.line(x + c - 0.04 * cm, y + c - 0.1 * cm, x + c + 0.15 * cm, y + c + 0.12 * cm)
    elif colour == "X":
        canvas.line(x + c - 0.12 * cm, y + c - 0.12 * cm, x + c + 0.12 * cm, y + c + 0.12 * cm)
        canvas.line(x + c - 0.12 * cm, y + c + 0.12 * cm, x + c + 0.12 * cm, y + c - 0.12 * cm)
    else:
        canvas.line(x + c - 0.12 * cm, y + c, x + c + 0.12 * cm, y + c)


def _half(canvas: Canvas, card: KeyCard, player: Player, number: int, words: Language) -> None:
    """One face of the tent, drawn upright at the origin: the grid as this player sees it."""
    grid = card.seen_from(player)
    left = (CARD_W - 5 * CELL) / 2
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 8)
    canvas.drawString(
        0.3 * cm, CARD_H / 2 - 0.5 * cm, words.gettext("Card {number}").format(number=number)
    )
    canvas.drawRightString(
        CARD_W - 0.3 * cm,
        CARD_H / 2 - 0.5 * cm,
        words.gettext("side {side}").format(side=player.value.upper()),
    )
    for index, colour in enumerate(grid):
        row, column = divmod(index, 5)
        x = left + column * CELL
        y = CARD_H / 2 - 0.8 * cm - (row + 1) * CELL
        canvas.setFillColor(COLOURS[colour])
        canvas.setStrokeColor(white)
        canvas.rect(x, y, CELL, CELL, stroke=1, fill=1)
        _symbol(canvas, colour, x, y)


def _cut_marks(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(0.4)
    mark = 0.35 * cm
    for cx, cy in ((x, y), (x + CARD_W, y), (x, y + CARD_H), (x + CARD_W, y + CARD_H)):
        canvas.line(cx - mark, cy, cx - 0.08 * cm, cy)
        canvas.line(cx + 0.08 * cm, cy, cx + mark, cy)
        canvas.line(cx, cy - mark, cx, cy - 0.08 * cm)
        canvas.line(cx, cy + 0.08 * cm, cx, cy + mark)


def _positions() -> Iterator[tuple[float, float]]:
    width, height = A4
    gap_x = (width - 2 * CARD_W) / 3
    gap_y = (height - 3 * CARD_H) / 4
    for row in range(3):
        for column in range(2):
            yield gap_x + column * (CARD_W + gap_x), height - (row + 1) * (CARD_H + gap_y)


def _heading(canvas: Canvas, how: str) -> None:
    """How to make the cards, on one line above them: a longer sentence (a language's, or a
    seed's twenty digits) is set smaller, never wrapped into the top cards' cut marks."""
    canvas.setFillColor(INK)
    size = min(HEADING_SIZE, HEADING_SIZE * (A4[0] - 2 * cm) / stringWidth(how, "Helvetica", 8))
    canvas.setFont("Helvetica", size)
    canvas.drawCentredString(A4[0] / 2, A4[1] - 0.6 * cm, how)


# A tent's face, drawn upright at the origin (CARD_W wide, CARD_H / 2 tall, the fold on top).
Face = Callable[[Canvas], None]


def tents(canvas: Canvas, how: str, cards: Sequence[tuple[Face, Face]]) -> None:
    """Tent-fold cards, six to a page, each page headed by how to make them: cut marks, a
    dashed fold line, the first face of each card upright below the fold and the second
    upside down above it, so that both stand upright once the card is folded."""
    spots = list(_positions())
    for index, (lower, upper) in enumerate(cards):
        if index % len(spots) == 0:
            if index:
                canvas.showPage()
            _heading(canvas, how)
        x, y = spots[index % len(spots)]
        _cut_marks(canvas, x, y)
        canvas.setStrokeColor(FAINT)
        canvas.setDash([2, 2])
        canvas.line(x, y + CARD_H / 2, x + CARD_W, y + CARD_H / 2)  # the fold
        canvas.setDash([])
        canvas.saveState()
        canvas.translate(x, y)
        lower(canvas)
        canvas.restoreState()
        canvas.saveState()
        canvas.translate(x + CARD_W, y + CARD_H)
        canvas.rotate(180)
        upper(canvas)
        canvas.restoreState()
    canvas.showPage()


def print_keycards(seed: int, games: int, lang: str = "en") -> bytes:
    """Tent-fold key cards, six to a page: cut, fold on the dashed line, stand it between you.

    The lower half faces player A upright; the upper half is printed upside down so that,
    folded, it faces player B the right way up, turned as B sees the table.
    """
    words = spoken_language(lang)
    _ = words.gettext
    chosen = paper_games(seed, games)
    canvas, buffer = new_pdf(A4, _("Codenames Duet key cards, seed {seed}").format(seed=seed))
    how = _(
        "Key cards, seed {seed}: cut on the marks, fold on the dashed line, stand each card"
        " between you (side A faces A, side B faces B)."
    ).format(seed=seed)
    tents(
        canvas,
        how,
        [
            (
                partial(_half, card=game.card, player=Player.A, number=game.number, words=words),
                partial(_half, card=game.card, player=Player.B, number=game.number, words=words),
            )
            for game in chosen
        ],
    )
    canvas.save()
    return buffer.getvalue()
