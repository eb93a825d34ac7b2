"""A classic or Pictures card on the site: the card the code makes (the same on every phone
given it), its share panel for the other spymaster, and the game both apps show, whose
steps this phone applies itself and keeps in its own storage."""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Callable
from typing import cast
from urllib.parse import unquote

import flet as ft

from gadget.engine import GadgetError
from gadget.engine.classic import ClassicCard, Game, deal
from gadget.engine.classic_game import ClassicGame, after
from gadget.engine.sharecode import DEAL_SEED_BITS
from gadget.services import addresses, palette
from gadget.site.kept_classic import classic_game_key, keep_classic_game, read_classic_game
from gadget.views.parts.boundary import component
from gadget.views.parts.classic_game import ClassicControls, ClassicGameView, game_title
from gadget.views.parts.hooks import keyed, use_kept, use_value, use_wakelock
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import dead_end, icon_button, loading, screen, share_panel
from gadget.views.parts.shared import brief, guarded
from gadget.views.parts.storage import stored
from gadget.views.parts.typed_code import LONGEST_TYPED


def now() -> float:
    """The phone's clock, for its team timer (a test sets its own)."""
    return time.time()


def dealt(game: Game) -> ClassicCard:
    """A new card for the game, from a fresh random seed (nothing to keep: the code is the
    whole card)."""
    return deal(game, secrets.randbits(DEAL_SEED_BITS))


@component
def ClassicRoute() -> ft.Control:
    """/classic/<code>: the card the code makes."""
    # Read whole up to the length a typed code is (a long paste is refused by its length).
    typed = unquote(ft.use_route_params().get(addresses.CODE, "")[:LONGEST_TYPED])
    try:
        card = ClassicCard.from_code(typed)
    except GadgetError as wrong:  # a typo, or another game's code: said, never read as one
        return dead_end(
            _("This link does not make a card."), brief(say(wrong)), _("Home"), addresses.HOME
        )
    return keyed(SiteClassic, card.code, card)  # another card: a fresh screen


@component
def SiteClassic(card: ClassicCard) -> ft.Control:
    """The card, hidden until a spymaster asks; its code folded away (the code is the whole
    card: an operative who scanned it would see it); the count and the team timer, kept in
    this phone's storage at each step and timed by this phone's own clock."""
    page = ft.context.page
    held, set_held = use_value(lambda: cast(tuple[ClassicGame, str] | None, None))
    current = use_kept(cast(list[ClassicGame], []))  # the newest game, between renders
    written = use_kept([False])  # kept once already by this screen: the index knows it
    sharing, set_sharing = use_value(lambda: False)
    said, set_said = use_value(lambda: "")
    use_wakelock()

    async def load() -> None:
        game, trouble = read_classic_game(card, await stored(classic_game_key(card.code)))
        current.current[:] = [game]
        set_held((game, trouble))

    ft.use_effect(load, [])

    async def keep(game: ClassicGame) -> None:
        first, written.current[0] = not written.current[0], True
        try:
            await keep_classic_game(game, first)
        except Exception:  # no storage here: the screen goes on, a reload starts afresh
            with contextlib.suppress(Exception):
                set_said(_("This browser keeps nothing: a reload starts this card afresh."))

    def doing(step: Callable[[ClassicGame], ClassicGame]) -> None:
        def apply() -> None:
            changed = step(current.current[0])
            current.current[:] = [changed]
            set_said("")
            set_held((changed, ""))
            page.run_task(keep, changed)

        guarded(apply, set_said)(None)  # a refusal is said on this screen, never raised

    if held is None:
        return loading(_("Opening the card"))
    game, trouble = held
    controls = ClassicControls(now=now, take=lambda step: doing(lambda t: after(t, step, now())))
    link = addresses.site_link(page.url, addresses.classic(card))
    return screen(
        [
            ft.Row(
                [
                    ft.Text(game_title(card.game), size=20, weight=ft.FontWeight.BOLD),
                    icon_button(ft.Icons.HOME, _("Home"), lambda _e: page.navigate(addresses.HOME)),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
            share_panel(card, link, lambda: set_sharing(False))
            if sharing
            else ft.TextButton(
                _("Show the code for the other spymaster"), on_click=lambda _e: set_sharing(True)
            ),
            ft.Text(
                _("This phone counts and times alone: the other phone does not follow."), size=12
            ),
            *([ft.Text(trouble, color=palette.DANGER)] if trouble else []),
            *([ft.Text(said, color=palette.DANGER)] if said else []),
            ClassicGameView(game, controls),
        ]
    )
