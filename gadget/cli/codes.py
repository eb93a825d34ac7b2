"""gadget new, keycard and replay: codes, cards and game logs (the engine alone), for Duet and
for the classic and Pictures cards."""

from __future__ import annotations

import argparse
import json
import secrets
from typing import Any

from gadget.cli.io import UsageError, _, read_input, whole_number
from gadget.engine import (
    Deal,
    GameLogError,
    Player,
    parse_game_log,
    render_grid,
    replay,
)
from gadget.engine import summary as replay_summary
from gadget.engine.classic import ClassicCard, Game, Team, deal, parse_any
from gadget.engine.sharecode import DEAL_SEED_BITS, GAME_NAMES
from gadget.engine.state import MAX_TOKENS
from gadget.engine.words import shipped_words

DUET = "duet"
GAMES = (DUET, *(game.value for game in Game))  # --game's choices: Duet first, the default


def add_commands(commands: Any) -> None:
    """new, keycard and replay."""
    new = commands.add_parser(
        "new", help=_("deal a new game: side A for you, and the share code for side B")
    )
    new.add_argument(
        "--game",
        choices=GAMES,
        default=DUET,
        help=_("duet (side A and a code for side B), classic or pictures (the one key card)"),
    )
    new.add_argument(
        "--tokens", type=whole_number, default=None, help=_("timer tokens in the bank (9)")
    )
    new.add_argument(
        "--mistakes",
        type=whole_number,
        default=None,
        help=_("tokens bystander side up (all of them)"),
    )
    new.add_argument("--json", action="store_true", help=_("print a JSON object"))
    new.set_defaults(run=new_code)

    keycard = commands.add_parser(
        "keycard",
        help=_("show the card a code makes: a Duet code's side B, or a classic or Pictures card"),
    )
    keycard.add_argument("code", help=_("a share code, e.g. 2ABCD-EFGH7"))
    keycard.add_argument("--side", choices=["a", "b"], default=None, help=_("b (a code makes B)"))
    keycard.add_argument("--json", action="store_true", help=_("print a JSON object"))
    keycard.set_defaults(run=show_keycard)

    replay_command = commands.add_parser("replay", help=_("replay a game log and print its state"))
    replay_command.add_argument("file", help=_("a gadget-game/1 file, or - for standard input"))
    replay_command.set_defaults(run=replay_log)


def new_code(args: argparse.Namespace) -> str:
    """A fresh deal with the bank asked for: side A for the dealer, who reads it here once
    (nothing keeps it), and the code that makes side B; a classic or Pictures deal is its one
    card and the code that makes it again."""
    if args.game != DUET:
        return _new_classic(Game(args.game), args)
    tokens = 9 if args.tokens is None else args.tokens
    mistakes = tokens if args.mistakes is None else args.mistakes
    if not 1 <= tokens <= MAX_TOKENS:
        raise UsageError(
            "--tokens {tokens} is outside 1..{max_tokens}",
            tokens=tokens,
            max_tokens=MAX_TOKENS,
        )
    if not 0 <= mistakes <= tokens:
        raise UsageError(
            "--mistakes {mistakes} is outside 0..{tokens} (the tokens)",
            mistakes=mistakes,
            tokens=tokens,
        )
    deal = Deal(secrets.randbits(DEAL_SEED_BITS), tokens=tokens, mistakes=mistakes)
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
    """Side B of a Duet code's card, as its player sees it (a code makes no other side), or
    the one card a classic or Pictures code makes."""
    code = parse_any(args.code)  # a typo refused here, whatever the game
    if isinstance(code, ClassicCard):
        if args.side is not None:
            raise UsageError(
                "a {game} code makes the one card both spymasters see: it has no sides",
                game=GAME_NAMES[code.game.value],
            )
        return _classic_output(code, args.json)
    if args.side not in (None, Player.B.value):
        raise UsageError(
            "a share code makes side B only: side A is shown where the card was dealt"
            " (gadget new shows it once)"
        )
    player = Player.B
    grid = code.seen_from_b()
    # A shipped list's words come from the code; a custom list's came with its link.
    words = (
        shipped_words(code.words).seen_by(seat_is_a=False)
        if code.words is not None and not code.words.is_custom
        else None
    )
    if args.json:
        shown: dict[str, object] = {
            "code": code.text,
            "side": player.value,
            "grid": grid,
            "tokens": code.tokens,
            "mistakes": code.mistakes,
        }
        if words is not None:
            shown["words"] = list(words)
        return json.dumps(shown, ensure_ascii=False)
    if words is None:
        return render_grid(grid)
    width = max(len(word) for word in words) + 2
    rows = (
        "".join(f"{grid[cell]} {words[cell].upper():<{width}}" for cell in range(r, r + 5)).rstrip()
        for r in range(0, 25, 5)
    )
    return "\n".join(rows)


def _new_classic(game: Game, args: argparse.Namespace) -> str:
    """A classic or Pictures card dealt from a fresh seed: the bank's options are Duet's."""
    for option, value in (("--tokens", args.tokens), ("--mistakes", args.mistakes)):
        if value is not None:
            raise UsageError(
                "{option} sets Codenames: Duet's time bank; {game} has none",
                option=option,
                game=GAME_NAMES[game],
            )
    return _classic_output(deal(game, secrets.randbits(64)), args.json)


def _classic_output(card: ClassicCard, as_json: bool) -> str:
    """The card as the spymasters read it: its code, the team that starts, its rows (the row
    furthest from them first) and what each letter means; or the same as a JSON object."""
    rows = card.rows()
    if as_json:
        return json.dumps(
            {"code": card.code, "game": card.game.value, "starting": card.starting.value,
             "rows": rows}
        )  # fmt: skip
    title = (
        _("Classic Codenames key card")
        if card.game is Game.CLASSIC
        else _("Codenames Pictures key card")
    )
    counts = {"starting": card.layout.starting_agents, "other": card.layout.other_agents}
    starts = (
        _("The red team starts: {starting} red agents, {other} blue agents.")
        if card.starting is Team.RED
        else _("The blue team starts: {starting} blue agents, {other} red agents.")
    ).format(**counts)
    legend = _("R red agent   B blue agent   - bystander   X assassin")
    grid = [" ".join(row) for row in rows]
    return "\n".join([card.code, "", title, starts, *grid, "", legend])


def replay_log(args: argparse.Namespace) -> str:
    """The state a game log leads to, as game-log.md specifies it."""
    text = read_input(args.file)
    try:
        log = parse_game_log(text)
    except GameLogError as wrong:
        name = _("standard input") if args.file == "-" else args.file
        raise UsageError("{name}: {wrong}", name=name, wrong=wrong) from None
    return json.dumps(replay_summary(replay(log)), indent=2)
