"""gadget map export and import: the mission map as a file a team can correct."""

from __future__ import annotations

import argparse
from typing import Any

from gadget.cli.io import Parser, _, ngettext, read_input, say, write_output
from gadget.engine.errors import Message
from gadget.missions import default_map, parse_map


def add_commands(commands: Any) -> None:
    """map export and map import."""
    maps = commands.add_parser("map", help=_("export or import a mission map"))
    actions = maps.add_subparsers(dest="map_command", required=True, parser_class=Parser)
    export = actions.add_parser("export", help=_("write a map (the team's, or the shipped one)"))
    export.add_argument("file", help=_("where to write it, or - for standard output"))
    export.add_argument("--team", help=_("the map this team plays on"))
    export.set_defaults(run=export_map)
    import_command = actions.add_parser("import", help=_("check a map file and give it to a team"))
    import_command.add_argument("file", help=_("a mission-map/1 file, or -"))
    import_command.add_argument("--team", help=_("the team that plays on it from now on"))
    import_command.set_defaults(run=import_map)


def export_map(args: argparse.Namespace) -> str:
    """The shipped map, or the one a team plays on, as a file's text."""
    if args.team is not None:  # --team "" names a team too (none has that name)
        from gadget.store import Store  # noqa: PLC0415  (the database loads only when used)

        store = Store()
        text = store.mission_map(store.team(args.team).map_id).to_json()
    else:
        text = default_map().to_json()
    if args.file == "-":
        return text.rstrip("\n")
    write_output(args.file, text)
    return _("wrote {file}").format(file=args.file)


def import_map(args: argparse.Namespace) -> str:
    """Check a map file (every problem named); with --team, the team plays on it."""
    mission_map = parse_map(read_input(args.file))
    if args.team is None:
        missions = len(mission_map.missions)
        return ngettext(
            "{file}: a valid map, {count} mission (name a --team to use it)",
            "{file}: a valid map, {count} missions (name a --team to use it)",
            missions,
        ).format(file=args.file, count=missions)
    from gadget.store import Store  # noqa: PLC0415

    store = Store()
    team = store.team(args.team)
    store.update_team(team.id, map_id=store.add_map(mission_map, team.id))
    return say(Message("team {team} now plays on {map!r}", team=team.name, map=mission_map.name))
