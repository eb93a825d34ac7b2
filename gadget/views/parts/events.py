"""What a handler shared by several kinds of control is given: Flet types each control's
event apart (a Button's click is not a TextButton's), and one handler often serves a button,
a field's Enter and a screen reader's tap; a handler of one control takes its own event."""

from __future__ import annotations

import flet as ft
from flet.controls import base_control
from flet.controls.control_event import get_event_field_type as _flet_type_of

Tap = (
    ft.Event[ft.Button]
    | ft.Event[ft.OutlinedButton]
    | ft.Event[ft.TextButton]
    | ft.Event[ft.IconButton]
    | ft.Event[ft.Semantics]
    | ft.Event[ft.TextField]
)


_typed: dict[tuple[type, str], object] = {}
_WHERE_FLET_ASKS = "get_event_field_type"  # the name `BaseControl._trigger_event` calls


def type_each_event_once() -> None:
    """Flet works out an event's type from the control's annotations at every event (140 µs
    of the server's CPU a tap, 2% of a touch's), an answer that depends only on the
    control's class and the event: it is worked out once for each."""
    if getattr(base_control, _WHERE_FLET_ASKS) is not _type_of:
        _typed.clear()
        setattr(base_control, _WHERE_FLET_ASKS, _type_of)


def _type_of(control: object, field_name: str) -> object:
    """The type of a control's event: Flet's answer for its class, the first time."""
    key = (type(control), field_name)
    try:
        return _typed[key]
    except KeyError:
        event_type = _typed[key] = _flet_type_of(control, field_name)
        return event_type
