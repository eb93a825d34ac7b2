"""A phone without a side asks for one; the partner's phone (or the team's) answers."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable

import flet as ft

from gadget.engine import (
    Player,
)
from gadget.services import addresses, palette
from gadget.services.phone_game import PhoneGame
from gadget.services.phones import Phone
from gadget.services.records import SeatRequest
from gadget.services.table import Table
from gadget.views.parts.boundary import component
from gadget.views.parts.events import Tap
from gadget.views.parts.hooks import use_kept, use_task, use_value
from gadget.views.parts.language import _, ngettext
from gadget.views.parts.layout import screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.served.table_context import use_table


@component
def SeatRequestScreen(
    shown: PhoneGame, lost: Player | None, reread: Callable[[], None]
) -> ft.Control:
    """A phone without a side in this game: it may ask the partner's phone for one (the
    answer arrives with the next notice: `shown` is read again then; an allowed take-over
    that waits for the old phone is read again when its wait is over)."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    message, set_message = use_value(lambda: "")
    game, request = shown.game, shown.my_request
    assert game is not None
    moves_at = table.moves_at(request) if request is not None else None
    watching = use_kept(True)

    async def wake() -> None:
        watching.current = True  # a cleanup ran before this setup, each time moves_at changed
        if moves_at is None:
            return
        wait = moves_at - table.clock()
        if wait > 0:  # else its wait was over before this screen opened: it comes at once
            await asyncio.sleep(wait + 0.5)
        if watching.current:
            table.claim_side(game.id, phone)  # its wait is over: the side comes here
            reread()

    def stop() -> None:
        watching.current = False

    use_task(wake, [moves_at], cleanup=stop)

    def ask(side: Player) -> Callable[[Tap], None]:
        return guarded(lambda: table.ask_for_seat(game.id, side, phone), set_message)

    body: list[ft.Control] = [ft.Text(_("This game is on other phones"), size=22)]
    if lost is not None:
        body.append(
            ft.Text(
                _(
                    "This phone no longer holds side {side}: another phone took it over, or a"
                    " phone of the side removed this one."
                ).format(side=lost.value.upper())
            )
        )
    if game.is_over:
        body.append(ft.Text(_("The game is over: it is saved in the history of its phones.")))
    elif request is not None and moves_at is not None:
        minutes = max(1, math.ceil((moves_at - table.clock()) / 60))
        body.append(
            ft.Text(
                ngettext(
                    "Allowed: side {side} comes to this phone in about {count} minute, unless"
                    " the phone that holds it keeps it.",
                    "Allowed: side {side} comes to this phone in about {count} minutes, unless"
                    " the phone that holds it keeps it.",
                    minutes,
                ).format(side=request.side.value.upper(), count=minutes)
            )
        )
    elif request is not None and request.answer is None:
        body.append(
            ft.Text(
                _(
                    "Waiting: the game's phones are asked to let this phone take side {side}."
                ).format(side=request.side.value.upper())
            )
        )
        body.append(
            ft.Text(
                _(
                    "If a phone of side {side} allows it, the side comes at once; if a phone"
                    " of the other side or of the team allows it, it comes after two minutes,"
                    " unless a phone of side {side} keeps it."
                ).format(side=request.side.value.upper()),
                size=13,
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
            body.append(ft.Text(_("Refused: the side stays where it is."), color=palette.DANGER))
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
                            "Side {side}: nobody can allow it, since no other phone holds a"
                            " side of this game and no other phone of a team plays it. The game"
                            " stays saved as it is, its log kept; deal a new game to play on."
                        ).format(side=side.value.upper()),
                        size=13,
                    )
                )
    if message:
        body.append(ft.Text(message, color=palette.DANGER))
    body.append(ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)))
    return screen(body)


def keep_panel(
    table: Table, request: SeatRequest, phone: Phone, tell: Callable[[str], None]
) -> ft.Control:
    """A take-over of this phone's own side that another phone allowed: it moves after the
    wait unless this phone keeps it."""
    minutes = max(1, math.ceil(((table.moves_at(request) or 0) - table.clock()) / 60))
    letter = request.side.value.upper()
    return _attention(
        [
            ft.Text(
                ngettext(
                    "Another phone asks for your side {side}, and another phone of this game"
                    " allowed it: it gets side {side} in about {count} minute. Keep it here if"
                    " you did not ask for this.",
                    "Another phone asks for your side {side}, and another phone of this game"
                    " allowed it: it gets side {side} in about {count} minutes. Keep it here"
                    " if you did not ask for this.",
                    minutes,
                ).format(side=letter, count=minutes),
                weight=ft.FontWeight.W_600,
            ),
            ft.Button(
                _("Keep side {side} on this phone").format(side=letter),
                on_click=guarded(lambda: table.keep_side(request.id, phone), tell),
            ),
        ]
    )


def _attention(controls: list[ft.Control]) -> ft.Control:
    """A framed panel that a player must not miss."""
    return ft.Container(
        content=ft.Column(controls, spacing=6),
        padding=10,
        border=ft.Border.all(2, palette.ATTENTION),
        border_radius=8,
    )


def request_panel(
    table: Table,
    request: SeatRequest,
    phone: Phone,
    tell: Callable[[str], None],
    this_game: bool,
    *,
    done: Callable[[], None] = lambda: None,
    own_side: bool = False,
) -> ft.Control:
    """A take-over request with Allow and Refuse, for a phone that may answer it (`done`
    runs once it is answered: Home reads its requests again; `own_side`: the request is
    for the side this phone holds)."""

    def answer(allow: bool) -> Callable[[Tap], None]:
        def send() -> None:
            table.answer(request.id, phone, allow)
            done()

        return guarded(send, tell)

    letter = request.side.value.upper()
    if own_side:
        said = _(
            "Another phone asks to take over your side {side}. Allow it only to move this"
            " game to that phone: this one will no longer show the card."
        )
    elif this_game:
        said = _(
            "Another phone asks to take over side {side} of this game. Allow it only if side"
            " {side}'s phones were lost or replaced: it will see side {side}'s card, after two"
            " minutes in which any phone of side {side} still there can keep it."
        )
    else:
        said = _(
            "Another phone asks to take over side {side} of a game you play. Allow it only if"
            " side {side}'s phones were lost or replaced: it will see side {side}'s card, after"
            " two minutes in which any phone of side {side} still there can keep it."
        )
    return _attention(
        [
            ft.Text(said.format(side=letter), weight=ft.FontWeight.W_600),
            ft.Row(
                [
                    ft.Button(_("Allow side {side}").format(side=letter), on_click=answer(True)),
                    ft.OutlinedButton(_("Refuse"), on_click=answer(False)),
                ],
                wrap=True,
            ),
        ]
    )
