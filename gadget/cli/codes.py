"""gadget new, keycard and replay: codes, cards and game logs (the engine alone)."""

from __future__ import annotations

import argparse
import json
import secrets
from typing import Any

from gadget.cli.io import UsageError, _, read_input
from gadget.engine import (
    Deal,
    GameLogError,
    Player,
    ShareCode,
    parse_game_log,
    render_grid,
    replay,
)
from gadget.engine import summary as replay_summary
from gadget.engine.sharecode import DEAL_SEED_BITS
from gadget.engine.state import MAX_TOKENS


def add_commands(commands: Any) -> None:
    """new, keycard and replay."""
    new = commands.add_parser(
        "new", help=_("deal a new game: side A for you, and the share code for side B")
    )
    new.add_argument("--tokens", type=int, default=9, help=_("timer tokens in the bank (9)"))
    new.add_argument(
        "--mistakes", type=int, default=None, help=_("tokens bystander side up (all of them)")
    )
    new.add_argument("--json", action="store_true", help=_("print a JSON object"))
    new.set_defaults(run=new_code)

    keycard = commands.add_parser("keycard", help=_("show side B, the side a share code makes"))
    keycard.add_argument("code", help=_("a share code, e.g. 2ABCD-EFGH7"))
    keycard.add_argument("--side", choices=["a", "b"], default="b", help=_("b (a code makes B)"))
    keycard.add_argument("--json", action="store_true", help=_("print a JSON object"))
    keycard.set_defaults(run=show_keycard)

    replay_command = commands.add_parser("replay", help=_("replay a game log and print its state"))
    replay_command.add_argument("file", help=_("a gadget-game/1 file, or - for standard input"))
    replay_command.set_defaults(run=replay_log)


def new_code(args: argparse.Namespace) -> str:
    """A fresh deal with the bank asked for: side A for the dealer, who reads it here once
    (nothing keeps it), and the code that makes side B."""
    mistakes = args.tokens if args.mistakes is None else args.mistakes
    if not 1 <= args.tokens <= MAX_TOKENS:
        raise UsageError(
            "--tokens {tokens} is outside 1..{max_tokens}",
            tokens=args.tokens,
            max_tokens=MAX_TOKENS,
        )
    if not 0 <= mistakes <= args.tokens:
        raise UsageError(
            "--mistakes {mistakes} is outside 0..{tokens} (the tokens)",
            mistakes=mistakes,
            tokens=args.tokens,
        )
    deal = Deal(secrets.randbits(DEAL_SEED_BITS), tokens=args.tokens, mistakes=mistakes)
    code, side_a = deal.code, deal.key_card().seen_from(Player.A)
    if args.json:
        return json.dumps(
            {
                "code": code.text,
                "tokens": code.tokens,
                "mistakes": code.mistakes,
                "side": Player.A.value,
                "grid": side_a,
            }
        )
    return "\n".join(
        [code.text, "", _("Side A, yours (the code makes side B):"), render_grid(side_a)]
    )


def show_keycard(args: argparse.Namespace) -> str:
    """Side B of a code's card, as its player sees it: a code makes no other side."""
    code = ShareCode.parse(args.code)
    if args.side != Player.B.value:
        raise UsageError(
            "a share code makes side B only: side A is shown where the card was dealt"
            " (gadget new shows it once)"
        )
    player = Player.B
    grid = code.seen_from_b()
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


def replay_log(args: argparse.Namespace) -> str:
    """The state a game log leads to, as game-log.md specifies it."""
    text = read_input(args.file)
    try:
        log = parse_game_log(text)
    except GameLogError as wrong:
        name = _("standard input") if args.file == "-" else args.file
        raise UsageError("{name}: {wrong}", name=name, wrong=wrong) from None
    return json.dumps(replay_summary(replay(log)), indent=2)
