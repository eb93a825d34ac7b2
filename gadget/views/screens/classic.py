"""/classic/<code>: a classic or Pictures card on a spymaster's phone, the same on every phone
that opened its code, live: the count and the team timer kept at the server."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast
from urllib.parse import unquote

import flet as ft

from gadget.engine import ShareCodeError
from gadget.engine.classic import ClassicCard
from gadget.services import addresses
from gadget.services.classic_games import ShownClassic
from gadget.views.parts.boundary import component
from gadget.views.parts.classic_game import ClassicControls, ClassicGameView, game_title
from gadget.views.parts.hooks import keyed, use_kept, use_status, use_value, use_wakelock
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import dead_end, icon_button, loading, screen, share_panel
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.served.live import use_live
from gadget.views.served.table_context import use_table


def _read(typed: str) -> tuple[ClassicCard | None, str]:
    """The card an address carries, or why it is none (a typo, or another game's code)."""
    try:
        return ClassicCard.from_code(typed), ""
    except ShareCodeError as wrong:
        return None, say(wrong)


@component
def ClassicRoute() -> ft.Control:
    """/classic/<code>: the card the code makes; a code that makes none says why, and Home."""
    typed = unquote(ft.use_route_params().get(addresses.CODE, ""))  # a space is %20
    card, problem = ft.use_memo(lambda: _read(typed), [typed])
    if card is None:
        return dead_end(_("That code did not work"), problem, _("Home"), addresses.HOME)
    # Keyed by the card: another code opened in the same tab is a new screen, never the
    # previous card for a moment.
    return keyed(ClassicCardScreen, card.code, card)


@component
def ClassicCardScreen(card: ClassicCard) -> ft.Control:
    """The card's game as the server keeps it, followed live: a step on either spymaster's
    phone shows on both at once; the code is shown only when a spymaster asks."""
    classic_games = use_table().classic
    page = ft.context.page
    phone = use_phone()
    shown, set_shown = use_value(lambda: cast(ShownClassic | None, None))
    # The version the next step is based on: the last one this phone was handed.
    version = use_kept(cast(int | None, None))
    opened = use_kept(False)
    sharing, set_sharing = use_value(lambda: False)
    status, tell, refuse = use_status()
    use_wakelock()

    def show(now: ShownClassic) -> None:
        version.current = now.version
        set_shown(now)

    def reread(_moved_to: int | None = None) -> None:
        # Each read is whole. The first opens the card on this phone (it holds the code).
        show(
            classic_games.shown(phone, card) if opened.current else classic_games.open(phone, card)
        )
        opened.current = True

    use_live(card.code, reread, lambda: version.current)

    def act(step: Callable[[int], ShownClassic]) -> None:
        def record() -> None:
            tell("")
            show(step(version.current or 0))

        def refused(text: str) -> None:
            refuse(text)
            reread()  # the other phone may have moved first: show where the card stands

        guarded(record, refused)(None)

    controls = ClassicControls(
        now=classic_games.clock,
        take=lambda step: act(lambda seen: classic_games.step(phone, card, seen, step)),
    )
    if shown is None:
        return loading(_("Opening the card"))
    link = addresses.classic_link(addresses.web_address(page.url), card) if page.url else ""
    return screen(
        [
            ft.Row(
                [
                    ft.Text(game_title(card.game), size=22, weight=ft.FontWeight.BOLD),
                    icon_button(ft.Icons.HOME, _("Home"), lambda _e: page.navigate(addresses.HOME)),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
            # One slot: the code or the button that shows it; the card below keeps its place.
            ft.Container(
                share_panel(card, link, lambda: set_sharing(False))
                if sharing
                else ft.TextButton(
                    _("Show the code for the other spymaster"),
                    icon=ft.Icons.QR_CODE,
                    on_click=lambda _e: set_sharing(True),
                ),
                key="share",
            ),
            status,
            keyed(ClassicGameView, "game", shown.game, controls),
        ],
        spacing=12,
    )
