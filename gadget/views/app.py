"""The served app: each screen at its address, and one phone's page (gadget/serve serves it
to the phones; the static site has its own app, gadget/site/app.py)."""

from __future__ import annotations

import flet as ft

from gadget.services import addresses
from gadget.services.table import Table
from gadget.views.parts.afresh import draw_afresh_when_back
from gadget.views.parts.asking import follow_reconnections
from gadget.views.parts.boundary import Boundary, Trouble, component
from gadget.views.parts.flet_internals import speed_up_flet
from gadget.views.parts.hooks import cancel_tasks_when_closed
from gadget.views.parts.layout import PAGE_PADDING, nowhere
from gadget.views.parts.phone import WithPhone
from gadget.views.screens.classic import ClassicRoute
from gadget.views.screens.game import GameRoute
from gadget.views.screens.history import HistoryScreen
from gadget.views.screens.home import Home
from gadget.views.screens.invite import InviteRoute
from gadget.views.screens.join import JoinRoute
from gadget.views.screens.mission import MissionCardScreen
from gadget.views.screens.paper import PaperScreen
from gadget.views.screens.scan import ScanScreen
from gadget.views.screens.settings import Settings
from gadget.views.screens.side import SideInviteRoute
from gadget.views.screens.team import TeamScreen
from gadget.views.screens.team_history import TeamHistoryScreen
from gadget.views.screens.teams import TeamsScreen
from gadget.views.screens.words import CustomWordsScreen
from gadget.views.served.live import page_in_turn
from gadget.views.served.table_context import TABLE


@component
def App(trouble: Trouble, table: Table) -> ft.Control:
    """Every screen of the served app, each at its address: the table of routes lives here
    and only here, its patterns in services/addresses.py, where every address of both apps
    is built and read (the site's own table is in site/app.py):

    /                           Home: deal, join, this phone's games and teams
    /game/<public id>           this phone's side of a game (a side it holds, never another)
    /join/<code>                the QR code's link: side B, or this phone's own side
    /classic/<code>             a classic or Pictures card, the same on each phone with the code
    /invite/<secret>            a team's invite link: this phone joins the team
    /side/<secret>              another phone for a side: this phone holds that side
    /settings /scan /paper      the timer's defaults, the in-app scanner, booklets and cards
    /words                      a list of the players' own words: checked, kept, dealt
    /history                    this phone's games outside any team
    /teams                      this phone's teams
    /teams/<n>                  a team: its map drawn, its players, its files
    /teams/<n>/missions/<id>    a city's card
    /teams/<n>/history          every attempt, with notes and charts
    anything else               "This address leads nowhere.", and Home

    Each screen is a file of views/screens/, named after its address (with the states that
    address shows: /join/<code>'s card alone and its game are join.py's): its last fixed word
    (/settings in settings.py, /join/<code> in join.py), singular where the address picks
    one of many (/teams/<n> in team.py, /teams/<n>/missions/<id> in mission.py), and
    prefixed with its owner where that word is another address's (/teams/<n>/history in
    team_history.py, TeamHistoryScreen; /history in history.py, HistoryScreen); Home is
    home.py. What several screens share is a part, named for what it holds: in
    views/parts/ when the static site draws it too, in views/served/ when it needs the live
    table (import contracts keep the site out of screens/ and served/, and each screen out
    of the others).
    """
    return Boundary(
        trouble,
        lambda: TABLE(
            table,
            lambda: WithPhone(
                lambda: ft.Router(
                    [
                        ft.Route(index=True, component=Home),
                        ft.Route(path=addresses.GAME_ROUTE, component=GameRoute),
                        ft.Route(path=addresses.JOIN_ROUTE, component=JoinRoute),
                        ft.Route(path=addresses.CLASSIC_ROUTE, component=ClassicRoute),
                        ft.Route(path=addresses.INVITE_ROUTE, component=InviteRoute),
                        ft.Route(path=addresses.SIDE_INVITE_ROUTE, component=SideInviteRoute),
                        ft.Route(path=addresses.SETTINGS_ROUTE, component=Settings),
                        ft.Route(path=addresses.SCAN_ROUTE, component=ScanScreen),
                        ft.Route(path=addresses.PAPER_ROUTE, component=PaperScreen),
                        ft.Route(path=addresses.WORDS_ROUTE, component=CustomWordsScreen),
                        ft.Route(path=addresses.HISTORY_ROUTE, component=HistoryScreen),
                        ft.Route(path=addresses.TEAMS_ROUTE, component=TeamsScreen),
                        ft.Route(path=addresses.TEAM_ROUTE, component=TeamScreen),
                        ft.Route(path=addresses.MISSION_ROUTE, component=MissionCardScreen),
                        ft.Route(path=addresses.TEAM_HISTORY_ROUTE, component=TeamHistoryScreen),
                    ],
                    not_found=nowhere,
                )
            ),
        ),
    )


def main(page: ft.Page, table: Table) -> None:
    """One phone's page at the server's table: the error boundary first, then the app."""
    page.title = "Gadget"
    page.padding = PAGE_PADDING
    page.horizontal_alignment = ft.CrossAxisAlignment.CENTER  # a desktop's screens, centred
    trouble = Trouble()
    trouble.install(page)
    follow_reconnections(page)
    cancel_tasks_when_closed(page)
    speed_up_flet()
    page.render(App, trouble, table)
    draw_afresh_when_back(page)


async def main_in_turn(page: ft.Page, table: Table) -> None:
    """`main` as the server runs it: while a table plays on this process, phones that open at
    once start their pages one at a time (`live.page_in_turn`), so its moves wait for one page,
    not for a flood of them (300 tabs opened at once held them for a second: an
    outsider's)."""
    await page_in_turn(lambda: main(page, table))
