"""Settings: this phone's turn timer for its new games, and its language."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import flet as ft

from gadget.engine.timing import TimerSettings
from gadget.language import codes, language
from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.hooks import use_data, use_status, use_value
from gadget.views.parts.language import _
from gadget.views.parts.layout import loading, screen
from gadget.views.parts.phone import use_language_choice, use_phone
from gadget.views.parts.shared import guarded
from gadget.views.parts.timer import timer_times
from gadget.views.served.table_context import use_table


@component
def Settings() -> ft.Control:
    """This phone's turn timer for new games (off by default, separate clue and guess times)
    and its language (the browser's unless chosen here)."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    saved = use_data(lambda: table.default_timer(phone), [phone.key])
    edited, set_settings = use_value(lambda: cast(TimerSettings | None, None))
    status, tell, refuse = use_status()
    choice = use_language_choice()
    settings = edited or saved
    if settings is None:
        return loading(_("Settings"))

    def change(**what: Any) -> None:  # a typed text too: TimerSettings refuses it in words
        def apply() -> None:
            assert settings is not None
            updated = replace(settings, **what)
            table.set_default_timer(updated, phone)
            set_settings(updated)
            tell(_("Saved: new games use these settings."))

        guarded(apply, refuse)(None)

    return screen(
        [
            ft.Text(_("Settings"), size=24, weight=ft.FontWeight.BOLD),
            ft.Switch(
                label=_("Turn timer"),
                value=settings.enabled,
                on_change=lambda e: change(enabled=bool(e.control.value)),
            ),
            *timer_times(settings, change),
            ft.Text(_("Warnings at 30 and 10 seconds; a sound and a vibration at zero."), size=12),
            dropdown(
                _("Language"),
                choice.chosen,
                [
                    ft.DropdownOption(
                        key="",
                        text=_("As this phone: {language}").format(
                            language=language(choice.browsers).name
                        ),
                    ),
                    *[ft.DropdownOption(key=code, text=language(code).name) for code in codes()],
                ],
                lambda e: choice.choose(str(e.control.value or "")),
            ),
            status,
            ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=12,
    )
