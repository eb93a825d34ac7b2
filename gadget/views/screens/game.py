"""/game/<public id>: the game the address names, on this phone."""

from __future__ import annotations

import flet as ft

from gadget.services import addresses
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Loading, keyed, use_lookup
from gadget.views.parts.language import _
from gadget.views.parts.layout import loading
from gadget.views.served.game_parts import NoSuchGame
from gadget.views.served.seated_game import SeatedGame
from gadget.views.served.table_context import use_table


@component
def GameRoute() -> ft.Control:
    """/game/<public id>: this phone's side of a game, whichever side it holds."""
    table = use_table()
    public_id = ft.use_route_params().get(addresses.GAME, "")
    game = use_lookup(lambda: table.game_at(public_id), [public_id])
    if isinstance(game, Loading):
        return loading(_("Opening the game"))
    if game is None:
        return NoSuchGame()
    return keyed(SeatedGame, game.public_id, game.id)
