"""The Flet app: routes, the page, and serving it to phones on the local network."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import flet as ft

from gadget.engine.text import counted
from gadget.services.table import Table
from gadget.store import Store
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
from gadget.views.shared import PAGE_PADDING, TABLE
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
                    not_found=Home,
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


def lan_address() -> str:
    """This machine's address on the local network, for the phones; loopback when there is none.

    Connecting a UDP socket only picks a route: no packet is sent.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def print_address(url: str) -> None:
    """The address a phone should open, and the same as a QR code for its camera."""
    import qrcode  # noqa: PLC0415  (only the server needs it)

    print(f"\nGadget is running. On a phone on this network, open:\n\n    {url}\n", flush=True)
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()


def serve(host: str = "0.0.0.0", port: int = 8550) -> None:
    """Serve the app as a web page for phones, with no CDN (works offline)."""
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "true")
    store = Store()  # opens (and migrates) the database before any phone connects
    table = Table(store)
    games = store.count_games_in_progress()
    shown = lan_address() if host in ("0.0.0.0", "") else host
    print_address(f"http://{shown}:{port}/")
    if games:
        print(f"{counted(games, 'game')} in progress resumed.", flush=True)
    lonely = store.teams_without_phones()
    if lonely:
        print(
            f"No phone is in {', '.join(lonely[:5])}{' and others' if len(lonely) > 5 else ''}"
            " yet: `gadget team invite TEAM` prints the link that brings one in.",
            flush=True,
        )
    ft.run(
        lambda page: main(page, table),
        host=host,
        port=port,
        view=ft.AppView.WEB_BROWSER,
        assets_dir=str(ASSETS),
        no_cdn=True,
    )
