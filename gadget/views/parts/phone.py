"""This phone's identity, read from (or first written to) the phone's own storage, and given
to every screen through Flet's context: seats and teams belong to it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, cast

import flet as ft

from gadget.language import choose as choose_language
from gadget.language import codes, language
from gadget.services.phones import STORAGE_KEY, Phone, new_phone_token, phone_from_token
from gadget.views.parts.asking import asked
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import use_task, use_value
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from gadget.views.parts.language import browser_languages, speak
from gadget.views.parts.layout import opening
from gadget.views.parts.storage import LANGUAGES, Unknown, given, preferences, stored, write

PHONE = ft.create_context(cast(Phone | None, None))


@dataclass(frozen=True, slots=True)
class LanguageChoice:
    """This phone's choice of language ("" follows the browser) and Settings' way to change it."""

    chosen: str
    browsers: str  # the language the browser's own languages give
    choose: Callable[[str], None]


CHOOSE_LANGUAGE = ft.create_context(cast(LanguageChoice | None, None))


def use_phone() -> Phone:
    """The phone this screen is on (the app renders no screen before it is known)."""
    phone = ft.use_context(PHONE)
    if phone is None:
        raise RuntimeError("a screen was rendered before the phone was identified")
    return phone


READ_TRIES: Final = 3  # a storage that fails to answer is asked this many times in all
READ_PAUSE: Final = 0.3  # s between two tries


async def identify() -> Phone:
    """The identity kept in this phone's storage; a new one the first time.

    A storage that fails to answer is asked again; one that never answers (it throws on
    every call) makes a new phone for this visit only, never written: a read that failed
    once wrote a new identity over the one kept, and the phone lost its seats for good. A
    browser that cannot keep it (a private window) is a new phone on every visit: it can
    still ask for its seat back, with its partner's consent.
    """
    storage = preferences()
    for tried in range(1, READ_TRIES + 1):
        try:
            token = await asked(lambda: storage.get(STORAGE_KEY))
            break
        except Exception:  # any failure of the browser's storage
            if tried < READ_TRIES:
                await asyncio.sleep(READ_PAUSE)
    else:
        return _new_phone()  # what the storage holds stays for the next visit
    phone = phone_from_token(token)
    if phone is None:  # nothing kept, or nothing that reads: a new phone, kept
        token = new_phone_token()
        with contextlib.suppress(Exception):
            await asked(lambda: storage.set(STORAGE_KEY, token))
        phone = phone_from_token(token)
    assert phone is not None
    return phone


def _new_phone() -> Phone:
    phone = phone_from_token(new_phone_token())
    assert phone is not None
    return phone


def use_language_choice() -> LanguageChoice:
    """This phone's choice of language and the way to change it (WithPhone provides both)."""
    choice = ft.use_context(CHOOSE_LANGUAGE)
    if choice is None:
        raise RuntimeError("a screen was rendered before the phone's language was known")
    return choice


async def stored_choice() -> object:
    """The language this phone chose in Settings, from its own storage (None: none chosen)."""
    return await stored(LANGUAGE_KEY)


def chosen(kept: object) -> str:
    """The language a phone's storage says it chose ("": none, follow the browser)."""
    return kept if isinstance(kept, str) and kept in codes() else ""


def language_read_by_page() -> tuple[str, str] | None:
    """The phone's choice and its browser's language, when the site's page read both as it
    loaded (gadget/views/parts/storage.py): the first screen is drawn at once. None: ask."""
    kept, asked = given(LANGUAGE_KEY), given(LANGUAGES)
    if isinstance(kept, Unknown) or not isinstance(asked, list):
        return None
    return chosen(kept), choose_language(asked).code


@component
def WithLanguage(screens: Callable[[], ft.Control]) -> ft.Control:
    """Shows the screens once the phone's language is read from its storage and its
    browser; a new choice (Settings, the site's home) speaks it on every screen at once."""
    page = ft.context.page
    read = use_value(language_read_by_page)[0]  # the site's page may have read both
    loaded, set_loaded = use_value(lambda: read is not None)
    choice, set_choice = use_value(lambda: read[0] if read else "")  # "": the browser's
    browsers, set_browsers = use_value(lambda: read[1] if read else "en")

    async def load() -> None:  # both asked at once: one wait for the browser, not two
        if read is not None:
            return
        kept, asked = await asyncio.gather(stored_choice(), browser_languages(page))
        set_choice(chosen(kept))
        set_browsers(choose_language(asked).code)
        set_loaded(True)

    async def choose(code: str) -> None:
        code = code if code in codes() else ""
        set_choice(code)
        with contextlib.suppress(Exception):
            await write(LANGUAGE_KEY, code)

    def choose_soon(code: str) -> None:
        page.run_task(choose, code)

    use_task(load, [])
    if not loaded:
        return opening()
    speak(page, language(choice or browsers))  # every screen below reads it (nothing if same)
    return CHOOSE_LANGUAGE(LanguageChoice(choice, browsers, choose_soon), screens)


@component
def WithPhone(screens: Callable[[], ft.Control]) -> ft.Control:
    """The served app's screens, once the phone's identity is read from its storage (its
    seats and teams belong to it) and its language is known."""
    phone, set_phone = use_value(lambda: cast(Phone | None, None))

    async def load() -> None:
        set_phone(await identify())

    use_task(load, [])
    # The language is asked while the identity is: one wait for the browser, not two.
    return WithLanguage(lambda: opening() if phone is None else PHONE(phone, screens))
