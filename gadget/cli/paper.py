"""gadget print map, booklet and keycards: the PDFs."""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from gadget.cli.io import Parser, write_bytes


def add_commands(commands: Any) -> None:
    """print map, print booklet and print keycards."""
    printing = commands.add_parser("print", help="PDFs: a map, booklets, key cards")
    prints = printing.add_subparsers(dest="print_command", required=True, parser_class=Parser)
    print_map = prints.add_parser("map", help="a spare mission map like the printed pad")
    print_map.add_argument("--team", help="mark this team's completed missions")
    print_map.add_argument("--size", default="a4", choices=["a4", "letter"])
    print_map.add_argument("-o", "--output", required=True, help="the PDF to write")
    print_map.set_defaults(run=map_pdf)
    booklet = prints.add_parser("booklet", help="play-by-paper booklets, one per player")
    booklet.add_argument("--games", type=int, required=True, help="how many games")
    booklet.add_argument("--seed", type=int, help="the same seed prints the same games")
    booklet.add_argument("--lang", default="en", choices=["en", "fr"], help="the words' language")
    booklet.add_argument("-o", "--output", required=True, help="the PDF to write")
    booklet.set_defaults(run=booklet_pdf)
    keycards = prints.add_parser("keycards", help="tent-fold key cards for players without phones")
    keycards.add_argument("--games", type=int, required=True, help="how many cards")
    keycards.add_argument("--seed", type=int, help="the same seed prints the same cards")
    keycards.add_argument("-o", "--output", required=True, help="the PDF to write")
    keycards.set_defaults(run=keycards_pdf)


# reportlab (and for a team, the database) load only when one of these runs.
# ruff: noqa: PLC0415


def map_pdf(args: argparse.Namespace) -> str:
    """A spare mission map, with a team's wins marked when one is named."""
    from gadget.missions import default_map
    from gadget.services.printing.map_pdf import print_map

    if args.team:
        from gadget.store import Store

        store = Store()
        team = store.team(args.team)
        pdf = print_map(
            store.mission_map(team.map_id), args.size, team.name, store.completed(team.id)
        )
    else:
        pdf = print_map(default_map(), args.size)
    write_bytes(args.output, pdf)
    return f"wrote {args.output}"


def booklet_pdf(args: argparse.Namespace) -> str:
    """Play-by-paper booklets: the same seed prints the same games."""
    from gadget.services.printing.booklets import print_booklets

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    write_bytes(args.output, print_booklets(seed, args.games, args.lang))
    return f"wrote {args.output} (seed {seed})"


def keycards_pdf(args: argparse.Namespace) -> str:
    """Tent-fold key cards: the same seed prints the same cards."""
    from gadget.services.printing.keycards import print_keycards

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    write_bytes(args.output, print_keycards(seed, args.games))
    return f"wrote {args.output} (seed {seed})"
