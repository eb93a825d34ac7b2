"""The line above a Duet card: which side this phone is, the button that hides the card at
once, and the way home (served and on the static site)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from gadget.engine import Player
from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.events import Tap
from gadget.views.parts.hooks import made_by, use_retained
from gadget.views.parts.language import _
from gadget.views.parts.layout import icon_button


def header(side: Player, hidden: bool, set_hidden: Callable[[bool], None]) -> ft.Control:
    """Which side this phone is, the button that hides the card at once, and the way home:
    drawn again only when the card is hidden or shown (its taps are the same at every
    render, and its words are handed to it, so that a move never draws it)."""
    page = ft.context.page
    toggle = ft.use_callback(lambda _e: set_hidden(not hidden), [hidden])
    home = ft.use_callback(lambda _e: page.navigate(addresses.HOME), [])
    words = (
        _("Side {side}").format(side=side.value.upper()),
        _("Show the card") if hidden else _("Hide the card"),
        _("Home"),
    )
    retain = use_retained()  # and, unchanged, not even compared
    return retain("header", (words, hidden), made_by(Header, words, hidden, toggle, home))


def _header(
    words: tuple[str, str, str],
    hidden: bool,
    toggle: Callable[[Tap], object],
    home: Callable[[Tap], object],
) -> ft.Control:
    """The side's name, the hide button's and Home's, in the phone's language."""
    title, toggle_words, home_words = words
    return ft.Row(
        [
            ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    icon_button(
                        ft.Icons.VISIBILITY if hidden else ft.Icons.VISIBILITY_OFF,
                        toggle_words,
                        toggle,
                    ),
                    icon_button(ft.Icons.HOME, home_words, home),
                ],
                spacing=0,
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


Header = cast(
    Callable[
        [tuple[str, str, str], bool, Callable[[Tap], object], Callable[[Tap], object]],
        ft.Control,
    ],
    ft.memo(component(_header)),  # type: ignore[no-untyped-call]
)
