"""/history: this phone's games outside any team, newest first (a team's are on its map)."""

from __future__ import annotations

import flet as ft

from gadget.services import addresses
from gadget.services.records import Attempt
from gadget.services.words import LOSS_WORDS
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import use_data
from gadget.views.parts.language import _, moment, ngettext, say
from gadget.views.parts.layout import loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.served.table_context import use_table
from gadget.views.served.who_played import sides_line


def attempt_line(attempt: Attempt) -> str:
    """One finished game in a line: when, won with its score or lost and why, the bank."""
    if attempt.log is None or attempt.mistakes is None:  # a told result: no bank to show
        outcome = _("won, score {score}").format(score=attempt.score) if attempt.won else _("lost")
        return f"{moment(attempt.played_at)}  {outcome}"
    tokens = attempt.log.setup.tokens
    used = ngettext(
        "{count} token of {tokens} used", "{count} tokens of {tokens} used", attempt.tokens_used
    ).format(count=attempt.tokens_used, tokens=tokens)
    mistakes = ngettext("{count} mistake", "{count} mistakes", attempt.mistakes).format(
        count=attempt.mistakes
    )
    if attempt.won:
        line = _("{when}  won, score {score} ({used}, {mistakes})")
        return line.format(
            when=moment(attempt.played_at), score=attempt.score, used=used, mistakes=mistakes
        )
    reason = LOSS_WORDS.get(attempt.reason or "")
    line = _("{when}  lost: {reason} ({used}, {mistakes})")
    return line.format(
        when=moment(attempt.played_at),
        reason=say(reason) if reason else _("lost"),
        used=used,
        mistakes=mistakes,
    )


@component
def HistoryScreen() -> ft.Control:
    """Every game this phone played outside a team, so a practice game is never lost."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    attempts = use_data(lambda: table.practice_attempts(phone), [phone.key])
    if attempts is None:
        return loading(_("Your games"))
    rows: list[ft.Control] = [
        ft.Column([ft.Text(attempt_line(attempt), size=16), *sides_line(attempt)], spacing=2)
        for attempt in attempts
    ]
    return screen(
        [
            ft.Text(_("Your games outside a team"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(
                ngettext(
                    "{count} game played on this phone. A team's games are in its own"
                    " history, on its map.",
                    "{count} games played on this phone. A team's games are in its own"
                    " history, on its map.",
                    len(attempts),
                ).format(count=len(attempts))
            ),
            *rows,
            ft.Button(
                _("Home"), icon=ft.Icons.HOME, on_click=lambda _e: page.navigate(addresses.HOME)
            ),
        ],
        spacing=10,
    )
