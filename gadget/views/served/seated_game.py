"""A game on this phone: the side it holds, live, or a way to ask for one (the game's
address and the join link both show it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

import flet as ft

from gadget.engine import Action, Guess, Phase, Player, PlayerView
from gadget.services import addresses, palette
from gadget.services.phone_game import PhoneGame
from gadget.services.phones import Phone
from gadget.services.records import SideSeen
from gadget.services.table import Table
from gadget.services.words import bank_words, turn_words
from gadget.views.parts.boundary import component
from gadget.views.parts.card_header import header
from gadget.views.parts.hooks import Kept, keyed, use_kept, use_value, use_wakelock
from gadget.views.parts.keycard import KeyCardGrid, Worded
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import content_width, dead_end, loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.parts.timer import TimerBar, TimerControls
from gadget.views.served.apart import apart_buttons, own_touch, touch_question
from gadget.views.served.game_parts import (
    SharePanel,
    action_buttons,
    end_panel,
    notices,
    time_bank,
    timer_switch,
    undo_button,
    undo_question,
)
from gadget.views.served.live import use_live
from gadget.views.served.story import StoryPanel, words_language
from gadget.views.served.table_context import use_table
from gadget.views.served.take_over import SeatRequestScreen, keep_panel, request_panel

WIDE_LAYOUT: Final = 680  # from this content width (a desktop), the code sits beside the card
CARD_WIDTH: Final = 420  # the card on a desktop: cells a little wider than tall, not strips


@component
def NoSuchGame() -> ft.Control:
    """An address that names no game (or not one this server has)."""
    return dead_end(
        _("No such game on this server."),
        _("To join your partner's game, scan or type the code on their phone."),
        _("Home"),
        addresses.HOME,
    )


@component
def SeatedGame(game_id: int) -> ft.Control:
    """The game as this phone may see it: its own side, or a way to ask for one."""
    table = use_table()
    phone = use_phone()
    shown, set_shown = use_value(lambda: cast(PhoneGame | None, None))
    held: Kept[Player | None] = use_kept(None)  # the side this phone had, to tell it when replaced
    version: Kept[int | None] = use_kept(None)  # the game's version last handed to the screen

    def keep(now: PhoneGame) -> None:
        version.current = now.game.version if now.game is not None else None
        set_shown(now)

    def reread() -> None:
        keep(table.phone_game(game_id, phone))

    use_live(game_id, reread, lambda: version.current)
    if shown is None:
        return loading(_("Opening the game"))
    if shown.game is None:
        return NoSuchGame()
    if shown.side is None:  # never had one, or was replaced: the message stays while shown
        return SeatRequestScreen(shown, held.current, reread)
    held.current = shown.side

    return keyed(GameTable, shown.side.value, shown, keep)


def recording(view: PlayerView, act: Callable[[Action], None]) -> Callable[[int], None] | None:
    """At one table, the clue giver's phone records each touch of the partner's."""
    if not view.i_record_guesses:
        return None
    return lambda cell: act(Guess(view.player.partner, cell))


def _moves(
    seen: SideSeen,
    act: Callable[[Action], None],
    ask_undo: Callable[[ft.Event[ft.OutlinedButton]], None],
) -> list[ft.Control]:
    """The buttons under the card: at one table, or played apart."""
    if not seen.played_apart:
        return action_buttons(seen.view, act, ask_undo, seen.may_undo)
    return [
        *apart_buttons(seen.view, act, seen.visible_words, words_language(seen)),
        *undo_button(ask_undo, seen.may_undo),
    ]


def _under_way(
    seen: SideSeen, shown: PhoneGame, table: Table, phone: Phone, message: str
) -> list[ft.Control]:
    """Above the card while the game is played: whose turn, the bank, the timer, notices."""
    game, view = seen.facts, seen.view
    return [
        ft.Text(say(turn_words(view, seen.played_apart)), weight=ft.FontWeight.W_600),
        time_bank(view),
        ft.Text(say(bank_words(view)), size=14),
        TimerBar(
            view.phase,
            shown.timer,
            TimerControls(
                table.clock,
                lambda: table.pause_timer(phone, game.id),
                lambda: table.resume_timer(phone, game.id),
                lambda: table.reset_timer(phone, game.id),
            ),
        ),
        timer_switch(table, phone, game.id, view.phase, shown.timer_settings),
        *notices(seen, message),
    ]


@component
def GameTable(shown: PhoneGame, set_shown: Callable[[PhoneGame], None]) -> ft.Control:
    """One side of one game, live: every change on the other phone shows here at once."""
    game, side, seen = shown.game, shown.side, shown.seen
    assert game is not None and side is not None and seen is not None  # SeatedGame: only then
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    game_id = game.id
    message, set_message = use_value(lambda: "")
    hidden, set_hidden = use_value(lambda: False)
    # The code folds away once B has joined; phone A can show it again. Only phone A of a
    # game still being played asks whether B is here.
    sharing, set_sharing = use_value(lambda: cast(bool | None, None))
    shares = seen.share_code is not None
    showing_code = (shares and not shown.partner_here) if sharing is None else sharing
    # The version undo was asked at: the answer takes back that move, never one made since
    # (both phones asking at once took back two moves).
    undo_asked, set_undo_asked = use_value(lambda: cast(int | None, None))
    chosen, set_chosen = use_value(lambda: cast(int | None, None))  # played apart: a word

    use_wakelock()
    # The version the next action is based on: a second quick tap on this phone must not
    # look like the other phone acting first, so it follows the last answer, not the render.
    version = use_kept(game.version)
    version.current = game.version

    def show(now: PhoneGame) -> None:
        if now.game is not None:
            version.current = now.game.version
        set_shown(now)

    def act(action: Action) -> None:
        def record() -> None:  # this phone's own action, shown at once
            set_message("")
            set_chosen(None)
            show(table.act(phone, game_id, action, version.current))

        def tell(text: str) -> None:
            set_message(text)
            show(table.phone_game(game_id, phone))

        guarded(record, tell)(None)

    def undo(asked: int) -> None:
        set_undo_asked(None)
        guarded(lambda: show(table.undo(phone, game_id, asked)), set_message)(None)

    view = seen.view
    played_apart = seen.played_apart
    # Played apart, a tap chooses this player's own touch, and the question below makes it.
    on_touch, mine = (
        own_touch(view, chosen, set_chosen) if played_apart else (recording(view, act), None)
    )
    over = view.phase is Phase.OVER
    body: list[ft.Control] = [
        header(side, hidden, set_hidden),
        *[
            request_panel(table, request, phone, set_message, True, own_side=request.side is side)
            for request in shown.requests
        ],
        *[keep_panel(table, request, phone, set_message) for request in shown.pending],
    ]
    # First, so phone A shows it without scrolling past the card; on a desktop, beside the
    # card. Always one slot, empty once folded: the controls below keep their places, so a
    # clue being typed is not lost.
    wide = content_width(page) >= WIDE_LAYOUT
    share_slot = ft.Container(
        SharePanel(seen.share_code, lambda: set_sharing(False))
        if seen.share_code is not None and showing_code
        else None,
        expand=wide,  # beside the card: what the card leaves of the screen's width
        key="share",
    )
    if not wide:
        body.append(share_slot)
    # At the end, what happened; before it, the turn, the bank, the timer and the last touch.
    body += (
        [
            end_panel(seen, page.navigate, shown.in_team),
            *([ft.Text(message, color=palette.DANGER)] if message else []),
        ]
        if over
        else _under_way(seen, shown, table, phone, message)
    )
    # Keyed: a notice that comes or goes above them moves the card and the buttons, instead
    # of drawing them again whole (the card alone is 10 KB and 150 controls a phone).
    card = keyed(
        KeyCardGrid,
        "card",
        view,
        on_touch,
        hidden,
        seen.struck_assassin,
        Worded(seen.words, mine, played_apart),
    )
    body += [
        ft.Row(
            [ft.Container(card, width=CARD_WIDTH), share_slot],
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=16,
            key="wide card",
        )
        if wide
        else card,
        # Asked in place, not in a dialog: a dialog's closing animation held the tapping
        # phone's new screen back 0.15 s, and its modal barrier hid it from the reader.
        undo_question(over, lambda: set_undo_asked(None), lambda: undo(game.version))
        if undo_asked == game.version  # a move since closes the question
        else ft.Row(
            _moves(seen, act, lambda _e: set_undo_asked(game.version)),
            wrap=True,
            key="actions",
        ),
    ]
    # The question of a touch chosen sits between the card and the buttons.
    body[-1:-1] = touch_question(view, seen.words, mine, act, lambda: set_chosen(None))
    body += [StoryPanel(seen.story, side)] if seen.story is not None else []
    if shares and not showing_code:
        body.append(
            ft.TextButton(_("Show the code for side B"), on_click=lambda _e: set_sharing(True))
        )
    return screen(body, spacing=10)
