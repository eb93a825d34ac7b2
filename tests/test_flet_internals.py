"""Flet's internals replaced for speed (`views/parts/flet_internals.py`) give Flet's own
answers: a wrong event type hands a handler the wrong event; a control left unconfigured
is a control the phone never gets, or one a tap on it cannot reach."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Callable, Iterator
from enum import Enum
from importlib.metadata import version
from types import FrameType
from typing import Any

import flet as ft
from flet.controls import object_patch
from flet.controls.control_event import get_event_field_type

from gadget.engine import Player
from gadget.services.table import Table
from gadget.views.parts import flet_internals
from tests.phones import Phone
from tests.screens import a_clue_given, at_the_table, card_of, deal_and_join, give_clue, seat_of

FLETS_CONFIGURE = flet_internals.FLETS_CONFIGURE


def test_the_replacements_are_of_the_flet_installed() -> None:
    """Another Flet may configure or type events otherwise: copy its code again, and check."""
    assert version("flet") == flet_internals.FLET_VERSION


def every_flet_class() -> Iterator[type]:
    """Every dataclass Flet offers (its package loads them lazily: each is asked for)."""
    for name in dir(ft):
        candidate = getattr(ft, name, None)
        if inspect.isclass(candidate) and dataclasses.is_dataclass(candidate):
            yield candidate


def answer(type_of: Callable[[Any, str], object], control: object, name: str) -> object:
    """The type, or the refusal (an `on_` field that is not an event: a semantics hint)."""
    try:
        return type_of(control, name)
    except RuntimeError as refused:
        return str(refused)


def test_each_controls_event_type_is_flets_own() -> None:
    """Every control Flet offers, every event it has."""
    compared = 0
    for control_class in every_flet_class():
        if not issubclass(control_class, ft.BaseControl) or inspect.isabstract(control_class):
            continue
        try:
            control = control_class()
        except (TypeError, ValueError):  # needs arguments, or is no control of its own
            continue
        for field in dataclasses.fields(control_class):
            if field.name.startswith("on_"):
                flets = answer(get_event_field_type, control, field.name)
                assert answer(flet_internals.type_of, control, field.name) == flets, field
                compared += 1
    assert compared > 100  # 139 in Flet 1.0.5: none was skipped by mistake


def test_no_default_of_flets_holds_what_configuring_walks() -> None:
    """The replaced configuring skips a field at its default: right only while no default is
    a dataclass, a list or a dict (one of them would be walked by Flet and not by it)."""
    checked = 0
    for cls in every_flet_class():
        for field in dataclasses.fields(cls):
            if field.default is dataclasses.MISSING:
                continue
            default = field.default
            assert default is None or isinstance(default, (str, int, float, Enum)), field
            checked += 1
    assert checked > 5000


def a_screen() -> ft.Control:
    """Controls in controls, value objects holding controls, kept and plain values."""
    badge = ft.Container(ft.Text("2"), bgcolor=ft.Colors.RED, border_radius=7)
    return ft.Column(
        [
            ft.Container(
                content=ft.Stack([ft.Icon(ft.Icons.PERSON, size=26), badge]),
                border=ft.Border.all(3, ft.Colors.BLUE),
                padding=ft.Padding.all(4),
                alignment=ft.Alignment.CENTER,
                on_click=lambda _e: None,
            ),
            ft.Row([ft.Text("word", style=ft.TextStyle(size=12)), ft.Semantics(ft.Text("x"))]),
            ft.Dropdown(label="list", options=[ft.dropdown.Option("a"), ft.dropdown.Option("b")]),
            ft.TextButton("Give clue", icon=ft.Icons.SEND),
        ],
        spacing=4,
    )


def configured(configure: Any, screen: ft.Control, frozen: bool) -> list[tuple[str, str, bool]]:
    """What configuring yields, and what it stamps on every control it reaches."""
    builder = object_patch.DiffBuilder(None, None, control_cls=ft.BaseControl)
    yielded = list(configure(builder, screen, None, frozen))
    return [
        (
            type(control).__name__,
            type(control.parent).__name__ if control.parent is not None else "-",
            hasattr(control, "_frozen"),
        )
        for control in yielded
    ]


def test_configuring_a_screen_yields_and_stamps_as_flets_own_does() -> None:
    for frozen in (True, False):
        flets = configured(FLETS_CONFIGURE, a_screen(), frozen)
        assert configured(flet_internals.configure, a_screen(), frozen) == flets
        assert len(flets) >= 12  # the icon inside the stack, the options inside the dropdown


@at_the_table
async def test_a_phones_first_screen_walks_the_fields_its_controls_set(table: Table) -> None:
    """A game screen's first draw (a restart: every phone comes back at once) walked 10,000
    fields of its 170 controls; then the 2,000 steps of generators that walked the fields
    its controls set, each control handed up a generator a level; now 500 calls."""
    phone_b, route = await a_clue_given(table)
    walked = 0

    def seen(frame: FrameType, event: str, _arg: object) -> None:
        nonlocal walked
        if event == "call" and frame.f_code in CONFIGURES:
            walked += 1

    sys.setprofile(seen)  # Flet's own or the replacement, however reached
    try:
        again = await Phone(route, storage=phone_b.storage).open()
        await again.settle()
    finally:
        sys.setprofile(None)
    assert again.says("A gave the clue: tree. You guess.")
    assert walked < 1000, walked


# (A generator's every step is a call here: each control handed up through one a level.)
CONFIGURES = {
    FLETS_CONFIGURE.__code__,
    flet_internals.configure.__code__,
    flet_internals._configure.__code__,
}


@at_the_table
async def test_a_touch_does_not_work_out_its_events_type_again(table: Table) -> None:
    """The first touch worked it out; the second is handed it."""
    phone_a, phone_b, code = await deal_and_join(table)
    await give_clue(phone_a, "tree")
    await phone_b.settle()
    greens = [cell for cell, colour in enumerate(card_of(table, code).a) if colour == "G"]
    await phone_a.tap_cell(*seat_of(Player.A, greens[0]))
    worked_out: list[str] = []

    def seen(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call" and frame.f_code is get_event_field_type.__code__:
            worked_out.append(frame.f_locals["field_name"])

    sys.setprofile(seen)  # Flet's own function, however it is reached
    try:
        await phone_a.tap_cell(*seat_of(Player.A, greens[1]))
        await phone_a.settle()
    finally:
        sys.setprofile(None)
    assert phone_a.says("B found an agent.")
    assert worked_out == []
