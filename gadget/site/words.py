"""A site game dealt from the players' own list: pasted or opened, checked in one line, then
25 of its words dealt for a city. With no server, the 25 travel in the game's link and its QR
code (packed: engine/packed_words.py), so a deal whose link a camera could not read is refused
before anything is kept."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import flet as ft

from gadget.engine import Deal, GadgetError
from gadget.engine.errors import WordListError
from gadget.engine.packed_words import pack_words
from gadget.engine.sharecode import DEAL_SEED_BITS
from gadget.engine.words import WORD_SEED_BITS, custom_words
from gadget.missions import Mission, MissionState
from gadget.services import addresses
from gadget.site.dealt import open_side_a
from gadget.site.hold import use_team
from gadget.site.play import NO_MISSION
from gadget.site.team import PhoneTeam
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.events import Tap
from gadget.views.parts.hooks import use_value
from gadget.views.parts.language import _, city, say
from gadget.views.parts.layout import screen
from gadget.views.parts.qr import fits_qr
from gadget.views.parts.word_list_form import use_word_list_form


def mission_choice(team: PhoneTeam, chosen: str, choose: Callable[[str], None]) -> ft.Control:
    """The cities a new game may be dealt for (a completed one says so)."""
    done = {m for m, state in team.states.items() if state is MissionState.COMPLETED}
    return dropdown(
        _("Mission"),
        chosen,
        [
            ft.dropdown.Option(
                key=m.id,
                text=_("{city} {bank} (completed)").format(city=city(m.name), bank=m.parameters)
                if m.id in done
                else f"{city(m.name)} {m.parameters}",
            )
            for m in team.playable_missions
        ],
        lambda e: choose(str(e.control.value or NO_MISSION)),
    )


DRAWS = 20  # deals tried before a list is called too long: "ready" then dealt, not refused


def custom_deal(words: tuple[str, ...], mission: Mission, page_url: str | None) -> tuple[Deal, str]:
    """A new game for the city with 25 of the list's words, and those words packed for its
    link; 25 others are drawn while the link would not fit a QR code a camera reads
    (views/parts/qr.py), and the list is refused only when none of DRAWS deals fits."""
    for _draw in range(DRAWS):  # a list of long words: another 25 of them may fit
        card = custom_words(words, secrets.randbits(WORD_SEED_BITS))
        deal = Deal(secrets.randbits(DEAL_SEED_BITS), mission.turns, mission.mistakes, card.key)
        packed = pack_words(card)
        if fits_qr(addresses.site_join_link(page_url, deal.code, packed)):
            return deal, packed
    raise WordListError("these 25 words are too long to fit a QR code: use shorter words")


@component
def SiteWordsScreen() -> ft.Control:
    """/words?mission=<id>: a list pasted or opened from a file, checked in one line, then
    25 of its words dealt for the city; they travel in the game's link."""
    page = ft.context.page
    team = use_team().team
    missions = team.playable_missions
    asked = addresses.in_query(page.route or "", addresses.MISSION_QUERY)
    chosen, set_chosen = use_value(
        lambda: next((m.id for m in missions if m.id == asked), missions[0].id)
    )
    form = use_word_list_form()

    async def deal(_event: Tap) -> None:
        mission = next((m for m in missions if m.id == chosen), missions[0])
        try:
            dealt, packed = custom_deal(form.words(), mission, page.url)
        except GadgetError as refused:
            form.refuse(say(refused.said))
            return
        if not await open_side_a(page, dealt, packed):
            form.refuse(_("This browser keeps nothing, so it cannot deal: allow site data."))

    return screen(
        [
            ft.Text(_("Your own words"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(
                _(
                    "25 to 2,000 words, one a line or separated by commas. The game deals 25"
                    " of them, which travel in the game's link and its QR code: short words"
                    " fit best."
                ),
                size=14,
            ),
            mission_choice(team, chosen, set_chosen),
            form.field(_("Words")),
            form.buttons(deal),
            *form.lines(),
            ft.TextButton(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=12,
    )
