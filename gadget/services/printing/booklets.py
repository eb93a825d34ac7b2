"""Play-by-paper booklets: one per player, the variant's rules first."""

from __future__ import annotations

from typing import Final

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from gadget.engine import Player
from gadget.language import N_, Language
from gadget.language import language as spoken_language
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

# The variant's rules, a paragraph each (indented: the three colours), wrapped to the page in
# the booklet's language.
RULES: Final = [
    (0, N_("Play by paper: two booklets, one per player, the same games in both.")),
    (
        0,
        N_(
            "Sit where you cannot see each other's booklet. Choose who starts; then take turns"
            " giving clues. Each turn, both players tick a turn box; with none left, sudden death"
            " begins."
        ),
    ),
    (
        0,
        N_(
            "The clue giver says one word and one number. The guesser says one word of the upper"
            " list at a time; the clue giver looks it up in their own lower list and says its"
            " colour:"
        ),
    ),
    (
        1,
        N_(
            "green: both tick a target box and circle the word; the guesser may guess again, at"
            " most the clue's number + 1 guesses in the turn;"
        ),
    ),
    (
        1,
        N_(
            "tan: a mistake: both tick a mistake box (none left: tick a turn box instead); the"
            " turn ends;"
        ),
    ),
    (1, N_("black: the assassin: the game is lost, with no score.")),
    (0, N_("A player whose green words are all found says so and gives no more clues.")),
    (0, N_("Sudden death: no clues; guess one word at a time; any wrong word loses the game.")),
    (
        0,
        N_(
            "An invalid clue (a word on the table, or part of one): tick a turn box and a"
            " mistake box."
        ),
    ),
    (0, N_("All 15 targets ticked: you have won.")),
    (
        0,
        N_(
            "Score: +1 per target found, +3 per unused turn box, -2 per mistake, -4 if you"
            " needed sudden death. The assassin leaves no score."
        ),
    ),
]


def _boxes(canvas: Canvas, x: float, y: float, label: str, count: int) -> None:
    canvas.setFont("Helvetica-Bold", 9)
    canvas.drawString(x, y, f"{label} ({count})")  # a label and a count: the same everywhere
    side = 0.42 * cm
    for index in range(count):
        canvas.rect(x + 3.2 * cm + index * (side + 0.12 * cm), y - 0.08 * cm, side, side)


def _booklet_page(
    canvas: Canvas, game: PaperGame, player: Player, total: int, words: Language
) -> None:
    _ = words.gettext
    width, height = A4
    margin = 1.5 * cm
    number = 1 if player is Player.A else 2
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica-Bold", 14)
    canvas.drawString(
        margin,
        height - margin,
        _("Game {number} of {total}").format(number=game.number, total=total),
    )
    canvas.drawRightString(
        width - margin, height - margin, _("Player {number}").format(number=number)
    )
    canvas.setFont("Helvetica", 9)
    canvas.drawString(margin, height - margin - 0.6 * cm, _("Date ____________    Score ______"))
    y = height - margin - 1.6 * cm
    for label, count in (
        (_("Turns"), BOOKLET_TURNS),
        (_("Mistakes"), BOOKLET_MISTAKES),
        (_("Targets"), TARGETS),
    ):
        _boxes(canvas, margin, y, label, count)
        y -= 0.75 * cm
    # Upper list: the 25 words both players guess from, in the same order in both booklets.
    y -= 0.4 * cm
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawString(margin, y, _("Words to guess from (cross out a word found or covered)"))
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
        margin, y, _("Your words (give clues for green; look up your partner's guesses)")
    )
    side = game.card.side(player)
    y -= 0.4 * cm
    for colour, name, fill in (
        ("G", _("Green"), GREEN),
        ("-", _("Tan"), TAN),
        ("X", _("Black"), BLACK),
    ):
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


def print_booklets(seed: int, games: int, language: str = "en", lang: str = "en") -> bytes:
    """Two booklets in one PDF: player 1's (side A) then player 2's (side B), each led by
    the rules; the seed on the rules page prints the same games again. `language` is the
    words' list, `lang` the language of everything else on the paper."""
    words = spoken_language(lang)
    _ = words.gettext
    chosen = paper_games(seed, games, language)
    canvas, buffer = new_pdf(
        A4, _("Codenames Duet play-by-paper booklets, seed {seed}").format(seed=seed)
    )
    width, height = A4
    margin = 1.5 * cm
    for player in Player:
        number = 1 if player is Player.A else 2
        canvas.setFillColor(INK)
        canvas.setFont("Helvetica-Bold", 18)
        canvas.drawString(
            margin,
            height - 2 * cm,
            _("Play by paper: booklet of player {number}").format(number=number),
        )
        canvas.setFont("Helvetica", 10)
        canvas.drawString(
            margin,
            height - 2.7 * cm,
            words.ngettext(
                "{count} game, seed {seed} (gadget print booklet --games {count} --seed {seed})",
                "{count} games, seed {seed} (gadget print booklet --games {count} --seed {seed})",
                games,
            ).format(count=games, seed=seed),
        )
        y = height - 4 * cm
        for indent, paragraph in RULES:
            left = margin + indent * 0.6 * cm
            for line in simpleSplit(_(paragraph), "Helvetica", 10, width - margin - left):
                canvas.drawString(left, y, line)
                y -= 0.5 * cm
            y -= 0.15 * cm
        canvas.showPage()
        for game in chosen:
            _booklet_page(canvas, game, player, games, words)
    canvas.save()
    return buffer.getvalue()
