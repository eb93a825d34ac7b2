"""Text fields, one way for every field of both apps: a field is drawn with what the player
typed, so no render (the partner's phone acting, data arriving, a tap) ever puts older text
under their fingers, and a screen empties a field only on purpose (`forget`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable, MutableMapping
from typing import Any, Protocol, cast

import flet as ft

FieldEvent = ft.Event[ft.TextField]  # what a field's handlers are given: the field is its control


class Typed(Protocol):
    """Where one field's typed text lives between renders: None until the player types."""

    current: str | None


class _Entry:
    """One field's typed text kept in a mapping (one field per row of a list: a note per
    attempt), so a list of any length needs no hook per row."""

    def __init__(self, texts: MutableMapping[Hashable, str], key: Hashable) -> None:
        self._texts = texts
        self._key = key

    @property
    def current(self) -> str | None:
        return self._texts.get(self._key)

    @current.setter
    def current(self, text: str | None) -> None:
        if text is None:
            self._texts.pop(self._key, None)
        else:
            self._texts[self._key] = text


def use_typed() -> Typed:
    """A field's typed text for the component's lifetime (a ref: typing never re-renders)."""
    typed: Typed = ft.use_ref(cast(str | None, None))
    return typed


def use_typed_rows() -> MutableMapping[Hashable, str]:
    """Typed texts of a list's fields by row key, for `typed_row`."""
    kept = ft.use_ref(cast(dict[Hashable, str], {})).current
    assert kept is not None, "the ref starts with a mapping"
    return kept


def typed_row(rows: MutableMapping[Hashable, str], key: Hashable) -> Typed:
    """The typed text of one row's field (see `use_typed_rows`)."""
    return _Entry(rows, key)


def text_of(typed: Typed, shown: str = "") -> str:
    """What the field holds now: what was typed, or `shown` if nothing was."""
    return shown if typed.current is None else typed.current


def forget(typed: Typed) -> None:
    """Empty the field on purpose (a team added) or show `shown` again (a name saved): the
    next render draws it afresh."""
    typed.current = None


def typed_field(typed: Typed, label: str, shown: str = "", **options: Any) -> ft.TextField:
    """A text field that keeps what is typed (in `typed`) and is drawn with it.

    A tap that arrives just after the last keystroke still reads the whole text, since the
    phone sends each change before the tap; a render while the player types draws the text
    they typed, so the field is never set back mid-word. `shown` is what the field holds
    until the player types in it. No `max_length`: Flutter drops a longer paste without a
    word, where the rules say what was refused and the text stays to be cut.
    """

    def keep(event: FieldEvent) -> None:
        typed.current = str(event.control.value or "")

    options.setdefault("error_max_lines", 3)  # a refusal's reason comes last: never cut off
    for name in ("on_submit", "on_blur"):  # they read the field as the phone last sent it
        if options.get(name) is not None:
            options[name] = _kept_first(keep, options[name])
    return ft.TextField(label=label, value=text_of(typed, shown), on_change=keep, **options)


def _kept_first(
    keep: Callable[[FieldEvent], None], handler: Callable[[FieldEvent], object]
) -> Callable[[FieldEvent], object]:
    """The field's own event handler, run once the field's text is kept (Enter or leaving
    the field may come with text whose change event the handler has not seen)."""
    if inspect.iscoroutinefunction(handler):

        async def kept_then_async(event: FieldEvent) -> None:
            keep(event)
            await handler(event)

        return kept_then_async

    def kept_then(event: FieldEvent) -> None:
        keep(event)
        handler(event)

    return kept_then


def whole_number(typed: str, digits: int = 4) -> int | None:
    """A number a player typed, or None: only ASCII digits count ("²" and "٣" pass
    str.isdigit() but not int()), and never more than a few of them."""
    typed = typed.strip()
    if not typed or len(typed) > digits or not (typed.isascii() and typed.isdigit()):
        return None
    return int(typed)
