"""A team: its players and map, the map drawn with every mission, its files, its invite, and
the way to its word lists (/words)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from gadget.engine import (
    GadgetError,
)
from gadget.engine.errors import Message
from gadget.missions import parse_map
from gadget.services import addresses
from gadget.services.printing.map_pdf import print_map
from gadget.services.printing.worker import off_the_loop
from gadget.services.records import Team
from gadget.services.worker import in_worker
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.fields import forget, typed_field, use_typed, whole_number
from gadget.views.parts.files import download, pick_json, safe_file_name
from gadget.views.parts.hooks import Loading, use_data, use_status, use_value
from gadget.views.parts.language import _, city, pgettext, say, spoken
from gadget.views.parts.layout import TEXT_MIN, loading, panel, screen
from gadget.views.parts.mission_map import MissionMapView
from gadget.views.parts.phone import use_phone
from gadget.views.parts.qr import qr_image
from gadget.views.parts.shared import guarded
from gadget.views.served.addressed_team import missing_team, use_team
from gadget.views.served.table_context import use_table


@component
def InvitePanel(team: Team, new_invite: Callable[[ft.Event[ft.TextButton]], None]) -> ft.Control:
    """The team's invite link and its QR code: a phone that opens it joins the team."""
    page = ft.context.page
    showing, set_showing = use_value(lambda: False)
    if not showing:
        return ft.TextButton(
            _("Invite a phone to the team"),
            icon=ft.Icons.QR_CODE,
            on_click=lambda _e: set_showing(True),
        )
    link = addresses.invite_link(addresses.web_address(page.url) if page.url else "", team.invite)
    return panel(
        [
            ft.Text(
                _("A phone that opens this link joins the team: share it only with your partner.")
            ),
            ft.Semantics(
                label=_("QR code of the team's invite link"),
                content=qr_image(link, 160),
            ),
            ft.Text(link, size=12, selectable=False),
            ft.Row(
                [
                    ft.TextButton(_("Hide the invite"), on_click=lambda _e: set_showing(False)),
                    ft.TextButton(_("New invite link"), on_click=new_invite),
                ],
                wrap=True,
            ),
        ]
    )


@component
def TeamScreen() -> ft.Control:
    """A team: its players and map, the map drawn with every mission, and its files."""
    table = use_table()
    page = ft.context.page
    status, tell, refuse = use_status()
    edits, set_edits = use_value(lambda: 0)  # the team and its campaign are read again after each
    rename = use_typed()
    players = use_typed()  # None until the player types: the saved players are shown
    phone = use_phone()
    team = use_team(edits)
    shown = use_data(
        lambda: (
            (table.campaign(phone, team.id), table.maps_for(phone, team.id))
            if isinstance(team, Team)
            else None
        ),
        # The team itself is the key: an edit (a new map, a rename) reads the team again,
        # and the campaign follows the team that comes back, never the one before.
        [team if isinstance(team, Team) else None],
    )
    if team is None:
        return missing_team()
    if isinstance(team, Loading) or shown is None:
        return loading(_("The team"))
    view, maps = shown
    file_name = safe_file_name(team.name)

    def save() -> None:
        table.update_team(
            phone,
            team.id,
            name=rename.current or None,
            players=players.current.split(",") if players.current is not None else None,
        )
        forget(rename)  # the heading shows the new name
        forget(players)  # the players as saved (names cleaned)
        tell(_("Saved."))
        set_edits(edits + 1)

    def choose_map(event: ft.Event[ft.Dropdown]) -> None:
        chosen = whole_number(str(event.control.value or ""), digits=9)
        if chosen is None or chosen not in {i for i, _name in maps}:
            refuse(_("That is not one of the maps."))
            return
        table.update_team(phone, team.id, map_id=chosen)
        set_edits(edits + 1)

    async def export(_event: ft.Event[ft.OutlinedButton]) -> None:
        data = await table.export_team(phone, team.id)  # a long history takes a while
        tell(await download(f"{file_name}.gadget-team.json", data))

    async def export_map(_event: ft.Event[ft.OutlinedButton]) -> None:
        tell(await download(f"{file_name}.mission-map.json", view.mission_map.to_json().encode()))

    async def print_pdf(_event: ft.Event[ft.OutlinedButton]) -> None:
        tell(_("Making the map…"))
        pdf = await off_the_loop(
            print_map,
            view.mission_map,
            "a4",
            team.name,
            table.completed(phone, team.id),
            spoken().code,
        )
        tell(await download(f"{file_name}-mission-map.pdf", pdf))

    async def import_map(_event: ft.Event[ft.OutlinedButton]) -> None:
        try:
            text = await pick_json(Message("map"))
            if text is None:
                return
            imported = await in_worker(parse_map, text)
        except GadgetError as wrong:
            refuse(_("That map was not imported: {why}").format(why=say(wrong)))
            return
        table.import_map(phone, team.id, imported)
        tell(say(Message("{team} now plays on {map!r}.", team=team.name, map=imported.name)))
        set_edits(edits + 1)

    def new_invite() -> None:
        table.new_invite(phone, team.id)
        tell(_("A new invite link: the old one no longer works."))
        set_edits(edits + 1)

    from_rulebook = view.mission_map.rulebook_lines
    return screen(
        [
            ft.Text(team.name, size=24, weight=ft.FontWeight.BOLD),
            ft.Text(", ".join(team.players) or _("No players named yet.")),
            MissionMapView(
                view.mission_map,
                {card.mission.id: card.state for card in view.cards},
                lambda mission_id: addresses.mission(view.team.id, mission_id),
            ),
            ft.Text(
                _(
                    "Lines: {rulebook} from the rule book, {others} reconstructed or the"
                    " team's own. Drag, pinch or zoom the map; tap a city for its card."
                ).format(
                    rulebook=from_rulebook, others=len(view.mission_map.lines) - from_rulebook
                ),
                size=TEXT_MIN,
            ),
            ft.Text(
                _("Open now: {cities}").format(
                    cities=_(", ").join(city(m.name) for m in view.open_missions)
                )
                if view.open_missions
                else _("Open now: none")
            ),
            ft.Row(
                [
                    ft.Button(
                        _("History and charts"),
                        icon=ft.Icons.INSIGHTS,
                        on_click=lambda _e: page.navigate(addresses.team_history(team.id)),
                    ),
                    ft.OutlinedButton(
                        _("Word lists"),
                        icon=ft.Icons.EDIT_NOTE,
                        on_click=lambda _e: page.navigate(addresses.WORDS),
                    ),
                ],
                wrap=True,
            ),
            ft.Text(_("The team"), size=18, weight=ft.FontWeight.W_600),
            InvitePanel(team, guarded(new_invite, refuse)),
            typed_field(rename, _("Rename"), on_submit=guarded(save, refuse)),
            typed_field(
                players,
                _("Players"),
                shown=", ".join(team.players),
                on_submit=guarded(save, refuse),
            ),
            ft.Button(_("Save"), on_click=guarded(save, refuse)),
            dropdown(
                _("Map"),
                str(team.map_id),
                [ft.DropdownOption(key=str(i), text=pgettext("map", n)) for i, n in maps],
                choose_map,
            ),
            ft.Row(
                [
                    ft.OutlinedButton(_("Export team"), icon=ft.Icons.DOWNLOAD, on_click=export),
                    ft.OutlinedButton(_("Export map"), icon=ft.Icons.MAP, on_click=export_map),
                    ft.OutlinedButton(_("Import map"), icon=ft.Icons.UPLOAD, on_click=import_map),
                    ft.OutlinedButton(
                        _("Print the map (PDF)"), icon=ft.Icons.PRINT, on_click=print_pdf
                    ),
                ],
                wrap=True,
            ),
            status,
            ft.Button(_("Teams"), on_click=lambda _e: page.navigate(addresses.TEAMS)),
        ],
        spacing=10,
    )
