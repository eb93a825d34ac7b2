"""The buttons under a game's card, deaf to taps for a moment after one of them is tapped: a
quick second tap (a double tap, a finger that bounces) lands where the first one did, on
whatever that one's answer drew there. An outsider's double tap on "Touch WORD" played apart
pressed "Stop guessing", drawn in its place, and ended the turn; no order of the buttons
keeps every one of them, in every language and width, out of another's place. The card and
the partner's moves leave them as they are: no finger was on them."""

from __future__ import annotations

import asyncio
import operator
from collections.abc import Callable
from typing import Final, ParamSpec, TypeVar

import flet as ft

from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Kept, keyed, use_kept, use_value

# How long the buttons stay deaf after a tap on one of them: the second tap of a double tap
# comes 150-300 ms after the first (an outsider's, measured), and the answer to the first
# comes between them; a person reads what the answer offers before tapping it.
DEAF_SECONDS: Final = 0.4

Args = ParamSpec("Args")
Result = TypeVar("Result")


def counting(taps: Kept[int], handler: Callable[Args, Result]) -> Callable[Args, Result]:
    """The handler of a shielded button, counting the tap before it acts: the answer it draws
    is deaf to taps for a moment."""

    def tap(*args: Args.args, **kwargs: Args.kwargs) -> Result:
        taps.current += 1
        return handler(*args, **kwargs)

    return tap


def _shielded(parts: list[ft.Control], taps: int, spacing: int) -> ft.Control:
    """These parts in a column that takes no tap until DEAF_SECONDS after `taps`, the count
    of taps on them, last changed (from the first render on, they take taps)."""
    page = ft.context.page
    lifted, set_lifted = use_value(lambda: taps)  # the count the column last took taps at
    deaf = taps != lifted

    def lift_later() -> None:
        async def lift() -> None:
            await asyncio.sleep(DEAF_SECONDS)
            set_lifted(taps)  # a tap meanwhile keeps the column deaf for its own time

        if deaf:
            page.run_task(lift)

    ft.use_effect(lift_later, [taps])
    return ft.Container(ft.Column(parts, spacing=spacing), ignore_interactions=deaf)


Shielded = component(_shielded)


def use_shielded(parts: list[ft.Control], taps: int, spacing: int) -> ft.Control:
    """The shielded column of these parts: the last render's very object when each part is
    the same object again and no tap was counted (Flet's diff then passes over it)."""
    kept: Kept[tuple[tuple[ft.Control, ...], int, ft.Control] | None] = use_kept(None)
    last = kept.current
    if (
        last is not None
        and last[1] == taps
        and len(last[0]) == len(parts)
        and all(map(operator.is_, parts, last[0]))
    ):
        return last[2]
    made = keyed(Shielded, "shielded", parts, taps, spacing)
    kept.current = (tuple(parts), taps, made)
    return made
