"""gadget team, campaign, export and import: a team's campaign from a terminal."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from gadget.cli.io import Parser, UsageError, _, read_input, say, spoken
from gadget.engine.errors import Message
from gadget.services import addresses
from gadget.services.words import LOSS_WORDS

if TYPE_CHECKING:
    from gadget.services.campaign import CampaignView


def add_commands(commands: Any) -> None:
    """team, campaign, export and import."""
    team = commands.add_parser("team", help=_("add, list or invite to teams"))
    teams = team.add_subparsers(dest="team_command", required=True, parser_class=Parser)
    add = teams.add_parser("add", help=_("a new team on the shipped mission map"))
    add.add_argument("name")
    add.add_argument("--players", default="", help=_('names, e.g. "Ann,Ben"'))
    add.set_defaults(run=add_team)
    teams.add_parser("list", help=_("every team")).set_defaults(run=list_teams)
    invite = teams.add_parser("invite", help=_("the link that lets a phone into the team"))
    invite.add_argument("name")
    invite.add_argument(
        "--address", default="", help=_("the app's address, e.g. http://192.168.1.20:8550")
    )
    invite.set_defaults(run=invite_link)

    campaign = commands.add_parser("campaign", help=_("a team's mission map"))
    campaigns = campaign.add_subparsers(dest="campaign_command", required=True, parser_class=Parser)
    show = campaigns.add_parser("show", help=_("every mission: parameters, state, attempts"))
    show.add_argument("team")
    show.add_argument("--json", action="store_true", help=_("print a JSON object"))
    show.set_defaults(run=show_campaign)
    record = campaigns.add_parser("record", help=_("record a finished game played elsewhere"))
    record.add_argument("team")
    record.add_argument("mission")
    record.add_argument("--log", required=True, help=_("its gadget-game/1 file, or -"))
    record.set_defaults(run=record_game)

    export = commands.add_parser("export", help=_("a team's backup on standard output"))
    export.add_argument("team")
    export.set_defaults(run=export_backup)
    import_command = commands.add_parser("import", help=_("bring back a team from its backup"))
    import_command.add_argument("file", help=_("a gadget-team/1 file, or -"))
    import_command.add_argument("--as", dest="rename", help=_("import under another team name"))
    import_command.set_defaults(run=import_backup)


# The database loads only when one of these runs: `gadget new` stays quick.
# ruff: noqa: PLC0415


def add_team(args: argparse.Namespace) -> str:
    """A new team on the shipped map (no phone yet: `team invite` brings one in)."""
    from gadget.store import Store

    team = Store().add_team(args.name, args.players.split(","))
    if team.players:
        return _("added team {team} ({players})").format(
            team=team.name, players=", ".join(team.players)
        )
    return _("added team {team}").format(team=team.name)


def list_teams(_args: argparse.Namespace) -> str:
    """Every team of the server, with its players."""
    from gadget.store import Store

    lines = [
        _("{team}: {players}").format(
            team=t.name, players=", ".join(t.players) or _("no players named")
        )
        for t in Store().teams()
    ]
    return "\n".join(lines) or _('no teams yet: gadget team add NAME --players "Ann,Ben"')


def invite_link(args: argparse.Namespace) -> str:
    """The team's invite link: a phone that opens it joins the team."""
    from gadget.store import Store

    address = app_address(args.address)
    team = Store().team(args.name)
    link = addresses.invite_link(address, team.invite)
    return (
        link
        + "\n"
        + _("A phone that opens this link joins {team}; share it only with the team.").format(
            team=team.name
        )
    )


def app_address(typed: str) -> str:
    """The app's address as --address gave it, without its last slash: empty (the link is
    then the path alone), or an http:// or https:// address (a link with anything else in
    it, such as a terminal's control characters, would not open on a phone)."""
    address = typed.rstrip("/")
    if not address:
        return ""
    try:
        parts = urlsplit(address)
        well_formed = parts.scheme in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018  (reading it checks it: a port past 65535 is refused here)
    except ValueError:
        well_formed = False
    if not well_formed or not address.isprintable() or " " in address:
        raise UsageError(
            "--address {address!r}: an http:// or https:// address, such as"
            " http://192.168.1.20:8550",
            address=typed,
        )
    return address


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
    reason = LOSS_WORDS.get(attempt.reason or "")
    result = (
        _("won, score {score}").format(score=attempt.score)
        if attempt.won
        else _("lost ({reason})").format(reason=say(reason) if reason else attempt.reason)
    )
    names = ", ".join(spoken().city(mission.name) for mission in recorded.opened)
    if names:
        return _("recorded: {result}; now open: {cities}").format(result=result, cities=names)
    return _("recorded: {result}").format(result=result)


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
    return _("imported team {team}").format(team=team.name)


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
    language = spoken()
    if view.team.players:
        title = say(
            Message(
                "{team} ({players}), on the map {map!r}",
                team=view.team.name,
                players=", ".join(view.team.players),
                map=language.pgettext("map", view.mission_map.name),
            )
        )
    else:
        title = say(
            Message(
                "{team}, on the map {map!r}",
                team=view.team.name,
                map=language.pgettext("map", view.mission_map.name),
            )
        )
    headers = (_("mission"), "T-M", _("state"), _("attempts"), _("wins"), _("best"))
    table = [
        (
            language.city(card.mission.name),
            card.mission.parameters,
            language.pgettext("mission", card.state.value),
            str(card.stats.attempts if card.stats else 0),
            str(card.stats.wins if card.stats else 0),
            "" if not card.stats or card.stats.best_score is None else str(card.stats.best_score),
        )
        for card in view.cards
    ]
    # Each column as wide as its longest cell and a space (a header may touch the column on
    # its left, which ends in spaces), and never narrower than the English table's.
    widths = [
        max(least, len(headers[i]), *(len(row[i]) + 1 for row in table))
        for i, least in enumerate((16, 7, 11, 8, 6, 6))
    ]
    rows = [title, ""]
    for row in (headers, *table):
        left = "".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=False))
        right = "".join(cell.rjust(width) for cell, width in zip(row[3:], widths[3:], strict=True))
        rows.append(left + right)
    from_rulebook = view.mission_map.rulebook_lines
    open_now = ", ".join(language.city(m.name) for m in view.open_missions)
    rows += [
        "",
        _(
            "Lines: {rulebook} from the rule book, {others} reconstructed or added (the printed"
            " map is a picture; gadget map import replaces them)."
        ).format(rulebook=from_rulebook, others=len(view.mission_map.lines) - from_rulebook),
        _("Open now: {cities}").format(cities=open_now) if open_now else _("Open now: none"),
    ]
    return "\n".join(rows)
