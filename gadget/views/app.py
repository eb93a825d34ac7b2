"""The Flet app: deal a card on one phone, join it on the other, each showing its own side."""

from __future__ import annotations

import os
import secrets
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import flet as ft

from gadget.engine import Colour, Player, ShareCode, ShareCodeError, join_link
from gadget.engine.sharecode import SEED_BITS

ASSETS = Path(__file__).resolve().parents[2] / "assets"

# Green, black and tan are told apart by a symbol too, for colour-blind players.
CELL_LOOK: dict[Colour, tuple[str, str, Any, str]] = {
    Colour.GREEN: ("#2E7D32", "#FFFFFF", ft.Icons.CHECK_CIRCLE, "agent"),
    Colour.BLACK: ("#212121", "#FFFFFF", ft.Icons.DANGEROUS, "assassin"),
    Colour.TAN: ("#D7C4A3", "#4E3B1F", ft.Icons.REMOVE, "bystander"),
}


@dataclass(frozen=True)
class DealtCode:
    """A code read from the route, or the one-line reason it could not be read."""

    code: ShareCode | None
    problem: str = ""


def read_code(typed: str) -> DealtCode:
    """A code from a route or a text field; a typo becomes a message, never an error screen."""
    try:
        return DealtCode(ShareCode.parse(typed))
    except ShareCodeError as wrong:
        return DealtCode(None, str(wrong))


def new_code() -> ShareCode:
    """A fresh standard game, seeded from the operating system."""
    return ShareCode(seed=secrets.randbits(SEED_BITS))


def web_address(page_url: str) -> str:
    """The address a browser opens, from Flet's page URL (which names the web socket)."""
    for socket_scheme, web_scheme in (("wss://", "https://"), ("ws://", "http://")):
        if page_url.startswith(socket_scheme):
            return web_scheme + page_url[len(socket_scheme) :]
    return page_url


@ft.component
def KeyCardGrid(code: ShareCode, player: Player) -> ft.Control:
    """The 5x5 card as this player sees it from their seat."""
    side = code.key_card().seen_from(player)
    rows: list[ft.Control] = []
    for row in range(5):
        cells: list[ft.Control] = []
        for column in range(5):
            colour = Colour(side[row * 5 + column])
            fill, ink, icon, word = CELL_LOOK[colour]
            cells.append(
                ft.Semantics(
                    label=f"row {row + 1} column {column + 1}: {word}",
                    content=ft.Container(
                        content=ft.Icon(icon, color=ink, size=22),
                        bgcolor=fill,
                        border_radius=6,
                        alignment=ft.Alignment.CENTER,
                        expand=True,
                        height=52,
                    ),
                    expand=True,
                )
            )
        rows.append(ft.Row(cells, spacing=4))
    return ft.Column(rows, spacing=4)


@ft.component
def SideScreen(player: Player) -> ft.Control:
    """One phone's side of the card; side A also shows the code that carries it to side B."""
    params = ft.use_route_params()
    dealt = read_code(params.get("code", ""))
    page = ft.context.page
    if dealt.code is None:
        return ft.Column(
            [
                ft.Text("That code did not work", size=22, weight=ft.FontWeight.BOLD),
                ft.Text(dealt.problem),
                ft.Button("Back", on_click=lambda _: page.navigate("/")),
            ]
        )
    code = dealt.code
    parts: list[ft.Control] = [
        ft.Text(
            f"Side {player.value.upper()}",
            size=22,
            weight=ft.FontWeight.BOLD,
            semantics_label=f"side {player.value}",
        ),
        ft.Text("Turned the way you see the table." if player is Player.B else "Your side."),
        KeyCardGrid(code, player),
    ]
    if player is Player.A:
        link = join_link(web_address(page.url), code) if page.url else f"/join/{code.text}"
        parts += [
            ft.Text("Your partner joins with this code:"),
            ft.Text(code.text, size=32, weight=ft.FontWeight.BOLD),
            ft.Text(link, size=12),
        ]
    parts.append(ft.Button("Home", on_click=lambda _: page.navigate("/")))
    return ft.Column(parts, spacing=12, scroll=ft.ScrollMode.AUTO)


@ft.component
def SideA() -> ft.Control:
    """The dealing phone."""
    return SideScreen(Player.A)


@ft.component
def SideB() -> ft.Control:
    """The joining phone."""
    return SideScreen(Player.B)


@ft.component
def Home() -> ft.Control:
    """Deal a new card, or join the partner's by typing its code."""
    typed, set_typed = ft.use_state("")
    problem, set_problem = ft.use_state("")
    page = ft.context.page

    def join(_: Any) -> None:
        dealt = read_code(typed)
        if dealt.code is None:
            set_problem(dealt.problem)
            return
        page.navigate(f"/join/{dealt.code.text}")

    return ft.Column(
        [
            ft.Text("Gadget", size=32, weight=ft.FontWeight.BOLD),
            ft.Text("A companion for Codenames: Duet."),
            ft.Button(
                "New game",
                icon=ft.Icons.STYLE,
                on_click=lambda _: page.navigate(f"/game/{new_code().text}"),
            ),
            ft.TextField(
                label="Partner's code",
                value=typed,
                on_change=lambda e: set_typed(e.control.value),
                on_submit=join,
                error=problem or None,
                capitalization=ft.TextCapitalization.CHARACTERS,
            ),
            ft.Button("Join", icon=ft.Icons.LOGIN, on_click=join),
        ],
        spacing=16,
    )


@ft.component
def App() -> ft.Control:
    """The routes: home, side A of a dealt code, and the join link that opens side B."""
    return ft.Router(
        [
            ft.Route(index=True, component=Home),
            ft.Route(path="game/:code", component=SideA),
            ft.Route(path="join/:code", component=SideB),
        ],
        not_found=Home,
    )


def main(page: ft.Page) -> None:
    """Set up the page for a phone held upright, then render the app."""
    page.title = "Gadget"
    page.padding = 16
    page.render(App)


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
    shown = lan_address() if host in ("0.0.0.0", "") else host
    print_address(f"http://{shown}:{port}/")
    ft.run(
        main,
        host=host,
        port=port,
        view=ft.AppView.WEB_BROWSER,
        assets_dir=str(ASSETS),
        no_cdn=True,
    )
