"""gadget seats release: the server owner's way out when every phone of a game was lost."""

from __future__ import annotations

import argparse
from typing import Any

from gadget.cli.io import Parser, _
from gadget.engine import Player, ShareCode


def add_commands(commands: Any) -> None:
    """seats release."""
    seats = commands.add_parser("seats", help=_("a game's sides, when every phone was lost"))
    actions = seats.add_subparsers(dest="seats_command", required=True, parser_class=Parser)
    release = actions.add_parser(
        "release", help=_("free a game's sides so new phones can take them (the log is kept)")
    )
    release.add_argument("code", help=_("the game's share code"))
    release.add_argument("--side", choices=["a", "b"], help=_("only this side (both)"))
    release.set_defaults(run=release_seats)


def release_seats(args: argparse.Namespace) -> str:
    """Free the sides of the game dealt with this code; its log is untouched."""
    from gadget.store import Store  # noqa: PLC0415  (the database loads only when used)

    code = ShareCode.parse(args.code)
    store = Store()
    game = store.game_by_side_b(code.side_b)
    if game is None:
        return _("no game dealt with {code} on this server").format(code=code.text)
    sides = (Player(args.side),) if args.side else tuple(Player)
    freed = store.release_seats(game.id, sides)
    if not freed:
        if len(sides) == 1:
            return _("no phone held {side} in {code}").format(
                side=sides[0].value.upper(), code=code.text
            )
        return _("no phone held A or B in {code}").format(code=code.text)
    if len(freed) == 1:
        return _(
            "freed side {side} of the game dealt with {code}: open its join link on the new"
            " phone, which asks for it; the partner's phone allows it"
        ).format(side=freed[0].value.upper(), code=code.text)
    return _(
        "freed sides A and B of the game dealt with {code}: open its join link on the new"
        " phones (the first takes side B; the other asks for A, and B allows it)"
    ).format(code=code.text)
