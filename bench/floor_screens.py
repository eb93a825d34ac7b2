"""The same screen three ways, for bench/floor_load_app.py: a key card's 25 cells and two
lines above them, where a tap finds the next cell and changes both lines on both phones, as
a touch of an agent does in Gadget. Drawn whole (one component from the top, keeping the
rows, cells and button whose looks did not change, as Gadget's screen does), by its parts
(each cell and line a component following its own observable), and control by control (the
changed controls updated alone). Against the text floor, in one run, they show what the
shape of a screen's update costs in Flet itself, before anything Gadget does
(docs/benchmarks.md, issue 36)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import flet as ft

WORDS = [f"WORD {n}" for n in range(25)]
FOUND, HIDDEN = "#2e7d32", "#d7c49e"


@dataclass(frozen=True)
class Doings:
    """What a screen of a table may do: read its count, tap (the count after the tap), and
    be told of the other process's taps (`reread` called on the loop)."""

    read: Callable[[], int]
    tap: Callable[[], int]
    watch: Callable[[Any], None]


def _cell(cell: int, found: bool) -> ft.Control:
    """One cell as Gadget draws one: its label for screen readers, colour, symbol, word."""
    return ft.Semantics(
        label=f"cell {cell + 1}: {'agent found' if found else 'not found'}",
        content=ft.Container(
            content=ft.Column(
                [
                    ft.Icon(ft.Icons.CHECK_CIRCLE if found else ft.Icons.REMOVE),
                    ft.Text(WORDS[cell], size=11),
                ],
                spacing=2,
            ),
            bgcolor=FOUND if found else HIDDEN,
            border_radius=8,
            width=64,
            height=54,
        ),
    )


def _lines(taps: int) -> tuple[str, str]:
    return f"{taps} taps", f"Cell {taps % 25} found last"


def _found(taps: int) -> list[bool]:
    return [cell < taps % 25 for cell in range(25)]


class Following:
    """A declarative screen's read of the other process's taps: a task of the session (a
    component's state is set only from one), woken on the loop, stopped with the screen."""

    def __init__(self, doings: Doings, show: Callable[[int], None]) -> None:
        self.doings, self.show = doings, show
        self.changed = asyncio.Event()
        self.task: Any = None  # the session's task, once started

    def reread(self) -> None:
        self.changed.set()

    async def follow(self) -> None:
        while True:
            await self.changed.wait()
            self.changed.clear()
            self.show(self.doings.read())

    def start(self) -> None:
        self.doings.watch(self)
        self.task = ft.context.page.run_task(self.follow)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


MemoCell = ft.memo(ft.component(_cell))  # type: ignore[no-untyped-call]


def _row(looks: tuple[tuple[int, bool], ...]) -> ft.Control:
    return ft.Row([MemoCell(cell, found) for cell, found in looks], spacing=4)


MemoRow = ft.memo(ft.component(_row))  # type: ignore[no-untyped-call]


@ft.component
def Whole(doings: Doings) -> ft.Control:
    """Drawn whole from its top at each tap, keeping what Gadget's screen keeps (rows and
    cells whose looks did not change, the button): without them it cost 15-22% more."""
    taps, set_taps = cast(tuple[int, Callable[[int], None]], ft.use_state(doings.read))
    following = ft.use_memo(lambda: Following(doings, set_taps), [])
    ft.use_effect(following.start, [], cleanup=following.stop)
    buttons = ft.use_memo(
        lambda: ft.Row([ft.Button("Tap", on_click=lambda _e: set_taps(doings.tap()))]), []
    )
    found = list(enumerate(_found(taps)))
    turn, notice = _lines(taps)
    return ft.Column(
        [
            ft.Text(turn, weight=ft.FontWeight.W_600),
            ft.Text(notice, size=14),
            ft.Column([MemoRow(tuple(found[r * 5 : r * 5 + 5])) for r in range(5)], spacing=4),
            buttons,
        ]
    )


@ft.observable
@dataclass
class CellShown:
    cell: int
    found: bool


@ft.observable
@dataclass
class LineShown:
    text: str


@ft.component
def PartCell(shown: CellShown) -> ft.Control:
    return _cell(shown.cell, shown.found)


@ft.component
def PartLine(shown: LineShown, size: int) -> ft.Control:
    return ft.Text(shown.text, size=size)


class Parts:
    """What each part of the screen shows: a part is drawn again when its own changes."""

    def __init__(self, taps: int) -> None:
        self.cells = [CellShown(cell, found) for cell, found in enumerate(_found(taps))]
        self.turn, self.notice = (LineShown(line) for line in _lines(taps))

    def show(self, taps: int) -> None:
        for shown, found in zip(self.cells, _found(taps), strict=True):
            if shown.found != found:
                shown.found = found
        self.turn.text, self.notice.text = _lines(taps)


@ft.component
def ByParts(doings: Doings) -> ft.Control:
    """By its parts: drawn once; a tap changes the observables of the parts it changed."""
    parts = ft.use_memo(lambda: Parts(doings.read()), [])
    following = ft.use_memo(lambda: Following(doings, parts.show), [])
    ft.use_effect(following.start, [], cleanup=following.stop)
    cells = [PartCell(shown) for shown in parts.cells]
    return ft.Column(
        [
            PartLine(parts.turn, 16),
            PartLine(parts.notice, 14),
            ft.Column([ft.Row(cells[r * 5 : r * 5 + 5], spacing=4) for r in range(5)], spacing=4),
            ft.Row([ft.Button("Tap", on_click=lambda _e: parts.show(doings.tap()))]),
        ]
    )


class Controls:
    """Control by control: the screen keeps its controls and updates those a tap changed."""

    def __init__(self, page: ft.Page, doings: Doings) -> None:
        self.page, self.doings = page, doings
        self.turn = ft.Text("", weight=ft.FontWeight.W_600)
        self.notice = ft.Text("", size=14)
        self.cells = [_cell(cell, False) for cell in range(25)]
        self.found = [False] * 25

    def show(self, taps: int) -> list[ft.Control]:
        """Set what changed, and say which controls those are."""
        self.turn.value, self.notice.value = _lines(taps)
        changed: list[ft.Control] = [self.turn, self.notice]
        for cell, found in enumerate(_found(taps)):
            if found != self.found[cell]:
                self.found[cell] = found
                changed.append(_look(self.cells[cell], cell, found))
        return changed

    def reread(self) -> None:
        self.page.update(*self.show(self.doings.read()))

    def tap(self, _event: object) -> None:
        self.page.update(*self.show(self.doings.tap()))

    def draw(self) -> None:
        self.show(self.doings.read())
        self.doings.watch(self)
        rows: list[ft.Control] = [
            ft.Row(self.cells[r * 5 : r * 5 + 5], spacing=4) for r in range(5)
        ]
        self.page.add(
            self.turn,
            self.notice,
            ft.Column(rows, spacing=4),
            ft.Row([ft.Button("Tap", on_click=self.tap)]),
        )


def _look(semantics: Any, cell: int, found: bool) -> ft.Control:
    """A cell drawn by `_cell`, changed in place to show whether it is found."""
    box = semantics.content
    semantics.label = f"cell {cell + 1}: {'agent found' if found else 'not found'}"
    box.bgcolor = FOUND if found else HIDDEN
    box.content.controls[0].icon = ft.Icons.CHECK_CIRCLE if found else ft.Icons.REMOVE
    return cast(ft.Control, semantics)


SCREENS = ("whole", "parts", "controls")


def draw(page: ft.Page, screen: str, doings: Doings) -> Any:
    """The named screen on this page; what must live as long as the page."""
    if screen == "whole":
        page.render(lambda: Whole(doings))
        return None
    if screen == "parts":
        page.render(lambda: ByParts(doings))
        return None
    controls = Controls(page, doings)
    controls.draw()
    return controls
