"""Each phone's language: chosen in Settings, else the browser's, kept per page so that a
server speaks to every phone in that phone's own language (two phones of one table may
differ). Screens say their words through `_` and `ngettext` from here."""

from __future__ import annotations

import contextlib
import weakref
from datetime import datetime, timedelta
from typing import Final

import flet as ft

from gadget.language import ENGLISH, Language, codes
from gadget.views.parts.asking import asked
from gadget.views.parts.storage import LANGUAGES, given

STORAGE_KEY: Final = "gadget.language"  # the phone's own choice ("" or absent: the browser's)
# By the page's id, forgotten when the page goes: a Page compares equal field by field, and as
# a WeakKeyDictionary's key it cost 30 us at every word of every render (docs/benchmarks.md).
_SPOKEN: dict[int, Language] = {}


def spoken(page: ft.Page | None = None) -> Language:
    """The language of this page (the page whose render or event is running)."""
    try:
        return _SPOKEN.get(id(page or ft.context.page), ENGLISH)
    except RuntimeError:  # outside any page: the server's own log and console
        return ENGLISH


def speak(page: ft.Page, spoken_language: Language) -> None:
    """From now on this page speaks this language (Flutter's own words too)."""
    if _SPOKEN.get(id(page)) is spoken_language:
        return
    if id(page) not in _SPOKEN:
        weakref.finalize(page, _SPOKEN.pop, id(page), None)
    _SPOKEN[id(page)] = spoken_language
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in codes()],
        current_locale=ft.Locale(spoken_language.code),
    )


def _(message: str) -> str:
    """A screen's words in its phone's language."""
    return spoken().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Words that depend on a count, in the phone's language ("{count}" in both)."""
    return spoken().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Words whose meaning depends on a context (a city's name), in the phone's language."""
    return spoken().pgettext(context, message)


def say(message: object) -> str:
    """An error or a Message from any layer, in the phone's language."""
    return spoken().say(message)


async def browser_languages(page: ft.Page) -> list[str]:
    """The languages the phone's browser asks for, most wanted first (none if it will not say)."""
    told = given(LANGUAGES)  # the site's page read them as it loaded
    if isinstance(told, list):
        return told
    with contextlib.suppress(Exception):
        info = await asked(page.get_device_info)
        found = [
            f"{locale.language_code}-{locale.country_code or ''}".rstrip("-")
            for locale in getattr(info, "locales", None) or []
        ]
        return found or list(getattr(info, "languages", None) or [])
    return []


def city(name: str) -> str:
    """A mission map's city by its name in the phone's language (a team's own name stays)."""
    return spoken().city(name)


def ago(elapsed: timedelta) -> str:
    """How long ago, as the phone's language says it (5 minutes ago)."""
    return spoken().ago(elapsed)


def moment(when: datetime) -> str:
    """A date and time, to the minute, as the phone's language writes them."""
    return spoken().moment(when)


def number(value: float) -> str:
    """A number as the phone's language writes it."""
    return spoken().number(value)
