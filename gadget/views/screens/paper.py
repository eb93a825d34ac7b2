"""Paper: booklets and key cards to print, for a trip without phones."""

from __future__ import annotations

import secrets

import flet as ft

from gadget.engine.classic import Game
from gadget.language import own_name
from gadget.services import addresses
from gadget.services.printing import WORD_LISTS, words_for
from gadget.services.printing.booklets import print_booklets
from gadget.services.printing.classic_keycards import print_classic_keycards
from gadget.services.printing.keycards import print_keycards
from gadget.services.printing.paper import PrintError
from gadget.services.printing.worker import off_the_loop
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.fields import text_of, typed_field, use_typed, whole_number
from gadget.views.parts.files import download
from gadget.views.parts.hooks import use_status, use_value
from gadget.views.parts.language import _, say, spoken
from gadget.views.parts.layout import screen

DUET = "duet"  # the key cards' game when none is chosen: Duet's, as before there was a choice


def _key_card_games() -> list[ft.DropdownOption]:
    """The games whose key cards print: Duet's two sides, or the classic spymasters' card."""
    return [
        ft.DropdownOption(key=DUET, text=_("Codenames: Duet")),
        ft.DropdownOption(key=Game.CLASSIC.value, text=_("Classic Codenames")),
        ft.DropdownOption(key=Game.PICTURES.value, text=_("Codenames Pictures")),
    ]


@component
def PaperScreen() -> ft.Control:
    """Booklets and key cards to print, for a trip without phones: a download each."""
    page = ft.context.page
    typed_games = use_typed()
    speaking = spoken().code
    word_list, set_word_list = use_value(lambda: words_for(speaking))
    card_game, set_card_game = use_value(lambda: DUET)
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
            if card_game == DUET:
                pdf = await off_the_loop(print_keycards, seed, games, speaking)
            else:
                game = Game(card_game)
                pdf = await off_the_loop(print_classic_keycards, game, seed, games, speaking)
        except PrintError as wrong:
            refuse(say(wrong))
            return
        saved = await download(f"{card_game}-key-cards-{seed}.pdf", pdf)
        if card_game == DUET:
            done = _("{saved} {games} key cards, seed {seed}: cut, fold, stand them between you.")
        else:
            done = _(
                "{saved} {games} key cards, seed {seed}: cut, fold, stand each one with its key"
                " facing the spymasters."
            )
        tell(done.format(saved=saved, games=games, seed=seed))

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
            dropdown(
                _("Key cards for"),
                card_game,
                _key_card_games(),
                lambda e: set_card_game(str(e.control.value or DUET)),
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
