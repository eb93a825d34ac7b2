"""A classic or Pictures key card as the spymasters see it: its cells in colour and symbol,
and the starting team's colour around its border, as the printed card shows it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from gadget.engine.classic import ClassicCard, Role, Team
from gadget.services import palette
from gadget.views.parts.boundary import component
from gadget.views.parts.language import _, pgettext

CELL_HEIGHT = 54
BORDER = 8  # px of the starting team's colour around the card

# Each role told apart by a symbol too, for colour-blind players, as on the printed cards
# (a triangle red, a disc blue, a dash, a cross): fill, ink, symbol, name.
ROLE_LOOK: dict[Role, tuple[str, str, ft.IconData, str]] = {
    Role.RED: (palette.RED_AGENT, palette.ON_DARK, ft.Icons.CHANGE_HISTORY, "red agent"),
    Role.BLUE: (palette.BLUE_AGENT, palette.ON_DARK, ft.Icons.CIRCLE, "blue agent"),
    Role.BYSTANDER: (palette.BYSTANDER, palette.BYSTANDER_INK, ft.Icons.REMOVE, "bystander"),
    Role.ASSASSIN: (palette.ASSASSIN, palette.ON_DARK, ft.Icons.DANGEROUS, "assassin"),
}
TEAM_FILL = {Team.RED: palette.RED_AGENT, Team.BLUE: palette.BLUE_AGENT}


def role_words(role: Role) -> str:
    """A role as a screen reader says it, in the phone's language (the classic edition's
    words: a French bystander is an "innocent" here, a "passant" in Duet)."""
    return {
        Role.RED: pgettext("classic cell", "red agent"),
        Role.BLUE: pgettext("classic cell", "blue agent"),
        Role.BYSTANDER: pgettext("classic cell", "bystander"),
        Role.ASSASSIN: pgettext("classic cell", "assassin"),
    }[role]


def starts_words(team: Team) -> str:
    """Which team starts, as the card's border says it."""
    return _("Red starts") if team is Team.RED else _("Blue starts")


def _cell(
    card: ClassicCard, cell: int, covered: bool, on_touch: Callable[[int], object] | None
) -> ft.Control:
    role = card.role(cell)
    fill, ink, icon, _name = ROLE_LOOK[role]
    row, column = divmod(cell, card.layout.columns)
    words = role_words(role) + (_(", ") + _("covered") if covered else "")
    face = ft.Container(
        content=ft.Icon(icon, color=fill if covered else ink, size=24 if covered else 26),
        bgcolor=palette.BACKDROP if covered else fill,
        border=ft.Border.all(3, fill) if covered else None,
        border_radius=6,
        alignment=ft.Alignment.CENTER,
        height=CELL_HEIGHT,
        expand=True,
        on_click=(lambda _e, c=cell: on_touch(c)) if on_touch and not covered else None,
        ink=on_touch is not None and not covered,
    )
    return ft.Semantics(
        label=_("row {row} column {column}: {words}").format(
            row=row + 1, column=column + 1, words=words
        ),
        button=on_touch is not None and not covered,
        exclude_semantics=True,
        expand=True,
        content=face,
    )


@component
def ClassicCardGrid(
    card: ClassicCard,
    covered: frozenset[int] = frozenset(),
    on_touch: Callable[[int], object] | None = None,
    hidden: bool = False,
) -> ft.Control:
    """The card framed in its starting team's colour; with `on_touch`, a tap on a cell that
    is not yet covered tells which card the operatives touched."""
    layout = card.layout
    height = layout.rows * CELL_HEIGHT + (layout.rows - 1) * 4
    if hidden:
        return ft.Container(
            content=ft.Text(_("Card hidden"), size=18, color=palette.ON_DARK),
            bgcolor=palette.HIDDEN,
            border_radius=8,
            height=height + 2 * BORDER,
            alignment=ft.Alignment.CENTER,
        )
    rows: list[ft.Control] = [
        ft.Row(
            [
                _cell(card, cell, cell in covered, on_touch)
                for cell in range(start, start + layout.columns)
            ],
            spacing=4,
        )
        for start in range(0, layout.cells, layout.columns)
    ]
    return ft.Semantics(
        label=starts_words(card.starting),
        container=True,
        content=ft.Container(
            content=ft.Column(rows, spacing=4),
            border=ft.Border.all(BORDER, TEAM_FILL[card.starting]),
            border_radius=10,
            padding=4,
        ),
    )
