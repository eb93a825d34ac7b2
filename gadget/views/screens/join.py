"""The join link and the typed code: side B, this phone's own side, or a card dealt elsewhere."""

from __future__ import annotations

from urllib.parse import unquote

import flet as ft

from gadget.engine import ShareCode, ShareCodeError
from gadget.engine.classic import ClassicCard
from gadget.engine.view import side_alone
from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Loading, keyed, use_lookup, use_wakelock
from gadget.views.parts.keycard import KeyCardGrid
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.redirect import Redirect
from gadget.views.parts.typed_code import read_code
from gadget.views.served.seated_game import SeatedGame
from gadget.views.served.table_context import use_table


def _read(typed: str) -> tuple[ShareCode | ClassicCard | None, str]:
    """The code an address carries, or why it is none (`read_code` leaves out the sentence's
    full stop or bracket a link pasted from a chat keeps)."""
    try:
        return read_code(typed), ""
    except ShareCodeError as wrong:
        return None, say(wrong)


@component
def JoinRoute() -> ft.Control:
    """/join/<code>: the link in the QR code: side B, or this phone's own side of that game."""
    table = use_table()
    page = ft.context.page
    typed = unquote(ft.use_route_params().get(addresses.CODE, ""))  # a space is %20
    # Read once per address, then passed on as the code itself, never as its text again.
    code, problem = ft.use_memo(lambda: _read(typed), [typed])
    game = use_lookup(lambda: table.find(code) if isinstance(code, ShareCode) else None, [typed])
    if code is None:
        return ft.Column(
            [
                ft.Text(_("That code did not work"), size=22, weight=ft.FontWeight.BOLD),
                ft.Text(problem),
                ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
            ]
        )
    if isinstance(code, ClassicCard):  # a classic card's code typed or linked as a join
        return keyed(Redirect, code.code, addresses.classic(code))
    if isinstance(game, Loading):
        return loading(_("Opening the game"))
    # Keyed by the code: a second link opened in the same tab is a new screen with its own
    # state, never the previous game's side.
    if game is None:
        return keyed(CardOnly, f"card {code.text}", code)
    return keyed(JoinGame, f"game {code.text}", game.id)


@component
def JoinGame(game_id: int) -> ft.Control:
    """Sit this phone at side B if it is free (once), then show the game as this phone may."""
    table = use_table()
    phone = use_phone()
    joined = use_lookup(lambda: table.join(game_id, phone), [game_id])
    if isinstance(joined, Loading):
        return loading(_("Opening the game"))
    return keyed(SeatedGame, str(game_id), game_id)


@component
def CardOnly(code: ShareCode) -> ft.Control:
    """A code dealt elsewhere (another server, the command line): side B's card, no table."""
    page = ft.context.page
    use_wakelock()
    view = side_alone(code)
    return screen(
        [
            ft.Text(_("Side B"), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(
                _(
                    "Turned the way you see the table. No game with this code runs on this"
                    " server, so only the card is shown: keep the time bank on the table."
                )
            ),
            KeyCardGrid(view),
            ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=12,
    )
