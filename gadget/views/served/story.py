"""After the game, its story: each clue and the words touched after it, both sides shown."""

from __future__ import annotations

import flet as ft

from gadget.engine import CELLS, Colour, GameLog, Player, seat_index
from gadget.engine.story import Touch, Turn, story
from gadget.services import palette
from gadget.services.records import SideSeen
from gadget.views.parts.boundary import component
from gadget.views.parts.cell_face import CELL_LOOK
from gadget.views.parts.keycard import colour_name
from gadget.views.parts.language import _, spoken


def words_language(seen: SideSeen) -> str:
    """The language a clue is checked in: its list's, or for a custom list the phone's."""
    return seen.words_language or spoken().code


def _place(touch: Touch, seat: Player) -> str:
    """A touched cell named for a table without words: where it lies from this seat."""
    position = next(p for p in range(CELLS) if seat_index(seat, p) == touch.cell)
    row, column = divmod(position, 5)
    return _("row {row} column {column}").format(row=row + 1, column=column + 1)


def _colour_chip(colour: Colour, side: str) -> ft.Control:
    """One side's colour of a touched word, with its name for a reader."""
    fill, ink, icon, _name = CELL_LOOK[colour]
    return ft.Semantics(
        label=_("{side}: {colour}").format(side=side, colour=colour_name(colour)),
        exclude_semantics=True,
        content=ft.Container(
            ft.Row(
                [ft.Icon(icon, color=ink, size=14), ft.Text(side, color=ink, size=12)],
                spacing=2,
                tight=True,
            ),
            bgcolor=fill,
            border_radius=6,
            padding=ft.Padding.symmetric(horizontal=4, vertical=1),
        ),
    )


def _touch_line(touch: Touch, seat: Player) -> ft.Control:
    """A word touched, who touched it, and its colour on each side."""
    word = touch.word.upper() if touch.word is not None else _place(touch, seat)
    return ft.Row(
        [
            ft.Text(
                _("{player} touched {word}").format(player=touch.by.value.upper(), word=word),
                size=14,
            ),
            _colour_chip(touch.on_a, "A"),
            _colour_chip(touch.on_b, "B"),
        ],
        spacing=6,
        wrap=True,
    )


def _turn_lines(number: int, turn: Turn, seat: Player) -> list[ft.Control]:
    """A turn's clue, what was said of it, and its touches."""
    if turn.clue is None:
        head = _("Sudden death")
    else:
        said = " ".join(
            part
            for part in (
                turn.clue.word.upper(),
                "" if turn.clue.number is None else str(turn.clue.number),
            )
            if part
        )
        head = _("{number}. {player}'s clue: {clue}").format(
            number=number, player=turn.clue.by.value.upper(), clue=said or _("(said aloud)")
        )
    lines: list[ft.Control] = [ft.Text(head, weight=ft.FontWeight.W_600)]
    if turn.penalised:
        lines.append(ft.Text(_("Called invalid: a token discarded."), color=palette.SETBACK))
    lines += [_touch_line(touch, seat) for touch in turn.touches]
    if turn.stopped and turn.clue is not None:  # (sudden death has neither clue nor stop)
        guesser = turn.clue.by.partner.value.upper()  # named: French put no one there, read "A"
        lines.append(ft.Text(_("{player} stopped guessing.").format(player=guesser), size=13))
    return lines


@component
def StoryPanel(log: GameLog, seat: Player) -> ft.Control:
    """The whole game told clue by clue, read from its log (the saved truth)."""
    turns = story(log)
    if not turns:
        return ft.Container(key="story")
    lines: list[ft.Control] = [
        ft.Text(_("The story of the game"), size=18, weight=ft.FontWeight.W_600)
    ]
    for number, turn in enumerate(turns, start=1):
        lines += _turn_lines(number, turn, seat)
    return ft.Container(
        ft.Column(lines, spacing=4),
        border=ft.Border.all(1, palette.OUTLINE),
        border_radius=8,
        padding=10,
        key="story",
    )
