"""/invite/<secret>: a team's invite link opened; this phone joins the team."""

from __future__ import annotations

import flet as ft

from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Loading, use_lookup
from gadget.views.parts.language import _
from gadget.views.parts.layout import loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.served.table_context import use_table


@component
def InviteRoute() -> ft.Control:
    """/invite/<secret>: the team's invite link; this phone joins the team."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    secret = ft.use_route_params().get(addresses.INVITE, "")
    team = use_lookup(lambda: table.accept_invite(secret, phone), [secret])
    if isinstance(team, Loading):
        return loading(_("Joining the team"))
    if team is None:
        return screen(
            [
                ft.Text(_("That invite link does not work."), size=20),
                ft.Text(_("Ask the team for its link again: a team can replace an old one.")),
                ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
            ]
        )
    return screen(
        [
            ft.Text(_("This phone is now in {team}.").format(team=team.name), size=20),
            ft.Button(
                _("Open the team"), on_click=lambda _e: page.navigate(addresses.team(team.id))
            ),
        ]
    )
