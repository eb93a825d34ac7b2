"""Changes to controls a phone already shows, sent from the control that holds them: a move
changes a cell or a few of a drawn card, and Flet's own way (make the parent again and
compare it) made and compared the card, its row and the screen's column at every move."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import cast

import flet as ft
from flet.controls.base_control import BaseControl

from gadget.views.parts.flet_internals import send_patch

# What one shown control's fields become, by name; a nested dict: its child in that field.
Fields = Mapping[str, object]


def _patch(holder: ft.Control, before: Mapping[str, object], after: Mapping[str, object]) -> None:
    # Handed dicts of the holder's fields, as Flet's own components hand theirs (typed: a
    # control), diffed as Flet diffs a drawn screen (frozen: compared, never tracked).
    patch_control = cast(Callable[..., None], ft.context.page.session.patch_control)
    patch_control(control=after, prev_control=before, parent=holder, path=[], frozen=True)


def children_changed(holder: ft.Row, children: list[ft.Control]) -> None:
    """Send the phone what changed among a shown row's children, and hold them in it: the row
    and all above it stay the very objects the phone has, so the screen's own diff passes
    over them. This is how Flet's own `use_dialog` patches a dialog it keeps: one diff, from
    the row, of its children only (the same object in both is not compared)."""
    if all(new is old for new, old in zip(children, holder.controls, strict=True)):
        return
    _patch(holder, {"controls": list(holder.controls)}, {"controls": children})
    holder.controls[:] = children  # the row Flet holds now holds what the phone shows


def fields_changed(holder: ft.Row | ft.Column, changed: Mapping[int, Fields]) -> None:
    """Send the phone new values of some fields of a shown row's (or column's) children
    (`changed`: what the fields of each child, by its place, become, only those that change;
    nested, a child's children), for the caller to set on the controls themselves
    (`set_held`). Each is one replace at its path, as Flet's diff would write it: what
    changes is already known, and Flet's diff of it cost more than the rest of the telling."""
    replaces = list(_replaces({"controls": changed}, []))
    if replaces:
        send_patch(holder, replaces)


def _replaces(fields: Fields, path: list[object]) -> Iterator[dict[str, object]]:
    for name, value in fields.items():
        if isinstance(value, dict):  # a child's (a plain check: an ABC's costs tenfold)
            yield from _replaces(value, [*path, name])
        else:
            assert not isinstance(value, BaseControl), "a control is added, not replaced"
            yield {"op": "replace", "path": [*path, name], "value": value}


def set_held(control: ft.Control, **fields: object) -> None:
    """Set fields of a control Flet holds as drawn (marked frozen: set only as Flet's own
    `_before_update_safe` sets them, the mark lifted meanwhile), once the phone is told."""
    frozen = getattr(control, "_frozen", None)
    if frozen is not None:
        delattr(control, "_frozen")
    try:
        for name, value in fields.items():
            setattr(control, name, value)
    finally:
        if frozen is not None:
            control._frozen = frozen


def only_changed(before: Fields, after: Fields) -> Fields:
    """Of the fields as they become (nested: a child's), those not as they were: Flet's diff
    compared every pair it was handed, equal or not."""
    now: dict[str, object] = {}
    for name, becomes in after.items():
        old = before[name]
        if isinstance(becomes, dict) and isinstance(old, dict):
            inner = only_changed(old, becomes)
            if inner:
                now[name] = inner
        elif old != becomes:
            now[name] = becomes
    return now


def hold_fields(control: object, fields: Fields) -> None:
    """Set the fields on a control Flet holds as drawn (`set_held`), and the nested ones on
    the child each names (a list of children: by place)."""
    plain: dict[str, object] = {}
    for name, value in fields.items():
        if not isinstance(value, dict):
            plain[name] = value
            continue
        child = getattr(control, name)
        if isinstance(child, list):
            for place, held in value.items():
                hold_fields(child[place], held)
        else:
            hold_fields(child, value)
    if plain:
        set_held(cast(ft.Control, control), **plain)
