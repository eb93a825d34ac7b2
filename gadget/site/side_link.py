"""The site's game of more than two: side A's phone hands side A to another phone of side A
by a link that carries its seed (the player chooses to show it), and that phone keeps the
seed as its own, then shows side A. Side B's other phones join by the code, as the first."""

from __future__ import annotations

from urllib.parse import unquote

import flet as ft

from gadget.engine import Deal
from gadget.services import addresses
from gadget.site.dealt import deal_in_secret, open_side_a, side_a_secret
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import use_value
from gadget.views.parts.language import _
from gadget.views.parts.layout import dead_end, loading, panel
from gadget.views.parts.qr import qr_image, qr_side

LONGEST_SECRET = 80  # a code of three groups, a mark and a 20-digit seed, with room


@component
def SideLinkRoute() -> ft.Control:
    """/side/<code>.<seed>[?words=...]: side A, handed over by a phone of side A; kept on
    this phone as if it had dealt it, then opened."""
    page = ft.context.page
    secret = unquote(ft.use_route_params().get(addresses.SIDE_INVITE, "")[:LONGEST_SECRET])
    words = addresses.in_query(page.route or "", addresses.WORDS_QUERY)
    deal = deal_in_secret(secret)
    unkept, set_unkept = use_value(lambda: False)

    async def keep() -> None:
        if deal is not None and not await open_side_a(page, deal, words):
            set_unkept(True)

    ft.use_effect(keep, [secret])
    if deal is None:
        return dead_end(
            _("That link opens no side."),
            _("Ask a phone of side A to show its link again."),
            _("Home"),
            addresses.HOME,
        )
    if unkept:
        return dead_end(
            _("This browser keeps nothing, so it cannot hold side A: allow site data."),
            _("Side A is made again from what this phone keeps, and nowhere else."),
            _("Home"),
            addresses.HOME,
        )
    return loading(_("Opening the game"))


@component
def AddSideAPhone(deal: Deal, words: str | None = None) -> ft.Control:
    """On side A's phone: its link for another player of side A, shown only when asked."""
    page = ft.context.page
    shown, set_shown = use_value(lambda: False)
    if not shown:
        return ft.OutlinedButton(
            _("Add a phone to side {side}").format(side="A"),
            icon=ft.Icons.ADD,
            on_click=lambda _e: set_shown(True),
        )
    address = addresses.site_side_link(page.url, side_a_secret(deal), words)
    return panel(
        [
            ft.Text(
                _(
                    "Every phone that opens this holds side {side}: show it only to players of"
                    " side {side}."
                ).format(side="A")
            ),
            ft.Semantics(
                label=_("QR code of {link}").format(link=address),
                content=qr_image(address, qr_side(address, 150)),
            ),
            ft.Text(address, size=12, selectable=True),
            ft.TextButton(_("Done"), on_click=lambda _e: set_shown(False)),
        ]
    )
