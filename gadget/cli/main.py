"""The `gadget` command: every group's parser, and bad input as one line."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Sequence

from gadget.cli import codes, maps, paper, partner, seats, server, teams
from gadget.cli.io import STANDARD_OUTPUT, Parser, UsageError, _, one_line, speak
from gadget.engine import GadgetError
from gadget.language import from_environment

GROUPS = (codes, teams, maps, paper, seats, server, partner)


def parser() -> Parser:
    """Every command of every group (each group's parser lives beside its handlers)."""
    top = Parser(
        prog="gadget",
        description=_("A companion for Codenames: Duet, and for classic Codenames and Pictures."),
    )
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
        return said(output)
    return 0


def said(output: str) -> int:
    """Print a command's output; standard output that cannot take it (a full disk, a pipe
    whose reader left, a closed descriptor) is one line and exit 2, never a traceback or a
    silent success (the output, a backup say, would be lost)."""
    try:
        if sys.stdout is None:  # closed by the shell (>&-): print would drop it silently
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        if isinstance(sys.stdout, io.TextIOWrapper):  # a file name of undecodable bytes, or
            sys.stdout.reconfigure(errors="backslashreplace")  # a name the locale cannot say
        print(output, flush=True)
    except OSError as failed:
        if sys.stdout is not None:  # what is left in its buffer goes nowhere at exit
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        wrong = UsageError("{path}: {strerror}", path=STANDARD_OUTPUT, strerror=failed.strerror)
        print(f"gadget: {one_line(wrong)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
