"""The optional turn timer on one phone: the same clock on both, warnings, a sound and a buzz."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft
import flet_audio

from gadget.engine import Phase
from gadget.engine.timing import Stretch, TimerSettings, TimerState
from gadget.services import palette
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.fields import text_of, typed_field, use_typed
from gadget.views.parts.hooks import use_task, use_value
from gadget.views.parts.language import _, ngettext
from gadget.views.parts.layout import icon_button

TICK = 0.25
# s: the times a player picks from (any other is typed), and when the clock warns.
TIMER_PRESETS = (30, 60, 90, 120, 180, 240, 300, 480)
WARNINGS = (30, 10)


def clock_text(seconds: float) -> str:
    """m:ss, rounded up so that 0:00 means the time is really up."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


async def alarm() -> None:
    """A sound and a vibration where the platform has them; silence elsewhere."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(flet_audio.Audio(src="sounds/time-up.wav").play(), 2)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ft.HapticFeedback().vibrate(), 2)  # type: ignore[no-untyped-call]


def warned(left: float) -> tuple[str, str]:
    """The clock's colour and its warning for the time left (both games' timers): ink, then
    the warning's colour at 30 s, then danger at 10 s and at zero, when time is up."""
    warning = next((w for w in sorted(WARNINGS) if left <= w), None)
    if left <= 0:
        return palette.DANGER, _("Time is up!")
    if warning is None:
        return palette.INK, ""
    said = ngettext("{count} second left!", "{count} seconds left!", warning)
    colour = palette.DANGER if warning == min(WARNINGS) else palette.WARNING
    return colour, said.format(count=warning)


@dataclass(frozen=True, slots=True)
class TimerControls:
    """Where the timer's clock and buttons lead: the server's table (the same clock on both
    phones), or the phone itself when it plays alone (the static site)."""

    now: Callable[[], float]
    pause: Callable[[], object]
    resume: Callable[[], object]
    reset: Callable[[], object]


def timed(phase: Phase) -> bool:
    """Whether a turn timer runs in this phase: the bar and the switch follow this, not the
    phase (made again at each clue and each turn's end, on both phones, for nothing)."""
    return phase not in (Phase.OVER, Phase.SUDDEN_DEATH)


@component
def TimerBar(in_timed_phase: bool, timer: TimerState | None, controls: TimerControls) -> ft.Control:
    """Time left for this stretch of the turn, ticking on its own (only this bar re-renders).

    The timer's state is a prop: a pause, resume, reset or switch on the other phone changes
    it, and a component re-renders when its props change.
    """
    _ticks, set_ticks = ft.use_state(0)  # set with a function of the last count
    alarmed, set_alarmed = use_value(lambda: (0, "", 0.0))
    running = in_timed_phase and timer is not None and not timer.paused

    async def tick() -> None:
        """Re-render every tick while the clock runs (nothing to count otherwise)."""
        while running:
            await asyncio.sleep(TICK)
            set_ticks(lambda n: n + 1)

    use_task(tick, [running])
    if timer is None or not in_timed_phase:
        return ft.Container(visible=False)
    left = timer.seconds_left(controls.now())
    key = (timer.turn, timer.stretch.value, timer.started_at)
    if left <= 0 and alarmed != key:
        set_alarmed(key)
        ft.context.page.run_task(alarm)
    colour, words = warned(left)
    clock = (
        _("{clock} for the clue") if timer.stretch is Stretch.CLUE else _("{clock} for the guesses")
    ).format(clock=clock_text(left))

    return ft.Row(
        [
            ft.Icon(ft.Icons.TIMER, color=colour),
            ft.Text(clock, color=colour, weight=ft.FontWeight.BOLD),
            ft.Text(words, color=colour),
            # Two buttons, not one that changes: a tap reaches the handler its control has
            # when the tap reaches the server, so a Pause tapped as the other phone's pause
            # arrived became a Resume (both paused at once: the timer ran). A tap on the
            # button replaced meanwhile asks for what was done: it is dropped, or idempotent.
            icon_button(
                ft.Icons.PLAY_ARROW,
                _("Resume the timer"),
                lambda _e: controls.resume(),
                key="resume",
            )
            if timer.paused
            else icon_button(
                ft.Icons.PAUSE, _("Pause the timer"), lambda _e: controls.pause(), key="pause"
            ),
            icon_button(ft.Icons.RESTART_ALT, _("Reset the timer"), lambda _e: controls.reset()),
        ],
        wrap=True,
    )


def _typed_seconds(typed: str, on_change: Callable[[int | str], None]) -> None:
    """Seconds as typed, to the timer's rules: a number of any size or sign is judged by its
    range ("99999" was called no whole number, "-5" too), other text quoted as typed and
    short (a paste filled the screen; it was once made a sentence, "Abc."). Leaving an
    empty field changes nothing."""
    digits = typed.strip()
    if not digits:
        return
    if re.fullmatch(r"[+-]?[0-9]+", digits):  # a long number is judged as too long
        sign = -1 if digits[0] == "-" else 1
        on_change(sign * int(digits.lstrip("+-")[:13]))
        return
    on_change(digits if len(digits) <= 16 else digits[:15] + "…")


@component
def SecondsField(
    label: str, short_label: str, seconds: int, on_change: Callable[[int | str], None]
) -> ft.Control:
    """A stretch's time: a preset (30 s to 8 min) or any number of seconds typed."""
    typed = use_typed()
    options = [ft.DropdownOption(key=str(p), text=clock_text(p)) for p in TIMER_PRESETS]
    if seconds not in TIMER_PRESETS:
        options.append(ft.DropdownOption(key=str(seconds), text=clock_text(seconds)))
    row = ft.Row(
        [
            dropdown(
                label,
                str(seconds),
                options,
                lambda e: _typed_seconds(str(e.control.value or ""), on_change),
                width=210,  # its label whole ("Temps des propositions"); the row wraps
            ),
            typed_field(
                typed,
                short_label,
                width=170,  # room for a longer language's label ("Propositions (s)")
                keyboard_type=ft.KeyboardType.NUMBER,
                on_submit=lambda _e: _typed_seconds(text_of(typed), on_change),
                on_blur=lambda _e: _typed_seconds(text_of(typed), on_change),  # Tab, or away
            ),
        ],
        wrap=True,
        run_spacing=14,
    )
    # The dropdown's label floats above its frame, into the row above without this room.
    return ft.Container(row, padding=ft.Padding.only(top=8))


def timer_times(settings: TimerSettings, change: Callable[..., None]) -> list[ft.Control]:
    """The clue's and the guesses' times, each changed with `change(clue_seconds=...)` or
    `change(guess_seconds=...)` (Settings on a server, the timer itself on the site)."""
    return [
        SecondsField(
            _("Clue time"),
            _("Clue seconds"),
            settings.clue_seconds,
            lambda s: change(clue_seconds=s),
        ),
        SecondsField(
            _("Guess time"),
            _("Guess seconds"),
            settings.guess_seconds,
            lambda s: change(guess_seconds=s),
        ),
    ]
