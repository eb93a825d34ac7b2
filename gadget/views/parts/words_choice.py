"""Home's section for a game with its words on the phones: a shipped list in either language,
or (where the app has the screen) the players' own list; no store, so the site shares it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from gadget.engine.words import WordsChoice, newest_list
from gadget.views.parts.events import Tap
from gadget.views.parts.language import _, spoken

LANGUAGES = ("en", "fr")  # the languages of the shipped lists, each with its button


def _deal_label(language: str) -> str:
    """The button that deals a game with that language's words."""
    if language == "fr":
        return _("Deal with French words")
    return _("Deal with English words")


def words_deal(
    deal_with: Callable[[WordsChoice], Callable[[Tap], Awaitable[None] | None]],
    open_custom: Callable[[Tap], None] | None,
    how: str,
) -> list[ft.Control]:
    """Home's section for a game with no box: the phone's language first, then the other,
    then a list of the players' own (where the app has one); `how` says how it is played."""
    own = spoken().code if spoken().code in LANGUAGES else "en"
    languages = [own, *(code for code in LANGUAGES if code != own)]
    return [
        ft.Text(_("Play without the box"), size=18, weight=ft.FontWeight.W_600),
        ft.Text(how, size=14),
        ft.Row(
            [
                *(
                    (ft.Button if index == 0 else ft.OutlinedButton)(
                        _deal_label(code),
                        icon=ft.Icons.ABC if index == 0 else None,
                        on_click=deal_with(newest_list(code).number),
                    )
                    for index, code in enumerate(languages)
                ),
                *(
                    [
                        ft.TextButton(
                            _("Your own words"), icon=ft.Icons.EDIT_NOTE, on_click=open_custom
                        )
                    ]
                    if open_custom is not None
                    else []
                ),
            ],
            wrap=True,
        ),
    ]


def app_deal(deal_in: Callable[[str], Callable[[Tap], None]]) -> list[ft.Control]:
    """Home's section for a game with the app as the partner (the served app's and the
    site's): its words in the phone's language first, then the other (it plays in both);
    `deal_in(language)` is what a language's button does."""
    own = spoken().code if spoken().code in LANGUAGES else "en"
    languages = [own, *(code for code in LANGUAGES if code != own)]
    return [
        ft.Text(_("Play with the app"), size=18, weight=ft.FontWeight.W_600),
        ft.Text(
            _(
                "No partner at hand? The app holds side B: it gives clues for its words and"
                " guesses from yours, in English or in French, on your phone."
            ),
            size=14,
        ),
        ft.Row(
            [
                (ft.Button if index == 0 else ft.OutlinedButton)(
                    _app_label(code),
                    icon=ft.Icons.SMART_TOY if index == 0 else None,
                    on_click=deal_in(code),
                )
                for index, code in enumerate(languages)
            ],
            wrap=True,
        ),
    ]


def _app_label(language: str) -> str:
    """The button that deals a game with the app in that language's words."""
    if language == "fr":
        return _("Play with the app in French")
    return _("Play with the app in English")
