"""The 5x5 key card as one phone shows it: its own side turned for its seat, and the table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final, NamedTuple, cast

import flet as ft

from gadget.engine import CELLS, Colour, PlayerView
from gadget.services import palette
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Kept, use_kept
from gadget.views.parts.in_place import Fields, children_changed, fields_changed, set_held
from gadget.views.parts.language import _, pgettext, spoken

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


# A word on its cell: upper case, as on the box's cards; tests/test_wordlists.py measures
# every shipped word in this size against the cell's width on a 390 px phone.
WORD_SIZE: Final = 11


def colour_name(colour: Colour) -> str:
    """What players call a cell of this colour, in the phone's language."""
    return pgettext("cell", CELL_LOOK[colour][3])


def cell_words(
    view: PlayerView, cell: int, struck: int | None = None, word: str | None = None
) -> str:
    """What a screen reader (and a test) says for one cell: its word, its colour, then what
    lies on it."""
    return _said(_facts(view, cell, struck, word))


# A side's letter to its colour, looked up (the enum's own lookup by value, twice a cell at
# every move of every phone, cost as much as the rest of a cell's facts).
_COLOURS: Final = {colour.value: colour for colour in Colour}


def _facts(view: PlayerView, cell: int, struck: int | None, word: str | None) -> CellFacts:
    partner = None if view.partner_side is None else _COLOURS[view.partner_side[cell]]
    return CellFacts(
        _COLOURS[view.own_side[cell]],
        word,
        cell == struck,
        cell in view.found,
        cell in view.marks_by_me,
        cell in view.marks_by_partner,
        partner,
    )


def _said(facts: CellFacts) -> str:
    words = [colour_name(facts.colour)]
    if facts.word is not None:
        words.insert(0, facts.word.upper())
    if facts.struck:
        words.append(_("touched: the assassin"))
    if facts.found:
        words.append(_("agent found"))
    if facts.mine:
        words.append(_("your bystander"))
    if facts.partners:
        words.append(_("partner's bystander"))
    if facts.partner_colour is not None:
        seen = colour_name(facts.partner_colour)
        words.append(_("partner sees {colour}").format(colour=seen))
    return _(", ").join(words)


class CellFacts(NamedTuple):
    """What lies on one cell, from this seat: what its look is made of."""

    colour: Colour
    word: str | None
    struck: bool  # the touch that found the assassin
    found: bool
    mine: bool  # my bystander token on it
    partners: bool  # my partner's
    partner_colour: Colour | None  # after the game: what the partner sees there


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


# A card's 25 looks at every move of every phone were 4% of a watching phone's CPU: the same
# facts in the same language give the same look (its words in that language) on any phone.
@lru_cache(maxsize=8192)
def _look(
    language: str, cell: int, position: int, facts: CellFacts, *, touchable: bool, chosen: bool
) -> CellLook:
    """The look of a cell with these facts, in this language (`_` says it in the page's,
    which the caller named)."""
    del language  # a part of the key only
    row, column = divmod(position, 5)
    said = _said(facts)
    if chosen:
        said = _("{words}, chosen").format(words=said)
    return CellLook(
        cell=cell,
        colour=facts.colour,
        found=facts.found,
        struck=facts.struck,
        tokens=(
            *([pgettext("token", "you")] if facts.mine else []),
            *([pgettext("token", "partner")] if facts.partners else []),
        ),
        partner_colour=facts.partner_colour,
        word=facts.word,
        chosen=chosen,
        touchable=touchable,
        label=_("row {row} column {column}: {words}").format(
            row=row + 1, column=column + 1, words=said
        ),
    )


def _key_cell(
    look: CellLook, face: ft.Control, tap: Callable[[int], None], key: str | None = None
) -> ft.Control:
    """A cell: its face, and what takes the tap when it may be tapped; `tap` is the card's,
    the same at every render."""
    return ft.Semantics(
        label=look.label,
        button=look.touchable,
        exclude_semantics=True,  # the label says the tokens: "partner" is not said twice
        expand=True,
        content=ft.Container(
            content=face, height=54, expand=True, on_click=_taker(look, tap), ink=look.touchable
        ),
        key=key,
    )


def _taker(look: CellLook, tap: Callable[[int], None]) -> Callable[[object], None] | None:
    """What a cell does when tapped: tells the card which cell, when it may be tapped."""
    if not look.touchable:
        return None
    cell = look.cell
    return lambda _event: tap(cell)


def _turned(row: ft.Row, turned: dict[int, CellLook], tap: Callable[[int], None]) -> None:
    """Tell the phone which kept cells of a shown row may now be tapped or no longer, then
    hold it in the cells: whether a cell is a button (to a screen reader), takes a tap, and
    ripples. A clue turns 25 cells of the clue giver's card, the end of a turn turns them
    back; each cell and what takes its tap were made and compared again for these three."""
    before: dict[int, Fields] = {}
    after: dict[int, Fields] = {}
    for place, look in turned.items():
        cell = cast(ft.Semantics, row.controls[place])
        taker = cast(ft.Container, cell.content)
        was = {"on_click": taker.on_click is not None, "ink": taker.ink}
        before[place] = {"button": cell.button, "content": was}
        now = {"on_click": look.touchable, "ink": look.touchable}
        after[place] = {"button": look.touchable, "content": now}
    fields_changed(row, before, after)
    for place, look in turned.items():
        cell = cast(ft.Semantics, row.controls[place])
        set_held(cell, button=look.touchable)
        set_held(cast(ft.Control, cell.content), on_click=_taker(look, tap), ink=look.touchable)


def _face(look: CellLook, key: str | None = None) -> ft.Control:
    """What a cell shows: its colour, its word, and over them its tokens and, after the game,
    the partner's colour."""
    fill, ink, icon, _name = CELL_LOOK[look.colour]
    found, word = look.found, look.word
    if look.struck:  # the touch that lost the game, in the colour of danger
        fill, ink, icon = palette.DANGER, palette.ON_DARK, ft.Icons.DANGEROUS
    tokens = [_token(said) for said in look.tokens]
    symbol = ft.Icon(
        ft.Icons.PERSON if found else icon,
        color=palette.COVERED_INK if found else ink,
        size=26 if word is None or found else 14,
    )
    chosen = look.chosen
    layers: list[ft.Control] = []
    if look.partner_colour is not None:
        layers.append(
            ft.Container(
                width=14,
                height=14,
                bgcolor=CELL_LOOK[look.partner_colour][0],
                border_radius=7,
                border=ft.Border.all(1, palette.ON_DARK),
                right=3,
                top=3,
            )
        )
    if tokens:
        # Over the word's corner, not its letters: a worded cell's word sits at the bottom.
        if word is None:
            layers.append(ft.Column(tokens, spacing=1, left=2, bottom=2))
        else:
            layers.append(ft.Column(tokens, spacing=1, left=2, top=2))
    face = ft.Container(
        # An agent card hides its word, as the tile does on the table.
        content=symbol if word is None or found else _worded(symbol, word, ink),
        bgcolor=palette.COVERED if found else fill,
        border=ft.Border.all(3, palette.CHOSEN if chosen else fill) if found or chosen else None,
        border_radius=6,
        alignment=ft.Alignment.CENTER,
        expand=True,
        key=None if layers else key,  # the kept control's key: the outermost's
    )
    # Most cells carry nothing on the word: no Stack for them (fewer controls to diff).
    return ft.Stack([face, *layers], expand=True, key=key) if layers else face


class DrawnRow(NamedTuple):
    """A row of the card as drawn: its looks, and the row itself, which holds the cells
    (what the next render keeps of it)."""

    looks: tuple[CellLook, ...]
    row: ft.Row


def _key_row(
    looks: tuple[CellLook, ...], tap: Callable[[int], None], last: DrawnRow | None, key: str
) -> DrawnRow:
    """Five cells; a move changes one row or two, and the others are kept whole, not even
    compared (nor, in a changed row, its unchanged cells: the same controls as before). A
    cell whose only change is whether it may be tapped is kept too, and told so in place
    (`_turned`): a clue makes every uncovered cell of the clue giver's card tappable, and
    made all 25 again. A row drawn before is changed in place (`in_place`): the card above
    it is then the very same, and neither is made nor compared again."""
    if last is not None and last.looks == looks:
        return last
    cells: list[ft.Control] = []
    turned: dict[int, CellLook] = {}  # kept cells that may now be tapped, or no longer
    for place, look in enumerate(looks):
        if last is not None and replace(last.looks[place], touchable=look.touchable) == look:
            cells.append(last.row.controls[place])
            if last.looks[place].touchable != look.touchable:
                turned[place] = look
            continue
        cells.append(_key_cell(look, _face(look, f"face {look.cell}"), tap, f"cell {look.cell}"))
    if last is None:
        return DrawnRow(looks, ft.Row(cells, spacing=4, key=key))
    children_changed(last.row, cells)
    if turned:
        _turned(last.row, turned, tap)
    return DrawnRow(looks, last.row)


def _worded(symbol: ft.Control, word: str, ink: str) -> ft.Control:
    """A cell's word under its colour's symbol."""
    return ft.Column(
        [
            symbol,
            ft.Text(
                word.upper(),
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


@dataclass(frozen=True, slots=True)
class Worded:
    """A card's words, when it has them, and, played apart, the word this player chose."""

    words: tuple[str, ...] | None = None
    chosen: int | None = None
    apart: bool = False


NO_WORDS: Final = Worded()


@component
def KeyCardGrid(
    view: PlayerView,
    on_touch: Callable[[int], None] | None = None,
    hidden: bool = False,
    struck: int | None = None,
    worded: Worded = NO_WORDS,
) -> ft.Control:
    """The card from this player's seat, with its words when it has them; tappable cells
    record the partner's touches, or, played apart, choose this player's own touch;
    `struck` is the cell whose touch found the assassin."""
    return use_key_card(view, on_touch, hidden, struck, worded)


def use_key_card(
    view: PlayerView,
    on_touch: Callable[[int], None] | None = None,
    hidden: bool = False,
    struck: int | None = None,
    worded: Worded = NO_WORDS,
    *,
    key: str | None = None,
) -> ft.Control:
    """`KeyCardGrid`'s card, drawn in the caller's own render: the live table draws it in
    its own, a component less to make, render and compare at every move on every phone (the
    rows and cells it kept are its own, kept here as the rows' component kept them)."""
    touch_cells = view.mine_to_touch if worded.apart else view.touchable
    words, chosen = worded.words, worded.chosen
    # The cells are handed one tap for all renders (a new one would draw all 25 again); it
    # passes each touch on to the `on_touch` of the latest render.
    latest: Kept[Callable[[int], None] | None] = use_kept(None)  # not a function: Flet calls it
    latest.current = on_touch

    def touch(cell: int) -> None:
        if latest.current is not None:
            latest.current(cell)

    tap = ft.use_callback(touch, [])
    drawn: Kept[tuple[tuple[DrawnRow, ...], ft.Control] | None] = use_kept(None)
    if hidden:
        drawn.current = None  # drawn afresh when shown again
        return ft.Container(
            content=ft.Text(_("Card hidden"), size=18, color=palette.ON_DARK),
            bgcolor=palette.HIDDEN,
            border_radius=8,
            height=5 * 54 + 4 * 4,
            alignment=ft.Alignment.CENTER,
            key=key,
        )
    language = spoken().code  # the page's, once for its 25 cells
    looks = [
        _look(
            language,
            cell,
            position,
            _facts(view, cell, struck, words[cell] if words is not None else None),
            touchable=on_touch is not None and cell in touch_cells,
            chosen=chosen == cell,
        )
        for position, cell in enumerate(view.seat_cells)
    ]
    last = drawn.current
    rows = tuple(
        _key_row(
            tuple(looks[n * 5 : n * 5 + 5]), tap, None if last is None else last[0][n], f"row {n}"
        )
        for n in range(CELLS // 5)
    )
    # Once drawn, the card is the very same object: its rows change in place.
    card = ft.Column([row.row for row in rows], spacing=4, key=key) if last is None else last[1]
    drawn.current = (rows, card)
    return card
