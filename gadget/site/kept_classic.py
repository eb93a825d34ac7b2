"""The classic games this phone keeps on the site: each card's count and team timer under a
key of its own, so a reload (or the same card opened again) finds them; the newest
KEPT_CLASSIC_GAMES are kept, older ones let go (the page reads every key of the app as it loads)."""

from __future__ import annotations

import json
from typing import Final

from gadget.engine import GadgetError
from gadget.engine.classic import ClassicCard
from gadget.engine.classic_game import (
    ClassicGame,
    ClassicGameError,
    classic_game_document,
    classic_game_of_document,
    new_classic_game,
)
from gadget.views.parts.language import _, say
from gadget.views.parts.shared import brief
from gadget.views.parts.storage import forget, stored, write

CLASSIC_GAMES_KEY: Final = "gadget.site.classic"  # the codes of the games kept, newest first
KEPT_CLASSIC_GAMES: Final = 50  # about 20 kB with a long count each; older games are let go


def classic_game_key(code: str) -> str:
    """Where the game of the card with this code is kept."""
    return f"{CLASSIC_GAMES_KEY}.{code}"


def read_classic_game(card: ClassicCard, kept: object) -> tuple[ClassicGame, str]:
    """The game kept for this card (a fresh one where none is), and, where what is kept does
    not read back as this card's game, a fresh one and one line saying so."""
    if kept is None:
        return new_classic_game(card), ""
    try:
        try:
            document = json.loads(str(kept))
        except ValueError:
            document = None  # not JSON: refused below as "not an object"
        game = classic_game_of_document(document)
        if game.card != card:
            raise ClassicGameError("this kept classic game is another card's")
    except GadgetError as wrong:
        said = _("The count kept here for this card could not be read, so it starts afresh: {why}")
        return new_classic_game(card), brief(said.format(why=say(wrong)))
    return game, ""


def kept_codes(kept: object) -> list[str]:
    """The codes of the games kept, newest first (an index that does not read: none)."""
    try:
        codes = json.loads(str(kept)) if isinstance(kept, str) else []
    except ValueError:
        return []
    if not isinstance(codes, list):
        return []
    return [code for code in codes if isinstance(code, str)]


def newest_first(codes: list[str], code: str) -> tuple[list[str], list[str]]:
    """The index with this code first, and the codes now past KEPT_CLASSIC_GAMES (to let go)."""
    ordered = [code, *(other for other in codes if other != code)]
    return ordered[:KEPT_CLASSIC_GAMES], ordered[KEPT_CLASSIC_GAMES:]


async def keep_classic_game(game: ClassicGame, first: bool) -> None:
    """Write the game under its card's key; the first time a screen keeps it, make it the
    newest in the index and let the oldest go (raises where the browser keeps nothing)."""
    code = game.card.code
    await write(
        classic_game_key(code), json.dumps(classic_game_document(game), separators=(",", ":"))
    )
    if first:
        codes, dropped = newest_first(kept_codes(await stored(CLASSIC_GAMES_KEY)), code)
        await write(CLASSIC_GAMES_KEY, json.dumps(codes))
        for old in dropped:
            await forget(classic_game_key(old))
