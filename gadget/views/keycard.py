"""The 5x5 key card as one phone shows it: its own side turned for its seat, and the table."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from gadget.engine import CELLS, Colour, PlayerView
from gadget.services import palette
from gadget.views.boundary import component
from gadget.views.language import _, pgettext

# Green, black and tan are told apart by a symbol too, for colour-blind players.
CELL_LOOK: dict[Colour, tuple[str, str, ft.IconData, str]] = {
    Colour.GREEN: (palette.AGENT, palette.ON_DARK, ft.Icons.CHECK_CIRCLE, "agent"),
    Colour.BLACK: (palette.ASSASSIN, palette.ON_DARK, ft.Icons.DANGEROUS, "assassin"),
    Colour.TAN: (palette.BYSTANDER, palette.BYSTANDER_INK, ft.Icons.REMOVE, "bystander"),
}


def _token(label: str) -> ft.Control:
    """A bystander token on the word, saying whose guess put it there."""
    return ft.Container(
        content=ft.Text(label, size=12, color=palette.TOKEN_INK, weight=ft.FontWeight.BOLD),
        bgcolor=palette.TOKEN,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=3, vertical=0),
    )


def cell_words(view: PlayerView, cell: int, struck: int | None = None) -> str:
    """What a screen reader (and a test) says for one cell: colour, then what lies on it."""
    colour = Colour(view.own_side[cell])
    words = [pgettext("cell", CELL_LOOK[colour][3])]
    if cell == struck:
        words.append(_("touched: the assassin"))
    if cell in view.found:
        words.append(_("agent found"))
    if cell in view.marks_by_me:
        words.append(_("your bystander"))
    if cell in view.marks_by_partner:
        words.append(_("partner's bystander"))
    if view.partner_side is not None:
        seen = pgettext("cell", CELL_LOOK[Colour(view.partner_side[cell])][3])
        words.append(_("partner sees {colour}").format(colour=seen))
    return _(", ").join(words)


def _cell(
    view: PlayerView,
    cell: int,
    position: int,
    on_touch: Callable[[int], None] | None,
    struck: int | None,
) -> ft.Control:
    colour = Colour(view.own_side[cell])
    fill, ink, icon, _name = CELL_LOOK[colour]
    found = cell in view.found
    if cell == struck:  # the touch that lost the game, in the colour of danger
        fill, ink, icon = palette.DANGER, palette.ON_DARK, ft.Icons.DANGEROUS
    tokens: list[ft.Control] = []
    if cell in view.marks_by_me:
        tokens.append(_token(pgettext("token", "you")))
    if cell in view.marks_by_partner:
        tokens.append(_token(pgettext("token", "partner")))
    face = ft.Container(
        content=ft.Icon(
            ft.Icons.PERSON if found else icon, color=palette.COVERED_INK if found else ink, size=26
        ),
        bgcolor=palette.COVERED if found else fill,
        border=ft.Border.all(3, fill) if found else None,
        border_radius=6,
        alignment=ft.Alignment.CENTER,
        expand=True,
    )
    layers: list[ft.Control] = []
    if view.partner_side is not None:  # after the game: the partner's colour in a corner
        partner_fill = CELL_LOOK[Colour(view.partner_side[cell])][0]
        layers.append(
            ft.Container(
                width=14,
                height=14,
                bgcolor=partner_fill,
                border_radius=7,
                border=ft.Border.all(1, palette.ON_DARK),
                right=3,
                top=3,
            )
        )
    if tokens:
        layers.append(ft.Column(tokens, spacing=1, left=2, bottom=2))
    touchable = on_touch is not None and cell in view.touchable
    row, column = divmod(position, 5)
    return ft.Semantics(
        label=_("row {row} column {column}: {words}").format(
            row=row + 1, column=column + 1, words=cell_words(view, cell, struck)
        ),
        button=touchable,
        exclude_semantics=True,  # the label says the tokens: "partner" is not said twice
        expand=True,
        content=ft.Container(
            # Most cells carry nothing on the word: no Stack for them (fewer controls to diff).
            content=ft.Stack([face, *layers], expand=True) if layers else face,
            height=54,
            expand=True,
            on_click=(lambda _e, c=cell: on_touch(c)) if touchable and on_touch else None,
            ink=touchable,
        ),
    )


@component
def KeyCardGrid(
    view: PlayerView,
    on_touch: Callable[[int], None] | None = None,
    hidden: bool = False,
    struck: int | None = None,
) -> ft.Control:
    """The card from this player's seat; tappable cells record the partner's touches;
    `struck` is the cell whose touch found the assassin."""
    if hidden:
        return ft.Container(
            content=ft.Text(_("Card hidden"), size=18, color=palette.ON_DARK),
            bgcolor=palette.HIDDEN,
            border_radius=8,
            height=5 * 54 + 4 * 4,
            alignment=ft.Alignment.CENTER,
        )
    order = view.seat_cells
    rows: list[ft.Control] = [
        ft.Row(
            [
                _cell(view, order[position], position, on_touch, struck)
                for position in range(r * 5, r * 5 + 5)
            ],
            spacing=4,
        )
        for r in range(CELLS // 5)
    ]
    return ft.Column(rows, spacing=4)
