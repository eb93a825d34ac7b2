"""The phone's own storage (the browser's, through Flet's SharedPreferences), and what the
page already read of it as it loaded: the static site's page reads the app's keys and the
browser's languages before Python starts (tools/site/python-worker.js hands them over), so
that its first screen waits for no reply from the browser. Each value read by the page is
taken once; later reads ask the browser, whose storage the app may have changed since."""

from __future__ import annotations

import contextlib
import json
from typing import Final

import flet as ft

from gadget.views.parts.asking import asked

LANGUAGES: Final = "navigator.languages"  # the browser's languages, as the page read them
PREFIX: Final = "flutter."  # Flutter keeps each key under this prefix, its value in JSON
KEPT: Final = "gadget.preferences"  # where a page's session keeps its one SharedPreferences


class Unknown:
    """Not read by the page, or taken already: ask the browser."""


UNKNOWN: Final = Unknown()


class PageRead:
    """What the page read (its storage, whole, for this app's keys) and what was taken."""

    def __init__(self) -> None:
        self.values: dict[str, object] = {}
        self.complete = False  # True: a key the page did not find is not stored at all
        self.taken: set[str] = set()

    def take(self, key: str) -> object:
        if not self.complete or key in self.taken:
            return UNKNOWN
        self.taken.add(key)
        return self.values.get(key)


_page = [PageRead()]  # what the page read: the one this Python was given last


def give(told: str) -> None:
    """The page's reading, as JSON: {"kept": {storage key: value as the browser keeps it},
    "languages": [...]}. What does not read stays for the browser to be asked."""
    read = PageRead()
    with contextlib.suppress(ValueError):
        page = json.loads(told)
        kept = page.get("kept") if isinstance(page, dict) else None
        if isinstance(kept, dict):
            for key, value in kept.items():
                if isinstance(key, str) and key.startswith(PREFIX):
                    read.values[key.removeprefix(PREFIX)] = UNKNOWN  # unless it reads
                    with contextlib.suppress(ValueError, TypeError):
                        read.values[key.removeprefix(PREFIX)] = json.loads(value)
            read.complete = True
        languages = page.get("languages") if isinstance(page, dict) else None
        if isinstance(languages, list) and all(isinstance(code, str) for code in languages):
            read.values[LANGUAGES] = languages
    _page[0] = read  # one page a Python: the site's, in its own worker


def preferences() -> ft.SharedPreferences:
    """The page's one SharedPreferences, kept as long as its session: each new one is a
    service Flet adds to the page, then removes at the first event after it is dropped, a
    diff and a message each time, landing in whichever move comes next."""
    try:
        kept = ft.context.page.session.store
    except RuntimeError:  # no page: nothing to add it to
        return ft.SharedPreferences()
    service = kept.get(KEPT)
    if not isinstance(service, ft.SharedPreferences):
        service = ft.SharedPreferences()
        kept.set(KEPT, service)
    return service


def given(key: str) -> object:
    """What the page read under `key` (None: the page found nothing there), the first time
    it is asked; UNKNOWN otherwise."""
    return _page[0].take(key)


async def stored(key: str) -> object:
    """What the phone keeps under `key` (None: nothing, or no storage here)."""
    value = given(key)
    if not isinstance(value, Unknown):
        return value
    with contextlib.suppress(Exception):
        return await asked(lambda: preferences().get(key))
    return None


async def write(key: str, value: str) -> None:
    """Write `value` under `key` (raises where the browser keeps nothing); what the page
    read of it is stale from now on."""
    _page[0].taken.add(key)
    await asked(lambda: preferences().set(key, value))


async def forget(key: str) -> None:
    """Remove `key` from the phone's storage (raises where the browser keeps nothing); what
    the page read of it is stale from now on."""
    _page[0].taken.add(key)
    await asked(lambda: preferences().remove(key))
