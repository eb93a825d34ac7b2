"""The word lists this phone's teams keep, on /words: the list in the field kept for a team
under a name, and each kept list dealt from or deleted (asked once)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from gadget.services import addresses
from gadget.services.records import KeptWordList, Team
from gadget.views.parts.boundary import component
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import forget, text_of, typed_field, use_typed
from gadget.views.parts.hooks import use_data, use_status, use_value
from gadget.views.parts.language import _, ngettext
from gadget.views.parts.layout import panel
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import guarded
from gadget.views.served.table_context import use_table


def _named_button(button: ft.Control, name: str, on_click: Callable[[Tap], None]) -> ft.Control:
    """A button whose accessible name says what it acts on (each list's "Delete" is
    another list's to a screen reader), said once, as `layout.icon_button` does."""
    return ft.Semantics(
        label=name, button=True, exclude_semantics=True, on_tap=on_click, content=button
    )


def _delete_question(
    kept: KeptWordList, keep: Callable[[], None], delete: Callable[[Tap], None]
) -> ft.Control:
    """Delete asked where its button was: each answer says what it does."""
    return panel(
        [
            ft.Text(
                _("Delete the list {name}?").format(name=kept.name), weight=ft.FontWeight.W_600
            ),
            ft.Text(_("Games already dealt from it keep their words.")),
            ft.Row(
                [
                    ft.TextButton(_("Keep the list"), on_click=lambda _e: keep()),
                    ft.Button(_("Delete the list"), on_click=delete),
                ],
                wrap=True,
            ),
        ],
        key=f"delete {kept.id}",
    )


def _kept_row(
    kept: KeptWordList,
    deal: Callable[[Tap], None],
    ask: Callable[[Tap], None],
) -> ft.Control:
    """One kept list: its name, its team and size, and what may be done with it."""
    count = len(kept.words)
    return ft.Column(
        [
            ft.Text(kept.name, weight=ft.FontWeight.W_600),
            ft.Text(
                ngettext("{team}: {count} word", "{team}: {count} words", count).format(
                    team=kept.team_name, count=count
                ),
                size=14,
            ),
            ft.Row(
                [
                    ft.Button(
                        _("Deal with {name}").format(name=kept.name),
                        icon=ft.Icons.STYLE,
                        on_click=deal,
                    ),
                    _named_button(
                        ft.OutlinedButton(_("Delete"), icon=ft.Icons.DELETE_OUTLINE, on_click=ask),
                        _("Delete {name}").format(name=kept.name),
                        ask,
                    ),
                ],
                wrap=True,
            ),
        ],
        spacing=4,
        key=f"list {kept.id}",
    )


@component
def KeptLists(words_now: Callable[[], str]) -> ft.Control:
    """The lists of this phone's teams, and the list in the field (`words_now`) kept for
    one of them; nothing at all for a phone with no team."""
    table = use_table()
    page = ft.context.page
    phone = use_phone()
    name = use_typed()
    status, tell, refuse = use_status()
    edits, set_edits = use_value(lambda: 0)  # the lists are read again after each change
    asked, set_asked = use_value(lambda: cast(int | None, None))  # the list whose delete is asked
    shown = use_data(lambda: table.word_lists_of(phone), [phone.key, edits])
    if shown is None or not shown.teams:
        return ft.Column([])

    def keep_for(team: Team) -> Callable[[Tap], None]:
        def keep() -> None:
            kept = table.keep_word_list(phone, team.id, text_of(name), words_now())
            forget(name)  # the next list starts from an empty name
            tell(_("Kept {name} for {team}.").format(name=kept.name, team=team.name))
            set_edits(edits + 1)

        return guarded(keep, refuse)

    def deal_with(kept: KeptWordList) -> Callable[[Tap], None]:
        def deal() -> None:
            game = table.deal(phone=phone, words=kept.words)
            page.navigate(addresses.game(game.public_id))

        return guarded(deal, refuse)

    def delete(kept: KeptWordList) -> Callable[[Tap], None]:
        def forget_list() -> None:
            set_asked(None)
            table.delete_word_list(phone, kept.team_id, kept.id)
            tell(_("Deleted {name}.").format(name=kept.name))
            set_edits(edits + 1)

        return guarded(forget_list, refuse)

    def ask(kept: KeptWordList) -> Callable[[Tap], None]:
        return lambda _event: set_asked(kept.id)

    rows: list[ft.Control] = []
    for kept in shown.lists:
        rows.append(_kept_row(kept, deal_with(kept), ask(kept)))
        if asked == kept.id:
            rows.append(_delete_question(kept, lambda: set_asked(None), delete(kept)))
    return ft.Column(
        [
            typed_field(name, _("Name of the list")),
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Keep this list for {team}").format(team=team.name),
                        icon=ft.Icons.SAVE,
                        on_click=keep_for(team),
                    )
                    for team in shown.teams
                ],
                wrap=True,
            ),
            status,
            ft.Text(_("Your teams' lists"), size=18, weight=ft.FontWeight.W_600),
            *(rows or [ft.Text(_("No list kept yet."))]),
        ],
        spacing=10,
    )
