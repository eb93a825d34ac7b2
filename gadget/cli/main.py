"""The `gadget` command: every group's parser, and bad input as one line."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gadget.cli import codes, maps, paper, seats, server, teams
from gadget.cli.io import Parser, _, one_line, speak
from gadget.engine import GadgetError
from gadget.language import from_environment

GROUPS = (codes, teams, maps, paper, seats, server)


def parser() -> Parser:
    """Every command of every group (each group's parser lives beside its handlers)."""
    top = Parser(prog="gadget", description=_("A companion for Codenames: Duet."))
    commands = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    for group in GROUPS:
        group.add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; bad input of any kind is one line on standard error and exit 2, and
    a bug is one line too, with exit 70 (never a traceback)."""
    speak(from_environment())
    try:
        args = parser().parse_args(argv)
        output = args.run(args)
    except GadgetError as wrong:  # every refusal meant for a player, UsageError included
        print(f"gadget: {one_line(wrong)}", file=sys.stderr)
        return 2
    except Exception as bug:
        print(
            _(
                "gadget: unexpected error ({kind}: {error}); nothing was changed that had not"
                " been saved; please report it"
            ).format(kind=type(bug).__name__, error=one_line(bug)),
            file=sys.stderr,
        )
        return 70
    if output:
        print(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
