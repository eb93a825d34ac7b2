"""The partner's share code, typed: read whole, and the field and buttons that join with it
(or open the camera), in both apps."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from gadget.engine import GadgetError, ShareCode
from gadget.engine.classic import ClassicCard, parse_any
from gadget.services import addresses
from gadget.views.parts.events import Tap
from gadget.views.parts.fields import Typed, typed_field
from gadget.views.parts.language import _, say
from gadget.views.parts.shared import brief

# Characters of a code read whole: a long paste is refused by its own length (reading the
# first 40 said "40 characters" of a 10,000 paste).
LONGEST_TYPED = 100_000


def read_code(typed: object) -> ShareCode | ClassicCard:
    """The code a player typed or pasted (the code alone, or the join link a chat gave them,
    a sentence's full stop after it), read whole up to 100,000 characters: a long paste is
    refused by its own length (reading the first 40 said "40 characters" of a 10,000 paste)."""
    text = str(typed or "")[:LONGEST_TYPED].strip().rstrip(".,;:!?)]'\"»")
    return parse_any(addresses.code_in_link(text))


def join_by_code(
    typed: Typed,
    problem: str,
    set_problem: Callable[[str], None],
    route_for: Callable[[ShareCode], str],
    page: ft.Page,
) -> list[ft.Control]:
    """The partner's code, typed (a refusal shown on the field), and the ways to join with
    it: Join, which opens `route_for(code)` (a classic or Pictures card's own screen for
    such a code), or the camera inside the app."""

    def join(_event: Tap) -> None:
        try:
            code = read_code(typed.current)
        except GadgetError as wrong:
            set_problem(brief(say(wrong)))
            return
        page.navigate(addresses.classic(code) if isinstance(code, ClassicCard) else route_for(code))

    return [
        typed_field(
            typed,
            _("Partner's code"),
            on_submit=join,
            error=problem or None,
            capitalization=ft.TextCapitalization.CHARACTERS,
        ),
        ft.Row(
            [
                ft.Button(_("Join"), icon=ft.Icons.LOGIN, on_click=join),
                ft.OutlinedButton(
                    _("Scan the code"),
                    icon=ft.Icons.QR_CODE_SCANNER,
                    on_click=lambda _e: page.navigate(addresses.SCAN),
                ),
            ],
            wrap=True,
        ),
    ]
