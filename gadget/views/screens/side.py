"""/side/<secret>: an invite to a side of a game opened; this phone holds that side."""

from __future__ import annotations

import flet as ft

from gadget.engine import GadgetError, Player
from gadget.services import addresses
from gadget.services.side_seen import GameFacts
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Loading, keyed, use_lookup
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.redirect import Redirect
from gadget.views.parts.shared import brief
from gadget.views.served.table_context import use_table


@component
def SideInviteRoute() -> ft.Control:
    """/side/<secret>: a phone of a side added this phone to it; its game opens on that side
    (or on the side this phone already holds: an invite never moves a phone)."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    secret = ft.use_route_params().get(addresses.SIDE_INVITE, "")

    def open_invite() -> tuple[GameFacts, Player] | str | None:
        try:
            return table.join_side(secret, phone)
        except GadgetError as refused:  # the side is full, say: said in one line
            return brief(say(refused))

    joined = use_lookup(open_invite, [secret])
    if isinstance(joined, Loading):
        return loading(_("Joining the game"))
    if isinstance(joined, tuple):
        return keyed(Redirect, secret, addresses.game(joined[0].public_id))
    refused = joined if isinstance(joined, str) else ""  # the side is full, say
    said = refused or _("That link opens no side: it was used, or its game is over.")
    return screen(
        [
            ft.Text(said, size=20),
            *([] if refused else [ft.Text(_("Ask a phone of that side for a new link."))]),
            ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ]
    )
