"""Who played a finished game, as its history lines show it: each side's phones by the names
their players gave them (the game of more than two, or two phones named)."""

from __future__ import annotations

import flet as ft

from gadget.services.records import Attempt
from gadget.views.parts.language import _


def sides_line(attempt: Attempt) -> list[ft.Control]:
    """Who played, when the game kept its phones' names and any was given: "Side A: Ann,
    Ben · Side B: Cy, a phone" (a phone whose player gave no name)."""
    if attempt.sides is None or not any(name for names in attempt.sides.values() for name in names):
        return []
    said = [
        _("Side {side}: {names}").format(
            side=side.value.upper(),
            names=", ".join(name or _("a phone") for name in names),
        )
        for side, names in sorted(attempt.sides.items())
    ]
    return [ft.Text(" · ".join(said), size=14)]
