"""A game dealt from the players' own list of words: pasted or opened, checked, then dealt;
kept for one of the phone's teams, or dealt from a list a team keeps (`kept_lists`)."""

from __future__ import annotations

import flet as ft

from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import keyed
from gadget.views.parts.language import _
from gadget.views.parts.layout import screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.parts.word_list_form import use_word_list_form
from gadget.views.served.kept_lists import KeptLists
from gadget.views.served.table_context import use_table


@component
def CustomWordsScreen() -> ft.Control:
    """/words: a list pasted or opened from a file, checked in one line, then dealt or kept
    for a team; the lists the phone's teams keep, each to deal from."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    form = use_word_list_form()

    def deal(with_the_app: bool = False) -> None:
        game = table.deal(phone=phone, words=form.words(), with_the_app=with_the_app)
        page.navigate(addresses.game(game.public_id))

    return screen(
        [
            ft.Text(_("Your own words"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(
                _(
                    "25 to 2,000 words, one a line or separated by commas. The game deals 25"
                    " of them; both phones show the same words."
                ),
                size=14,
            ),
            form.field(_("Words")),
            form.buttons(guarded(deal, form.refuse)),
            # The app reads any word, best those of English (docs/partner.md).
            ft.OutlinedButton(
                _("Play with the app"),
                icon=ft.Icons.SMART_TOY,
                on_click=guarded(lambda: deal(with_the_app=True), form.refuse),
            ),
            *form.lines(),
            # Keyed: the lines above come and go, and the team's part must stay the same
            # component (what was typed in its field with it).
            keyed(KeptLists, "kept lists", form.text),
            ft.TextButton(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=12,
    )
