"""/teams: this phone's teams and a new one."""

from __future__ import annotations

import flet as ft

from gadget.engine import (
    GadgetError,
)
from gadget.engine.errors import Message
from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import forget, text_of, typed_field, use_typed
from gadget.views.parts.files import pick_json
from gadget.views.parts.hooks import use_data, use_status, use_value
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import brief
from gadget.views.served.table_context import use_table


@component
def TeamsScreen() -> ft.Control:
    """Every team, and a new one."""
    table = use_table()
    page = ft.context.page
    name = use_typed()
    players = use_typed()
    status, tell, refuse = use_status()
    errors, set_errors = use_value(lambda: ("", ""))  # the name's, the players': on their fields
    edits, set_edits = use_value(lambda: 0)  # the list is read again after each
    phone = use_phone()
    teams = use_data(lambda: table.teams_of(phone), [phone.key, edits])

    def add(_event: Tap) -> None:
        try:
            team = table.add_team(phone, text_of(name), text_of(players).split(","))
        except GadgetError as refused:  # said on the field it is about, in the field's red
            said = brief(say(refused))
            set_errors(("", said) if "player" in str(refused) else (said, ""))
            tell("")  # the last success is not this tap's
            return
        set_errors(("", ""))
        forget(name)  # the next team starts from empty fields
        forget(players)
        tell(_("Added {team}.").format(team=team.name))
        set_edits(edits + 1)

    async def bring_back(_event: ft.Event[ft.OutlinedButton]) -> None:
        try:
            text = await pick_json(Message("team backup"))
            if text is None:
                return
            team = await table.import_team(phone, text)
        except GadgetError as wrong:  # nothing of it was written
            refuse(_("That backup was not imported: {why}").format(why=say(wrong)))
            return
        tell(_("Imported {team}.").format(team=team.name))
        set_edits(edits + 1)

    rows: list[ft.Control] = [
        ft.ListTile(
            title=ft.Text(team.name),
            subtitle=ft.Text(", ".join(team.players) or _("no players named")),
            on_click=lambda _e, t=team.id: page.navigate(addresses.team(t)),
        )
        for team in teams or []
    ]
    return screen(
        [
            ft.Text(_("Teams"), size=24, weight=ft.FontWeight.BOLD),
            *(rows or [ft.Text(_("No team yet: add one to play the mission map."))]),
            typed_field(name, _("New team"), error=errors[0] or None, on_submit=add),
            typed_field(players, _("Players (Ann, Ben)"), error=errors[1] or None, on_submit=add),
            ft.Row(
                [
                    ft.Button(_("Add team"), icon=ft.Icons.GROUP_ADD, on_click=add),
                    ft.OutlinedButton(
                        _("Import a team"), icon=ft.Icons.UPLOAD, on_click=bring_back
                    ),
                ],
                wrap=True,
            ),
            status,
            ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=10,
    )
