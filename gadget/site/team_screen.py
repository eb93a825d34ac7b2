"""The team on the phone: its map, its attempts, a city's card, and the team carried to the
partner's phone or a server (a file, or a QR code's link)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, cast

import flet as ft

from gadget.engine import GadgetError
from gadget.engine.errors import Message
from gadget.services import addresses
from gadget.site.hold import use_team
from gadget.site.links import team_link, unpack_team
from gadget.site.team import QR_LIMIT, PhoneTeam, rename, team_from_json
from gadget.views.parts.boundary import component
from gadget.views.parts.fields import forget, text_of, typed_field, use_typed
from gadget.views.parts.files import download, pick_json, safe_file_name
from gadget.views.parts.hooks import use_status, use_value
from gadget.views.parts.language import _, city, moment, ngettext, pgettext, say
from gadget.views.parts.layout import dead_end, screen
from gadget.views.parts.mission_map import MissionMapView
from gadget.views.parts.qr import qr_image
from gadget.views.parts.shared import brief


@component
def SiteTeamScreen() -> ft.Control:
    """The team on this phone: its map drawn, every attempt, and the document to carry it
    to the partner's phone or a server (a file, or a QR code while it is small)."""
    page = ft.context.page
    hold = use_team()
    team = hold.team
    name = use_typed()
    status, tell, refuse = use_status(hold.trouble)
    showing_qr, set_showing_qr = use_value(lambda: False)
    replacing, set_replacing = use_value(lambda: cast(PhoneTeam | None, None))

    def save_name(_event: Any) -> None:
        try:
            hold.keep(rename(team, text_of(name, team.name)))
        except GadgetError as wrong:
            refuse(say(wrong))
            return
        forget(name)  # the name as saved (spaces cleaned)
        tell(_("Saved."))

    async def export(_event: Any) -> None:
        name = f"{safe_file_name(team.name)}.gadget-team.json"  # as the server names it
        tell(await download(name, team.to_json().encode()))

    async def import_file(_event: Any) -> None:
        try:
            text = await pick_json(Message("team backup"))
            if text is None:
                return
            set_replacing(team_from_json(text))
        except GadgetError as wrong:  # as the served app says it: nothing of it was kept
            refuse(_("That backup was not imported: {why}").format(why=say(wrong)))

    def take(incoming: PhoneTeam) -> None:
        set_replacing(None)
        hold.keep(incoming)
        tell(_("This phone now keeps {team}.").format(team=incoming.name))

    ft.use_dialog(ReplaceDialog(team, replacing, take, lambda: set_replacing(None)))
    names = {m.id: m.name for m in team.mission_map.missions}
    attempts = [
        ft.Text(
            _("{when}: {city}, {outcome}").format(
                when=moment(datetime.fromisoformat(a.played_at)),
                city=city(names[a.mission]) if a.mission in names else _("no mission"),
                outcome=_("won, score {score}").format(score=a.score) if a.won else _("lost"),
            )
        )
        for a in reversed(team.attempts)
    ]
    return screen(
        [
            ft.Row(
                [
                    ft.Text(team.name, size=24, weight=ft.FontWeight.BOLD),
                    ft.TextButton(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
            MissionMapView(team.mission_map, team.states, addresses.city),
            ft.Text(_("Attempts"), size=20, weight=ft.FontWeight.W_600),
            *(attempts or [ft.Text(_("No attempt yet."))]),
            ft.Text(_("Carry the team"), size=20, weight=ft.FontWeight.W_600),
            ft.Row(
                [
                    ft.Button(_("Export a file"), icon=ft.Icons.DOWNLOAD, on_click=export),
                    ft.Button(_("Import a file"), icon=ft.Icons.UPLOAD, on_click=import_file),
                    ft.OutlinedButton(
                        _("Hide the QR code") if showing_qr else _("Show as a QR code"),
                        icon=ft.Icons.QR_CODE,
                        on_click=lambda _e: set_showing_qr(not showing_qr),
                    ),
                ],
                wrap=True,
            ),
            *([team_qr(team_link(page.url, team))] if showing_qr else []),
            ft.Row(
                [
                    typed_field(name, _("Team name"), team.name, expand=True, on_submit=save_name),
                    ft.OutlinedButton(_("Rename"), on_click=save_name),
                ]
            ),
            status,
        ]
    )


def team_qr(link: str) -> ft.Control:
    """The team's link as a QR code, while a phone's camera can still read one that long."""
    if len(link) > QR_LIMIT:
        return ft.Text(_("The team is too large for a QR code now: export a file instead."))
    return ft.Semantics(
        label=_("QR code of the team"),
        content=qr_image(link, 260),
    )


def ReplaceDialog(
    team: PhoneTeam,
    incoming: PhoneTeam | None,
    take: Callable[[PhoneTeam], None],
    cancel: Callable[[], None],
) -> ft.AlertDialog | None:
    """Asks before the phone's team gives way to another one (nothing is replaced unasked)."""
    if incoming is None:
        return None
    return ft.AlertDialog(
        title=ft.Text(_question(incoming)),
        content=ft.Text(_what_goes(team)),
        actions=[
            ft.TextButton(_("Keep {team}").format(team=team.name), on_click=lambda _e: cancel()),
            ft.Button(_replace(team), on_click=lambda _e: take(incoming)),
        ],
        on_dismiss=lambda _e: cancel(),
    )


def _replace(team: PhoneTeam) -> str:
    """The button that gives this phone's team away says which team goes."""
    return _("Replace {team}").format(team=team.name)


def _question(incoming: PhoneTeam) -> str:
    return _("Keep {incoming} on this phone?").format(incoming=incoming.name)


def _what_goes(team: PhoneTeam) -> str:
    """What taking another team costs this phone: its own team, unless exported first."""
    return ngettext(
        "It replaces {team} and its {count} attempt here; export {team} first to keep it.",
        "It replaces {team} and its {count} attempts here; export {team} first to keep it.",
        len(team.attempts),
    ).format(team=team.name, count=len(team.attempts))


@component
def ImportRoute() -> ft.Control:
    """/import/<packed team>: what a team's QR code opens on the partner's phone."""
    page = ft.context.page
    hold = use_team()
    packed = ft.use_route_params().get(addresses.PACKED, "")
    try:
        incoming = unpack_team(packed)
    except GadgetError as wrong:
        return dead_end(
            brief(say(wrong)),
            _("Ask your partner to show the team's QR code again."),
            _("Home"),
            addresses.HOME,
        )

    def take(team: PhoneTeam) -> None:
        hold.keep(team)
        page.navigate(addresses.SITE_TEAM)

    return screen(
        [
            ft.Text(_question(incoming), size=20),
            ft.Text(_what_goes(hold.team)),
            ft.Row(
                [
                    ft.Button(_replace(hold.team), on_click=lambda _e: take(incoming)),
                    ft.TextButton(
                        _("Keep {team}").format(team=hold.team.name),
                        on_click=lambda _e: page.navigate(addresses.HOME),
                    ),
                ],
                wrap=True,
            ),
        ]
    )


@component
def CityRoute() -> ft.Control:
    """/team/missions/<id>: a city's time bank, state and attempts."""
    hold = use_team()
    team = hold.team
    mission_id = ft.use_route_params().get(addresses.MISSION, "")
    mission = next((m for m in team.mission_map.missions if m.id == mission_id), None)
    if mission is None:  # an address typed or kept from another map
        return dead_end(_("No such city on this map."), "", _("Mission map"), addresses.SITE_TEAM)
    state = team.states[mission.id]
    tries = [a for a in team.attempts if a.mission == mission.id]
    best = max((a.score for a in tries if a.score is not None), default=None)
    return screen(
        [
            ft.Text(f"{city(mission.name)} {mission.parameters}", size=24),
            ft.Text(pgettext("mission", state.value)),
            ft.Text(
                ngettext("{count} attempt", "{count} attempts", len(tries)).format(count=len(tries))
                + ("" if best is None else " · " + _("best score {score}").format(score=best))
            ),
            ft.Button(
                _("Mission map"), on_click=lambda _e: ft.context.page.navigate(addresses.SITE_TEAM)
            ),
        ]
    )
