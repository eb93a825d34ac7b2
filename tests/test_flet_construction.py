"""A control built by the replaced `__init__` (`views/parts/flet_construction.py`) holds
what Flet's own leaves it holding: a value it dropped is a colour, a word or a tap the phone
never gets, and a default it kept is sent to every phone for nothing."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterator
from enum import Enum
from typing import Any

import flet as ft
import msgpack
from flet.controls import object_patch

from gadget.services.table import Table
from gadget.views.parts import flet_construction
from gadget.views.parts.flet_construction import FLETS_INITS, fast_init
from tests.phones import Phone
from tests.screens import a_clue_given, at_the_table
from tests.test_flet_internals import every_flet_class


class Marker:
    """A value no default equals, which a control keeps as it is given."""

    def __repr__(self) -> str:
        return f"Marker({id(self)})"


def flets_init(cls: type) -> Any:
    """Flet's own `__init__` of a class, replaced or not."""
    return FLETS_INITS.get(cls, cls.__dict__.get("__init__"))


def control_classes() -> Iterator[type]:
    """Every control class Flet offers that the replacement takes."""
    for cls in every_flet_class():
        if issubclass(cls, ft.BaseControl) and not inspect.isabstract(cls):
            yield cls


def arguments(cls: type) -> list[dict[str, Any]]:
    """Nothing given; every field given its default; every field given a value of its own."""
    parameters = list(inspect.signature(flets_init(cls)).parameters.values())[1:]
    needed = {p.name: Marker() for p in parameters if p.default is p.empty}
    defaults = {
        p.name: p.default
        for p in parameters
        if p.default is not p.empty and not type(p.default).__name__.startswith("_HAS")
    }
    given = {p.name: Marker() for p in parameters if p.name != "ref"}
    return [needed, needed | defaults, given]


def built(cls: type, init: Any, given: dict[str, Any], setter: Any) -> object:
    """What a control holds once built (its id apart), or the refusal's type."""
    kept = cls.__dict__.get("__setattr__")
    cls.__setattr__ = setter  # type: ignore[method-assign]  # as Flet's diff leaves a class
    try:
        control: Any = object.__new__(cls)
        init(control, **given)
    except Exception as refused:  # each must refuse alike
        return type(refused)
    finally:
        if kept is None:
            del cls.__setattr__
        else:
            cls.__setattr__ = kept  # type: ignore[method-assign]
    return {name: timeless(value) for name, value in vars(control).items() if name != "_i"}


def timeless(value: object) -> object:
    """A value as it compares, an object the control made for itself (a date picker's
    moment, a page's events) by its kind alone: each build makes one anew."""
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items()}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    if value is None or isinstance(value, (str, int, float, Enum, Marker, ft.BaseControl)):
        return value
    return value if dataclasses.is_dataclass(value) else f"a {type(value).__name__}"


def test_every_control_is_built_as_flets_own_builds_it() -> None:
    """Every control class, with no argument, with its defaults and with values of its own,
    against Flet's `__init__` both before the class is drawn and after (its setter then)."""
    compared = 0
    for cls in control_classes():
        ours = fast_init(cls)
        if ours is None:
            continue
        for given in arguments(cls):
            for setter in (object.__setattr__, object_patch._control_setattr):
                expected = built(cls, flets_init(cls), given, setter)
                assert built(cls, ours, given, setter) == expected, (cls, given)
                compared += not isinstance(expected, type)
    assert compared > 300, compared


def test_a_class_that_wrote_its_own_init_keeps_it() -> None:
    """What the replacement cannot know to do the same, it leaves to Flet."""

    class Watched(ft.Text):
        def __init__(self, value: str) -> None:
            super().__init__(value, size=99)

    assert fast_init(Watched) is None
    assert fast_init(ft.Text) is not None


def test_a_class_made_from_a_control_without_a_dataclass_of_its_own_is_built_by_flet() -> None:
    """A field held its own way (a plain class attribute over Flet's `Prop`) is set as
    Flet's `__init__` sets it, not kept in the control's values."""

    class Sized(ft.Text):
        size = 20

    ours = fast_init(ft.Text)
    for given in ({"value": "word"}, {"value": "word", "size": 30}):
        assert built(Sized, ours, given, object.__setattr__) == built(
            Sized, flets_init(ft.Text), given, object.__setattr__
        )
    assert Sized("word", size=30).size == 30


#: What Flet numbers in turn or names at random each time: a control's id, a service's, a
#: method call's.
NUMBERED = ("_i", "id", "control_id", "uid", "call_id")


def normalised(frames: list[bytes]) -> list[str]:
    """The messages a phone was sent, each without its numbers, in an order of their own
    (the fake phone's answers come from threads: its messages' order is theirs)."""

    def walk(value: object, key: object = None) -> object:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in sorted(value.items(), key=str)}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        return f"a {key}" if key in NUMBERED else value

    return sorted(repr(walk(msgpack.unpackb(frame, strict_map_key=False))) for frame in frames)


@at_the_table
async def test_a_first_screen_is_sent_as_flets_own_controls_send_it(table: Table) -> None:
    """The same game opened on a phone built with Flet's `__init__`s and with the
    replacements: the same messages, control for control."""
    phone_b, route = await a_clue_given(table)
    replaced = dict(FLETS_INITS)
    assert ft.Container in replaced  # the phones above were drawn with the replacement
    await Phone(route, storage=phone_b.storage).open()  # what the process keeps, kept
    fast = await Phone(route, storage=phone_b.storage).open()
    for cls, init in replaced.items():
        cls.__init__ = init  # type: ignore[misc]
    try:
        slow = await Phone(route, storage=phone_b.storage).open()
    finally:
        for cls in replaced:
            cls.__init__ = flet_construction.fast_init(cls)  # type: ignore[misc]
    assert fast.says("A gave the clue: tree. You guess.")
    assert normalised(fast.connection.frames) == normalised(slow.connection.frames)
