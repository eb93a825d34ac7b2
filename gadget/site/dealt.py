"""Phone A's secret on the site: the seeds of the cards it dealt, kept in its own storage.

The code, its QR code and its link make side B only; side A is made again from a seed that
never leaves the phone that dealt it unless its player hands it over, so a reload there
reopens side A and any other browser given the same address is refused it. For the game of
more than two, side A's link (`/side/<code>.<seed>`) hands the seed to another phone of
side A: the player chooses to show it, and a seed that does not make the code's side B
opens nothing.
"""

from __future__ import annotations

import contextlib
import json
from typing import Final, cast

import flet as ft

from gadget.engine import Deal, Player, ShareCode, ShareCodeError
from gadget.services import addresses
from gadget.views.parts.asking import asked
from gadget.views.parts.hooks import LOADING, Loading, use_value
from gadget.views.parts.storage import preferences, stored, write

DEALT_KEY: Final = "gadget.site.dealt"
KEPT_DEALS: Final = 200  # the newest games dealt here (about 15 kB); older ones are let go
SEED_MARK: Final = "."  # between the code and the seed, in side A's link


def read_deals(stored: object) -> list[Deal]:
    """The deals kept in the phone's storage, newest first; anything unreadable is skipped."""
    deals: list[Deal] = []
    with contextlib.suppress(ValueError, TypeError):
        for entry in json.loads(str(stored)) if isinstance(stored, str) else []:
            with contextlib.suppress(ValueError, TypeError, KeyError):
                deals.append(Deal(int(entry["seed"]), int(entry["tokens"]), int(entry["mistakes"])))
    return deals[:KEPT_DEALS]


def written_deals(deals: list[Deal]) -> str:
    """The deals as the phone's storage keeps them (the seed as text: JSON readers elsewhere
    round numbers past 2^53)."""
    return json.dumps(
        [{"seed": str(d.seed), "tokens": d.tokens, "mistakes": d.mistakes} for d in deals]
    )


async def remember(deal: Deal) -> None:
    """Keep a deal on this phone before its side A is shown (storage that fails keeps nothing:
    the card then cannot be shown again, which is safer than showing it to anyone)."""
    kept = read_deals(await asked(lambda: preferences().get(DEALT_KEY)))
    others = [d for d in kept if d.code.side_b != deal.code.side_b]
    await write(DEALT_KEY, written_deals([deal, *others][:KEPT_DEALS]))


async def open_side_a(page: ft.Page, deal: Deal, words: str | None = None) -> bool:
    """Keep a new deal on this phone, then open its side A (with a custom list's 25 words
    packed in its address); False, and nothing opened, where the browser keeps nothing."""
    try:
        await remember(deal)  # side A is made again from this phone's storage alone
    except Exception:  # no storage here: side A could not be shown again
        return False
    page.navigate(addresses.play(deal.code, Player.A, words))
    return True


def deal_for(code: ShareCode, deals: list[Deal]) -> Deal | None:
    """The deal on this phone whose side B the code makes, if this phone dealt it."""
    return next((d for d in deals if d.key_card().b == code.side_b), None)


def use_deal(code: ShareCode) -> Deal | Loading | None:
    """This phone's deal for the code, read from its storage: LOADING until it is read."""
    found, set_found = use_value(lambda: cast(tuple[Deal | None] | None, None))

    async def load() -> None:
        set_found((deal_for(code, read_deals(await stored(DEALT_KEY))),))

    ft.use_effect(load, [code.side_b])
    return LOADING if found is None else found[0]


def side_a_secret(deal: Deal) -> str:
    """What side A's link carries: the code, then the seed that makes side A."""
    return f"{deal.code.text}{SEED_MARK}{deal.seed}"


def deal_in_secret(secret: str) -> Deal | None:
    """The deal side A's link hands over; None for anything else (a seed that does not make
    the code's side B, edited or mistyped, opens nothing)."""
    typed, mark, seed = secret.rpartition(SEED_MARK)
    if not mark or not (seed.isascii() and seed.isdigit()) or len(seed) > 20:  # 2^64: 20
        return None
    try:
        code = ShareCode.parse(typed)
        deal = Deal(int(seed), code.tokens, code.mistakes, code.words)
    except ShareCodeError:
        return None
    return deal if deal.code.side_b == code.side_b else None
