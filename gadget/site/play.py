"""A game on the site: this phone's side of the code's card, its turn timer, and the result
form at the end."""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final, cast
from urllib.parse import unquote

import flet as ft

from gadget.engine import (
    Deal,
    GadgetError,
    Player,
    ShareCode,
    ShareCodeError,
    replay,
    view_for,
)
from gadget.engine.classic import ClassicCard, parse_any
from gadget.engine.errors import Message
from gadget.engine.gamelog import GameLog
from gadget.engine.timing import Stretch, TimerSettings, TimerState
from gadget.engine.view import PlayerView, side_alone
from gadget.missions import Mission, MissionState, Result, ResultError
from gadget.services import addresses, palette
from gadget.services.words import score_words
from gadget.site.classic import SiteClassic
from gadget.site.covers import tiled_card, use_tiles
from gadget.site.dealt import use_deal
from gadget.site.hold import use_team
from gadget.site.side_link import AddSideAPhone
from gadget.site.team import PhoneTeam, record_result
from gadget.views.parts.boundary import component
from gadget.views.parts.card_header import header
from gadget.views.parts.choices import WIDE_DROPDOWN, dropdown
from gadget.views.parts.fields import Typed, text_of, typed_field, use_typed, whole_number
from gadget.views.parts.hooks import Loading, keyed, use_value, use_wakelock
from gadget.views.parts.language import _, city, ngettext, pgettext, say
from gadget.views.parts.layout import (
    content_width,
    dead_end,
    loading,
    panel,
    screen,
    share_panel,
)
from gadget.views.parts.shared import guarded
from gadget.views.parts.storage import stored, write
from gadget.views.parts.timer import TimerBar, TimerControls, timer_times
from gadget.views.parts.typed_code import LONGEST_TYPED

TIMER_KEY: Final = "gadget.site.timer"
NO_MISSION: Final = ""


def _carried_words() -> str | None:
    """A custom list's 25 words, packed after the address's "?" (checked where they are
    unpacked: engine/packed_words.py)."""
    return addresses.in_query(ft.context.page.route or "", addresses.WORDS_QUERY)


@component
def PlayRoute() -> ft.Control:
    """/play/<code>/<a|b>[?words=...]: this phone's side of the game the code makes."""
    params = ft.use_route_params()
    code, side = (
        unquote(params.get(addresses.CODE, "")[:LONGEST_TYPED]),
        params.get(addresses.SIDE, "a"),
    )
    words = _carried_words()
    return keyed(SitePlay, f"{code}/{side}?{words}", code, side, words)  # another: afresh


@component
def JoinRoute() -> ft.Control:
    """/join/<code>[?words=...]: what phone A's QR code opens, side B; a classic or Pictures
    code's card (its code typed into a join link, or an older app's QR code)."""
    code = unquote(ft.use_route_params().get(addresses.CODE, "")[:LONGEST_TYPED])  # %20: a space
    with contextlib.suppress(GadgetError):  # no code at all: SitePlay says so
        card = parse_any(code)
        if isinstance(card, ClassicCard):
            return keyed(SiteClassic, card.code, card)
    words = _carried_words()
    return keyed(SitePlay, f"{code}/b?{words}", code, "b", words)


@component
def SitePlay(typed_code: str, side_name: str, words: str | None = None) -> ft.Control:
    """Side B from the code; side A only on the phone that dealt it (its seed is in the
    phone's storage, never in the code or the address); a custom list's words from the
    address."""
    side = next((p for p in Player if p.value == side_name.lower()), None)
    try:
        code = ShareCode.parse(typed_code)
    except ShareCodeError:
        side = None
    if side is None:
        return dead_end(
            _("This link does not make a card."),
            _("Type the code from your partner's phone on the home screen."),
            _("Home"),
            addresses.HOME,
        )
    if side is Player.B:
        return SiteSide(code, side_alone(code), words)
    return keyed(DealtSide, code.side_b, code, words)


@component
def DealtSide(code: ShareCode, words: str | None = None) -> ft.Control:
    """Side A, made again from the seed this phone kept when it dealt the card."""
    deal = use_deal(code)
    if isinstance(deal, Loading):
        return loading(_("Opening the game"))
    if deal is None:
        return dead_end(
            _("Side A of this game is only on the phone that dealt it."),
            _(
                "A code, its QR code and its link make side B, and nothing more. The phone"
                " that dealt the game keeps side A in its own storage: clearing the site's"
                " data there loses it."
            ),
            _("Side B"),
            addresses.play(code, Player.B, words),
        )
    # The colours are the seed's; the words are public, named by the address's code (a
    # custom list's carried after it), and drawn by the tiles, not by the log.
    view = view_for(replay(GameLog.dealt(replace(deal, words=None))), Player.A)
    dealt = replace(deal, words=code.words)
    return SiteSide(dealt.code, view, words, dealt)


@component
def SiteSide(
    code: ShareCode, view: PlayerView, words: str | None = None, deal: Deal | None = None
) -> ft.Control:
    """One side of the card, turned for its seat; the code for the partner on side A (and,
    from its `deal`, whose code it is, side A's link for another phone of A); the turn
    timer; and, at the end, the result. On a phone, side A's code and whole card fit on the
    screen together: only the timer's clock comes between them, its settings below."""
    page = ft.context.page
    hidden, set_hidden = use_value(lambda: False)
    sharing, set_sharing = use_value(lambda: True)
    ending, set_ending = use_value(lambda: False)
    timer = use_site_timer()
    use_wakelock()
    side = view.player
    tiles = use_tiles(code, side, words)
    body: list[ft.Control] = [
        header(side, hidden, set_hidden),
    ]
    if side is Player.A and sharing:
        body += [
            share_panel(code, addresses.site_join_link(page.url, code, tiles.packed)),
            ft.TextButton(_("Hide the code"), on_click=lambda _e: set_sharing(False)),
        ]
    body += [*timer.clock, *tiled_card(view, tiles, hidden)]
    if side is Player.A and not sharing:
        body.append(
            ft.TextButton(_("Show the code for side B"), on_click=lambda _e: set_sharing(True))
        )
    if deal is not None:  # the game of more than two: side A on another phone of A
        body.append(AddSideAPhone(deal, words))
    body += [
        ft.Text(
            ngettext(
                "Time bank: {count} token, {mistakes} mistakes allowed",
                "Time bank: {count} tokens, {mistakes} mistakes allowed",
                code.tokens,
            ).format(count=code.tokens, mistakes=code.mistakes)
        ),
        timer.controls,
    ]
    body.append(
        ResultForm(code)
        if ending
        else ft.Button(
            _("The game is over: record the result"),
            icon=ft.Icons.FLAG,
            on_click=lambda _e: set_ending(True),
        )
    )
    return screen(body, spacing=10)


def now() -> float:
    """The phone's clock, for its timer (a test sets its own)."""
    return time.time()


@dataclass(frozen=True)
class SiteTimer:
    """The turn timer's two places on a side's screen: its clock (while it is on) just above
    the card, and its switch, buttons and times below the card."""

    clock: tuple[ft.Control, ...]
    controls: ft.Control


def use_site_timer() -> SiteTimer:
    """The turn timer on this phone alone: start the clue's time, then the guesses', and the
    same bar, warnings, sound and vibration as at a server's table; its settings are kept
    in the phone's storage."""
    page = ft.context.page
    settings, set_settings = use_value(TimerSettings)
    timer, set_timer = use_value(lambda: cast(TimerState | None, None))
    said, set_said = use_value(lambda: "")

    async def load() -> None:
        kept = await stored(TIMER_KEY)
        with contextlib.suppress(Exception):  # settings not kept, or not readable: the usual
            set_settings(TimerSettings(**json.loads(str(kept))))

    async def store(kept: TimerSettings) -> None:
        with contextlib.suppress(Exception):
            await write(TIMER_KEY, json.dumps(asdict(kept)))

    ft.use_effect(load, [])

    def change(**what: Any) -> None:
        def apply() -> None:
            changed = replace(settings, **what)
            set_said("")
            set_settings(changed)
            set_timer(None)
            page.run_task(store, changed)

        guarded(apply, set_said)(None)

    def start(stretch: Stretch) -> None:
        turn = (timer.turn if timer else 0) + (1 if stretch is Stretch.CLUE else 0)
        set_timer(TimerState(settings, stretch, turn, now()))

    def pause() -> None:
        if timer is not None:
            set_timer(timer.paused_at(now()))

    def resume() -> None:
        if timer is not None:
            set_timer(timer.resumed_at(now()))

    def reset() -> None:
        if timer is not None:
            set_timer(timer.restarted_at(now()))

    controls: list[ft.Control] = [
        ft.Switch(
            label=_("Turn timer"),
            value=settings.enabled,
            on_change=lambda e: change(enabled=bool(e.control.value)),
        ),
    ]
    clock: tuple[ft.Control, ...] = ()
    if settings.enabled:
        controls_of = TimerControls(now, pause, resume, reset)
        clock = (TimerBar(in_timed_phase=True, timer=timer, controls=controls_of),)
        controls += [
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Time the clue"),
                        icon=ft.Icons.TIMER,
                        on_click=lambda _e: start(Stretch.CLUE),
                    ),
                    ft.OutlinedButton(
                        _("Time the guesses"),
                        icon=ft.Icons.TIMER,
                        on_click=lambda _e: start(Stretch.GUESS),
                    ),
                ],
                wrap=True,
            ),
            *timer_times(settings, change),
            *([ft.Text(said, color=palette.DANGER)] if said else []),
        ]
    return SiteTimer(clock, ft.Column(controls, spacing=4))


def playable_for(team: PhoneTeam, code: ShareCode) -> list[Mission]:
    """The cities this result may count for: those the team may play with this time bank
    (the open ones first), or none when no city has it."""
    states = team.states
    return [
        m
        for m in team.mission_map.missions
        if states[m.id] is not MissionState.LOCKED
        and (m.turns, m.mistakes) == (code.tokens, code.mistakes)
    ]


@component
def ResultForm(code: ShareCode) -> ft.Control:
    """Won or lost, tokens left, stops, sudden death: scored as the rule book does and, for
    a city, kept in the team's campaign (a win opens the cities joined to it)."""
    hold = use_team()
    missions = playable_for(hold.team, code)
    mission_id, set_mission_id = use_value(lambda: missions[0].id if missions else NO_MISSION)
    won, set_won = use_value(lambda: True)
    sudden, set_sudden = use_value(lambda: False)
    left = use_typed()
    stops = use_typed()
    said, set_said = use_value(lambda: ("", False))  # what happened, and whether it is bad
    recorded, set_recorded = use_value(lambda: False)  # one game, one attempt: kept once
    page = ft.context.page

    def count(field: Typed) -> int:
        typed = text_of(field, "0").strip() or "0"
        value = whole_number(typed, 2)
        if value is None:
            raise ResultError("{typed!r} is not a whole number", typed=typed)
        return value

    def record() -> None:
        result = Result(won, count(left), count(stops), sudden)
        if not mission_id:
            result.check_bank(code.tokens, Message("this game"))
            set_said(("\n".join(_score_lines(result)), False))
            return
        kept = record_result(hold.team, mission_id, result, datetime.now(UTC).isoformat())
        hold.keep(kept.team)
        lines = _score_lines(result)
        if kept.opened:
            lines.append(
                _("Now open: {cities}.").format(cities=", ".join(city(m.name) for m in kept.opened))
            )
        set_said(("\n".join(lines), False))
        set_recorded(True)

    # A refusal is said where the button was; anything else is a bug, for the boundary.
    save = guarded(record, lambda refusal: set_said((refusal, True)))

    options = [
        ft.dropdown.Option(key=m.id, text=f"{city(m.name)} {m.parameters}") for m in missions
    ] + [ft.dropdown.Option(key=NO_MISSION, text=_("No mission (practice)"))]
    return panel(
        [
            ft.Text(_("The result"), size=20, weight=ft.FontWeight.W_600),
            dropdown(
                _("Mission"),
                mission_id,
                options,
                lambda e: set_mission_id(str(e.control.value or NO_MISSION)),
                width=min(WIDE_DROPDOWN, content_width(ft.context.page) - 2 * 13),  # in a panel
            ),
            ft.RadioGroup(
                value="1" if won else "0",  # keys, not words: a won game is 1
                on_change=lambda e: set_won(e.control.value == "1"),
                content=ft.Row(
                    [
                        ft.Radio(value="1", label=pgettext("result", "Won")),
                        ft.Radio(value="0", label=pgettext("result", "Lost")),
                    ]
                ),
            ),
            typed_field(left, _("Tokens left in the time bank"), "0", width=240, on_submit=save),
            typed_field(
                stops,
                _("Stop tokens"),
                "0",
                width=240,
                on_submit=save,
                helper=_("Each stop, and the winning turn"),
            ),
            ft.Checkbox(
                label=_("Sudden death was needed"),
                value=sudden,
                on_change=lambda e: set_sudden(bool(e.control.value)),
            ),
            # What happened, where the tapped button was: below it, it fell off the screen.
            *(
                [ft.Text(said[0], color=palette.DANGER if said[1] else palette.INK)]
                if said[0]
                else []
            ),
            ft.Button(
                _("Mission map"),
                icon=ft.Icons.MAP,
                on_click=lambda _e: page.navigate(addresses.SITE_TEAM),
            )
            if recorded
            else ft.Button(_("Record the result"), icon=ft.Icons.SAVE, on_click=save),
        ]
    )


def _score_lines(result: Result) -> list[str]:
    """The score and the rule book's verdict on it, or that a lost game has none."""
    if result.score is None:
        return [_("Lost: no score.")]
    verdict = Message("The rule book says: {verdict}.", verdict=score_words(result.score))
    return [_("Score: {score}.").format(score=result.score), say(verdict)]
