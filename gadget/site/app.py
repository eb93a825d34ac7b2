"""The static site: Gadget on each phone with no server, Python running in the browser.

Each phone makes its own side from the code, keeps its team in its own storage, and times
the turn itself. The screens are the served app's wherever no table is needed (the card,
the map, the share panel, the timer, the language); this package never imports the store.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Final

import flet as ft

from gadget.engine import Deal, Player, ShareCode
from gadget.engine.classic import Game
from gadget.engine.sharecode import DEAL_SEED_BITS
from gadget.engine.words import WORD_SEED_BITS, WordsChoice, WordsKey
from gadget.language import N_, codes, language
from gadget.services import addresses, palette
from gadget.site.alone import AloneRoute
from gadget.site.classic import ClassicRoute, dealt
from gadget.site.dealt import open_side_a
from gadget.site.hold import FirstRead, WithTeam, use_team
from gadget.site.play import NO_MISSION, JoinRoute, PlayRoute
from gadget.site.scan import route_of_picture
from gadget.site.side_link import SideLinkRoute
from gadget.site.team_screen import CityRoute, ImportRoute, SiteTeamScreen
from gadget.site.words import SiteWordsScreen, mission_choice
from gadget.views.parts.boundary import Boundary, Trouble, component
from gadget.views.parts.camera import CameraScreen
from gadget.views.parts.choices import dropdown
from gadget.views.parts.fields import text_of, use_typed
from gadget.views.parts.hooks import use_value
from gadget.views.parts.language import _
from gadget.views.parts.layout import PAGE_PADDING, nowhere, screen
from gadget.views.parts.phone import WithLanguage, use_language_choice
from gadget.views.parts.typed_code import LONGEST_TYPED, join_by_code
from gadget.views.parts.words_choice import app_deal, words_deal

TRY_AGAIN: Final = N_("Try again, or start from Home.")


@component
def SiteHome() -> ft.Control:
    """Deal a new game for a city, or a classic or Pictures card; join the partner's by its
    code; the team; the language."""
    page = ft.context.page
    hold = use_team()
    missions = hold.team.playable_missions
    chosen, set_chosen = use_value(lambda: missions[0].id if missions else NO_MISSION)
    typed = use_typed()
    problem, set_problem = use_value(lambda: "")
    unkept, set_unkept = use_value(lambda: "")
    choice = use_language_choice()

    def deal_with(words: WordsChoice | None) -> Callable[[Any], Awaitable[None]]:
        """A new game for the chosen city, with the words of that list when it has any."""

        async def deal(_event: Any) -> None:
            await deal_for_city(words)

        return deal

    async def deal_for_city(words: WordsChoice | None) -> None:
        mission = next((m for m in missions if m.id == chosen), missions[0])
        key = None
        if isinstance(words, int):  # a shipped list (a custom one has its own screen)
            key = WordsKey(words, secrets.randbits(WORD_SEED_BITS))
        dealt = Deal(secrets.randbits(DEAL_SEED_BITS), mission.turns, mission.mistakes, key)
        if not await open_side_a(page, dealt):
            set_unkept(_("This browser keeps nothing, so it cannot deal: allow site data."))

    def joined(code: ShareCode) -> str:
        """Side B of the code typed, with the words of a link pasted whole."""
        words = addresses.in_query(text_of(typed)[:LONGEST_TYPED], addresses.WORDS_QUERY)
        return addresses.play(code, Player.B, words)

    browsers = language(choice.browsers).name
    languages = [
        ft.dropdown.Option(key="", text=_("As this phone: {language}").format(language=browsers))
    ] + [ft.dropdown.Option(key=code, text=language(code).name) for code in codes()]
    return screen(
        [
            ft.Text("Gadget", size=28, weight=ft.FontWeight.BOLD),
            ft.Text(_("No computer needed: each phone makes its own side from the code.")),
            ft.Text(_("New game"), size=20, weight=ft.FontWeight.W_600),
            mission_choice(hold.team, chosen, set_chosen),
            ft.Button(_("New game"), icon=ft.Icons.STYLE, on_click=deal_with(None)),
            *([ft.Text(unkept, color=palette.DANGER)] if unkept else []),
            ft.Text(_("Join your partner's game"), size=20, weight=ft.FontWeight.W_600),
            ft.Text(_("Scan the code on their phone with your camera, or type it here.")),
            *join_by_code(typed, problem, set_problem, joined, page),
            *words_deal(
                deal_with,
                lambda _e: page.navigate(addresses.site_words(chosen)),
                _(
                    "The 25 words on both phones, for the chosen mission. Each phone covers its"
                    " words with a tap, as the tiles do on the table."
                ),
            ),
            *app_deal(
                lambda language: lambda _e: page.navigate(addresses.site_alone(language, chosen))
            ),
            ft.Text(_("With your own words, the app plays on a server only."), size=12),
            ft.Text(_("Classic Codenames or Pictures"), size=20, weight=ft.FontWeight.W_600),
            ft.Text(_("One key card that both spymasters see: deal it, then share its code.")),
            ft.Row(
                [
                    ft.Button(
                        _("Deal a classic card"),
                        icon=ft.Icons.GRID_ON,
                        on_click=lambda _e: page.navigate(addresses.classic(dealt(Game.CLASSIC))),
                    ),
                    ft.Button(
                        _("Deal a Pictures card"),
                        icon=ft.Icons.IMAGE,
                        on_click=lambda _e: page.navigate(addresses.classic(dealt(Game.PICTURES))),
                    ),
                ],
                wrap=True,
            ),
            ft.Divider(),
            *([ft.Text(hold.trouble, color=palette.DANGER)] if hold.trouble else []),
            ft.Button(
                _("{team}: mission map").format(team=hold.team.name),
                icon=ft.Icons.MAP,
                on_click=lambda _e: page.navigate(addresses.SITE_TEAM),
            ),
            dropdown(
                _("Language"),
                choice.chosen,
                languages,
                lambda e: choice.choose(str(e.control.value or "")),
            ),
            ft.Text(
                _(
                    "Add Gadget to your home screen from the browser's menu: after this visit"
                    " it opens with no network."
                ),
                size=12,
            ),
        ]
    )


@component
def SiteScan() -> ft.Control:
    """/scan: the camera inside the app (where the origin is secure), read in the browser: a
    game's QR code opens side B, a team's offers to import the team."""
    return CameraScreen(route_of_picture)


@component
def SiteApp(trouble: Trouble, first: FirstRead | None = None) -> ft.Control:
    """Every screen of the site, each at its address after the # (any static host serves
    it, and a reload opens the same screen): the site's table of routes lives here, its
    patterns in services/addresses.py beside the served app's (whose table is in
    views/app.py: the two apps have different screens, and the same addresses).

    /                           Home: deal a city's game or a classic card, join one, the
                                team, the language
    /play/<code>/<a|b>          this phone's side of the game the code makes (?words=...:
                                a custom list's 25 words, packed)
    /join/<code>                phone A's QR code: side B (a classic code: its card)
    /side/<code>.<seed>         side A's link, for another phone of side A (?words=...)
    /words?mission=<id>         a game of the players' own words for that city
    /classic/<code>             a classic or Pictures card, its count and team timer
    /import/<packed team>       a team's QR code: offered for import
    /scan                       the camera, read in the browser
    /team                       the team on this phone: its map, attempts, files
    /team/missions/<id>         a city's card
    anything else               "This address leads nowhere.", and Home
    """
    return Boundary(
        trouble,
        lambda: WithLanguage(
            lambda: WithTeam(
                lambda: ft.Router(
                    [
                        ft.Route(index=True, component=SiteHome),
                        ft.Route(path=addresses.PLAY_ROUTE, component=PlayRoute),
                        ft.Route(path=addresses.JOIN_ROUTE, component=JoinRoute),
                        ft.Route(path=addresses.SIDE_INVITE_ROUTE, component=SideLinkRoute),
                        ft.Route(path=addresses.CLASSIC_ROUTE, component=ClassicRoute),
                        ft.Route(path=addresses.IMPORT_ROUTE, component=ImportRoute),
                        ft.Route(path=addresses.SCAN_ROUTE, component=SiteScan),
                        ft.Route(path=addresses.WORDS_ROUTE, component=SiteWordsScreen),
                        ft.Route(path=addresses.SITE_TEAM_ROUTE, component=SiteTeamScreen),
                        ft.Route(path=addresses.CITY_ROUTE, component=CityRoute),
                        ft.Route(path=addresses.ALONE_ROUTE, component=AloneRoute),
                    ],
                    not_found=nowhere,
                ),
                first,
            )
        ),
    )


async def main(page: ft.Page) -> None:
    """One phone's page: everything runs here, in the browser."""
    page.title = "Gadget"
    page.padding = PAGE_PADDING
    page.horizontal_alignment = ft.CrossAxisAlignment.CENTER
    trouble = Trouble(TRY_AGAIN)  # no server here: the details go to the browser's console
    trouble.install(page)
    page.render(SiteApp, trouble, FirstRead())  # the team asked now, with the language


def run() -> None:
    """The site's entry point (the archive's main.py calls it)."""
    ft.run(main)
