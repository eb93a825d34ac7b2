"""The tiles on a site game's words: with no server, each phone keeps its own table in step,
as players do with tiles (a tap covers a word with an agent, then a bystander, then none).

Kept in the phone's storage, one key per code and side, so a reload keeps them; the newest
KEPT_CLASSIC_GAMES games are kept, older ones let go.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

import flet as ft

from gadget.engine import CELLS, GadgetError, Player, PlayerView, ShareCode
from gadget.engine.errors import Message
from gadget.engine.packed_words import pack_words, unpack_words
from gadget.engine.words import CardWords, shipped_words
from gadget.services import palette
from gadget.site.kept_classic import kept_codes, newest_first
from gadget.views.parts.hooks import use_value
from gadget.views.parts.keycard import KeyCardGrid, Worded
from gadget.views.parts.language import _, say
from gadget.views.parts.storage import forget, stored, write

COVERS_KEY: Final = "gadget.site.covers"  # the games whose tiles are kept, newest first


class Cover(StrEnum):
    """What lies on a word: an agent card, or a bystander of the player who touched it."""

    AGENT = "agent"
    MINE = "mine"  # a bystander this phone's player touched
    PARTNERS = "partners"  # a bystander the partner touched


_KINDS: Final = frozenset(Cover)
_NEXT: Final = {None: Cover.AGENT, Cover.AGENT: Cover.MINE, Cover.MINE: Cover.PARTNERS}

Covers = dict[int, Cover]


def next_cover(now: Cover | None) -> Cover | None:
    """A tap's cover: agent, then this player's bystander, then the partner's, then none."""
    return _NEXT.get(now)


def read_covers(kept: object) -> Covers:
    """The covers kept for a game; anything that does not read is left out."""
    try:
        document = json.loads(str(kept)) if isinstance(kept, str) else {}
    except ValueError:
        return {}
    covers: Covers = {}
    if isinstance(document, dict):
        for cell, cover in document.items():
            if isinstance(cell, str) and cell.isdigit() and int(cell) < CELLS and cover in _KINDS:
                covers[int(cell)] = Cover(cover)
    return covers


def covered_view(view: PlayerView, covers: Covers) -> PlayerView:
    """The side as this phone's tiles cover it: every word may be tapped."""
    return replace(
        view,
        found=frozenset(cell for cell, cover in covers.items() if cover is Cover.AGENT),
        marks_by_me=frozenset(cell for cell, cover in covers.items() if cover is Cover.MINE),
        marks_by_partner=frozenset(
            cell for cell, cover in covers.items() if cover is Cover.PARTNERS
        ),
        touchable=frozenset(range(CELLS)),
    )


def covers_key(code: str, side: Player) -> str:
    """Where one side of one game keeps its tiles."""
    return f"{COVERS_KEY}.{code}.{side.value}"


def words_of(code: ShareCode, packed: str | None) -> tuple[CardWords | None, Message | None]:
    """A game's words: a shipped list's from its code, a custom list's from its link (checked
    as hostile input), and why a game with words shows none (or why its link's were refused)."""
    key = code.words
    carried: CardWords | None = None
    refusal: Message | None = None
    try:
        carried = None if packed is None else unpack_words(packed, key)
    except GadgetError as refused:
        refusal = refused.said
    if key is None or not key.is_custom:
        return (None if key is None else shipped_words(key)), refusal
    if packed is None:  # the code typed alone: its words are not in it
        return None, Message("this game's words came with its link: open the link or scan the code")
    return carried, refusal


@dataclass(frozen=True, slots=True)
class Tiles:
    """A site game's words (None: a game with the box, or a custom list's without its link),
    what its link carries of them, why none are shown, and this phone's tiles on them."""

    words: tuple[str, ...] | None
    covers: Covers
    tap: Callable[[int], None]
    packed: str | None = None  # a custom list's 25 words as its link carries them
    problem: str = ""


def use_tiles(code: ShareCode, side: Player, packed: str | None = None) -> Tiles:
    """The words the code names, or the custom words its link carries, and this phone's
    tiles on them (none for a custom list's code typed alone: its words came in its link)."""
    covers, tap = use_covers(code.text, side)
    card, problem = words_of(code, packed)
    return Tiles(
        None if card is None else card.words,
        covers,
        tap,
        pack_words(card) if card is not None and card.key.is_custom else None,
        "" if problem is None else say(problem),
    )


def tiled_card(view: PlayerView, tiles: Tiles, hidden: bool) -> list[ft.Control]:
    """The card with its words and tiles, and what a tap does; without words, as before,
    with the line that says why when the game has words."""
    said = [ft.Text(tiles.problem, color=palette.DANGER)] if tiles.problem else []
    if tiles.words is None:
        return [*said, KeyCardGrid(view, None, hidden)]
    card = KeyCardGrid(
        covered_view(view, tiles.covers), tiles.tap, hidden, None, Worded(tiles.words)
    )
    if hidden:
        return [*said, card]
    return [
        *said,
        card,
        ft.Text(
            _(
                "Tap a word to cover it: an agent, then your bystander, then your partner's,"
                " then nothing."
            ),
            size=13,
        ),
    ]


def use_covers(code: str, side: Player) -> tuple[Covers, Callable[[int], None]]:
    """This phone's tiles for the game, read once, and a tap that changes one and keeps it."""
    covers, set_covers = use_value(dict[int, Cover])
    page = ft.context.page
    key = covers_key(code, side)

    async def load() -> None:
        set_covers(read_covers(await stored(key)))

    async def keep(changed: Covers, first: bool) -> None:
        try:
            await write(key, json.dumps({str(cell): cover for cell, cover in changed.items()}))
            if first:
                games, dropped = newest_first(kept_codes(await stored(COVERS_KEY)), key)
                await write(COVERS_KEY, json.dumps(games))
                for old in dropped:
                    await forget(old)
        except Exception:  # a browser that keeps nothing: the tiles live until a reload
            return

    ft.use_effect(load, [key])

    def tap(cell: int) -> None:
        changed = dict(covers)
        cover = next_cover(covers.get(cell))
        if cover is None:
            changed.pop(cell, None)
        else:
            changed[cell] = cover
        set_covers(changed)
        page.run_task(keep, changed, not covers)

    return covers, tap
