"""The game of more than two on a side's phone: how many phones hold the side and the names
their players gave them, a link that adds more (made on a phone of that side, for that side
only), naming this phone, and leaving the side."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from gadget.engine import GadgetError, Player
from gadget.services import addresses, palette
from gadget.services.side_invites import MOST_PHONES, SideInviteMade
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.fields import Typed, forget, text_of, typed_field, use_typed
from gadget.views.parts.hooks import use_kept, use_value
from gadget.views.parts.language import _, ngettext, say
from gadget.views.parts.layout import panel
from gadget.views.parts.phone import use_phone
from gadget.views.parts.qr import qr_image, qr_side
from gadget.views.parts.shared import brief, guarded
from gadget.views.served.table_context import use_table


def _side_phones(game_id: int, side: Player, names: tuple[str, ...], mine: int) -> ft.Control:
    """A side's phones: their count, names and this phone's number among them, on asking the
    link for as many more as the player chooses, this phone named, and a lost one removed
    (asked twice: it is another player's phone); shown only on a phone of that side, never
    on the other side's."""
    table = use_table()
    phone = use_phone()
    page = ft.context.page
    phones = len(names)
    # Naming this phone: asked, and the refusal of the name typed (said on its field).
    naming, set_naming = use_value(lambda: False)
    refused, set_refused = use_value(lambda: "")
    typed = use_typed()
    # The invite shown, and the side's phones when it was made: once as many more hold the
    # side as it adds, it is spent, and folds away on every phone of the side.
    # Folded for good: a phone leaving after does not bring a spent link back.
    made, set_made = use_value(lambda: cast(tuple[SideInviteMade, int] | None, None))
    spent = use_kept("")  # the secret of the last invite seen spent
    if made is not None and phones >= made[1] + made[0].uses:
        spent.current = made[0].secret
    invite = made[0] if made is not None and made[0].secret != spent.current else None
    uses, set_uses = use_value(lambda: 1)
    # A place asked about, and the side's phones then: a removal of what the player saw.
    removing, set_removing = use_value(lambda: cast(tuple[int, int] | None, None))
    message, set_message = use_value(lambda: "")
    letter = side.value.upper()
    count = ngettext(
        "{count} phone holds side {side}.", "{count} phones hold side {side}.", phones
    ).format(count=phones, side=letter)
    if phones > 1:
        count += " " + _("This phone is phone {number}.").format(number=mine + 1)
    said = [ft.Text(message, color=palette.DANGER)] if message else []
    listed = [ft.Text(_named(names, mine))] if any(names) else []
    own = names[mine] if mine < phones else ""  # this phone's name, if its player gave one
    if naming:
        named = (refused, set_refused, lambda: set_naming(False))
        return _naming(typed, own, lambda name: table.name_phone(phone, name), named)

    def leave(_event: object) -> None:
        table.leave_side(game_id, phone)
        page.navigate(addresses.HOME)

    if removing is not None and removing[0] == mine:  # this phone itself: leaving, asked
        return _leaving(
            letter, count, lambda: set_removing(None), guarded(lambda: leave(None), set_message)
        )
    if removing is not None:
        place, seen = removing
        return _removal(
            place,
            letter,
            count,
            lambda: set_removing(None),
            guarded(lambda: table.remove_from_side(game_id, phone, place, seen), set_message),
        )
    if invite is None:
        room = MOST_PHONES - phones

        def choose(event: ft.Event[ft.Dropdown]) -> None:
            set_uses(int(event.control.value or 1))

        def make(_event: object) -> None:
            set_message("")
            set_made((table.invite_to_side(game_id, phone, uses=min(uses, room)), phones))

        asks: list[ft.Control] = []
        if room > 0:
            asks = [
                dropdown(
                    _("Phones"),
                    str(min(uses, room)),
                    [ft.DropdownOption(key=str(n), text=str(n)) for n in range(1, room + 1)],
                    choose,
                    width=128,  # "Téléphones" above its choice
                    name=_("Phones the link adds"),
                ),
                ft.OutlinedButton(
                    _("Add a phone to side {side}").format(side=letter),
                    on_click=guarded(lambda: make(None), set_message),
                ),
            ]
        leaving = (
            [
                ft.TextButton(
                    _("Leave side {side}").format(side=letter),
                    on_click=lambda _e: set_removing((mine, phones)),
                )
            ]
            if phones > 1
            else []
        )
        removals = [
            ft.TextButton(
                _("Remove phone {number}").format(number=place + 1),
                on_click=lambda _e, place=place: set_removing((place, phones)),
            )
            for place in range(phones)
            if place != mine
        ]
        name_it = ft.TextButton(
            _("Rename this phone") if own else _("Name this phone"),
            on_click=lambda _e: set_naming(True),
        )
        return ft.Column(
            [
                ft.Text(count),
                *listed,
                ft.Row([*asks, name_it, *leaving, *removals], wrap=True),
                *said,
            ],
            spacing=4,
        )
    link = addresses.side_invite_link(
        addresses.web_address(page.url) if page.url else "", invite.secret
    )
    return panel(
        [
            ft.Text(count),
            ft.Text(
                ngettext(
                    "The next phone that opens this holds side {side}: show it only to a player "
                    "of side {side}.",
                    "The next {count} phones that open this hold side {side}: show it only to "
                    "players of side {side}.",
                    invite.uses,
                ).format(count=invite.uses, side=letter)
            ),
            ft.Semantics(
                label=_("QR code of {link}").format(link=link),
                content=qr_image(link, qr_side(link, 150)),
            ),
            ft.Text(link, size=12, selectable=True),
            ft.TextButton(_("Done"), on_click=lambda _e: set_made(None)),
            *said,
        ]
    )


def _named(names: tuple[str, ...], mine: int) -> str:
    """The side's phones by their places and the names their players gave them."""
    shown = []
    for place, name in enumerate(names):
        number = _("Phone {number}").format(number=place + 1)
        line = _("{phone}: {name}").format(phone=number, name=name) if name else number
        shown.append(_("{phone} (this phone)").format(phone=line) if place == mine else line)
    return " · ".join(shown)


def _naming(
    typed: Typed,
    shown: str,
    name_phone: Callable[[str], object],
    said: tuple[str, Callable[[str], None], Callable[[], None]],
) -> ft.Control:
    """This phone's name asked: its side's other phones show it, and the game's attempt
    keeps it with the side; blank takes it away. Drawn by the side's panel, whose state it
    is (`said`: the refusal on its field, its setter, and closing the question), with no
    component of its own reading the table at a render of its own."""
    refused, refuse, close = said

    def done() -> None:
        forget(typed)  # opened again, the field shows the name as saved
        refuse("")
        close()

    def saved(_event: object) -> None:
        try:
            name_phone(text_of(typed, shown))
        except GadgetError as wrong:
            refuse(brief(say(wrong)))
            return
        done()

    return panel(
        [
            typed_field(
                typed,
                _("This phone's player"),
                shown,
                error=refused or None,
                helper=_("Your side's phones show it, and the game's history keeps it."),
                on_submit=saved,
            ),
            ft.Row(
                [
                    ft.Button(_("Save the name"), on_click=saved),
                    ft.TextButton(_("Cancel"), on_click=lambda _e: done()),
                ]
            ),
        ]
    )


def _removal(
    place: int,
    letter: str,
    count: str,
    done: Callable[[], None],
    remove: Callable[[object], None],
) -> ft.Control:
    """The question before a phone of the side is removed: a lost phone, or a slip?"""

    def removed(event: object) -> None:
        remove(event)
        done()

    return panel(
        [
            ft.Text(count),
            ft.Text(
                _("Phone {number} will no longer show side {side}. Remove it?").format(
                    number=place + 1, side=letter
                )
            ),
            ft.Row(
                [
                    ft.Button(
                        _("Remove phone {number}").format(number=place + 1), on_click=removed
                    ),
                    ft.TextButton(_("Keep it"), on_click=lambda _e: done()),
                ]
            ),
        ]
    )


def _leaving(
    letter: str, count: str, done: Callable[[], None], leave: Callable[[object], None]
) -> ft.Control:
    """The question before this phone leaves its side: coming back takes a new link."""
    return panel(
        [
            ft.Text(count),
            ft.Text(
                _(
                    "This phone will no longer show side {side}: coming back takes a new link"
                    " from a phone of the side. Leave it?"
                ).format(side=letter)
            ),
            ft.Row(
                [
                    ft.Button(_("Leave side {side}").format(side=letter), on_click=leave),
                    ft.TextButton(_("Stay"), on_click=lambda _e: done()),
                ]
            ),
        ]
    )


# Memoized: a move that changes no side's phones does not draw it again (issue 36's cost).
SidePhones = cast(
    Callable[[int, Player, tuple[str, ...], int], ft.Control],
    ft.memo(component(_side_phones)),  # type: ignore[no-untyped-call]
)
