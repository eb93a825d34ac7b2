"""A phone without a side asks for one; the partner's phone (or the team's) answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from gadget.engine import (
    Player,
)
from gadget.services import palette
from gadget.services.phones import Phone
from gadget.services.table import PhoneGame, Table
from gadget.store import SeatRequest
from gadget.views.boundary import component
from gadget.views.language import _
from gadget.views.phone import use_phone
from gadget.views.shared import guarded, screen, use_value
from gadget.views.table_context import use_table


@component
def SeatRequestScreen(shown: PhoneGame, lost: Player | None) -> ft.Control:
    """A phone without a side in this game: it may ask the partner's phone for one (the
    answer arrives with the next notice: `shown` is read again then)."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    message, set_message = use_value(lambda: "")
    game, request = shown.game, shown.my_request
    assert game is not None

    def ask(side: Player) -> Any:
        return guarded(lambda: table.ask_for_seat(game.id, side, phone), set_message)

    body: list[ft.Control] = [ft.Text(_("This game is on other phones"), size=22)]
    if lost is not None:
        body.append(
            ft.Text(
                _(
                    "Side {side} was taken over by another phone, with your partner's"
                    " consent: this phone no longer shows it."
                ).format(side=lost.value.upper())
            )
        )
    if game.state.is_over:
        body.append(ft.Text(_("The game is over: it is saved in the history of its phones.")))
    elif request is not None and request.answer is None:
        body.append(
            ft.Text(
                _(
                    "Waiting: your partner's phone is asked to let this phone take side {side}."
                ).format(side=request.side.value.upper())
            )
        )
        body.append(
            ft.Text(
                _(
                    "If your partner's phone was lost too, whoever runs the server can free the"
                    " game's sides with `gadget seats release` and its code; then open the"
                    " join link again."
                ),
                size=13,
            )
        )
    else:
        if request is not None and request.answer == "refused":
            body.append(ft.Text(_("Your partner's phone refused."), color=palette.DANGER))
        body.append(
            ft.Text(
                _(
                    "If your phone was lost or broken, this phone can take over its side once"
                    " your partner's phone allows it."
                )
            )
        )
        for side in Player:
            if side in shown.askable:
                body.append(
                    ft.OutlinedButton(
                        _("Ask to take over side {side}").format(side=side.value.upper()),
                        on_click=ask(side),
                    )
                )
            else:
                body.append(
                    ft.Text(
                        _(
                            "Side {side}: nobody can allow it, since no phone holds side"
                            " {partner} and no other phone of a team plays this game. The game"
                            " stays saved as it is, its log kept; deal a new game to play on."
                        ).format(side=side.value.upper(), partner=side.partner.value.upper()),
                        size=13,
                    )
                )
    if message:
        body.append(ft.Text(message, color=palette.DANGER))
    body.append(ft.Button(_("Home"), on_click=lambda _e: page.navigate("/")))
    return screen(body)


def request_panel(
    table: Table,
    request: SeatRequest,
    phone: Phone,
    tell: Any,
    this_game: bool,
    *,
    done: Callable[[], None] = lambda: None,
) -> ft.Control:
    """A take-over request with Allow and Refuse, for a phone that may answer it (`done`
    runs once it is answered: Home reads its requests again)."""

    def answer(allow: bool) -> Any:
        def send() -> None:
            table.answer(request.id, phone, allow)
            done()

        return guarded(send, tell)

    letter = request.side.value.upper()
    return ft.Container(
        content=ft.Column(
            [
                ft.Text(
                    (
                        _(
                            "Another phone asks to take over side {side} of this game. Allow it"
                            " only if side {side}'s phone was lost or replaced: it will see side"
                            " {side}'s card."
                        )
                        if this_game
                        else _(
                            "Another phone asks to take over side {side} of a game you play."
                            " Allow it only if side {side}'s phone was lost or replaced: it will"
                            " see side {side}'s card."
                        )
                    ).format(side=letter),
                    weight=ft.FontWeight.W_600,
                ),
                ft.Row(
                    [
                        ft.Button(
                            _("Allow side {side}").format(side=letter), on_click=answer(True)
                        ),
                        ft.OutlinedButton(_("Refuse"), on_click=answer(False)),
                    ],
                    wrap=True,
                ),
            ],
            spacing=6,
        ),
        padding=10,
        border=ft.Border.all(2, palette.ATTENTION),
        border_radius=8,
    )
