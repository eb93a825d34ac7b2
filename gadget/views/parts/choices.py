"""Dropdowns for both apps (served and site): named for a screen reader and wide enough for
what they show."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import flet as ft

from gadget.views.parts.layout import content_width

WIDE_DROPDOWN: Final = 400  # a whole phone's line, and no wider on a desktop


def dropdown(
    label: str,
    value: str | None,
    options: list[ft.DropdownOption],
    on_select: Callable[[ft.Event[ft.Dropdown]], object],
    *,
    width: float | None = None,
    name: str | None = None,
) -> ft.Control:
    """A dropdown a screen reader names by its label (or `name`) and its choice, where a bare
    Dropdown is a nameless "button", as wide as a phone's line unless given a width: Flutter
    sizes it by its menu's smaller type and cuts the choice shown ("Codenames Duet mission ma")."""
    chosen = next((option.text for option in options if option.key == value), None)
    return ft.Semantics(
        label=name or label,
        value=chosen,
        content=ft.Dropdown(
            label=label,
            value=value,
            options=options,
            on_select=on_select,
            width=width or min(WIDE_DROPDOWN, content_width(ft.context.page)),
        ),
    )
