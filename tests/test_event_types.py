"""Each control's event type is worked out once (`views/parts/events.py`), and it is Flet's
own answer: a wrong one would hand a handler the wrong event, or none."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Callable
from types import FrameType

import flet as ft
from flet.controls.control_event import get_event_field_type

from gadget.engine import Player
from gadget.services.table import Table
from gadget.views.parts import events
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of


def test_each_controls_event_type_is_flets_own() -> None:
    """Every control Flet offers, every event it has."""
    compared = 0
    for control_class in vars(ft).values():
        if not (inspect.isclass(control_class) and issubclass(control_class, ft.BaseControl)):
            continue
        if inspect.isabstract(control_class) or not dataclasses.is_dataclass(control_class):
            continue
        try:
            control = control_class()
        except (TypeError, ValueError):  # needs arguments, or is no control of its own
            continue
        for field in dataclasses.fields(control_class):
            if field.name.startswith("on_"):
                flets = answer(get_event_field_type, control, field.name)
                assert answer(events._type_of, control, field.name) == flets, field
                compared += 1
    assert compared > 100  # 139 in Flet 1.0: none was skipped by mistake


def answer(type_of: Callable[[object, str], object], control: object, name: str) -> object:
    """The type, or the refusal (an `on_` field that is not an event, a semantics hint)."""
    try:
        return type_of(control, name)
    except RuntimeError as refused:
        return str(refused)


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
