"""The commands of `gadget` that need the store or the PDF library: teams, campaigns,
backups, maps and printing."""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable

from gadget.cli import read_input, write_bytes, write_output
from gadget.engine import Player, ShareCode
from gadget.missions import default_map, parse_map
from gadget.services.backup import export_team, import_team
from gadget.services.campaign import CampaignView, campaign_view, record_played_elsewhere
from gadget.services.printing.paper import print_booklets, print_keycards, print_map
from gadget.store import Store


def _team(args: argparse.Namespace) -> str:
    store = Store()
    if args.team_command == "invite":
        team = store.team(args.name)
        return (
            f"{args.address.rstrip('/')}/invite/{team.invite}\n"
            f"A phone that opens this link joins {team.name}; share it only with the team."
        )
    if args.team_command == "add":
        team = store.add_team(args.name, args.players.split(","))
        return f"added team {team.name}" + (f" ({', '.join(team.players)})" if team.players else "")
    lines = [f"{t.name}: {', '.join(t.players) or 'no players named'}" for t in store.teams()]
    return "\n".join(lines) or 'no teams yet: gadget team add NAME --players "Ann,Ben"'


def _seats(args: argparse.Namespace) -> str:
    store = Store()
    code = ShareCode.parse(args.code)
    game = store.game_by_code(code.text)
    if game is None:
        return f"no game dealt with {code.text} on this server"
    sides = (Player(args.side),) if args.side else tuple(Player)
    freed = store.release_seats(game.id, sides)
    if not freed:
        return f"no phone held {' or '.join(s.value.upper() for s in sides)} in {code.text}"
    names = " and ".join(f"side {side.value.upper()}" for side in freed)
    return (
        f"freed {names} of the game dealt with {code.text}: open its join link on the new"
        " phones (the first takes side B; the other asks for A, and B allows it)"
    )


def _campaign(args: argparse.Namespace) -> str:
    store = Store()
    if args.campaign_command == "record":
        recorded = record_played_elsewhere(store, args.team, args.mission, read_input(args.log))
        attempt = recorded.attempt
        result = f"won, score {attempt.score}" if attempt.won else f"lost ({attempt.reason})"
        names = [mission.name for mission in recorded.opened]
        return f"recorded: {result}" + (f"; now open: {', '.join(names)}" if names else "")
    view = campaign_view(store, args.team)
    if args.json:
        return json.dumps(campaign_json(view), indent=1)
    return campaign_text(view)


def campaign_json(view: CampaignView) -> dict[str, object]:
    """The campaign as `campaign show --json` prints it."""
    return {
        "team": view.team.name,
        "players": list(view.team.players),
        "map": view.mission_map.name,
        "missions": [
            {
                "id": card.mission.id,
                "name": card.mission.name,
                "turns": card.mission.turns,
                "mistakes": card.mission.mistakes,
                "state": card.state.value,
                "attempts": card.stats.attempts if card.stats else 0,
                "wins": card.stats.wins if card.stats else 0,
                "best_score": card.stats.best_score if card.stats else None,
                "average_score": card.stats.average_score if card.stats else None,
                "last_played": card.stats.last_played.isoformat()
                if card.stats and card.stats.last_played
                else None,
            }
            for card in view.cards
        ],
        "lines": [
            {"a": line.a, "b": line.b, "source": line.source} for line in view.mission_map.lines
        ],
    }


def campaign_text(view: CampaignView) -> str:
    """The campaign as a table a person reads."""
    players = f" ({', '.join(view.team.players)})" if view.team.players else ""
    rows = [f"{view.team.name}{players}, on the map {view.mission_map.name!r}", ""]
    rows.append(f"{'mission':<16}{'T-M':<7}{'state':<11}{'attempts':>8}{'wins':>6}{'best':>6}")
    for card in view.cards:
        stats = card.stats
        best = "" if not stats or stats.best_score is None else str(stats.best_score)
        rows.append(
            f"{card.mission.name:<16}{card.mission.parameters:<7}{card.state.value:<11}"
            f"{stats.attempts if stats else 0:>8}{stats.wins if stats else 0:>6}{best:>6}"
        )
    from_rulebook = sum(line.from_rulebook for line in view.mission_map.lines)
    rows += [
        "",
        f"Lines: {from_rulebook} from the rule book,"
        f" {len(view.mission_map.lines) - from_rulebook} reconstructed or added"
        " (the printed map is a picture; gadget map import replaces them).",
        "Open now: " + (", ".join(m.name for m in view.open_missions) or "none"),
    ]
    return "\n".join(rows)


def _export(args: argparse.Namespace) -> str:
    return json.dumps(export_team(Store(), args.team), indent=1, ensure_ascii=False)


def _import(args: argparse.Namespace) -> str:
    team = import_team(Store(), read_input(args.file), rename=args.rename)
    return f"imported team {team.name}"


def _map(args: argparse.Namespace) -> str:
    if args.map_command == "export":
        if args.team:
            store = Store()
            text = store.mission_map(store.team(args.team).map_id).to_json()
        else:
            text = default_map().to_json()
        if args.file == "-":
            return text.rstrip("\n")
        write_output(args.file, text)
        return f"wrote {args.file}"
    mission_map = parse_map(read_input(args.file))
    if not args.team:
        missions = len(mission_map.missions)
        return f"{args.file}: a valid map, {missions} missions (name a --team to use it)"
    store = Store()
    team = store.team(args.team)
    store.update_team(team.id, map_id=store.add_map(mission_map, team.id))
    return f"team {team.name} now plays on {mission_map.name!r}"


def _print(args: argparse.Namespace) -> str:
    if args.print_command == "map":
        if args.team:
            store = Store()
            team = store.team(args.team)
            pdf = print_map(
                store.mission_map(team.map_id), args.size, team.name, store.completed(team.id)
            )
        else:
            pdf = print_map(default_map(), args.size)
        write_bytes(args.output, pdf)
        return f"wrote {args.output}"
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    if args.print_command == "booklet":
        pdf = print_booklets(seed, args.games, args.lang)
    else:
        pdf = print_keycards(seed, args.games)
    write_bytes(args.output, pdf)
    return f"wrote {args.output} (seed {seed})"


COMMANDS: dict[str, Callable[[argparse.Namespace], str]] = {
    "seats": _seats,
    "print": _print,
    "team": _team,
    "campaign": _campaign,
    "export": _export,
    "import": _import,
    "map": _map,
}
