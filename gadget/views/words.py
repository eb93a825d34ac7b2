"""A game dealt from the players' own list of words: pasted or opened, checked, then dealt;
kept for one of the phone's teams, or dealt from a list a team keeps (`kept_lists`)."""

from __future__ import annotations

import flet as ft

from gadget.engine import GadgetError
from gadget.engine.errors import Message
from gadget.engine.words import read_word_list
from gadget.services import addresses, palette
from gadget.views.boundary import component
from gadget.views.events import Tap
from gadget.views.fields import text_of, typed_field, use_typed
from gadget.views.files import pick_text
from gadget.views.hooks import keyed, use_value
from gadget.views.kept_lists import KeptLists
from gadget.views.language import _, ngettext, say
from gadget.views.layout import screen
from gadget.views.phone import use_phone
from gadget.views.shared import guarded
from gadget.views.table_context import use_table


@component
def CustomWordsScreen() -> ft.Control:
    """/words: a list pasted or opened from a file, checked in one line, then dealt or kept
    for a team; the lists the phone's teams keep, each to deal from."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    typed = use_typed()
    problem, set_problem = use_value(lambda: "")
    ready, set_ready = use_value(lambda: "")
    opened, set_opened = use_value(lambda: "")  # a file's text, shown in the field

    def refuse(text: str) -> None:
        set_ready("")
        set_problem(text)

    def words() -> tuple[str, ...]:
        return read_word_list(text_of(typed, opened))

    def check(_event: Tap) -> None:
        try:
            count = len(words())
        except GadgetError as refused:
            refuse(say(refused.said))
            return
        set_problem("")
        set_ready(
            ngettext("{count} word: ready.", "{count} words: ready.", count).format(count=count)
        )

    def deal() -> None:
        game = table.deal(phone=phone, words=words())
        page.navigate(addresses.game(game.public_id))

    async def open_file(_event: Tap) -> None:
        try:
            text = await pick_text(Message("a list of words"), ("txt", "csv"))
        except ValueError as refused:  # too large, not text, or it did not arrive
            refuse(str(refused))
            return
        if text is not None:
            typed.current = None  # the file replaces what was typed
            set_opened(text)
            refuse("")

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
            typed_field(
                typed,
                _("Words"),
                opened,
                multiline=True,
                min_lines=6,
                max_lines=12,
                key=f"words {len(opened)}",
            ),
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Open a file"), icon=ft.Icons.UPLOAD_FILE, on_click=open_file
                    ),
                    ft.OutlinedButton(_("Check the list"), on_click=check),
                    ft.Button(
                        _("Deal with these words"),
                        icon=ft.Icons.STYLE,
                        on_click=guarded(deal, refuse),
                    ),
                ],
                wrap=True,
            ),
            *([ft.Text(problem, color=palette.DANGER)] if problem else []),
            *([ft.Text(ready, color=palette.GOOD_NEWS)] if ready else []),
            # Keyed: the lines above come and go, and the team's part must stay the same
            # component (what was typed in its field with it).
            keyed(KeptLists, "kept lists", lambda: text_of(typed, opened)),
            ft.TextButton(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=12,
    )
