"""gadget team, campaign, export and import: a team's campaign from a terminal."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from gadget.cli.io import Parser, read_input

if TYPE_CHECKING:
    from gadget.services.campaign import CampaignView


def add_commands(commands: Any) -> None:
    """team, campaign, export and import."""
    team = commands.add_parser("team", help="add, list or invite to teams")
    teams = team.add_subparsers(dest="team_command", required=True, parser_class=Parser)
    add = teams.add_parser("add", help="a new team on the shipped mission map")
    add.add_argument("name")
    add.add_argument("--players", default="", help='names, e.g. "Ann,Ben"')
    add.set_defaults(run=add_team)
    teams.add_parser("list", help="every team").set_defaults(run=list_teams)
    invite = teams.add_parser("invite", help="the link that lets a phone into the team")
    invite.add_argument("name")
    invite.add_argument(
        "--address", default="", help="the app's address, e.g. http://192.168.1.20:8550"
    )
    invite.set_defaults(run=invite_link)

    campaign = commands.add_parser("campaign", help="a team's mission map")
    campaigns = campaign.add_subparsers(dest="campaign_command", required=True, parser_class=Parser)
    show = campaigns.add_parser("show", help="every mission: parameters, state, attempts")
    show.add_argument("team")
    show.add_argument("--json", action="store_true", help="print a JSON object")
    show.set_defaults(run=show_campaign)
    record = campaigns.add_parser("record", help="record a finished game played elsewhere")
    record.add_argument("team")
    record.add_argument("mission")
    record.add_argument("--log", required=True, help="its gadget-game/1 file, or -")
    record.set_defaults(run=record_game)

    export = commands.add_parser("export", help="a team's backup on standard output")
    export.add_argument("team")
    export.set_defaults(run=export_backup)
    import_command = commands.add_parser("import", help="bring back a team from its backup")
    import_command.add_argument("file", help="a gadget-team/1 file, or -")
    import_command.add_argument("--as", dest="rename", help="import under another team name")
    import_command.set_defaults(run=import_backup)


# The database loads only when one of these runs: `gadget new` stays quick.
# ruff: noqa: PLC0415


def add_team(args: argparse.Namespace) -> str:
    """A new team on the shipped map (no phone yet: `team invite` brings one in)."""
    from gadget.store import Store

    team = Store().add_team(args.name, args.players.split(","))
    return f"added team {team.name}" + (f" ({', '.join(team.players)})" if team.players else "")


def list_teams(_: argparse.Namespace) -> str:
    """Every team of the server, with its players."""
    from gadget.store import Store

    lines = [f"{t.name}: {', '.join(t.players) or 'no players named'}" for t in Store().teams()]
    return "\n".join(lines) or 'no teams yet: gadget team add NAME --players "Ann,Ben"'


def invite_link(args: argparse.Namespace) -> str:
    """The team's invite link: a phone that opens it joins the team."""
    from gadget.store import Store

    team = Store().team(args.name)
    return (
        f"{args.address.rstrip('/')}/invite/{team.invite}\n"
        f"A phone that opens this link joins {team.name}; share it only with the team."
    )


def show_campaign(args: argparse.Namespace) -> str:
    """Every mission of the team's map with its state and the team's record."""
    from gadget.services.campaign import campaign_view
    from gadget.store import Store

    view = campaign_view(Store(), args.team)
    if args.json:
        return json.dumps(campaign_json(view), indent=1)
    return campaign_text(view)


def record_game(args: argparse.Namespace) -> str:
    """A finished game played elsewhere, counted for a mission."""
    from gadget.services.campaign import record_played_elsewhere
    from gadget.store import Store

    recorded = record_played_elsewhere(Store(), args.team, args.mission, read_input(args.log))
    attempt = recorded.attempt
    result = f"won, score {attempt.score}" if attempt.won else f"lost ({attempt.reason})"
    names = [mission.name for mission in recorded.opened]
    return f"recorded: {result}" + (f"; now open: {', '.join(names)}" if names else "")


def export_backup(args: argparse.Namespace) -> str:
    """The whole team as a gadget-team/1 document."""
    from gadget.services.backup import export_team
    from gadget.store import Store

    return json.dumps(export_team(Store(), args.team), indent=1, ensure_ascii=False)


def import_backup(args: argparse.Namespace) -> str:
    """A team from its backup: all of it, or nothing."""
    from gadget.services.backup import import_team
    from gadget.store import Store

    team = import_team(Store(), read_input(args.file), rename=args.rename)
    return f"imported team {team.name}"


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
    from_rulebook = view.mission_map.rulebook_lines
    rows += [
        "",
        f"Lines: {from_rulebook} from the rule book,"
        f" {len(view.mission_map.lines) - from_rulebook} reconstructed or added"
        " (the printed map is a picture; gadget map import replaces them).",
        "Open now: " + (", ".join(m.name for m in view.open_missions) or "none"),
    ]
    return "\n".join(rows)
