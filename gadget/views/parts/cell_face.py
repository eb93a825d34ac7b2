"""What one cell of the key card shows, as a value and as the controls that draw it: made
once, then changed field by field while a move keeps its shape (a touch turns a cell's
colour, not its parts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

import flet as ft

from gadget.engine import Colour
from gadget.services import palette
from gadget.views.parts.in_place import Fields

# Green, black and tan are told apart by a symbol too, for colour-blind players.
CELL_LOOK: dict[Colour, tuple[str, str, ft.IconData, str]] = {
    Colour.GREEN: (palette.AGENT, palette.ON_DARK, ft.Icons.CHECK_CIRCLE, "agent"),
    Colour.BLACK: (palette.ASSASSIN, palette.ON_DARK, ft.Icons.DANGEROUS, "assassin"),
    Colour.TAN: (palette.BYSTANDER, palette.BYSTANDER_INK, ft.Icons.REMOVE, "bystander"),
}

# A word on its cell: upper case, as on the box's cards; tests/test_wordlists.py measures
# every shipped word in this size against the cell's width on a 390 px phone.
WORD_SIZE: Final = 11
CELL_HEIGHT: Final = 54  # px; five rows and their gaps make the card's height


@dataclass(frozen=True, slots=True)
class CellLook:
    """Everything one cell shows, as a value, its words already in the phone's language: a
    cell whose look did not change is not drawn again, nor compared, when the card is (a
    move changes one or two of 25)."""

    cell: int
    colour: Colour
    found: bool
    struck: bool
    tokens: tuple[str, ...]  # the bystander tokens on it, in the phone's words
    partner_colour: Colour | None  # after the game: the partner's colour, in a corner
    word: str | None
    chosen: bool
    touchable: bool
    label: str


class FaceLook(NamedTuple):
    """A cell's face as the phone draws it: its shape (a word under the symbol, tokens and
    the partner's colour over it), then the fields a move changes in place."""

    word: str | None  # shown under the symbol, upper case
    tokens: tuple[str, ...]
    partner_colour: Colour | None
    fill: str
    border: str | None  # its colour, 3 px wide
    icon: ft.IconData
    ink: str  # the symbol's
    size: int  # the symbol's
    word_ink: str


@lru_cache(maxsize=1024)
def face_look(look: CellLook) -> FaceLook:
    """What the face of a cell of this look shows."""
    fill, ink, icon, _name = CELL_LOOK[look.colour]
    if look.struck:  # the touch that lost the game, in the colour of danger
        fill, ink, icon = palette.DANGER, palette.ON_DARK, ft.Icons.DANGEROUS
    found = look.found
    # An agent card hides its word, as the tile does on the table.
    word = None if look.word is None or found else look.word.upper()
    return FaceLook(
        word=word,
        tokens=look.tokens,
        partner_colour=look.partner_colour,
        fill=palette.COVERED if found else fill,
        border=(palette.CHOSEN if look.chosen else fill) if found or look.chosen else None,
        icon=ft.Icons.PERSON if found else icon,
        ink=palette.COVERED_INK if found else ink,
        size=26 if word is None else 14,
        word_ink=ink,
    )


def layered(face: FaceLook) -> bool:
    """Whether the face carries something over its tile (tokens, the partner's colour): a
    stack then, which a tap is taken around; otherwise the tile itself takes it."""
    return bool(face.tokens) or face.partner_colour is not None


def same_shape(before: FaceLook, after: FaceLook) -> bool:
    """Whether a face drawn for one look is changed into the other's field by field: the same
    parts, in the same places (a found agent whose word goes, a token put down, are not)."""
    parts = (before.word, before.tokens, before.partner_colour)
    return parts == (after.word, after.tokens, after.partner_colour)


def face_fields(face: FaceLook) -> Fields:
    """The fields a move may change on a drawn face, by where they lie under its outermost
    control (the same shape, the same places)."""
    symbol = {"icon": face.icon, "color": face.ink, "size": face.size}
    inner: Fields = (
        symbol
        if face.word is None
        else {"controls": {0: symbol, 1: {"value": face.word, "color": face.word_ink}}}
    )
    border = None if face.border is None else ft.Border.all(3, face.border)
    tile = {"bgcolor": face.fill, "border": border, "content": inner}
    return {"controls": {0: tile}} if layered(face) else tile


def face_of(
    face: FaceLook,
    key: str | None = None,
    on_click: Callable[[object], None] | None = None,
    ink: bool = False,
) -> ft.Control:
    """The face's controls: its colour, its word, and over them its tokens and, after the
    game, the partner's colour; what takes a tap (`on_click`, rippling with `ink`) is the
    tile itself, or, when something lies over it (`layered`), a container around the stack:
    a control less for most of a card's 25 cells."""
    symbol = ft.Icon(face.icon, color=face.ink, size=face.size)
    layers: list[ft.Control] = []
    if face.partner_colour is not None:
        layers.append(
            ft.Container(
                width=14,
                height=14,
                bgcolor=CELL_LOOK[face.partner_colour][0],
                border_radius=7,
                border=ft.Border.all(1, palette.ON_DARK),
                right=3,
                top=3,
            )
        )
    if face.tokens:
        tokens = [_token(said) for said in face.tokens]
        # Over the word's corner, not its letters: a worded cell's word sits at the bottom.
        if face.word is None:
            layers.append(ft.Column(tokens, spacing=1, left=2, bottom=2))
        else:
            layers.append(ft.Column(tokens, spacing=1, left=2, top=2))
    content = symbol if face.word is None else _worded(symbol, face.word, face.word_ink)
    if not layered(face):  # most cells carry nothing on the word: no Stack, no wrapper
        return _tile(face, content, alone=True, key=key, on_click=on_click, ink=ink)
    # The kept control's key is the stack's, as the tile's is when alone.
    stack = ft.Stack([_tile(face, content, alone=False), *layers], expand=True, key=key)
    return ft.Container(stack, height=CELL_HEIGHT, expand=True, on_click=on_click, ink=ink)


def _tile(
    face: FaceLook,
    content: ft.Control,
    *,
    alone: bool,
    key: str | None = None,
    on_click: Callable[[object], None] | None = None,
    ink: bool = False,
) -> ft.Container:
    """The face's coloured tile, with its symbol and word; `alone` (nothing over it), it is
    the cell's outermost control: the cell's height, and it takes the tap."""
    return ft.Container(
        content=content,
        bgcolor=face.fill,
        border=None if face.border is None else ft.Border.all(3, face.border),
        border_radius=6,
        alignment=ft.Alignment.CENTER,
        expand=True,
        height=CELL_HEIGHT if alone else None,
        on_click=on_click,
        ink=ink,
        key=key,
    )


def _token(label: str) -> ft.Control:
    """A bystander token on the word, saying whose guess put it there."""
    return ft.Container(
        content=ft.Text(label, size=12, color=palette.TOKEN_INK, weight=ft.FontWeight.BOLD),
        bgcolor=palette.TOKEN,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=3, vertical=0),
    )


def _worded(symbol: ft.Control, word: str, ink: str) -> ft.Control:
    """A cell's word under its colour's symbol."""
    return ft.Column(
        [
            symbol,
            ft.Text(
                word,
                size=WORD_SIZE,
                weight=ft.FontWeight.W_600,
                color=ink,
                max_lines=1,
                no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS,  # a custom list's long word
            ),
        ],
        spacing=2,
        alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
