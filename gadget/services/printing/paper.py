"""Printable paper: a spare mission map, play-by-paper booklets, and tent-fold key cards."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas

from gadget.engine import KeyCard, Player
from gadget.engine.errors import GadgetError
from gadget.engine.keycard import generate_v1
from gadget.engine.prng import SplitMix64
from gadget.engine.sharecode import SEED_BITS
from gadget.missions import MissionMap
from gadget.missions.layout import map_layout
from gadget.services import palette

SIZES: Final = {"a4": A4, "letter": letter}
GREEN: Final = HexColor(palette.AGENT)
BLACK: Final = HexColor(palette.ASSASSIN)
TAN: Final = HexColor(palette.BYSTANDER)
INK: Final = HexColor(palette.INK)
FAINT: Final = HexColor(palette.FAINT)
COLOURS: Final = {"G": GREEN, "X": BLACK, "-": TAN}
LANGUAGES: Final = ("en", "fr")
BOOKLET_TURNS, BOOKLET_MISTAKES, TARGETS = 9, 5, 15


class PrintError(GadgetError):
    """A print request that cannot be made (a bad size, language or count)."""


@cache
def word_list(language: str) -> tuple[str, ...]:
    """The project's own nouns (at least 400) in English or French."""
    if language not in LANGUAGES:
        raise PrintError(f"language {language!r}: choose {' or '.join(LANGUAGES)}")
    text = resources.files("gadget.services.printing").joinpath(f"data/words-{language}.txt")
    lines = text.read_text("utf-8").splitlines()
    return tuple(w for line in lines if not line.startswith("#") for w in line.split())


@dataclass(frozen=True, slots=True)
class PaperGame:
    """One game on paper: its key card and its 25 words, both fixed by the booklet's seed."""

    number: int
    card: KeyCard
    words: tuple[str, ...]  # in A's frame: words[i] lies on cell i


def paper_games(seed: int, count: int, language: str = "en") -> list[PaperGame]:
    """The games of a booklet: the same seed prints the same cards and words again."""
    if not 1 <= count <= 1000:
        raise PrintError(f"--games {count}: print 1 to 1000 games")
    stream = SplitMix64(seed)
    words = list(word_list(language))
    games = []
    for number in range(1, count + 1):
        card = generate_v1(stream.next_u64() >> (64 - SEED_BITS))
        pool = list(words)
        SplitMix64(stream.next_u64()).shuffle(pool)
        games.append(PaperGame(number, card, tuple(pool[:25])))
    return games


def _pdf(size: tuple[float, float], title: str) -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("Gadget")
    return canvas, buffer


# --- The mission map -----------------------------------------------------------------------


def print_map(
    mission_map: MissionMap,
    size: str = "a4",
    team: str | None = None,
    completed: frozenset[str] = frozenset(),
) -> bytes:
    """A spare map like the printed pad: cities, lines, T-M, a Team box, lines for notes."""
    if size not in SIZES:
        raise PrintError(f"--size {size}: choose a4 or letter")
    width, height = landscape(SIZES[size])
    canvas, buffer = _pdf((width, height), f"Mission map: {mission_map.name}")
    margin, notes_h = 1.2 * cm, 3.2 * cm
    box_y = _map_header(canvas, mission_map, team, size=(width, height), margin=margin)
    area = (margin + 0.8 * cm, width - margin - 0.8 * cm, box_y - 0.9 * cm)
    bottom = margin + notes_h + 0.9 * cm
    _map_drawing(canvas, mission_map, completed, area, bottom)
    _map_notes(canvas, width, margin, notes_h, bottom)
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
) -> float:
    """The title, and the Team box at the top right (filled in for a team); its bottom."""
    width, height = size
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawString(margin, height - margin - 0.3 * cm, "Codenames Duet: mission map")
    canvas.setFont("Helvetica", 9)
    canvas.drawString(margin, height - margin - 0.8 * cm, mission_map.name)
    box_w, box_h = 7 * cm, 1.3 * cm
    box_x, box_y = width - margin - box_w, height - margin - box_h
    canvas.setStrokeColor(INK)
    canvas.rect(box_x, box_y, box_w, box_h)
    canvas.setFont("Helvetica", 8)
    canvas.drawString(box_x + 0.2 * cm, box_y + box_h - 0.35 * cm, "Team")
    if team:
        canvas.setFont("Helvetica-Bold", 13)
        canvas.drawString(box_x + 0.3 * cm, box_y + 0.3 * cm, team)
    return box_y


def _map_drawing(
    canvas: Canvas,
    mission_map: MissionMap,
    completed: frozenset[str],
    area: tuple[float, float, float],
    bottom: float,
) -> None:
    """Every line, then every city on top: name above, T-M below, a tick when completed."""
    left, right, top = area
    aspect = (top - bottom) / (right - left)
    places = {
        mission: (left + x * (right - left), top - y * (top - bottom))
        for mission, (x, y) in map_layout(mission_map, aspect).items()
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
        canvas.drawCentredString(x, y + radius + 0.12 * cm, mission.name)
        canvas.setFont("Helvetica", 8)
        label = f"{mission.parameters} completed" if done else mission.parameters
        canvas.drawCentredString(x, y - radius - 0.32 * cm, label)


def _map_notes(canvas: Canvas, width: float, margin: float, notes_h: float, bottom: float) -> None:
    """The legend, then lines for notes across the foot of the page."""
    canvas.setFont("Helvetica", 7)
    canvas.setFillColor(INK)
    canvas.drawString(
        margin,
        bottom - 0.6 * cm,
        "T-M: T timer tokens, M of them bystander side up. Solid lines: from the rule book;"
        " dashed: reconstructed (the printed map is a picture). Mark a won mission's circle.",
    )
    canvas.setFont("Helvetica", 8)
    canvas.drawString(margin, margin + notes_h - 0.3 * cm, "Notes")
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    for row in range(4):
        y = margin + notes_h - 0.9 * cm - row * 0.65 * cm
        canvas.line(margin, y, width - margin, y)


# --- Play-by-paper booklets ----------------------------------------------------------------

RULES: Final = [
    "Play by paper: two booklets, one per player, the same games in both.",
    "Sit where you cannot see each other's booklet. Choose who starts; then take turns giving",
    "clues. Each turn, both players tick a turn box; with none left, sudden death begins.",
    "The clue giver says one word and one number. The guesser says one word of the upper list",
    "at a time; the clue giver looks it up in their own lower list and says its colour:",
    "  green: both tick a target box and circle the word; the guesser may guess again, at",
    "         most the clue's number + 1 guesses in the turn;",
    "  tan:   a mistake: both tick a mistake box (none left: tick a turn box instead); the",
    "         turn ends;",
    "  black: the assassin: the game is lost, with no score.",
    "A player whose green words are all found says so and gives no more clues.",
    "Sudden death: no clues; guess one word at a time; any wrong word loses the game.",
    "An invalid clue (a word on the table, or part of one): tick a turn box and a mistake box.",
    "All 15 targets ticked: you have won.",
    "",
    "Score: +1 per target found, +3 per unused turn box, -2 per mistake,",
    "-4 if you needed sudden death. The assassin leaves no score.",
]


def _boxes(canvas: Canvas, x: float, y: float, label: str, count: int) -> None:
    canvas.setFont("Helvetica-Bold", 9)
    canvas.drawString(x, y, f"{label} ({count})")
    side = 0.42 * cm
    for index in range(count):
        canvas.rect(x + 3.2 * cm + index * (side + 0.12 * cm), y - 0.08 * cm, side, side)


def _booklet_page(canvas: Canvas, game: PaperGame, player: Player, total: int) -> None:
    width, height = A4
    margin = 1.5 * cm
    number = 1 if player is Player.A else 2
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 14)
    canvas.drawString(margin, height - margin, f"Game {game.number} of {total}")
    canvas.drawRightString(width - margin, height - margin, f"Player {number}")
    canvas.setFont("Helvetica", 9)
    canvas.drawString(margin, height - margin - 0.6 * cm, "Date ____________    Score ______")
    y = height - margin - 1.6 * cm
    for label, count in (
        ("Turns", BOOKLET_TURNS),
        ("Mistakes", BOOKLET_MISTAKES),
        ("Targets", TARGETS),
    ):
        _boxes(canvas, margin, y, label, count)
        y -= 0.75 * cm
    # Upper list: the 25 words both players guess from, in the same order in both booklets.
    y -= 0.4 * cm
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawString(margin, y, "Words to guess from (cross out a word found or covered)")
    ordered = sorted(game.words, key=str.casefold)
    cell_w, cell_h = (width - 2 * margin) / 5, 0.8 * cm
    canvas.setFont("Helvetica", 10)
    for index, word in enumerate(ordered):
        row, column = divmod(index, 5)
        x, top = margin + column * cell_w, y - 0.3 * cm - row * cell_h
        canvas.setStrokeColor(FAINT)
        canvas.rect(x, top - cell_h, cell_w, cell_h)
        canvas.drawCentredString(x + cell_w / 2, top - cell_h + 0.28 * cm, word.upper())
    # Lower list: this player's own words by colour, to give clues from and to judge guesses.
    y -= 0.3 * cm + 5 * cell_h + 1.0 * cm
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawString(
        margin, y, "Your words (give clues for green; look up your partner's guesses)"
    )
    side = game.card.side(player)
    y -= 0.4 * cm
    for colour, name, fill in (("G", "Green", GREEN), ("-", "Tan", TAN), ("X", "Black", BLACK)):
        mine = sorted((game.words[c] for c in range(25) if side[c] == colour), key=str.casefold)
        canvas.setFillColor(fill)
        canvas.rect(margin, y - 0.45 * cm, 0.45 * cm, 0.45 * cm, stroke=0, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont("Helvetica-Bold", 10)
        canvas.drawString(margin + 0.7 * cm, y - 0.35 * cm, f"{name} ({len(mine)})")
        canvas.setFont("Helvetica", 10)
        for index, word in enumerate(mine):
            row, column = divmod(index, 4)
            canvas.drawString(
                margin + 3.2 * cm + column * 3.6 * cm, y - 0.35 * cm - row * 0.55 * cm, word.upper()
            )
        y -= 0.55 * cm * ((len(mine) + 3) // 4) + 0.45 * cm
    canvas.showPage()


def print_booklets(seed: int, games: int, language: str = "en") -> bytes:
    """Two booklets in one PDF: player 1's (side A) then player 2's (side B), each led by
    the rules; the seed on the rules page prints the same games again."""
    chosen = paper_games(seed, games, language)
    canvas, buffer = _pdf(A4, f"Codenames Duet play-by-paper booklets, seed {seed}")
    height = A4[1]
    for player in Player:
        number = 1 if player is Player.A else 2
        canvas.setFillColor(INK)
        canvas.setFont("Helvetica-Bold", 18)
        canvas.drawString(1.5 * cm, height - 2 * cm, f"Play by paper: booklet of player {number}")
        canvas.setFont("Helvetica", 10)
        canvas.drawString(
            1.5 * cm, height - 2.7 * cm,
            f"{games} games, seed {seed} (gadget print booklet --games {games} --seed {seed})",
        )  # fmt: skip
        y = height - 4 * cm
        for line in RULES:
            canvas.drawString(1.5 * cm, y, line)
            y -= 0.55 * cm
        canvas.showPage()
        for game in chosen:
            _booklet_page(canvas, game, player, games)
    canvas.save()
    return buffer.getvalue()


# --- Key cards -----------------------------------------------------------------------------

CARD_W, CARD_H = 8.6 * cm, 8.4 * cm
CELL: Final = 0.62 * cm


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


def _half(canvas: Canvas, card: KeyCard, player: Player, number: int) -> None:
    """One face of the tent, drawn upright at the origin: the grid as this player sees it."""
    grid = card.seen_from(player)
    left = (CARD_W - 5 * CELL) / 2
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 8)
    canvas.drawString(0.3 * cm, CARD_H / 2 - 0.5 * cm, f"Card {number}")
    canvas.drawRightString(CARD_W - 0.3 * cm, CARD_H / 2 - 0.5 * cm, f"side {player.value.upper()}")
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


def print_keycards(seed: int, games: int) -> bytes:
    """Tent-fold key cards, six to a page: cut, fold on the dashed line, stand it between you.

    The lower half faces player A upright; the upper half is printed upside down so that,
    folded, it faces player B the right way up, turned as B sees the table.
    """
    chosen = paper_games(seed, games)
    canvas, buffer = _pdf(A4, f"Codenames Duet key cards, seed {seed}")
    spots = list(_positions())
    for index, game in enumerate(chosen):
        if index % len(spots) == 0:
            if index:
                canvas.showPage()
            canvas.setFillColor(INK)
            canvas.setFont("Helvetica", 8)
            canvas.drawCentredString(
                A4[0] / 2,
                A4[1] - 0.6 * cm,
                f"Key cards, seed {seed}: cut on the marks, fold on the dashed line,"
                " stand each card between you (side A faces A, side B faces B).",
            )
        x, y = spots[index % len(spots)]
        _cut_marks(canvas, x, y)
        canvas.setStrokeColor(FAINT)
        canvas.setDash([2, 2])
        canvas.line(x, y + CARD_H / 2, x + CARD_W, y + CARD_H / 2)  # the fold
        canvas.setDash([])
        canvas.saveState()
        canvas.translate(x, y)
        _half(canvas, game.card, Player.A, game.number)
        canvas.restoreState()
        canvas.saveState()
        canvas.translate(x + CARD_W, y + CARD_H)
        canvas.rotate(180)
        _half(canvas, game.card, Player.B, game.number)
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
