"""The Flet app: routes, the page, and serving it to phones on the local network."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from gadget.services.table import Table
from gadget.views.boundary import Boundary, Trouble, component
from gadget.views.game import GameRoute
from gadget.views.history import HistoryScreen
from gadget.views.home import Home
from gadget.views.join import JoinRoute
from gadget.views.mission_card import MissionCardScreen
from gadget.views.paper import PaperScreen
from gadget.views.phone import WithPhone
from gadget.views.practice import PracticeHistoryScreen
from gadget.views.scan import ScanScreen
from gadget.views.settings import Settings
from gadget.views.shared import PAGE_PADDING, nowhere
from gadget.views.table_context import TABLE
from gadget.views.team import TeamScreen
from gadget.views.teams import InviteRoute, TeamsScreen

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@component
def App(trouble: Trouble, table: Table) -> ft.Control:
    """Every screen, each at its address (the list of routes lives here and only here):

    /                           Home: deal, join, this phone's games and teams
    /game/<public id>           this phone's side of a game (a side it holds, never another)
    /join/<code>                the QR code's link: side B, or this phone's own side
    /invite/<secret>            a team's invite link: this phone joins the team
    /settings /scan /paper      the timer's defaults, the in-app scanner, booklets and cards
    /history                    this phone's games outside any team
    /teams                      this phone's teams
    /teams/<n>                  a team: its map drawn, its players, its files
    /teams/<n>/missions/<id>    a city's card
    /teams/<n>/history          every attempt, with notes and charts
    anything else               "This address leads nowhere.", and Home
    """
    return Boundary(
        trouble,
        lambda: TABLE(
            table,
            lambda: WithPhone(
                lambda: ft.Router(
                    [
                        ft.Route(index=True, component=Home),
                        ft.Route(path="game/:game", component=GameRoute),
                        ft.Route(path="join/:code", component=JoinRoute),
                        ft.Route(path="invite/:invite", component=InviteRoute),
                        ft.Route(path="settings", component=Settings),
                        ft.Route(path="scan", component=ScanScreen),
                        ft.Route(path="paper", component=PaperScreen),
                        ft.Route(path="history", component=PracticeHistoryScreen),
                        ft.Route(path="teams", component=TeamsScreen),
                        ft.Route(path="teams/:team", component=TeamScreen),
                        ft.Route(path="teams/:team/missions/:mission", component=MissionCardScreen),
                        ft.Route(path="teams/:team/history", component=HistoryScreen),
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
    page.render(App, trouble, table)
