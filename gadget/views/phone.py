"""This phone's identity, read from (or first written to) the phone's own storage, and given
to every screen through Flet's context: seats and teams belong to it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import cast

import flet as ft

from gadget.services.phones import STORAGE_KEY, Phone, new_phone_token, phone_from_token
from gadget.views.boundary import component
from gadget.views.shared import use_value

PHONE = ft.create_context(cast(Phone | None, None))


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


@component
def WithPhone(screens: Callable[[], ft.Control]) -> ft.Control:
    """Shows the screens once the phone's identity is read from its storage."""
    phone, set_phone = use_value(lambda: cast(Phone | None, None))

    async def load() -> None:
        set_phone(await identify())

    ft.use_effect(load, [])
    if phone is None:
        return ft.Column([ft.ProgressRing(), ft.Text("Opening Gadget…")])
    return PHONE(phone, screens)
