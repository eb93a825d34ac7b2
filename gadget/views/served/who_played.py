"""Who played a finished game, as its history lines show it: each side's phones by the names
their players gave them (the game of more than two, or two phones named), and the app when
it was the partner."""

from __future__ import annotations

import flet as ft

from gadget.engine import Player
from gadget.services.records import Attempt
from gadget.views.parts.language import _


def sides_line(attempt: Attempt) -> list[ft.Control]:
    """Who played, when the game kept its phones' names and any was given: "Side A: Ann,
    Ben · Side B: Cy, a phone" (a phone whose player gave no name); with the app as the
    partner, "Side B: the app" whatever else is said."""
    sides = dict(attempt.sides or {})
    if attempt.with_the_app:
        sides.pop(Player.B, None)
    named = any(name for names in sides.values() for name in names)
    if not named and not attempt.with_the_app:
        return []
    said = [
        _("Side {side}: {names}").format(
            side=side.value.upper(),
            names=", ".join(name or _("a phone") for name in names),
        )
        for side, names in sorted(sides.items())
        if named
    ]
    if attempt.with_the_app:
        said.append(_("Side {side}: {names}").format(side="B", names=_("the app")))
    return [ft.Text(" · ".join(said), size=14)]
