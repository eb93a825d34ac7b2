"""Paper: booklets and key cards to print, for a trip without phones."""

from __future__ import annotations

import secrets

import flet as ft

from gadget.language import own_name
from gadget.services import addresses
from gadget.services.printing import WORD_LISTS, words_for
from gadget.services.printing.booklets import print_booklets
from gadget.services.printing.keycards import print_keycards
from gadget.services.printing.paper import PrintError
from gadget.services.printing.worker import off_the_loop
from gadget.views.boundary import component
from gadget.views.choices import dropdown
from gadget.views.fields import text_of, typed_field, use_typed, whole_number
from gadget.views.files import download
from gadget.views.hooks import use_status, use_value
from gadget.views.language import _, say, spoken
from gadget.views.layout import screen


@component
def PaperScreen() -> ft.Control:
    """Booklets and key cards to print, for a trip without phones: a download each."""
    page = ft.context.page
    typed_games = use_typed()
    speaking = spoken().code
    word_list, set_word_list = use_value(lambda: words_for(speaking))
    status, tell, refuse = use_status()

    def count() -> int:
        games = text_of(typed_games, "10")[:10]  # a count has a few digits: a paste is cut
        number = whole_number(games)
        if number is None or not 1 <= number <= 1000:
            raise PrintError("{games!r} games: print 1 to 1000", games=games[:10])
        return number

    async def booklets(_event: ft.Event[ft.Button]) -> None:
        try:
            seed, games = secrets.randbits(32), count()
            tell(_("Making the booklets…"))
            pdf = await off_the_loop(print_booklets, seed, games, word_list, speaking)
        except PrintError as wrong:
            refuse(say(wrong))
            return
        saved = await download(f"duet-booklets-{seed}.pdf", pdf)
        tell(
            _("{saved} Booklets for {games} games, seed {seed}: print both halves.").format(
                saved=saved, games=games, seed=seed
            )
        )

    async def keycards(_event: ft.Event[ft.Button]) -> None:
        try:
            seed, games = secrets.randbits(32), count()
            tell(_("Making the key cards…"))
            pdf = await off_the_loop(print_keycards, seed, games, speaking)
        except PrintError as wrong:
            refuse(say(wrong))
            return
        saved = await download(f"duet-key-cards-{seed}.pdf", pdf)
        tell(
            _("{saved} {games} key cards, seed {seed}: cut, fold, stand them between you.").format(
                saved=saved, games=games, seed=seed
            )
        )

    return screen(
        [
            ft.Text(_("Paper"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(_("Play without phones: booklets (one per player) or key cards to fold.")),
            typed_field(
                typed_games,
                _("Games"),
                "10",
                width=120,
                keyboard_type=ft.KeyboardType.NUMBER,
            ),
            dropdown(
                _("Words"),
                word_list,
                [ft.DropdownOption(key=code, text=own_name(code)) for code in WORD_LISTS],
                lambda e: set_word_list(words_for(str(e.control.value or ""))),
                width=160,
            ),
            ft.Row(
                [
                    ft.Button(_("Booklets (PDF)"), icon=ft.Icons.MENU_BOOK, on_click=booklets),
                    ft.Button(_("Key cards (PDF)"), icon=ft.Icons.STYLE, on_click=keycards),
                ],
                wrap=True,
            ),
            status,
            ft.Text(_("A team's mission map prints from the team's screen."), size=12),
            ft.Button(_("Home"), on_click=lambda _e: page.navigate(addresses.HOME)),
        ],
        spacing=12,
    )
