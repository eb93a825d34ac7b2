"""A game on this phone: the side it holds, live, or a way to ask for one (the game's
address and the join link both show it)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, cast

import flet as ft

from gadget.engine import Action, Guess, Phase, Player, PlayerView, ShareCode
from gadget.services import palette
from gadget.services.phone_game import PhoneGame
from gadget.services.phones import Phone
from gadget.services.records import SideSeen
from gadget.services.table import Table
from gadget.services.words import bank_words, turn_words
from gadget.views.parts.apart import own_touch, touch_question
from gadget.views.parts.boundary import component
from gadget.views.parts.card_header import header
from gadget.views.parts.hooks import (
    Kept,
    Retain,
    keyed,
    made_by,
    use_kept,
    use_retained,
    use_same_whole,
    use_value,
    use_wakelock,
)
from gadget.views.parts.keycard import Worded, use_key_card
from gadget.views.parts.language import _, say, spoken
from gadget.views.parts.layout import loading, screen, use_wide
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.parts.shield import counting, use_shielded
from gadget.views.parts.timer import TimerBar, TimerControls, timed
from gadget.views.served.game_parts import (
    NoSuchGame,
    SharePanel,
    UnreadableGame,
    end_panel,
    notices,
    recording_hint,
    show_code,
    time_bank,
    timer_switch,
    undo_question,
)
from gadget.views.served.live import tap_under_way, use_live
from gadget.views.served.table_context import use_table
from gadget.views.served.take_over import SeatRequestScreen, keep_panel, request_panel
from gadget.views.served.under_the_card import below_the_card, moves

WIDE_LAYOUT: Final = 680  # from this content width (a desktop), the code sits beside the card
CARD_WIDTH: Final = 420  # the card on a desktop: cells a little wider than tall, not strips


@ft.observable
@dataclass
class Following:
    """One side's game as this phone last read it: the table follows it, so a move draws the
    table again and not the screen that chose it (a render a phone at every move)."""

    shown: PhoneGame


@component
def SeatedGame(game_id: int) -> ft.Control:
    """The game as this phone may see it: its own side, or a way to ask for one."""
    table = use_table()
    phone = use_phone()
    # What this screen draws: loading (None), a screen without a side (the game as read), or
    # the table of the side held, which then follows each move without this screen drawn
    # again. Not the observable itself: Flet's state would follow it too.
    drawn, set_drawn = use_value(lambda: cast(PhoneGame | Player | None, None))
    following: Kept[Following | None] = use_kept(None)  # the table's, while one is drawn
    held: Kept[Player | None] = use_kept(None)  # the side this phone had, to tell it when replaced
    version: Kept[int | None] = use_kept(None)  # the game's version last handed to the screen

    def keep(now: PhoneGame) -> None:
        version.current = now.game.version if now.game is not None else None
        side = now.side if now.game is not None else None
        table_now = following.current
        if side is not None and table_now is not None and table_now.shown.side is side:
            table_now.shown = now  # the same side's table: it alone is drawn again
            return
        following.current = Following(now) if side is not None else None  # a new table, or none
        set_drawn(side if side is not None else now)

    def reread(moved_to: int | None = None) -> None:
        keep(table.phone_game(game_id, phone, moved_to))

    use_live(game_id, reread, lambda: version.current)
    if drawn is None:
        return loading(_("Opening the game"))
    if isinstance(drawn, Player):
        held.current = drawn
        return keyed(GameTable, drawn.value, following.current, keep)
    if drawn.game is None:
        return NoSuchGame() if drawn.unreadable is None else UnreadableGame(drawn.unreadable)
    # Never had a side, or was replaced: the message stays while shown.
    return SeatRequestScreen(drawn, held.current, reread)


def recording(view: PlayerView, act: Callable[[Action], None]) -> Callable[[int], None] | None:
    """At one table, the clue giver's phone records each touch of the partner's."""
    if not view.i_record_guesses:
        return None
    return lambda cell: act(Guess(view.player.partner, cell))


def _app_line(thinking: bool, retain: Retain) -> ft.Control:
    """What the app is doing, in a game it holds side B of."""
    said = _("The app holds side B. It is thinking...") if thinking else _("The app holds side B.")
    return retain("app", said, lambda key: ft.Text(said, size=14, italic=thinking, key=key))


def _under_way(
    seen: SideSeen,
    shown: PhoneGame,
    table: Table,
    phone: Phone,
    *,
    message: str,
    controls: TimerControls,
    retain: Retain,
) -> list[ft.Control]:
    """Above the card while the game is played: whose turn, the bank, the timer, notices.
    Each part is kept from the last render while what it shows is the same, so a move
    compares only what it changed."""
    game, view = seen.facts, seen.view
    said = spoken().code  # a part kept in one language is not kept in another
    turn = say(turn_words(view, seen.played_apart))
    bank = say(bank_words(view))
    settings = shown.timer_settings
    in_timed_phase = timed(view.phase)
    return [
        retain("turn", turn, lambda key: ft.Text(turn, weight=ft.FontWeight.W_600, key=key)),
        *([_app_line(shown.app_to_act, retain)] if shown.with_the_app else []),
        retain(
            "bank",
            (said, view.bystander_tokens, view.checkmark_tokens),
            lambda key: time_bank(view, key),
        ),
        retain("bank words", bank, lambda key: ft.Text(bank, size=14, key=key)),
        retain(
            "timer",
            (said, in_timed_phase, shown.timer, controls),
            made_by(TimerBar, in_timed_phase, shown.timer, controls),
        ),
        retain(  # its own key on and off, as the timer bar's Pause and Resume (TimerBar)
            "timer switch off" if settings.enabled else "timer switch on",
            (said, in_timed_phase, settings),
            lambda key: timer_switch(table, phone, game.id, in_timed_phase, settings, key=key),
        ),
        *[
            retain(f"notice {n}", line, made_by(ft.Text, line[0], color=line[1]))
            for n, line in enumerate(notices(seen, message))
        ],
    ]


def timer_controls(table: Table, phone: Phone, game_id: int) -> TimerControls:
    """Where this phone's timer leads, made once (a kept timer bar calls them)."""
    return ft.use_memo(
        lambda: TimerControls(
            table.clock,
            lambda: table.pause_timer(phone, game_id),
            lambda: table.resume_timer(phone, game_id),
            lambda: table.reset_timer(phone, game_id),
        ),
        [game_id],
    )


def _share_slot(
    code: ShareCode | None, wide: bool, set_sharing: Callable[[bool], None], retain: Retain
) -> ft.Control:
    """The share panel's place: always one, empty once folded, kept while the same."""
    return retain(
        "share",
        (spoken().code, code, wide),
        lambda key: ft.Container(
            SharePanel(code, lambda: set_sharing(False)) if code is not None else None,
            expand=wide,  # beside the card: what the card leaves of the screen's width
            key=key,
        ),
    )


def doings(
    table: Table,
    phone: Phone,
    game_id: int,
    version: Kept[int],
    *,
    show: Callable[[PhoneGame], None],
    set_message: Callable[[str], None],
) -> tuple[Callable[[Action], None], Callable[[int | None], None]]:
    """What this phone's taps do: an action (its answer shown at once), and played apart the
    side's chosen word (shown on all its phones by the notice); a refusal said in one line."""

    def tell(text: str) -> None:
        show(table.phone_game(game_id, phone))
        set_message(text)  # said about the game as it now stands

    def act(action: Action) -> None:
        def record() -> None:
            set_message("")
            show(table.act(phone, game_id, action, version.current))

        handled = tap_under_way()
        try:
            guarded(record, tell)(None)
        finally:
            handled()

    def choose(cell: int | None) -> None:  # shown by the notice, on each phone of the side
        def record() -> None:
            set_message("")
            table.choose_touch(game_id, phone, cell)

        guarded(record, tell)(None)

    return act, choose


@component
def GameTable(following: Following, set_shown: Callable[[PhoneGame], None]) -> ft.Control:
    """One side of one game, live: every change on the other phone shows here at once."""
    shown = following.shown
    game, side, seen = shown.game, shown.side, shown.seen
    assert game is not None and side is not None and seen is not None  # SeatedGame: only then
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    game_id = game.id
    # The last refusal, and the version it was said at: said of a moment, it goes once the
    # game moves on (two phones tapping at once: the loser's line stayed through the moves).
    said, set_said = use_value(lambda: ("", game.version))
    message = said[0] if said[1] == game.version else ""
    hidden, set_hidden = use_value(lambda: False)
    # The code folds away once B has joined; phone A can show it again. Only phone A of a
    # game still being played asks whether B is here.
    sharing, set_sharing = use_value(lambda: cast(bool | None, None))
    shares = seen.share_code is not None
    showing_code = (shares and not shown.partner_here) if sharing is None else sharing
    # The version undo was asked at: the answer takes back that move, never one made since
    # (both phones asking at once took back two moves).
    undo_asked, set_undo_asked = use_value(lambda: cast(int | None, None))

    use_wakelock()
    retain = use_retained()
    # The app's turn runs on the server while it has something to do; this screen only asks
    # for it (a turn already running for the game is not started twice).
    ft.use_effect(
        lambda: page.run_task(table.app_turn, phone, game_id) if shown.app_to_act else None,
        [shown.app_to_act, game.version],
    )
    controls = timer_controls(table, phone, game_id)
    # The version the next action is based on: a second quick tap on this phone must not
    # look like the other phone acting first, so it follows the last answer, not the render.
    version = use_kept(game.version)
    version.current = game.version

    def set_message(text: str) -> None:
        set_said((text, version.current))

    def show(now: PhoneGame) -> None:
        if now.game is not None:
            version.current = now.game.version
        set_shown(now)

    act, choose = doings(table, phone, game_id, version, show=show, set_message=set_message)
    # The taps on the buttons under the card, counted: each answer is deaf for a moment.
    taps = use_kept(0)
    button_act = counting(taps, act)

    @functools.partial(counting, taps)
    def ask_undo(_event: ft.Event[ft.OutlinedButton]) -> None:  # the version when tapped
        set_undo_asked(version.current)

    @functools.partial(counting, taps)
    def undo(asked: int) -> None:
        set_undo_asked(None)
        guarded(lambda: show(table.undo(phone, game_id, asked)), set_message)(None)

    view = seen.view
    # Played apart, a tap chooses this player's own touch, and the question below makes it.
    on_touch, mine = (
        own_touch(view, shown.chosen, choose) if seen.played_apart else (recording(view, act), None)
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
    wide = use_wide(page, WIDE_LAYOUT)
    share_slot = _share_slot(seen.share_code if showing_code else None, wide, set_sharing, retain)
    body += [] if wide else [share_slot]
    # At the end, what happened; before it, the turn, the bank, the timer and the last touch.
    body += (
        [
            end_panel(seen, page.navigate, shown.in_team),
            *([ft.Text(message, color=palette.DANGER)] if message else []),
        ]
        if over
        else _under_way(
            seen, shown, table, phone, message=message, controls=controls, retain=retain
        )
    )
    # Keyed: a notice that comes or goes above them moves the card and the buttons, instead
    # of drawing them again whole (the card alone is 10 KB and 150 controls a phone).
    worded = Worded(seen.words, mine, seen.played_apart)
    card = use_key_card(view, on_touch, hidden, seen.struck_assassin, worded, key="card")
    body.append(
        ft.Row(
            [ft.Container(card, width=CARD_WIDTH), share_slot],
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=16,
            key="wide card",
        )
        if wide
        else card
    )
    # Under the card: the question of a touch chosen, or the line that comes with a clue (so
    # that the card stays where it was), then the buttons; deaf to taps for a moment after a
    # tap on them (`use_shielded`): a quick second tap pressed what the first one's answer
    # drew where it had tapped.
    asking = undo_asked == game.version  # a move since closes the question
    under = [
        *touch_question(view, seen.words, mine, button_act, counting(taps, lambda: choose(None))),
        *recording_hint(seen, retain),
        # Asked in place, not in a dialog: a dialog's closing animation held the tapping
        # phone's new screen back 0.15 s, and its modal barrier hid it from the reader.
        undo_question(
            over, counting(taps, lambda: set_undo_asked(None)), lambda: undo(game.version)
        )
        if asking
        else moves(seen, button_act, ask_undo, retain, shown.app_to_act),
        *below_the_card(seen, side, game_id, (shown.side_names, shown.place_on_side), retain),
        *(show_code(set_sharing, retain) if shares and not showing_code else []),
    ]
    body.append(use_shielded(under, taps.current, spacing=10))
    return use_same_whole(body, lambda parts: screen(parts, spacing=10))
