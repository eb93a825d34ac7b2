"""What a spymaster's phone shows of a classic or Pictures game, served or on its own: the
card (hidden until a spymaster asks), the count of touches and the team timer.

The steps go through `ClassicControls`: the game the server keeps (both phones see each change) or
the phone itself (the static site). This module shows and asks, nothing more.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import flet as ft

from gadget.engine.classic import Game, Team
from gadget.engine.classic_game import (
    ClassicGame,
    Counted,
    Step,
    TimerMoved,
    TimerStarted,
    TimerStopped,
    TimesSet,
    Touched,
    TurnEnded,
    Undone,
    turn_of,
)
from gadget.engine.team_timer import TeamTimer, TeamTimerSettings
from gadget.engine.timing import SettingsError
from gadget.services import palette
from gadget.views.parts.asking import reconnection
from gadget.views.parts.boundary import component
from gadget.views.parts.classic_card import TEAM_FILL, ClassicCardGrid, starts_words
from gadget.views.parts.hooks import use_kept, use_task, use_value
from gadget.views.parts.language import _, say
from gadget.views.parts.layout import icon_button, panel
from gadget.views.parts.shared import brief
from gadget.views.parts.timer import TICK, SecondsField, alarm, clock_text, warned

FLIP_GRACE = 0.8  # s: quicker than anyone reads a button that changed under their finger
# s: both spymasters tapping "End red's turn", the second a second or two after the first, end
# it once; no team's operatives touch a word this soon after their turn starts.
TURN_GRACE = 3.0


@dataclass(frozen=True, slots=True)
class ClassicControls:
    """Where a spymaster's taps lead: each keeps the step, or says its refusal itself (the
    served app's notice, the site's line), and never raises into a render."""

    now: Callable[[], float]
    take: Callable[[Step], object]  # a step: the served app's call, or the site's own


def game_title(game: Game) -> str:
    """The game's name on its screen."""
    return _("Classic Codenames") if game is Game.CLASSIC else _("Codenames Pictures")


def team_words(team: Team) -> str:
    """A team's name in a sentence."""
    return _("the red team") if team is Team.RED else _("the blue team")


def _turn_words(team: Team) -> str:
    return _("Red's turn") if team is Team.RED else _("Blue's turn")


def _end_words(team: Team | None) -> str:
    """The button that ends a turn names whose: a phone that was just passed the other
    team's turn says so before its spymaster taps again."""
    if team is None:
        return _("End the turn")
    return _("End red's turn") if team is Team.RED else _("End blue's turn")


@component
def TeamTimerBar(timer: TeamTimer, controls: ClassicControls) -> ft.Control:
    """The team whose turn it is and its time left, ticking on its own; warnings, then a
    sound and a vibration at zero."""
    _ticks, set_ticks = ft.use_state(0)
    alarmed, set_alarmed = use_value(lambda: (0, 0.0))
    running = not timer.paused
    flipped = use_kept([timer.paused, 0.0])  # the pause button's meaning, and when it changed
    if flipped.current[0] != timer.paused:
        flipped.current[:] = [timer.paused, time.monotonic()]

    def pause_or_resume() -> None:
        """As the button said: a tap within a moment of the other phone flipping it was
        meant for what it said before, and does nothing."""
        if time.monotonic() - flipped.current[1] >= FLIP_GRACE:
            controls.take(TimerMoved("resume" if timer.paused else "pause"))

    async def tick() -> None:
        while running:
            await asyncio.sleep(TICK)
            set_ticks(lambda n: n + 1)

    use_task(tick, [running])
    left = timer.seconds_left(controls.now())
    key = (timer.turn, timer.started_at)
    if left <= 0 and alarmed != key:
        set_alarmed(key)
        ft.context.page.run_task(alarm)
    colour, words = warned(left)
    return ft.Row(
        [
            ft.Container(width=14, height=14, bgcolor=TEAM_FILL[timer.team], border_radius=7),
            ft.Text(_turn_words(timer.team), weight=ft.FontWeight.BOLD),
            ft.Icon(ft.Icons.TIMER, color=colour),
            ft.Text(clock_text(left), color=colour, weight=ft.FontWeight.BOLD),
            ft.Text(words, color=colour),
            icon_button(
                ft.Icons.PLAY_ARROW if timer.paused else ft.Icons.PAUSE,
                _("Resume the timer") if timer.paused else _("Pause the timer"),
                lambda _e: pause_or_resume(),
            ),
            icon_button(
                ft.Icons.RESTART_ALT,
                _("Restart this turn's time"),
                lambda _e: controls.take(TimerMoved("restart")),
            ),
        ],
        wrap=True,
    )


@component
def TimerPanel(game: ClassicGame, controls: ClassicControls) -> ft.Control:
    """The team timer: its two times and a start button while off; the clock while on."""
    times = game.timer_settings  # the game's: both phones show and start the same times
    refusal, set_refusal = use_value(lambda: "")

    def change(turn: int | str | None = None, first: int | str | None = None) -> None:
        try:
            # A typed value may be text: the settings refuse it, naming it.
            chosen = TeamTimerSettings(
                cast(int, times.turn_seconds if turn is None else turn),
                cast(int, times.first_turn_seconds if first is None else first),
            )
            set_refusal("")
            if chosen != times:
                controls.take(TimesSet(chosen))
        except SettingsError as wrong:
            set_refusal(brief(say(wrong)))  # in the phone's language, as a sentence

    switch = ft.Switch(
        label=_("Team timer"),
        value=game.timer is not None,
        on_change=lambda e: controls.take(
            TimerStarted(times) if e.control.value else TimerStopped()
        ),
    )
    if game.timer is not None:
        return panel([switch, TeamTimerBar(game.timer, controls)])
    return panel(
        [
            switch,
            SecondsField(
                _("Turn time"), _("Turn seconds"), times.turn_seconds, lambda s: change(turn=s)
            ),
            SecondsField(
                _("First turn time"),
                _("First turn seconds"),
                times.first_turn_seconds,
                lambda s: change(first=s),
            ),
            ft.Text(refusal, color=palette.DANGER, visible=bool(refusal)),
        ]
    )


def _winner_words(winner: Team, assassin_found: bool) -> str:
    """Who won, and how."""
    if assassin_found:
        return (
            _("The red team wins: the blue team found the assassin")
            if winner is Team.RED
            else _("The blue team wins: the red team found the assassin")
        )
    return (
        _("The red team wins: all its agents are found")
        if winner is Team.RED
        else _("The blue team wins: all its agents are found")
    )


def _count_lines(game: ClassicGame) -> list[ft.Control]:
    tally = game.tally
    lines: list[ft.Control] = [
        ft.Text(
            _("Agents left: red {red}, blue {blue}").format(
                red=tally.left(Team.RED), blue=tally.left(Team.BLUE)
            ),
            weight=ft.FontWeight.BOLD,
        )
    ]
    if tally.winner is not None:
        lines.append(
            ft.Text(_winner_words(tally.winner, tally.assassin_found), color=palette.WIN, size=18)
        )
    else:
        lines.append(ft.Text(_turn_words(tally.turn)))
    return lines


@component
def ClassicGameView(game: ClassicGame, controls: ClassicControls) -> ft.Control:
    """The card, hidden until a spymaster asks; the count, when kept; the timer, when on."""
    shown, set_shown = use_value(lambda: False)
    session = ft.context.page.session

    async def hide_on_reconnection() -> None:
        """A reload showed the card again (Flet keeps the session): it hides it, as a new
        visit does, for a phone left open on the card."""
        while True:
            await reconnection(session)
            set_shown(False)

    use_task(hide_on_reconnection, [])
    tally = game.tally
    turn = turn_of(game)
    turned = use_kept({"turn": turn, "at": 0.0})  # whose turn the button ends, since when
    if turned.current["turn"] is not turn:  # from one team's turn to the other's
        was = turned.current["turn"]
        turned.current.update(turn=turn, at=time.monotonic() if was and turn else 0.0)

    def end_turn() -> None:
        """The turn the button showed ends, once: a tap within a moment of the other phone
        ending it was meant for that same turn, and does nothing."""
        if time.monotonic() - cast(float, turned.current["at"]) >= TURN_GRACE:
            controls.take(TurnEnded(turn))

    touchable = shown and game.counting and not tally.over
    grid = ClassicCardGrid(
        game.card,
        frozenset(tally.touched) if game.counting else frozenset(),
        (lambda cell: controls.take(Touched(cell))) if touchable else None,
        hidden=not shown,
    )
    count: list[ft.Control] = [
        ft.Switch(
            label=_("Keep count"),
            value=game.counting,
            on_change=lambda e: controls.take(Counted(bool(e.control.value))),
        )
    ]
    if game.counting:
        count += _count_lines(game)
        count.append(
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Undo"),
                        on_click=lambda _e: controls.take(Undone()),
                        disabled=not game.actions,
                    )
                ],
                wrap=True,
            )
        )
    turn_button = ft.FilledButton(
        _end_words(None if tally.over else turn),
        on_click=lambda _e: end_turn(),
        visible=(game.counting or game.timer is not None) and not tally.over,
    )
    return ft.Column(
        [
            ft.Text(starts_words(game.card.starting), weight=ft.FontWeight.BOLD),
            ft.FilledTonalButton(
                _("Hide the card") if shown else _("Show the card (spymasters only)"),
                on_click=lambda _e: set_shown(not shown),
            ),
            grid,
            turn_button,
            panel(count),
            TimerPanel(game, controls),
        ],
        spacing=12,
    )
