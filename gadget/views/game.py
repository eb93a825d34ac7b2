"""The live table on one phone: its side of the card, the time bank, the turn, and the actions."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any, cast

import flet as ft

from gadget.engine import (
    Clue,
    Guess,
    Penalty,
    Phase,
    Player,
    PlayerView,
    Stop,
    join_link,
    view_for,
)
from gadget.services.phones import Phone
from gadget.services.words import bank_words, ending, last_event, turn_words
from gadget.store import NotFoundError, SavedGame, SeatRequest
from gadget.views.boundary import component
from gadget.views.keycard import KeyCardGrid
from gadget.views.phone import use_phone
from gadget.views.shared import (
    TOKEN_BYSTANDER,
    TOKEN_CHECKMARK,
    guarded,
    icon_button,
    keyed,
    qr_png,
    screen,
    table,
    use_value,
    web_address,
    whole_number,
)
from gadget.views.timer import TimerBar


def _load(game_id: int) -> SavedGame | None:
    try:
        return table().game(game_id)
    except NotFoundError:
        return None


@component
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


@component
def ClueForm(on_clue: Any) -> ft.Control:
    """A word and a number; both optional, since the clue is said aloud at the table.

    The fields keep what was typed in refs: a click that arrives before the re-render after
    the last keystroke still sends the whole word.
    """
    word = ft.use_ref("")
    number = ft.use_ref("")

    def give(_: Any) -> None:
        on_clue(str(word.current).strip(), whole_number(str(number.current)))

    def set_word(event: Any) -> None:
        word.current = event.control.value

    def set_number(event: Any) -> None:
        number.current = event.control.value or ""

    return ft.Row(
        [
            ft.TextField(
                label="Clue",
                expand=True,
                on_change=set_word,
                on_submit=give,
            ),
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


def use_live_game(game_id: int, reread: Any) -> None:
    """Re-read the game whenever the table says it changed, on whichever phone it changed.

    Leaving the screen stops listening; the seat stays this phone's.
    """
    stop_watching: Any = ft.use_ref(None)  # not use_ref(a function): it would be called

    async def follow() -> None:
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()

        def notify() -> None:  # called on whichever thread made the change
            loop.call_soon_threadsafe(changed.set)

        stop_watching.current = table().hub.watch(game_id, notify)
        while True:
            await changed.wait()
            changed.clear()
            reread()

    def leave() -> None:
        if stop_watching.current is not None:
            stop_watching.current()

    ft.use_effect(follow, [game_id], cleanup=leave)


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


@component
def GameRoute() -> ft.Control:
    """/game/<public id>: this phone's side of a game, whichever side it holds."""
    public_id = ft.use_route_params().get("game", "")
    game = ft.use_memo(lambda: table().game_at(public_id), [public_id])
    if game is None:
        return NoSuchGame()
    return keyed(SeatedGame, game.public_id, game.id)


@component
def NoSuchGame() -> ft.Control:
    """An address that names no game (or not one this server has)."""
    page = ft.context.page
    return screen(
        [
            ft.Text("No such game on this server.", size=20),
            ft.Text("To join your partner's game, scan or type the code on their phone."),
            ft.Button("Home", on_click=lambda _: page.navigate("/")),
        ]
    )


@component
def SeatedGame(game_id: int) -> ft.Control:
    """The game as this phone may see it: its own side, or a way to ask for one."""
    phone = use_phone()
    game, set_game = use_value(lambda: _load(game_id))
    side, set_side = use_value(lambda: table().seat_of(game_id, phone))
    _, set_revision = use_value(lambda: 0)
    held: Any = ft.use_ref(side)  # the side this phone had, to tell it when it is replaced

    def reread() -> None:
        set_game(_load(game_id))
        set_side(table().seat_of(game_id, phone))
        set_revision(lambda n: n + 1)  # requests and the timer live outside the game

    use_live_game(game_id, reread)
    if game is None:
        return NoSuchGame()
    if side is None:  # never had one, or was replaced: the message stays while it is shown
        return SeatRequestScreen(game, held.current)
    held.current = side
    return keyed(GameTable, side.value, game, side, set_game)


@component
def SeatRequestScreen(game: SavedGame, lost: Player | None) -> ft.Control:
    """A phone without a side in this game: it may ask the partner's phone for one."""
    page = ft.context.page
    phone = use_phone()
    asked, set_asked = use_value(lambda: cast(int | None, None))
    message, set_message = use_value(lambda: "")
    request = table().store.seat_request(asked) if asked is not None else None

    def ask(side: Player) -> Any:
        def send() -> None:
            set_asked(table().ask_for_seat(game.id, side, phone).id)

        return guarded(send, set_message)

    body: list[ft.Control] = [ft.Text("This game is on other phones", size=22)]
    if lost is not None:
        body.append(
            ft.Text(
                f"Side {lost.value.upper()} was taken over by another phone, with your"
                " partner's consent: this phone no longer shows it."
            )
        )
    if request is not None and request.answer is None:
        body.append(
            ft.Text(
                f"Waiting: your partner's phone is asked to let this phone take side"
                f" {request.side.value.upper()}."
            )
        )
        body.append(
            ft.Text(
                "If your partner's phone was lost too, whoever runs the server can free the"
                " game's sides with `gadget seats release` and its code; then open the"
                " join link again.",
                size=13,
            )
        )
    else:
        if request is not None and request.answer == "refused":
            body.append(ft.Text("Your partner's phone refused.", color="#B71C1C"))
        body.append(
            ft.Text(
                "If your phone was lost or broken, this phone can take over its side once"
                " your partner's phone allows it."
            )
        )
        for side in Player:
            if table().can_be_allowed(game, side, phone):
                body.append(
                    ft.OutlinedButton(
                        f"Ask to take over side {side.value.upper()}", on_click=ask(side)
                    )
                )
            else:
                body.append(
                    ft.Text(
                        f"Side {side.value.upper()}: nobody can allow it, since no phone holds"
                        f" side {side.partner.value.upper()} and no other phone of a team"
                        " plays this game. The game stays saved as it is, its log kept;"
                        " deal a new game to play on.",
                        size=13,
                    )
                )
    if message:
        body.append(ft.Text(message, color="#B71C1C"))
    body.append(ft.Button("Home", on_click=lambda _: page.navigate("/")))
    return screen(body)


def request_panel(request: SeatRequest, phone: Phone, tell: Any, what: str) -> ft.Control:
    """A take-over request with Allow and Refuse, for a phone that may answer it."""

    def answer(allow: bool) -> Any:
        return guarded(lambda: table().answer(request.id, phone, allow), tell)

    letter = request.side.value.upper()
    return ft.Container(
        content=ft.Column(
            [
                ft.Text(
                    f"Another phone asks to take over side {letter} of {what}. Allow it only"
                    f" if side {letter}'s phone was lost or replaced: it will see side"
                    f" {letter}'s card.",
                    weight=ft.FontWeight.W_600,
                ),
                ft.Row(
                    [
                        ft.Button(f"Allow side {letter}", on_click=answer(True)),
                        ft.OutlinedButton("Refuse", on_click=answer(False)),
                    ],
                    wrap=True,
                ),
            ],
            spacing=6,
        ),
        padding=10,
        border=ft.Border.all(2, "#EF6C00"),
        border_radius=8,
    )


@component
def GameTable(game: SavedGame, side: Player, set_game: Any) -> ft.Control:
    """One side of one game, live: every change on the other phone shows here at once."""
    page = ft.context.page
    phone = use_phone()
    game_id = game.id
    message, set_message = use_value(lambda: "")
    hidden, set_hidden = use_value(lambda: False)
    # The code folds away once B has joined; phone A can show it again. Only phone A of a
    # game still being played asks whether B is here.
    sharing, set_sharing = use_value(lambda: cast(bool | None, None))
    shares = side is Player.A and not game.state.is_over and game.log.code is not None
    if sharing is None:
        showing_code = shares and table().store.seat_holder(game_id, Player.B) is None
    else:
        showing_code = sharing
    confirming_undo, set_confirming_undo = use_value(lambda: False)

    use_wakelock()
    # The version the next action is based on: a second quick tap on this phone must not
    # look like the other phone acting first, so it follows the last answer, not the render.
    version: Any = ft.use_ref(None)
    version.current = game.version

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
        if confirming_undo
        else None
    )

    view = view_for(game.state, side)
    on_touch = (lambda cell: act(Guess(side.partner, cell))) if view.i_record_guesses else None
    body: list[ft.Control] = [
        _header(side, hidden, lambda _: set_hidden(not hidden), lambda _: page.navigate("/")),
        *[
            request_panel(request, phone, set_message, "this game")
            for request in table().waiting_requests(game_id)
            if table().may_answer(request, phone)
        ],
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
    if shares:
        body.append(
            ft.TextButton(
                "Hide the code" if showing_code else "Show the code for side B",
                on_click=lambda _: set_sharing(not showing_code),
            )
        )
        if showing_code:
            body.append(SharePanel(game))
    return screen(body, spacing=10)
