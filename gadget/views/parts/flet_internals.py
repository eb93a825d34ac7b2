"""Flet 1.0.5's internals that cost the shared event loop more than they need to: two
replaced by the same answer reached sooner, and a patch known without Flet's diff sent as
Flet sends the one its diff works out (measured in docs/benchmarks.md, checked against
Flet's own in tests/test_flet_internals.py and tests/test_cells_in_place.py, and pinned to
the version they copy)."""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterable, Iterator
from enum import Enum
from functools import cache
from typing import Any, cast

import flet as ft
from flet.controls import base_control, object_patch
from flet.controls.control_event import get_event_field_type as _flet_type_of
from flet.messaging.protocol import Message as ClientMessage  # not a message to translate
from flet.messaging.protocol import MessageAction, PatchControlBody
from flet.messaging.session import Session

from gadget.views.parts import flet_validation
from gadget.views.parts.flet_construction import build_faster

#: The Flet these replacements were copied from and checked against.
FLET_VERSION = "1.0.5"

#: Flet's own, kept (taken when this module loads, before anything replaces them).
FLETS_CONFIGURE = object_patch.DiffBuilder._configure_dataclass

_typed: dict[tuple[type, str], object] = {}
_WHERE_FLET_ASKS = "get_event_field_type"  # the name `BaseControl._trigger_event` calls
_PLAIN = frozenset({str, int, float, bool, type(None)})


def speed_up_flet() -> None:
    """Install them (once a process): Flet's own are kept for the tests that compare."""
    if getattr(base_control, _WHERE_FLET_ASKS) is not type_of:
        setattr(base_control, _WHERE_FLET_ASKS, type_of)
        object_patch.DiffBuilder._configure_dataclass = configure  # type: ignore[method-assign]
        base_control.validate = flet_validation.validate  # type: ignore[attr-defined]


def type_of(control: object, field_name: str) -> object:
    """Flet works out an event's type from the control's annotations at every event (140 µs
    of the server's CPU a tap, 2% of a touch's), an answer that depends only on the
    control's class and the event: it is worked out once for each."""
    key = (type(control), field_name)
    try:
        return _typed[key]
    except KeyError:
        event_type = _typed[key] = _flet_type_of(control, field_name)
        return event_type


@cache
def _walked_fields(cls: type) -> tuple[dict[str, int], tuple[str, ...]]:
    """A class's fields Flet walks (not `skip`), each with its place in Flet's order, and
    those of them a `Prop` does not hold (lists, children: always walked)."""
    names = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("skip", False)]
    structural: frozenset[str] = getattr(cls, "_structural_fields", frozenset())
    return {name: place for place, name in enumerate(names)}, tuple(
        name for name in names if name in structural
    )


def configure(
    self: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Iterator[object]:
    """Flet's `DiffBuilder._configure_dataclass`, which walked every field of every added
    control (60-odd each, a generator apiece: 10,000 for a game screen's 170 controls, half
    the CPU of a phone's first screen), and handed each control up through a generator for
    each control above it. A field a `Prop` holds at its default holds a plain value (no
    default of Flet's is a dataclass, a list or a dict: the test checks), so only the fields
    a control set, and its children, are walked, into one list; the rest is Flet's as it is
    (its only caller makes a list of what it yields at once)."""
    added: list[object] = []
    _configure(self.control_cls, item, parent, frozen, added, setattr_only=configure_setattr_only)
    return iter(added)


def _configure(
    control_cls: Any,
    item: Any,
    parent: Any,
    frozen: bool,
    added: list[object],
    *,
    setattr_only: bool = False,
) -> None:
    """`configure` for one value, the controls it reaches put in `added` in Flet's order."""
    a_dataclass = dataclasses.is_dataclass(item)  # (item stays `Any` for the type checker)
    if a_dataclass:
        if parent is None:
            parent_ref = getattr(item, "_parent", None)
            parent = parent_ref() if parent_ref else None

        if parent:
            if parent is item:
                raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
            item._parent = weakref.ref(parent)

        if hasattr(item, "_frozen"):
            frozen = item._frozen
        elif frozen:
            item._frozen = frozen

        item_cls = cast(Any, item.__class__)  # Flet stamps its classes
        if getattr(item_cls, "__flet_control_cls__", None) is None:
            item_cls.__flet_control_cls__ = control_cls
        build_faster(item_cls)  # its next controls built without a setter call a field

        a_control = bool(control_cls) and isinstance(item, control_cls)
        if a_control:
            if not setattr_only:
                item.build()
                item._before_update_safe()
                object.__setattr__(item, "_initialized", True)
            added.append(item)

        if not setattr_only:
            child_parent = item if a_control else parent
            places, structural = _walked_fields(item_cls)
            values = getattr(item, "_values", None)
            if values is None:
                walked: Iterable[str] = places
            else:
                walked = [name for name in values if name in places and name not in structural]
                walked.extend(structural)
                if len(walked) > 1:
                    walked.sort(key=places.__getitem__)
            for name in walked:
                value = getattr(item, name)
                if type(value) not in _PLAIN and not isinstance(value, Enum):
                    _configure(control_cls, value, child_parent, frozen, added)

        if not frozen:
            dst_dirty = getattr(item, "_dirty", None)
            if dst_dirty is not None:
                dst_dirty.clear()
            else:
                if item_cls.__setattr__ is not object_patch._control_setattr:
                    item_cls.__setattr__ = object_patch._control_setattr
                object.__setattr__(item, "__changes", {})

    elif isinstance(item, (dict, list)):
        for value in item.values() if isinstance(item, dict) else item:
            if type(value) not in _PLAIN:
                _configure(control_cls, value, parent, frozen, added)


def send_patch(holder: base_control.BaseControl, replaces: list[dict[str, object]]) -> None:
    """Send the phone a patch of `holder` made of these operations, as Flet's own
    `Session.patch_control` sends the one its diff makes (the holder's id, the paths
    encoded by `ObjectPatch`), for changes known without a diff."""
    session = ft.context.page.session  # the page being drawn (`holder.page` climbs to it)
    message = ClientMessage(
        MessageAction.PATCH_CONTROL,
        PatchControlBody(holder._i, object_patch.ObjectPatch(replaces).to_message()),
    )
    session._Session__send_message(message)  # type: ignore[attr-defined]  # Flet's own sender


def draw_now(session: Session) -> None:
    """Draw what the session's scheduler would draw in the next turn of the loop (Flet's
    `Session.__updates_scheduler` updates each control waiting, then runs the effects
    waiting: they stay for it), here: the controls a read outside any event changed."""
    waiting: set[base_control.BaseControl] = session._Session__pending_updates  # type: ignore[attr-defined]
    if waiting:
        controls = list(waiting)
        waiting.clear()
        for control in controls:
            control.update()
