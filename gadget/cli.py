"""The `gadget` command: codes, key cards, replays, teams and campaigns, backups, the server."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from gadget.engine import (
    GameLogError,
    Player,
    ShareCode,
    parse_game_log,
    render_grid,
    replay,
    summary,
)
from gadget.engine.sharecode import MAX_TOKENS, SEED_BITS


class UsageError(Exception):
    """Words on the command line that the parser cannot take."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line and exit status 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gadget", description="A companion for Codenames: Duet.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    new = commands.add_parser("new", help="deal a new game and print its share code")
    new.add_argument("--tokens", type=int, default=9, help="timer tokens in the bank (9)")
    new.add_argument(
        "--mistakes", type=int, default=None, help="tokens bystander side up (all of them)"
    )
    new.add_argument("--json", action="store_true", help="print a JSON object")

    keycard = commands.add_parser("keycard", help="show one side of a code's key card")
    keycard.add_argument("code", help="a share code, e.g. 1ABC-DEFG-HJK7")
    keycard.add_argument("--side", choices=["a", "b"], required=True)
    keycard.add_argument("--json", action="store_true", help="print a JSON object")

    replay_cmd = commands.add_parser("replay", help="replay a game log and print its state")
    replay_cmd.add_argument("file", help="a gadget-game/1 file, or - for standard input")

    seats = commands.add_parser("seats", help="a game's sides, when every phone was lost")
    seats_commands = seats.add_subparsers(dest="seats_command", required=True, parser_class=_Parser)
    release = seats_commands.add_parser(
        "release", help="free a game's sides so new phones can take them (the log is kept)"
    )
    release.add_argument("code", help="the game's share code")
    release.add_argument("--side", choices=["a", "b"], help="only this side (both)")
    _add_campaign_commands(commands)
    _add_print_commands(commands)

    serve = commands.add_parser("serve", help="serve the app to phones on this network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (all)")
    serve.add_argument("--port", type=int, default=8550, help="port (8550)")
    return parser


def _add_campaign_commands(commands: Any) -> None:
    """team, campaign, export, import and map."""
    team = commands.add_parser("team", help="add or list teams").add_subparsers(
        dest="team_command", required=True, parser_class=_Parser
    )
    team_add = team.add_parser("add", help="a new team on the shipped mission map")
    team_add.add_argument("name")
    team_add.add_argument("--players", default="", help='names, e.g. "Ann,Ben"')
    team.add_parser("list", help="every team")
    invite = team.add_parser("invite", help="the link that lets a phone into the team")
    invite.add_argument("name")
    invite.add_argument(
        "--address", default="", help="the app's address, e.g. http://192.168.1.20:8550"
    )

    campaign = commands.add_parser("campaign", help="a team's mission map").add_subparsers(
        dest="campaign_command", required=True, parser_class=_Parser
    )
    show = campaign.add_parser("show", help="every mission: parameters, state, attempts")
    show.add_argument("team")
    show.add_argument("--json", action="store_true", help="print a JSON object")
    record = campaign.add_parser("record", help="record a finished game played elsewhere")
    record.add_argument("team")
    record.add_argument("mission")
    record.add_argument("--log", required=True, help="its gadget-game/1 file, or -")

    export = commands.add_parser("export", help="a team's backup on standard output")
    export.add_argument("team")
    import_cmd = commands.add_parser("import", help="bring back a team from its backup")
    import_cmd.add_argument("file", help="a gadget-team/1 file, or -")
    import_cmd.add_argument("--as", dest="rename", help="import under another team name")

    maps = commands.add_parser("map", help="export or import a mission map").add_subparsers(
        dest="map_command", required=True, parser_class=_Parser
    )
    map_export = maps.add_parser("export", help="write a map (the team's, or the shipped one)")
    map_export.add_argument("file", help="where to write it, or - for standard output")
    map_export.add_argument("--team", help="the map this team plays on")
    map_import = maps.add_parser("import", help="check a map file and give it to a team")
    map_import.add_argument("file", help="a mission-map/1 file, or -")
    map_import.add_argument("--team", help="the team that plays on it from now on")


def _add_print_commands(commands: Any) -> None:
    """print map, print booklet and print keycards."""
    printing = commands.add_parser("print", help="PDFs: a map, booklets, key cards")
    prints = printing.add_subparsers(dest="print_command", required=True, parser_class=_Parser)
    print_map = prints.add_parser("map", help="a spare mission map like the printed pad")
    print_map.add_argument("--team", help="mark this team's completed missions")
    print_map.add_argument("--size", default="a4", choices=["a4", "letter"])
    print_map.add_argument("-o", "--output", required=True, help="the PDF to write")
    booklet = prints.add_parser("booklet", help="play-by-paper booklets, one per player")
    booklet.add_argument("--games", type=int, required=True, help="how many games")
    booklet.add_argument("--seed", type=int, help="the same seed prints the same games")
    booklet.add_argument("--lang", default="en", choices=["en", "fr"], help="the words' language")
    booklet.add_argument("-o", "--output", required=True, help="the PDF to write")
    keycards = prints.add_parser("keycards", help="tent-fold key cards for players without phones")
    keycards.add_argument("--games", type=int, required=True, help="how many cards")
    keycards.add_argument("--seed", type=int, help="the same seed prints the same cards")
    keycards.add_argument("-o", "--output", required=True, help="the PDF to write")


def _new(args: argparse.Namespace) -> str:
    mistakes = args.tokens if args.mistakes is None else args.mistakes
    if not 1 <= args.tokens <= MAX_TOKENS:
        raise UsageError(f"--tokens {args.tokens} is outside 1..{MAX_TOKENS}")
    if not 0 <= mistakes <= args.tokens:
        raise UsageError(f"--mistakes {mistakes} is outside 0..{args.tokens} (the tokens)")
    code = ShareCode(seed=secrets.randbits(SEED_BITS), tokens=args.tokens, mistakes=mistakes)
    if args.json:
        return json.dumps({"code": code.text, "tokens": code.tokens, "mistakes": code.mistakes})
    return code.text


def _keycard(args: argparse.Namespace) -> str:
    code = ShareCode.parse(args.code)
    player = Player(args.side)
    grid = code.key_card().seen_from(player)
    if args.json:
        return json.dumps(
            {
                "code": code.text,
                "side": player.value,
                "grid": grid,
                "tokens": code.tokens,
                "mistakes": code.mistakes,
            }
        )
    return render_grid(grid)


def read_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a folder, not a game log") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except OSError as failed:
        raise UsageError(f"{path}: {failed.strerror}") from None


def _replay(args: argparse.Namespace) -> str:
    text = read_input(args.file)
    try:
        log = parse_game_log(text)
    except GameLogError as wrong:
        name = "standard input" if args.file == "-" else args.file
        raise UsageError(f"{name}: {wrong}") from None
    return json.dumps(summary(replay(log)), indent=2)


def write_output(path: str, text: str) -> None:
    """Write text to a file, or say in one line why it could not be written."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str, data: bytes) -> None:
    """Write a file, or say in one line why it could not be written."""
    try:
        with open(path, "wb") as file:
            file.write(data)
    except OSError as failed:
        raise UsageError(f"{path}: {failed.strerror}") from None


def _serve(args: argparse.Namespace) -> str:
    # Flet loads only for the one command that needs it: the others stay quick.
    from gadget.views.app import serve  # noqa: PLC0415

    serve(host=args.host, port=args.port)
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; bad input of any kind is one line on standard error and exit status 2."""
    try:
        args = _parser().parse_args(argv)
        handlers = {"new": _new, "keycard": _keycard, "replay": _replay, "serve": _serve}
        if args.command in handlers:
            output = handlers[args.command](args)
        else:
            # The database and print commands load their libraries only when one of them runs.
            from gadget.cli_campaign import COMMANDS  # noqa: PLC0415

            output = COMMANDS[args.command](args)
    except (UsageError, ValueError) as wrong:
        # Every refusal of the engine, missions, store and services is a ValueError with a
        # message meant for the player.
        print(f"gadget: {_one_line(wrong)}", file=sys.stderr)
        return 2
    except Exception as bug:  # a bug, not bad input: still one line, and its own status
        print(
            f"gadget: unexpected error ({type(bug).__name__}: {_one_line(bug)});"
            " nothing was changed that had not been saved; please report it",
            file=sys.stderr,
        )
        return 70
    if output:
        print(output)
    return 0


def _one_line(error: BaseException) -> str:
    """A message on one line, whatever the input put in it."""
    return " ".join(str(error).split())[:500]


if __name__ == "__main__":
    sys.exit(main())
