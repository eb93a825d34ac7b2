"""gadget print map, booklet and keycards: the PDFs."""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any

from gadget.cli.io import Parser, _, spoken, whole_number, write_bytes
from gadget.engine.classic import Game
from gadget.language import codes
from gadget.services.printing import WORD_LISTS, words_for

KEYCARD_GAMES = ("duet", *(game.value for game in Game))  # Duet first: the default


def add_commands(commands: Any) -> None:
    """print map, print booklet and print keycards."""
    printing = commands.add_parser("print", help=_("PDFs: a map, booklets, key cards"))
    prints = printing.add_subparsers(dest="print_command", required=True, parser_class=Parser)
    print_map = prints.add_parser("map", help=_("a spare mission map like the printed pad"))
    print_map.add_argument("--team", help=_("mark this team's completed missions"))
    print_map.add_argument("--size", default="a4", choices=["a4", "letter"])
    print_map.add_argument("-o", "--output", required=True, help=_("the PDF to write"))
    _language_option(print_map)
    print_map.set_defaults(run=map_pdf)
    booklet = prints.add_parser("booklet", help=_("play-by-paper booklets, one per player"))
    booklet.add_argument("--games", type=whole_number, required=True, help=_("how many games"))
    booklet.add_argument("--seed", type=whole_number, help=_("the same seed prints the same games"))
    _language_option(booklet)
    booklet.add_argument(
        "--words",
        choices=WORD_LISTS,
        help=_("the words' list (the paper's language when it has one)"),
    )
    booklet.add_argument("-o", "--output", required=True, help=_("the PDF to write"))
    booklet.set_defaults(run=booklet_pdf)
    keycards = prints.add_parser(
        "keycards", help=_("tent-fold key cards for players without phones")
    )
    keycards.add_argument(
        "--game",
        choices=KEYCARD_GAMES,
        default=KEYCARD_GAMES[0],
        help=_("duet (two sides), classic or pictures (the spymasters' card)"),
    )
    keycards.add_argument("--games", type=whole_number, required=True, help=_("how many cards"))
    keycards.add_argument(
        "--seed", type=whole_number, help=_("the same seed prints the same cards")
    )
    keycards.add_argument("-o", "--output", required=True, help=_("the PDF to write"))
    _language_option(keycards)
    keycards.set_defaults(run=keycards_pdf)


def _language_option(command: Any) -> None:
    """--lang: the paper's language (the command line's, from LANG, when not given)."""
    command.add_argument(
        "--lang", choices=codes(), help=_("the paper's language (as LANG says when not given)")
    )


# reportlab (and for a team, the database) load only when one of these runs.
# ruff: noqa: PLC0415


def map_pdf(args: argparse.Namespace) -> str:
    """A spare mission map, with a team's wins marked when one is named."""
    from gadget.missions import default_map
    from gadget.services.printing.map_pdf import print_map

    if args.team is not None:  # --team "" names a team too (none has that name)
        from gadget.store import Store

        store = Store()
        team = store.team(args.team)
        pdf = print_map(
            store.mission_map(team.map_id),
            args.size,
            team.name,
            store.completed(team.id),
            lang=args.lang or spoken().code,
        )
    else:
        pdf = print_map(default_map(), args.size, lang=args.lang or spoken().code)
    return _written(args.output, pdf, _("wrote {file}"))


def booklet_pdf(args: argparse.Namespace) -> str:
    """Play-by-paper booklets: the same seed prints the same games."""
    from gadget.services.printing.booklets import print_booklets

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    lang = args.lang or spoken().code
    words = args.words or words_for(lang)
    pdf = print_booklets(seed, args.games, words, lang)
    return _written(args.output, pdf, _("wrote {file} (seed {seed})"), seed=seed)


def keycards_pdf(args: argparse.Namespace) -> str:
    """Tent-fold key cards, Duet's or the classic game's: the same seed prints the same cards."""
    from gadget.services.printing.classic_keycards import print_classic_keycards
    from gadget.services.printing.keycards import print_keycards

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    lang = args.lang or spoken().code
    if args.game == KEYCARD_GAMES[0]:
        pdf = print_keycards(seed, args.games, lang)
    else:
        pdf = print_classic_keycards(Game(args.game), seed, args.games, lang)
    return _written(args.output, pdf, _("wrote {file} (seed {seed})"), seed=seed)


def _written(output: str, pdf: bytes, said: str, **values: object) -> str:
    """The PDF written, and what the command says of it: on standard error when the PDF went
    to standard output (-), so that the seed is not lost and the PDF stays whole."""
    write_bytes(output, pdf)
    if output != "-":
        return said.format(file=output, **values)
    if "seed" in values:
        told = _("the PDF went to standard output (seed {seed})").format(**values)
    else:
        told = _("the PDF went to standard output")
    print(told, file=sys.stderr)
    return ""
