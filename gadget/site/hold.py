"""The phone's team, read once from its storage and written back at each change: every
screen of the site reaches it through Flet's context."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, cast

import flet as ft

from gadget.engine import GadgetError
from gadget.site.team import PhoneTeam, new_team, team_from_json
from gadget.views.boundary import component
from gadget.views.hooks import use_value
from gadget.views.language import _, say
from gadget.views.shared import brief

TEAM_KEY: Final = "gadget.site.team"
UNREADABLE_KEY: Final = "gadget.site.team.unreadable"  # a stored team that did not read: kept


@dataclass(frozen=True, slots=True)
class TeamHold:
    """The phone's team and the way to keep a changed one (in its storage, at once)."""

    team: PhoneTeam
    keep: Callable[[PhoneTeam], None]
    trouble: str  # what went wrong reading the stored team, if anything


TEAM = ft.create_context(cast(TeamHold | None, None))


def use_team() -> TeamHold:
    """The phone's team (WithTeam reads it before any screen)."""
    hold = ft.use_context(TEAM)
    if hold is None:
        raise RuntimeError("a screen was rendered before the phone's team was read")
    return hold


@component
def WithTeam(screens: Callable[[], ft.Control]) -> ft.Control:
    """Reads the phone's team from its storage once; each change is written back at once."""
    page = ft.context.page
    hold, set_hold = use_value(lambda: cast(TeamHold | None, None))

    async def store(team: PhoneTeam) -> None:
        with contextlib.suppress(Exception):
            await ft.SharedPreferences().set(TEAM_KEY, team.to_json())

    def keep(team: PhoneTeam) -> None:
        set_hold(TeamHold(team, keep, ""))
        page.run_task(store, team)

    async def load() -> None:
        stored: object = None
        with contextlib.suppress(Exception):
            stored = await ft.SharedPreferences().get(TEAM_KEY)
        if not isinstance(stored, str):
            set_hold(TeamHold(new_team(_("Our team")), keep, ""))
            return
        try:
            set_hold(TeamHold(team_from_json(stored), keep, ""))
        except GadgetError as wrong:  # never written over: set aside, and a fresh team
            with contextlib.suppress(Exception):
                await ft.SharedPreferences().set(UNREADABLE_KEY, stored)
            unreadable = _("The team kept on this phone could not be read and was set aside: {why}")
            set_hold(
                TeamHold(new_team(_("Our team")), keep, brief(unreadable.format(why=say(wrong))))
            )

    ft.use_effect(load, [])
    if hold is None:
        return ft.Column([ft.ProgressRing(), ft.Text("Gadget…")])
    return TEAM(hold, screens)
