"""/history: this phone's games outside any team, newest first (a team's are on its map)."""

from __future__ import annotations

import flet as ft

from gadget.engine.text import counted
from gadget.services.words import LOSS_WORDS
from gadget.store import Attempt
from gadget.views.boundary import component
from gadget.views.phone import use_phone
from gadget.views.shared import loading, screen, use_data, use_table


def attempt_line(attempt: Attempt) -> str:
    """One finished game in a line: when, won with its score or lost and why, the bank."""
    if attempt.won:
        result = f"won, score {attempt.score}"
    else:
        result = f"lost: {LOSS_WORDS.get(attempt.reason or '', 'lost')}"
    tokens = attempt.log.setup.tokens
    return (
        f"{attempt.played_at:%Y-%m-%d %H:%M}  {result}"
        f" ({counted(attempt.tokens_used, 'token')} of {tokens} used,"
        f" {counted(attempt.mistakes, 'mistake')})"
    )


@component
def PracticeHistoryScreen() -> ft.Control:
    """Every game this phone played outside a team, so a practice game is never lost."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    attempts = use_data(lambda: table.store.practice_attempts(phone.key), [phone.key])
    if attempts is None:
        return loading("Your games")
    rows: list[ft.Control] = [ft.Text(attempt_line(attempt), size=16) for attempt in attempts]
    return screen(
        [
            ft.Text("Your games outside a team", size=24, weight=ft.FontWeight.BOLD),
            ft.Text(
                f"{counted(len(attempts), 'game')} played on this phone."
                " A team's games are in its own history, on its map."
            ),
            *rows,
            ft.Button("Home", icon=ft.Icons.HOME, on_click=lambda _: page.navigate("/")),
        ],
        spacing=10,
    )
