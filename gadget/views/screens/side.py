"""/side/<secret>: an invite to a side of a game opened; this phone holds that side."""

from __future__ import annotations

import flet as ft

from gadget.engine import GadgetError
from gadget.services import addresses
from gadget.services.side_invites import SideJoined
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
    (a phone holding the other side is told it stays there: an invite never moves one)."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    secret = ft.use_route_params().get(addresses.SIDE_INVITE, "")

    def open_invite() -> SideJoined | str | None:
        try:
            return table.join_side(secret, phone)
        except GadgetError as refused:  # the side is full, say: said in one line
            return brief(say(refused))

    joined = use_lookup(open_invite, [secret])
    if isinstance(joined, Loading):
        return loading(_("Joining the game"))
    if isinstance(joined, SideJoined) and joined.side is joined.invited:
        return keyed(Redirect, secret, addresses.game(joined.game.public_id))
    if isinstance(joined, SideJoined):  # a phone holds one side: it stays on its own
        game = addresses.game(joined.game.public_id)
        held, other = joined.side.value.upper(), joined.invited.value.upper()
        return screen(
            [
                ft.Text(_("This phone holds side {held} of that game already.").format(held=held)),
                ft.Text(
                    _("A phone holds one side, so the link to side {other} added no phone.").format(
                        other=other
                    )
                ),
                ft.Button(_("Open the game"), on_click=lambda _e: page.navigate(game)),
                ft.TextButton(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
            ]
        )
    refused = joined if isinstance(joined, str) else ""  # the side is full, say
    said = refused or _("That link opens no side: it was used, or its game is over.")
    return screen(
        [
            ft.Text(said, size=20),
            *([] if refused else [ft.Text(_("Ask a phone of that side for a new link."))]),
            ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ]
    )
