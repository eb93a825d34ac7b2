"""The live table on one phone: its side of the card, the time bank, the turn, and the actions."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

import flet as ft

from gadget.engine import Clue, Guess, Penalty, Phase, Player, PlayerView, Stop, join_link, view_for
from gadget.services.words import bank_words, ending, last_event, turn_words
from gadget.store import NotFoundError, SavedGame
from gadget.views.keycard import KeyCardGrid
from gadget.views.shared import (
    TOKEN_BYSTANDER,
    TOKEN_CHECKMARK,
    guarded,
    icon_button,
    qr_png,
    screen,
    table,
    use_value,
    web_address,
)
from gadget.views.timer import TimerBar


def _load(game_id: int) -> SavedGame | None:
    try:
        return table().game(game_id)
    except NotFoundError:
        return None


@ft.component
def SharePanel(game: SavedGame) -> ft.Control:
    """The QR code of the join link and the code in large type, for the partner's phone."""
    page = ft.context.page
    code = game.log.code
    assert code is not None, "only a game dealt from a code is shared"
    link = join_link(web_address(page.url), code) if page.url else f"/join/{code.text}"
    return ft.Container(
        content=ft.Column(
            [
                ft.Text("Your partner scans this, or types the code:"),
                ft.Semantics(
                    label=f"QR code of {link}",
                    content=ft.Image(src=qr_png(link), width=180, height=180),
                ),
                ft.Text(code.text, size=30, weight=ft.FontWeight.BOLD),
                ft.Text(link, size=12),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=6,
        ),
        padding=12,
        border=ft.Border.all(1, "#B0BEC5"),
        border_radius=8,
    )


@ft.component
def ClueForm(on_clue: Any) -> ft.Control:
    """A word and a number; both optional, since the clue is said aloud at the table.

    The fields keep what was typed in refs: a click that arrives before the re-render after
    the last keystroke still sends the whole word.
    """
    word = ft.use_ref("")
    number = ft.use_ref("")

    def give(_: Any) -> None:
        on_clue(str(word.current).strip(), int(number.current) if number.current else None)

    def set_word(event: Any) -> None:
        word.current = event.control.value

    def set_number(event: Any) -> None:
        number.current = event.control.value or ""

    return ft.Row(
        [
            ft.TextField(label="Clue", expand=True, on_change=set_word, on_submit=give),
            ft.Dropdown(
                label="No.",
                width=104,
                options=[ft.DropdownOption(key=str(n), text=str(n)) for n in range(10)],
                on_select=set_number,
            ),
            ft.Button("Give clue", on_click=give),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _actions(view: PlayerView, act: Any, ask_undo: Any, can_undo: bool) -> list[ft.Control]:
    """The buttons this phone offers now."""
    partner = view.player.partner
    buttons: list[ft.Control] = []
    if view.i_may_give_clue:
        buttons.append(ClueForm(lambda word, number: act(Clue(view.player, word, number))))
    if view.partner_may_stop:
        buttons.append(
            ft.Button(
                f"{partner.value.upper()} stops guessing", on_click=lambda _: act(Stop(partner))
            )
        )
    if view.i_may_guess and view.phase is Phase.GUESSING and view.clue_giver is not None:
        buttons.append(ft.Text("Touch a word on the table; your partner records it."))
    if view.penalty_open and view.i_record_guesses:
        buttons.append(
            ft.OutlinedButton(
                "Invalid clue: discard a token", on_click=lambda _: act(Penalty(view.player))
            )
        )
    if can_undo and view.phase is not Phase.OVER:
        buttons.append(ft.OutlinedButton("Undo", icon=ft.Icons.UNDO, on_click=ask_undo))
    return buttons


@ft.component
def SeatTaken(side: Player, take_over: Any) -> ft.Control:
    """Another phone holds this side: offer to take it over (a phone that was replaced)."""
    page = ft.context.page
    letter = side.value.upper()
    return ft.Column(
        [
            ft.Text(f"Side {letter} is on another phone.", size=20),
            ft.Text("Take it over if that phone was replaced or lost."),
            ft.Button(f"Take over side {letter}", on_click=lambda _: take_over()),
            ft.Button("Home", on_click=lambda _: page.navigate("/")),
        ],
        spacing=12,
    )


def _notices(view: PlayerView, game: SavedGame, message: str) -> list[ft.Control]:
    """The refusal to show, what just happened, and the announcements the rules require."""
    partner = view.player.partner.value.upper()
    notices = [text for text in (last_event(game.log, game.state, view.player),) if text]
    if view.phase is not Phase.OVER:
        if view.words_i_give == 0:
            notices.append("You have no words left: your partner gives every clue from now on.")
        elif view.partner_is_done:
            notices.append(f"{partner} has no words left: you give every clue.")
        if view.i_record_guesses:
            notices.append(f"When {partner} touches a word, tap it here.")
    shown: list[ft.Control] = [ft.Text(message, color="#B71C1C")] if message else []
    return shown + [ft.Text(text, color="#1B5E20") for text in notices]


def _tokens(view: PlayerView) -> ft.Control:
    """The time bank as tokens: bystander side up first, then checkmark side up."""
    tokens: list[ft.Control] = []  # one control per token: a control sits in one place only
    for _ in range(view.bystander_tokens):
        tokens.append(ft.Icon(ft.Icons.PERSON, color=TOKEN_BYSTANDER, size=20))
    for _ in range(view.checkmark_tokens):
        tokens.append(ft.Icon(ft.Icons.CHECK_CIRCLE, color=TOKEN_CHECKMARK, size=20))
    return ft.Semantics(
        label=f"time bank: {view.bystander_tokens} bystander side up,"
        f" {view.checkmark_tokens} checkmark side up",
        content=ft.Row(tokens or [ft.Text("The time bank is empty.")], spacing=2, wrap=True),
    )


def _header(side: Player, hidden: bool, toggle: Any, home: Any) -> ft.Control:
    """Which side this phone is, the button that hides the card at once, and the way home."""
    return ft.Row(
        [
            ft.Text(f"Side {side.value.upper()}", size=20, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    icon_button(
                        ft.Icons.VISIBILITY if hidden else ft.Icons.VISIBILITY_OFF,
                        "Show the card" if hidden else "Hide the card",
                        toggle,
                    ),
                    icon_button(ft.Icons.HOME, "Home", home),
                ],
                spacing=0,
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


def _timer_switch(game_id: int, phase: Phase) -> ft.Control:
    """Turn the turn timer on or off for this game (both phones at once)."""
    if phase in (Phase.OVER, Phase.SUDDEN_DEATH):
        return ft.Container(visible=False)
    settings = table().timer_settings(game_id)

    def switch(_: Any) -> None:
        table().set_timer(game_id, replace(settings, enabled=not settings.enabled))

    label = "Turn timer off" if settings.enabled else "Turn timer on"
    return ft.TextButton(label, icon=ft.Icons.TIMER, on_click=switch)


def _end_panel(view: PlayerView, game: SavedGame, home: Any) -> list[ft.Control]:
    """Won or lost and why, the score with the rule book's words, and where it was saved."""
    saved = "Saved to the history" + (" and the team's campaign." if game.mission_id else ".")
    return [
        ft.Text(ending(view), size=22, weight=ft.FontWeight.BOLD),
        ft.Text("Both sides are shown: the dot in each corner is your partner's colour."),
        ft.Text(saved),
        ft.Button("Home", on_click=home),
    ]


def use_live_game(game_id: int, side: Player, phone: str, set_game: Any, set_seated: Any) -> None:
    """Re-read the game whenever the table says it changed, on whichever phone it changed.

    A revision counter makes every notice re-render, even one that leaves the saved game as
    it was (the timer switched on, a seat taken over). Leaving the screen stops listening and
    frees the seat.
    """
    _, set_revision = use_value(lambda: 0)
    # Not use_ref(a function): use_ref calls a callable to make the first value.
    stop_watching: Any = ft.use_ref(None)

    async def follow() -> None:
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()

        def notify() -> None:  # called on whichever thread made the change
            loop.call_soon_threadsafe(changed.set)

        stop_watching.current = table().hub.watch(game_id, notify)
        while True:
            await changed.wait()
            changed.clear()
            set_game(_load(game_id))
            set_seated(table().holder(game_id, side) == phone)
            set_revision(lambda n: n + 1)

    def leave() -> None:
        if stop_watching.current is not None:
            stop_watching.current()
        table().leave(game_id, side, phone)

    ft.use_effect(follow, [game_id, side], cleanup=leave)


def use_wakelock() -> None:
    """Keep the screen awake while a card is shown, where the platform allows it."""
    lock = ft.use_memo(ft.Wakelock, [])

    async def keep_awake() -> None:
        with contextlib.suppress(Exception):  # not every platform has one
            await lock.enable()  # type: ignore[no-untyped-call]

    async def let_sleep() -> None:
        with contextlib.suppress(Exception):
            await lock.disable()  # type: ignore[no-untyped-call]

    ft.use_effect(keep_awake, [], cleanup=let_sleep)


@ft.component
def GameRoute() -> ft.Control:
    """/game/<number>/<a|b>: a side of a game on this server."""
    params = ft.use_route_params()
    side = params.get("side", "")
    if not params.get("game", "").isdigit() or side not in ("a", "b"):
        return ft.Text("That address names no game: go back to the home screen.")
    return GameTable(int(params["game"]), Player(side))


@ft.component
def GameTable(game_id: int, side: Player) -> ft.Control:
    """One side of one game, live: every change on the other phone shows here at once."""
    page = ft.context.page
    phone = page.session.id
    game, set_game = use_value(lambda: _load(game_id))
    seated, set_seated = use_value(lambda: table().sit(game_id, side, phone))
    message, set_message = use_value(lambda: "")
    hidden, set_hidden = use_value(lambda: False)
    sharing, set_sharing = use_value(lambda: side is Player.A)
    confirming_undo, set_confirming_undo = use_value(lambda: False)

    use_live_game(game_id, side, phone, set_game, set_seated)
    use_wakelock()
    # The version the next action is based on: a second quick tap on this phone must not
    # look like the other phone acting first, so it follows the last answer, not the render.
    version: Any = ft.use_ref(None)
    version.current = game.version if game is not None else None

    def act(action: Any) -> None:
        def record() -> None:
            set_message("")
            saved = table().act(game_id, action, version.current)
            version.current = saved.version
            set_game(saved)

        def tell(text: str) -> None:
            set_message(text)
            set_game(_load(game_id))

        guarded(record, tell)(None)

    def undo() -> None:
        set_confirming_undo(False)

        def take_back() -> None:
            saved = table().undo(game_id, version.current)
            version.current = saved.version
            set_game(saved)

        guarded(take_back, set_message)(None)

    # Every hook runs on every render, before any early return.
    ft.use_dialog(
        ft.AlertDialog(
            title=ft.Text("Undo the last action?"),
            content=ft.Text("Both phones go back one step."),
            actions=[
                ft.TextButton("Keep it", on_click=lambda _: set_confirming_undo(False)),
                ft.Button("Undo", on_click=lambda _: undo()),
            ],
            on_dismiss=lambda _: set_confirming_undo(False),
        )
        if confirming_undo and game is not None
        else None
    )

    if game is None:
        return ft.Column(
            [
                ft.Text("No such game on this server.", size=20),
                ft.Button("Home", on_click=lambda _: page.navigate("/")),
            ]
        )
    if not seated:
        return SeatTaken(
            side, lambda: set_seated(table().sit(game_id, side, phone, take_over=True))
        )

    view = view_for(game.state, side)
    on_touch = (lambda cell: act(Guess(side.partner, cell))) if view.i_record_guesses else None
    body: list[ft.Control] = [
        _header(side, hidden, lambda _: set_hidden(not hidden), lambda _: page.navigate("/")),
        ft.Text(turn_words(view), weight=ft.FontWeight.W_600),
        _tokens(view),
        ft.Text(bank_words(view) if view.phase is not Phase.OVER else "", size=13),
        TimerBar(game_id, view.phase, table().timer(game_id)),
        _timer_switch(game_id, view.phase),
        *_notices(view, game, message),
        KeyCardGrid(view, on_touch, hidden),
        ft.Row(
            _actions(view, act, lambda _: set_confirming_undo(True), bool(game.log.actions)),
            wrap=True,
        ),
    ]
    if view.phase is Phase.OVER:
        body += _end_panel(view, game, lambda _: page.navigate("/"))
    if side is Player.A and view.phase is not Phase.OVER and game.log.code is not None:
        body.append(
            ft.TextButton(
                "Hide the code" if sharing else "Show the code for side B",
                on_click=lambda _: set_sharing(not sharing),
            )
        )
        if sharing:
            body.append(SharePanel(game))
    return screen(body, spacing=10)
