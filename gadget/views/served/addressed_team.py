"""The one check every team screen makes: the team its address names must be one of this
phone's (another phone's team is no team at all)."""

from __future__ import annotations

import flet as ft

from gadget.services import addresses
from gadget.services.records import NotFoundError, Team
from gadget.views.parts.hooks import Loading, use_lookup
from gadget.views.parts.language import _
from gadget.views.parts.layout import dead_end
from gadget.views.parts.phone import use_phone
from gadget.views.served.table_context import use_table


def use_team(edits: int = 0) -> Team | Loading | None:
    """The team the address names, if it is one of this phone's (another phone's team is
    "no such team", exactly like one that does not exist); read again after each edit."""
    table = use_table()
    phone = use_phone()
    number = ft.use_route_params().get(addresses.TEAM, "")

    def lookup() -> Team | None:
        if not (number.isascii() and number.isdigit() and len(number) <= 9):
            return None
        try:
            return table.team_of(phone, int(number))
        except NotFoundError:
            return None

    return use_lookup(lookup, [number, phone.key, edits])


def missing_team() -> ft.Control:
    """Another phone's team, or none at all: the same answer."""
    return dead_end(
        _("No such team on this phone."),
        _("A team shows on the phones that made it or opened its invite link."),
        _("Teams"),
        addresses.TEAMS,
    )
