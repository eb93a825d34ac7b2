"""bench/floor_screens.py: Gadget's screen in bare Flet, drawn three ways for bench_load's
floors. bench_load times a move until the watching phone's first update, whatever it says,
so these check that each way shows the same thing on both phones after every tap: a way
that updated less would look cheaper than it is."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest
from flet.controls.context import _context_page
from flet.messaging.protocol import Message, MessageAction

from bench import floor_screens
from tests.phones import Phone


class Counter:
    """One table's count, shared by its two phones as the database is; a tap tells the
    other phone's screen on the loop, as the other process's notice does."""

    def __init__(self) -> None:
        self.taps = 0
        self.screens: list[Any] = []

    def read(self) -> int:
        return self.taps

    def tap(self) -> int:
        self.taps += 1
        for screen in self.screens[1:]:  # the first is the tapping phone's, which is not told
            asyncio.get_running_loop().call_soon(screen.reread)
        return self.taps

    def doings(self) -> floor_screens.Doings:
        return floor_screens.Doings(self.read, self.tap, self.screens.append)


class BarePhone(Phone):
    """A phone on a bare Flet page showing one of the floor's screens."""

    def __init__(self, screen: str, counter: Counter) -> None:
        super().__init__("/game/1")
        self.screen, self.counter = screen, counter

    async def open(self) -> BarePhone:
        _context_page.set(self.session.page)
        self.session.apply_page_patch({"route": self.route, "width": 360, "height": 640})
        self.connection.send_message(
            Message(MessageAction.REGISTER_CLIENT, {"page_patch": self.session.get_page_patch()})
        )
        self.kept = floor_screens.draw(self.session.page, self.screen, self.counter.doings())
        await self.session.after_event(self.session.page)
        await self.settle()
        return self


def shows(phone: Phone, taps: int) -> bool:
    """The count, the last cell found, and exactly the cells found so far, each with its
    colour and symbol as well as its label (an outsider found a way that dropped the colour
    or the symbol passing, and looking cheaper)."""
    said = phone.texts()
    found = [text for text in said if text.endswith(": agent found")]
    cells = [c for c in phone.controls() if str(getattr(c, "label", "")).startswith("cell ")]
    looks = {
        (
            str(c.label).endswith(": agent found"),
            c.content.bgcolor,
            c.content.content.controls[0].icon,
        )
        for c in cells
    }
    return (
        f"{taps} taps" in said
        and f"Cell {taps % 25} found last" in said
        and sorted(found) == sorted(f"cell {n + 1}: agent found" for n in range(taps % 25))
        and len(cells) == 25
        and looks
        <= {
            (True, floor_screens.FOUND, ft.Icons.CHECK_CIRCLE),
            (False, floor_screens.HIDDEN, ft.Icons.REMOVE),
        }
    )


@pytest.mark.parametrize("screen", floor_screens.SCREENS)
def test_each_way_shows_every_tap_on_both_phones(screen: str) -> None:
    asyncio.run(_taps(screen))


async def _taps(screen: str) -> None:
    counter = Counter()
    tapping = await BarePhone(screen, counter).open()
    watching = await BarePhone(screen, counter).open()
    assert shows(tapping, 0) and shows(watching, 0)
    for taps in range(1, 8):
        sent = [len(phone.connection.frames) for phone in (tapping, watching)]
        await tapping.tap("Tap")
        await watching.settle()
        assert shows(tapping, taps), (taps, tapping.texts())
        assert shows(watching, taps), (taps, watching.texts())
        # and sent, not only set on the server's controls (which the screens change in place)
        for phone, before in zip((tapping, watching), sent, strict=True):
            told = b"".join(phone.connection.frames[before:])
            for line in (f"{taps} taps", f"Cell {taps} found last", f"cell {taps}: agent found"):
                assert line.encode() in told, (taps, line, told)
            assert floor_screens.FOUND.encode() in told, (taps, told)
    tapping.close()
    watching.close()
