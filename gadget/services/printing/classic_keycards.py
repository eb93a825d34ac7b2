"""Tent-fold key cards for classic Codenames and Codenames Pictures, for a table without
phones: the key faces the spymasters, framed in the starting team's colour as the printed card
is, a shape in every cell as well as its colour; the other face tells the table which team
starts, and shows neither a cell nor the code."""

from __future__ import annotations

from functools import partial
from typing import Final

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from gadget.engine.classic import ClassicCard, Game, Role, Team, deal
from gadget.language import Language
from gadget.language import language as spoken_language
from gadget.services import palette
from gadget.services.printing.keycards import CARD_H, CARD_W, tents
from gadget.services.printing.paper import BLACK, INK, TAN, new_pdf, seeded_stream

RED: Final = HexColor(palette.RED_AGENT)
BLUE: Final = HexColor(palette.BLUE_AGENT)
ROLE_COLOURS: Final = {Role.RED: RED, Role.BLUE: BLUE, Role.BYSTANDER: TAN, Role.ASSASSIN: BLACK}
TEAM_COLOURS: Final = {Team.RED: RED, Team.BLUE: BLUE}
FACE_H: Final = CARD_H / 2  # each face of the tent, the fold along its top edge
CELL: Final = 0.62 * cm  # as Duet's cards
INSET, BORDER = 0.12 * cm, 0.3 * cm  # the starting team's frame: clear of the cut, and wide
GRID_LEFT: Final = 0.65 * cm
TEXT_LEFT, TEXT_RIGHT = 4.2 * cm, CARD_W - 0.6 * cm  # the key face's words, right of the grid
STARTS_SIZE: Final = 11  # pt: the team that starts, on the operatives' face


def classic_cards(game: Game, seed: int, count: int) -> list[ClassicCard]:
    """The cards a print of `count` games deals: the same seed prints the same cards."""
    stream = seeded_stream(seed, count)
    return [deal(game, stream.next_u64()) for _ in range(count)]


def _symbol(canvas: Canvas, role: Role, x: float, y: float, size: float) -> None:
    """The role's shape on a square of this size: a triangle for a red agent, a disc for a
    blue one, a dash for a bystander, a cross for the assassin (as on Duet's cards), so that
    a player who cannot tell the colours apart tells the cells apart."""
    centre_x, centre_y, reach = x + size / 2, y + size / 2, size * 0.25
    if role is Role.BYSTANDER:
        canvas.setStrokeColor(HexColor(palette.BYSTANDER_INK))
        canvas.setLineWidth(size * 0.08)
        canvas.line(centre_x - reach, centre_y, centre_x + reach, centre_y)
        return
    canvas.setFillColor(white)
    canvas.setStrokeColor(white)
    if role is Role.RED:
        path = canvas.beginPath()
        path.moveTo(centre_x, centre_y + reach)
        path.lineTo(centre_x - reach * 1.1, centre_y - reach * 0.8)
        path.lineTo(centre_x + reach * 1.1, centre_y - reach * 0.8)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    elif role is Role.BLUE:
        canvas.circle(centre_x, centre_y, reach * 0.85, stroke=0, fill=1)
    else:
        canvas.setLineWidth(size * 0.09)
        canvas.line(centre_x - reach, centre_y - reach, centre_x + reach, centre_y + reach)
        canvas.line(centre_x - reach, centre_y + reach, centre_x + reach, centre_y - reach)


def _square(canvas: Canvas, role: Role, x: float, y: float, size: float) -> None:
    """A cell: its colour, a white rule between cells, its shape."""
    canvas.setFillColor(ROLE_COLOURS[role])
    canvas.setStrokeColor(white)
    canvas.setLineWidth(1)
    canvas.rect(x, y, size, size, stroke=1, fill=1)
    _symbol(canvas, role, x, y, size)


def _frame(canvas: Canvas, colour: Color) -> None:
    """The starting team's colour all around a face, as around the printed key card."""
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(BORDER)
    edge = INSET + BORDER / 2
    canvas.rect(edge, edge, CARD_W - 2 * edge, FACE_H - 2 * edge, stroke=1, fill=0)


def _starts(card: ClassicCard, words: Language) -> str:
    """Which team starts, and each team's agents: a whole sentence for each team."""
    counts = {"starting": card.layout.starting_agents, "other": card.layout.other_agents}
    said = (
        words.gettext("The red team starts: {starting} red agents, {other} blue agents.")
        if card.starting is Team.RED
        else words.gettext("The blue team starts: {starting} blue agents, {other} red agents.")
    )
    return said.format(**counts)


def _wrapped(text: str, size: float, width: float) -> list[str]:
    """Bold lines of at most this width, broken at spaces; a French colon or semicolon stays
    with the word before it (the catalogue spaces it with a plain space), never opening a
    line."""
    lines: list[str] = []
    for word in text.replace(" :", "\u00a0:").replace(" ;", "\u00a0;").split(" "):
        longer = f"{lines[-1]} {word}" if lines else word
        if lines and stringWidth(longer, "Helvetica-Bold", size) <= width:
            lines[-1] = longer
        else:
            lines.append(word)
    return lines


def _legend(words: Language) -> list[tuple[Role, str]]:
    """Each kind of cell and its name, in the rule book's order."""
    return [
        (Role.RED, words.pgettext("classic cell", "red agent")),
        (Role.BLUE, words.pgettext("classic cell", "blue agent")),
        (Role.BYSTANDER, words.pgettext("classic cell", "bystander")),
        (Role.ASSASSIN, words.pgettext("classic cell", "assassin")),
    ]


def _key_face(canvas: Canvas, card: ClassicCard, number: int, words: Language) -> None:
    """The spymasters' face: the grid (its first row furthest from them), what each cell
    means, and the code that shows the same card on a phone."""
    team = TEAM_COLOURS[card.starting]
    _frame(canvas, team)
    layout = card.layout
    bottom = (FACE_H - layout.rows * CELL) / 2
    for cell, role in enumerate(card.cells):
        row, column = divmod(cell, layout.columns)
        y = bottom + (layout.rows - 1 - row) * CELL
        _square(canvas, Role(role), GRID_LEFT + column * CELL, y, CELL)
    top = FACE_H - 0.85 * cm
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 8)
    canvas.drawString(TEXT_LEFT, top, words.gettext("Card {number}").format(number=number))
    canvas.setFillColor(white)  # in the frame's top band, by the fold
    canvas.setFont("Helvetica-Bold", 6.5)
    band = FACE_H - INSET - BORDER / 2 - 0.08 * cm
    canvas.drawCentredString(CARD_W / 2, band, words.gettext("Spymasters only"))
    canvas.setFillColor(team)
    canvas.setFont("Helvetica-Bold", 7)
    for line in _wrapped(_starts(card, words), 7, TEXT_RIGHT - TEXT_LEFT):
        top -= 0.3 * cm
        canvas.drawString(TEXT_LEFT, top, line)
    swatch = 0.34 * cm
    top -= 0.12 * cm
    for role, name in _legend(words):
        top -= 0.4 * cm
        _square(canvas, role, TEXT_LEFT, top - 0.08 * cm, swatch)
        canvas.setFillColor(INK)
        canvas.setFont("Helvetica", 7.5)
        canvas.drawString(TEXT_LEFT + swatch + 0.18 * cm, top + 0.02 * cm, name)
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica", 6.5)
    canvas.drawString(TEXT_LEFT, 0.58 * cm, words.gettext("code {code}").format(code=card.code))


def _table_face(canvas: Canvas, card: ClassicCard, number: int, words: Language) -> None:
    """The operatives' face: the card's number and the team that starts, its colour and
    its shape; nothing of the key."""
    team = TEAM_COLOURS[card.starting]
    _frame(canvas, team)
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 8)
    said = words.gettext("Card {number}").format(number=number)
    canvas.drawString(GRID_LEFT, FACE_H - 0.85 * cm, said)
    badge = 1.3 * cm
    middle = FACE_H / 2 - 0.2 * cm
    _square(canvas, card.starting.agent, GRID_LEFT, middle - badge / 2, badge)
    left = GRID_LEFT + badge + 0.45 * cm
    lines = _wrapped(_starts(card, words), STARTS_SIZE, TEXT_RIGHT - left)
    top = middle + 0.25 * cm * (len(lines) - 1) - 0.15 * cm  # the lines' middle on the badge's
    canvas.setFillColor(team)
    canvas.setFont("Helvetica-Bold", STARTS_SIZE)
    for line in lines:
        canvas.drawString(left, top, line)
        top -= 0.5 * cm


def print_classic_keycards(game: Game, seed: int, games: int, lang: str = "en") -> bytes:
    """Tent-fold key cards for classic Codenames or Pictures, six to a page: the lower half
    faces the spymasters upright; the upper half, upside down, faces the operatives once
    folded."""
    words = spoken_language(lang)
    _ = words.gettext
    cards = classic_cards(game, seed, games)
    if game is Game.CLASSIC:
        title = _("Classic Codenames key cards, seed {seed}").format(seed=seed)
    else:
        title = _("Codenames Pictures key cards, seed {seed}").format(seed=seed)
    canvas, buffer = new_pdf(A4, title)
    how = _(
        "{title}: cut on the marks, fold on the dashed line, stand each card with the key facing"
        " the spymasters."
    ).format(title=title)
    tents(
        canvas,
        how,
        [
            (
                partial(_key_face, card=card, number=number, words=words),
                partial(_table_face, card=card, number=number, words=words),
            )
            for number, card in enumerate(cards, start=1)
        ],
    )
    canvas.save()
    return buffer.getvalue()
