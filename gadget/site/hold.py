"""The phone's team, read once from its storage and written back at each change: every
screen of the site reaches it through Flet's context."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final, cast

import flet as ft

from gadget.engine import GadgetError
from gadget.site.team import PhoneTeam, new_team, team_from_json
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import use_kept, use_value
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import opening
from gadget.views.parts.shared import brief
from gadget.views.parts.storage import UNKNOWN, Unknown, given, stored, write

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


async def stored_team() -> object:
    """What the phone's storage holds under TEAM_KEY (None: nothing, or no storage)."""
    return await stored(TEAM_KEY)


class FirstRead:
    """The team as the site's page read it as it loaded (the first screen is drawn at once),
    else asked of the phone's storage as the page opens, while the language is asked (one
    wait for the browser, not two). Taken once: a WithTeam drawn again later (the boundary's
    Try again) reads the storage as it is then."""

    def __init__(self) -> None:
        self._told = given(TEAM_KEY)
        self._reading: asyncio.Task[object] | None = (
            asyncio.ensure_future(stored_team()) if isinstance(self._told, Unknown) else None
        )

    def told(self) -> object:
        """What the page read (UNKNOWN: it read nothing, or this was taken)."""
        told, self._told = self._told, UNKNOWN
        return told

    def take(self) -> Awaitable[object]:
        reading, self._reading = self._reading, None
        return reading if reading is not None else stored_team()


@component
def WithTeam(screens: Callable[[], ft.Control], first: FirstRead | None = None) -> ft.Control:
    """Reads the phone's team from its storage once; each change is written back at once."""
    page = ft.context.page
    setter = use_kept(cast(list[Callable[[TeamHold], None]], []))  # set_hold, once known

    async def store(team: PhoneTeam) -> None:
        with contextlib.suppress(Exception):
            await write(TEAM_KEY, team.to_json())

    async def set_aside(kept: str) -> None:  # never written over
        with contextlib.suppress(Exception):
            await write(UNREADABLE_KEY, kept)

    def keep(team: PhoneTeam) -> None:
        setter.current[0](TeamHold(team, keep, ""))
        page.run_task(store, team)

    def held(kept: object) -> TeamHold:
        """The team a stored value holds; a fresh one where none is, or where it does not
        read (then set aside, and said)."""
        if not isinstance(kept, str):
            return TeamHold(new_team(_("Our team")), keep, "")
        try:
            return TeamHold(team_from_json(kept), keep, "")
        except GadgetError as wrong:
            page.run_task(set_aside, kept)
            unreadable = _("The team kept on this phone could not be read and was set aside: {why}")
            return TeamHold(new_team(_("Our team")), keep, brief(unreadable.format(why=say(wrong))))

    def at_once() -> TeamHold | None:
        told = first.told() if first is not None else UNKNOWN
        return None if isinstance(told, Unknown) else held(told)

    hold, set_hold = use_value(at_once)
    setter.current[:] = [set_hold]

    async def load() -> None:
        if hold is None:
            set_hold(held(await (first.take() if first is not None else stored_team())))

    ft.use_effect(load, [])
    if hold is None:
        return opening()
    return TEAM(hold, screens)
