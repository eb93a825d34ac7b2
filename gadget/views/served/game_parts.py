"""The pieces of a game's screen: the share panel, the clue form, the buttons, the notices,
the time bank and the end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

import flet as ft

from gadget.engine import (
    Action,
    Clue,
    Penalty,
    Phase,
    PlayerView,
    ShareCode,
    Stop,
)
from gadget.engine.errors import Message
from gadget.engine.timing import TimerSettings
from gadget.services import addresses, palette
from gadget.services.phones import Phone
from gadget.services.records import SideSeen
from gadget.services.table import Table
from gadget.services.words import Tone
from gadget.views.parts.apart import clue_number
from gadget.views.parts.boundary import component
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import forget, text_of, typed_field, use_typed, whole_number
from gadget.views.parts.hooks import Kept, Retain, made_by, use_kept
from gadget.views.parts.language import _, say, spoken
from gadget.views.parts.layout import dead_end, panel, share_panel

TONE_COLOURS = {  # what the last action's line is coloured by: green only for good news
    Tone.GOOD: palette.GOOD_NEWS,
    Tone.SETBACK: palette.SETBACK,
    Tone.PLAIN: palette.INK,
}


@component
def SharePanel(code: ShareCode, hide: Callable[[], None]) -> ft.Control:
    """The QR code of the join link and the code in large type, for the partner's phone."""
    page = ft.context.page
    return share_panel(
        code, addresses.join_link(addresses.web_address(page.url), code) if page.url else "", hide
    )


@component
def ClueForm(on_clue: Callable[[str, int | None], None], shown: bool = True) -> ft.Control:
    """A word and a number; both optional, since the clue is said aloud at the table.

    Both keep what was typed and are drawn with it (`typed_field`): a tap just after the
    last keystroke sends the whole word, and the partner's phone acting meanwhile never
    empties the field.

    Kept under the card while the game is played, hidden (`shown`) when this phone may not
    give a clue: a clue hides it and a turn's end shows it, one field told, where taking
    it away made Flet walk some 600 fields of its controls on both phones at every clue.
    Hidden, it forgets what was typed, and the phone's fields are emptied with it, as they
    were when it was taken away.
    """
    word = use_typed()
    number = use_kept("")
    # The form is kept: a tap gives the clue of the latest render (not a function as the
    # first value: Flet would call it).
    latest: Kept[Callable[[str, int | None], None] | None] = use_kept(None)
    latest.current = on_clue
    drawn: Kept[tuple[str, list[ft.Control]] | None] = use_kept(None)

    def give(_event: Tap) -> None:
        if latest.current is not None:
            latest.current(text_of(word).strip(), whole_number(number.current))

    if not shown and (word.current is not None or number.current):
        forget(word)  # drawn again empty: the phone's field still held the word
        number.current = ""
        drawn.current = None
    language = spoken().code
    if drawn.current is None or drawn.current[0] != language:
        fields = [
            typed_field(word, _("Clue"), expand=True, on_submit=give),
            clue_number(number),
            ft.Button(_("Give clue"), on_click=give),
        ]
        drawn.current = (language, fields)
    # The same fields, or fields that changed: a Row of the very same ones is not compared.
    return ft.Row(drawn.current[1], vertical_alignment=ft.CrossAxisAlignment.CENTER, visible=shown)


def clue_form(
    view: PlayerView, act: Callable[[Action], None], names: tuple[str, ...], retain: Retain
) -> ft.Control | None:
    """The clue form under the card while the game is played, shown when `names` offer a
    clue: the very same component while it stays shown or hidden (a row of buttons made
    again around it passes over it), never taken away (`ClueForm`)."""
    if view.phase is Phase.OVER:
        return None
    shown = "clue" in names
    give = lambda word, number: act(Clue(view.player, word, number))  # noqa: E731
    return retain("clue form", (spoken().code, shown), made_by(ClueForm, give, shown))


def offered(view: PlayerView, can_undo: bool) -> tuple[str, ...]:
    """The buttons this phone offers now, by name: the row under the card is drawn from
    them, and kept while they stay the same."""
    names = []
    if view.i_may_give_clue:
        names.append("clue")
    if view.partner_may_stop:
        names.append("stop")
    if view.i_may_guess and view.phase is Phase.GUESSING and view.clue_giver is not None:
        names.append("touch")
    if view.penalty_open and view.i_record_guesses:
        names.append("penalty")
    if can_undo:
        names.append("undo")
    return tuple(names)


def action_buttons(
    view: PlayerView,
    act: Callable[[Action], None],
    ask_undo: Callable[[ft.Event[ft.OutlinedButton]], None],
    names: tuple[str, ...],
    form: ft.Control | None = None,
) -> list[ft.Control]:
    """The buttons `offered` names, after the clue `form` (`clue_form`: kept, shown or
    hidden); what they call is the same at every render (`act` and `ask_undo` act on the
    game as it is when tapped), so a kept row stays right."""
    partner = view.player.partner
    buttons: list[ft.Control] = [form] if form is not None else []
    if "stop" in names:
        buttons.append(
            ft.Button(
                _("{partner} stops guessing").format(partner=partner.value.upper()),
                on_click=lambda _e: act(Stop(partner)),
            )
        )
    if "touch" in names:
        buttons.append(ft.Text(_("Touch a word on the table; your partner records it.")))
    if "penalty" in names:
        buttons.append(
            ft.OutlinedButton(
                _("Invalid clue: discard a token"), on_click=lambda _e: act(Penalty(view.player))
            )
        )
    return buttons + undo_button(ask_undo, "undo" in names)


def undo_button(
    ask_undo: Callable[[ft.Event[ft.OutlinedButton]], None], can_undo: bool
) -> list[ft.Control]:
    """Undo, after the end too: a slip of the finger on the assassin is forgiven."""
    return [ft.OutlinedButton(_("Undo"), icon=ft.Icons.UNDO, on_click=ask_undo)] if can_undo else []


def notices(seen: SideSeen, message: str) -> list[tuple[str, str]]:
    """The refusal to show, what just happened, and the announcements the rules require: each
    a line and its colour (a line that stays the same is kept, not drawn again)."""
    view = seen.view
    partner = view.player.partner.value.upper()
    event = seen.last_event
    shown = [(message, palette.DANGER)] if message else []
    if event is not None:  # an agent found is good news; a bystander is not
        shown.append((say(event.words), TONE_COLOURS[event.tone]))
    rules: list[str] = []
    if view.phase is not Phase.OVER:
        if view.words_i_give == 0:
            rules.append(_("You have no words left: your partner gives every clue from now on."))
        elif view.partner_is_done:
            rules.append(
                _("{partner} has no words left: you give every clue.").format(partner=partner)
            )
    return shown + [(text, palette.INK) for text in rules]


def recording_hint(seen: SideSeen, retain: Retain) -> list[ft.Control]:
    """How the clue giver's phone records the partner's touches, said under the card: above
    it, the line came with the clue and moved the card down, so a quick second tap on "Give
    clue" landed on a cell and recorded a touch (an outsider's)."""
    view = seen.view
    if view.phase is Phase.OVER or not view.i_record_guesses or seen.played_apart:
        return []  # apart, each phone chooses its own touch
    partner = view.player.partner.value.upper()
    hint = _("When {partner} touches a word, tap it here.").format(partner=partner)
    return [retain("hint", hint, made_by(ft.Text, hint, color=palette.INK))]


def time_bank(view: PlayerView, key: str | None = None) -> ft.Control:
    """The time bank as tokens: bystander side up first, then checkmark side up."""
    said = _("time bank: {bystanders} bystander side up, {checkmarks} checkmark side up")
    return made_by(
        BankTokens,
        view.bystander_tokens,
        view.checkmark_tokens,
        said.format(bystanders=view.bystander_tokens, checkmarks=view.checkmark_tokens),
        _("The time bank is empty."),
    )(key)


def _time_bank(bystanders: int, checkmarks: int, label: str, empty: str) -> ft.Control:
    tokens: list[ft.Control] = []  # one control per token: a control sits in one place only
    for _token in range(bystanders):
        tokens.append(ft.Icon(ft.Icons.PERSON, color=palette.TOKEN_BYSTANDER, size=20))
    for _token in range(checkmarks):
        tokens.append(ft.Icon(ft.Icons.CHECK_CIRCLE, color=palette.TOKEN_CHECKMARK, size=20))
    return ft.Semantics(
        label=label, content=ft.Row(tokens or [ft.Text(empty)], spacing=2, wrap=True)
    )


# Drawn again only when the bank changes (at the end of a turn), not at every touch: its
# icons were a fifth of the controls a touch compared on each phone (20 of 95).
BankTokens = cast(
    Callable[[int, int, str, str], ft.Control],
    ft.memo(component(_time_bank)),  # type: ignore[no-untyped-call]
)


def timer_switch(
    table: Table,
    phone: Phone,
    game_id: int,
    in_timed_phase: bool,
    settings: TimerSettings,
    *,
    key: str | None = None,
) -> ft.Control:
    """Turn the turn timer on or off for this game (both phones at once)."""
    if not in_timed_phase:
        return ft.Container(visible=False, key=key)

    def switch(_event: ft.Event[ft.TextButton]) -> None:
        table.set_timer(phone, game_id, replace(settings, enabled=not settings.enabled))

    label = _("Turn timer off") if settings.enabled else _("Turn timer on")
    return ft.TextButton(label, icon=ft.Icons.TIMER, on_click=switch, key=key)


def end_panel(seen: SideSeen, navigate: Callable[[str], None], in_team: bool) -> ft.Control:
    """Won or lost and why, the score and how it was counted, what it changed on the map,
    and where to go next (`in_team`: this phone is one of the team's, so the map opens)."""
    words, game = seen.end, seen.facts
    assert words is not None, "the end panel shows a game that is over"
    team_id = game.team_id
    colour = palette.GOOD_NEWS if words.won else palette.DANGER
    next_steps: list[ft.Control] = []
    joining: list[ft.Control] = []
    if game.team_id is not None and game.mission_id is not None and not in_team:
        # The partner's team is not this phone's: its map would say "No such team". The
        # team lets a phone in by its invite link, which only a phone of the team shows.
        joining.append(
            ft.Text(
                _(
                    "This mission counts for your partner's team, which this phone is not in."
                    " To see the team's map here, open its invite link: a phone of the team"
                    " shows it on the team's screen ({invite})."
                ).format(invite=_("Invite a phone to the team")),
                size=14,
            )
        )
        next_steps.append(
            ft.Button(
                _("New game"), icon=ft.Icons.STYLE, on_click=lambda _e: navigate(addresses.HOME)
            )
        )
    elif team_id is not None and game.mission_id is not None:
        next_steps.append(
            ft.Button(
                _("Back to the map"),
                icon=ft.Icons.MAP,
                on_click=lambda _e: navigate(addresses.team(team_id)),
            )
        )
    else:
        next_steps += [
            ft.Button(
                _("New game"), icon=ft.Icons.STYLE, on_click=lambda _e: navigate(addresses.HOME)
            ),
            ft.OutlinedButton(
                _("Your games"),
                icon=ft.Icons.HISTORY,
                on_click=lambda _e: navigate(addresses.HISTORY),
            ),
        ]
    next_steps.append(
        ft.OutlinedButton(
            _("Home"), icon=ft.Icons.HOME, on_click=lambda _e: navigate(addresses.HOME)
        )
    )
    return panel(
        [
            ft.Semantics(
                identifier="game-end",
                content=ft.Text(
                    say(words.headline), size=22, weight=ft.FontWeight.BOLD, color=colour
                ),
            ),
            *[ft.Text(say(line), size=16) for line in words.details],
            ft.Text(
                _("Both sides are shown: the dot in each corner is your partner's colour."),
                size=14,
            ),
            *joining,
            ft.Row(next_steps, wrap=True),
        ],
        border=colour,
    )


def undo_question(
    over: bool, keep: Callable[[], None], take_back: Callable[[], None]
) -> ft.Control:
    """Undo asked where its button was: each answer says what it does (a French "Annuler"
    reads as "close the question"), the one that acts last."""
    return panel(
        [
            ft.Text(_("Undo the last action?"), weight=ft.FontWeight.W_600),
            ft.Text(
                _(
                    "Every phone of this game goes back one step. The result leaves the history,"
                    " and what it completed is taken back."
                )
                if over
                else _("Every phone of this game goes back one step.")
            ),
            ft.Row(
                [
                    ft.TextButton(_("Change nothing"), on_click=lambda _e: keep()),
                    ft.Button(_("Take it back"), on_click=lambda _e: take_back()),
                ],
                wrap=True,
            ),
        ],
        key="confirm undo",
    )


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
def UnreadableGame(wrong: Message) -> ft.Control:
    """A game whose saved record cannot be read (changed by hand): what is wrong, in one
    line; the screen still follows the game, and shows it once it reads again (at its next
    notice)."""
    return dead_end(
        _("This game's saved record cannot be read."), say(wrong), _("Home"), addresses.HOME
    )


def show_code(set_sharing: Callable[[bool], None], retain: Retain) -> list[ft.Control]:
    """Phone A's way back to the folded code."""
    again = _("Show the code for side B")
    return [
        retain(
            "show code",
            again,
            lambda key: ft.TextButton(again, on_click=lambda _e: set_sharing(True), key=key),
        )
    ]
