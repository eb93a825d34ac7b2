"""Play-by-paper booklets: one per player, the variant's rules first."""

from __future__ import annotations

from typing import Final

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas

from gadget.engine import Player
from gadget.services.printing.paper import (
    BLACK,
    BOOKLET_MISTAKES,
    BOOKLET_TURNS,
    FAINT,
    GREEN,
    INK,
    TAN,
    TARGETS,
    PaperGame,
    new_pdf,
    paper_games,
)

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
    canvas, buffer = new_pdf(A4, f"Codenames Duet play-by-paper booklets, seed {seed}")
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
