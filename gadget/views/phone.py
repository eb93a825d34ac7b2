"""This phone's identity, read from (or first written to) the phone's own storage, and given
to every screen through Flet's context: seats and teams belong to it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import cast

import flet as ft

from gadget.services.phones import STORAGE_KEY, Phone, new_phone_token, phone_from_token
from gadget.views.boundary import component
from gadget.views.language import STORAGE_KEY as LANGUAGE_KEY
from gadget.views.language import browser_languages, chosen, speak, spoken
from gadget.views.shared import use_value

PHONE = ft.create_context(cast(Phone | None, None))
# Settings' way to change this phone's language: the code chosen, or "" for the browser's.
CHOOSE_LANGUAGE = ft.create_context(cast(Callable[[str], None] | None, None))


def use_phone() -> Phone:
    """The phone this screen is on (the app renders no screen before it is known)."""
    phone = ft.use_context(PHONE)
    if phone is None:
        raise RuntimeError("a screen was rendered before the phone was identified")
    return phone


async def identify() -> Phone:
    """The identity kept in this phone's storage; a new one the first time.

    A browser that cannot keep it (a private window) is a new phone on every visit: it can
    still ask for its seat back, with its partner's consent.
    """
    storage = ft.SharedPreferences()
    token: object = None
    with contextlib.suppress(Exception):
        token = await storage.get(STORAGE_KEY)
    phone = phone_from_token(token)
    if phone is None:
        token = new_phone_token()
        with contextlib.suppress(Exception):
            await storage.set(STORAGE_KEY, token)
        phone = phone_from_token(token)
    assert phone is not None
    return phone


def use_language_choice() -> Callable[[str], None]:
    """Settings' way to change this phone's language (WithPhone provides it)."""
    choose = ft.use_context(CHOOSE_LANGUAGE)
    if choose is None:
        raise RuntimeError("a screen was rendered before the phone's language was known")
    return choose


async def stored_choice() -> object:
    """The language this phone chose in Settings, from its own storage (None: none chosen)."""
    with contextlib.suppress(Exception):
        return await ft.SharedPreferences().get(LANGUAGE_KEY)
    return None


@component
def WithPhone(screens: Callable[[], ft.Control]) -> ft.Control:
    """Shows the screens once the phone's identity and language are read from its storage
    and its browser; a new choice of language in Settings speaks it on every screen."""
    page = ft.context.page
    phone, set_phone = use_value(lambda: cast(Phone | None, None))
    spoken_code, set_spoken_code = use_value(lambda: "")

    async def load() -> None:
        choice = await stored_choice()
        speak(page, chosen(choice, await browser_languages(page)))
        set_spoken_code(spoken(page).code)
        set_phone(await identify())

    async def choose(code: str) -> None:
        with contextlib.suppress(Exception):
            await ft.SharedPreferences().set(LANGUAGE_KEY, code)
        speak(page, chosen(code, await browser_languages(page)))
        set_spoken_code(spoken(page).code)

    def choose_soon(code: str) -> None:
        page.run_task(choose, code)

    ft.use_effect(load, [])
    if phone is None or not spoken_code:
        return ft.Column([ft.ProgressRing(), ft.Text("Gadget…")])
    return CHOOSE_LANGUAGE(choose_soon, lambda: PHONE(phone, screens))
