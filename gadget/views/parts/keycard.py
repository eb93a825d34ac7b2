"""The 5x5 key card as one phone shows it: its own side turned for its seat, and the table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple, cast

import flet as ft

from gadget.engine import CELLS, Colour, PlayerView
from gadget.services import palette
from gadget.views.parts.boundary import component
from gadget.views.parts.cell_face import (
    CELL_HEIGHT,
    CELL_LOOK,
    CellLook,
    face_fields,
    face_look,
    face_of,
    layered,
    same_shape,
)
from gadget.views.parts.hooks import Kept, use_kept
from gadget.views.parts.in_place import (
    Fields,
    children_changed,
    fields_changed,
    hold_fields,
    only_changed,
    set_held,
)
from gadget.views.parts.language import _, pgettext, spoken


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
    look: CellLook, tap: Callable[[int], None], cell_key: str, face_key: str
) -> ft.Control:
    """A cell: what a reader hears of it over its face, which takes the tap when it may be
    tapped; `tap` is the card's, the same at every render."""
    face = face_of(face_look(look), face_key, _taker(look, tap), look.touchable)
    return ft.Semantics(
        label=look.label,
        button=look.touchable,
        exclude_semantics=True,  # the label says the tokens: "partner" is not said twice
        expand=True,
        content=face,
        key=cell_key,
    )


def _taker(look: CellLook, tap: Callable[[int], None]) -> Callable[[object], None] | None:
    """What a cell does when tapped: tells the card which cell, when it may be tapped."""
    if not look.touchable:
        return None
    cell = look.cell
    return lambda _event: tap(cell)


def _told(
    row: ft.Row, told: dict[int, tuple[CellLook, CellLook]], tap: Callable[[int], None]
) -> Fields:
    """Hold in kept cells of a shown row what changed on them, field by field: whether a cell
    is a button (to a screen reader), takes a tap and ripples, what a reader says of it, and
    its face's colours and symbol; returned as the row's fields (its cells', by place) for
    the card to tell the phone (a clue turns 25 cells of the clue giver's card, a touch one
    on each phone; each was made and compared again)."""
    changed: dict[int, Fields] = {}
    for place, (was, look) in told.items():
        face_was, face_now = face_look(was), face_look(look)
        face = face_fields(face_now)
        # A clue changes no face: the same fields both sides, not worked out twice.
        then = face if face_was == face_now else face_fields(face_was)
        changed[place] = only_changed(_cell_fields(was, then), _cell_fields(look, face))
        cell = cast(ft.Semantics, row.controls[place])
        taker = cast(ft.Container, cell.content)
        set_held(cell, label=look.label, button=look.touchable)
        set_held(taker, on_click=_taker(look, tap), ink=look.touchable)
        if face_was != face_now:  # the very values the phone is sent
            hold_fields(taker.content if layered(face_now) else taker, face)
    return {"controls": changed}


def _cell_fields(look: CellLook, face: Fields) -> Fields:
    """A drawn cell's fields that a move may change, where they lie under it (its tap: on
    the phone, whether it takes one), with its face's."""
    tap = {"on_click": look.touchable, "ink": look.touchable}
    taker = tap | {"content": face} if layered(face_look(look)) else tap | dict(face)
    return {"label": look.label, "button": look.touchable, "content": taker}


class DrawnRow(NamedTuple):
    """A row of the card as drawn: its looks, and the row itself, which holds the cells
    (what the next render keeps of it)."""

    looks: tuple[CellLook, ...]
    row: ft.Row


NOTHING_TOLD: Final[Fields] = {}


def _key_row(
    looks: tuple[CellLook, ...], tap: Callable[[int], None], last: DrawnRow | None, key: str
) -> tuple[DrawnRow, Fields]:
    """Five cells; a move changes one row or two, and the others are kept whole, not even
    compared (nor, in a changed row, its unchanged cells: the same controls as before). A
    cell whose face keeps its shape is kept too, and told what changed in place (`_told`):
    a clue makes every uncovered cell of the clue giver's card tappable and a touch turns a
    cell's colours, and each used to make those cells again. A row drawn before is changed in place
    (`in_place`): the card above it is then the very same, and neither is made nor
    compared again. With the row, what the phone is to be told of its kept cells."""
    if last is not None and last.looks == looks:
        return last, NOTHING_TOLD
    cells: list[ft.Control] = []
    told: dict[int, tuple[CellLook, CellLook]] = {}  # kept cells, as they were and become
    for place, look in enumerate(looks):
        was = None if last is None else last.looks[place]
        if (
            was is not None
            and was.cell == look.cell
            and (was == look or same_shape(face_look(was), face_look(look)))
        ):
            cells.append(cast(DrawnRow, last).row.controls[place])
            if was != look:
                told[place] = (was, look)
            continue
        cells.append(_key_cell(look, tap, f"cell {look.cell}", f"face {look.cell}"))
    if last is None:
        return DrawnRow(looks, ft.Row(cells, spacing=4, key=key)), NOTHING_TOLD
    children_changed(last.row, cells)
    return DrawnRow(looks, last.row), _told(last.row, told, tap) if told else NOTHING_TOLD


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
    drawn: Kept[tuple[tuple[DrawnRow, ...], ft.Column] | None] = use_kept(None)
    if hidden:
        drawn.current = None  # drawn afresh when shown again
        return ft.Container(
            content=ft.Text(_("Card hidden"), size=18, color=palette.ON_DARK),
            bgcolor=palette.HIDDEN,
            border_radius=8,
            height=5 * CELL_HEIGHT + 4 * 4,
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
    drawn_rows = [
        _key_row(
            tuple(looks[n * 5 : n * 5 + 5]), tap, None if last is None else last[0][n], f"row {n}"
        )
        for n in range(CELLS // 5)
    ]
    rows = tuple(row for row, _changes in drawn_rows)
    # Once drawn, the card is the very same object: its rows change in place, and what
    # changed on their kept cells is told in one patch from the card (a patch a row was five
    # messages to the clue giver at a clue, and at a turn's end).
    if last is None:
        card = ft.Column([row.row for row in rows], spacing=4, key=key)
    else:
        card = last[1]
        fields_changed(card, {n: told for n, (_row, told) in enumerate(drawn_rows) if told})
    drawn.current = (rows, card)
    return card
