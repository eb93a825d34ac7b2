"""Flet's packing of a control into a message (flet 1.0.5's
`configure_encode_object_for_msgpack`), with what depends only on the control's class
worked out once a class: Flet looked up the class's tables at every control it packed, and
walked its classes for the default of each scalar it packs apart (a control's id and kind),
on the event loop every phone of a process shares, at every screen and move sent. The same
bytes, and the same snapshots kept on each control for its next diff
(`tests/test_packing.py` compares both with Flet's for every control class and a game)."""

from __future__ import annotations

import dataclasses
from dataclasses import is_dataclass
from typing import Final, NamedTuple

from flet.controls.base_control import BaseControl
from flet.controls.value_types import _UNSET
from flet.messaging.protocol import _get_root_dataclass_field, configure_encode_object_for_msgpack

#: Flet's own, for whatever is not a control or a value type with sparse values.
FLETS_ENCODE: Final = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]


class Plan(NamedTuple):
    """What Flet's packing reads of a control's class, read once."""

    events: frozenset[str]  # fields packed as whether a handler is set
    root_defaults: dict[str, object]  # a value equal to the base class's default is left out
    overrides: tuple[tuple[str, object], ...]  # a subclass's own defaults, packed
    structural: tuple[tuple[str, object], ...]  # fields packed apart, each with its default


_plans: dict[type, Plan | None] = {}


def plan_of(cls: type) -> Plan | None:
    """The class's plan, or None where Flet packs it otherwise (not a control or value)."""
    try:
        return _plans[cls]
    except KeyError:
        pass
    structural = getattr(cls, "_structural_fields", None)
    made = None
    if (
        dataclasses.is_dataclass(cls)
        and structural is not None
        and (issubclass(cls, BaseControl) or getattr(cls, "_is_flet_value", False))
    ):
        fields = cls.__dataclass_fields__
        defaults = []
        for name in structural:  # the same set, so Flet's order
            field = fields.get(name)
            default = field.default if field is not None else _UNSET
            root_field = _get_root_dataclass_field(cls, name)  # type: ignore[no-untyped-call]
            if root_field is not None:
                default = root_field.default
            defaults.append((name, default))
        made = Plan(
            frozenset(getattr(cls, "_event_fields", frozenset())),
            getattr(cls, "_root_defaults", {}),
            tuple(getattr(cls, "_override_props", {}).items()),
            tuple(defaults),
        )
    _plans[cls] = made
    return made


def encode(obj: object) -> object:
    """Flet's `encode_object_for_msgpack` for one object, its class's plan read once."""
    plan = plan_of(type(obj))
    values: dict[str, object] | None = getattr(obj, "_values", None)
    if plan is None or values is None:
        return FLETS_ENCODE(obj)
    packed: dict[str, object] = {}
    prev_lists: dict[str, object] = {}
    prev_dicts: dict[str, object] = {}
    prev_classes: dict[str, object] = {}
    root_defaults = plan.root_defaults
    for name, value in values.items():
        if value is None:
            continue
        root_default = root_defaults.get(name, _UNSET)
        if root_default is not _UNSET and value == root_default:
            continue
        if is_dataclass(value):
            packed[name] = prev_classes[name] = value
        elif isinstance(value, list):
            packed[name] = prev_lists[name] = value[:]
        elif isinstance(value, dict):
            packed[name] = prev_dicts[name] = value.copy()
        else:
            packed[name] = True if name in plan.events else value
    for name, value in plan.overrides:
        if name not in packed and value is not None:
            packed[name] = value
    for name, default in plan.structural:
        value = getattr(obj, name)
        if isinstance(value, list):
            value = prev_lists[name] = value[:]
            if value:
                packed[name] = value
        elif isinstance(value, dict):
            value = prev_dicts[name] = value.copy()
            if value:
                packed[name] = value
        elif is_dataclass(value):
            packed[name] = prev_classes[name] = value
        elif value is not None and value != default:
            packed[name] = value
    if not hasattr(obj, "_frozen"):
        setattr(obj, "__prev_lists", prev_lists)  # as Flet keeps them
        setattr(obj, "__prev_dicts", prev_dicts)
        setattr(obj, "__prev_classes", prev_classes)
    return packed
