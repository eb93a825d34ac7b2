"""What a command must do with an input, worked out from the layers below the command line
(the engine, the services, a copy of the database): the hostile-input tests hold each run of
`gadget` to it exactly, a success to its output and a refusal to its words."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect
from sqlalchemy import text as sql

from gadget.cli import main
from gadget.cli.io import one_line
from gadget.engine import (
    GadgetError,
    Player,
    ShareCode,
    parse_game_log,
    render_grid,
    replay,
    summary,
)
from gadget.engine.errors import ENGLISH
from gadget.engine.state import MAX_TOKENS
from gadget.missions import parse_map
from gadget.services.backup import import_team
from gadget.services.campaign import record_played_elsewhere
from gadget.services.uploads import MAX_UPLOAD
from gadget.store import Store
from tests.games import WINNING_ACTIONS, log_of

LOG = log_of(WINNING_ACTIONS).to_json()
TOO_LARGE = "more than 1024 KiB; at most 1024 KiB (1 MiB) are read"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line a refused command says (without "gadget: "), after checking it is one."""
    status, out, err = run(capsys, *argv)
    assert (status, out, err.count("\n"), err[:8]) == (2, "", 1, "gadget: "), err
    return err[8:-1]


def owls_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The database every command of a test uses: the Owls, who won Prague."""
    url = f"sqlite:///{tmp_path / 'gadget.db'}"
    monkeypatch.setenv("GADGET_DATABASE_URL", url)
    store = Store(url)
    store.add_team("Owls", ["Ann", "Ben"])
    record_played_elsewhere(store, "Owls", "Prague", LOG)
    store.close()
    return url


@dataclass(frozen=True)
class Expected:
    """A success whose standard output passes `output`, or a refusal that says `said`."""

    said: str = ""
    output: Callable[[str], bool] | None = None

    def check(self, status: int, out: str, err: str) -> None:
        """The run did exactly this: the output and exit 0, or one line with the words."""
        if self.output is not None:
            assert (status, err) == (0, ""), err
            assert self.output(out), out
        else:
            assert (status, out, err.count("\n"), err[:8]) == (2, "", 1, "gadget: "), err
            assert self.said[:200] in err, (self.said, err)


def database_rows(url: str) -> dict[str, list[Any]]:
    """Every row of every table: what "nothing was written" compares."""
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = {
            table: [tuple(r) for r in connection.execute(sql(f'SELECT * FROM "{table}"'))]
            for table in inspect(connection).get_table_names()
            if table != "alembic_version"
        }
    engine.dispose()
    return rows


def said(error: GadgetError) -> Expected:
    """The refusal this error words (on one line, as the command line prints it)."""
    return Expected(one_line(error))


def prints(text: str) -> Expected:
    """A success that prints exactly this line (or these lines)."""
    return Expected(output=lambda out: out == text + "\n")


def prints_that(test: Callable[[str], bool]) -> Expected:
    """A success whose output passes this test."""
    return Expected(output=test)


@contextmanager
def copied(url: str, folder: Path) -> Iterator[Store]:
    """The database as it is now, in another file (SQLite's backup, WAL pages and all), to
    do there what the command will do here."""
    copy = folder / "expected.db"
    copy.unlink(missing_ok=True)
    with sqlite3.connect(url.removeprefix("sqlite:///")) as source, sqlite3.connect(copy) as to:
        source.backup(to)
    store = Store(f"sqlite:///{copy}")
    try:
        yield store
    finally:
        store.close()


def file_text(path: Path, data: bytes) -> str | Expected:
    """The text a command reads from this file, or the refusal its bytes earn."""
    if len(data) > MAX_UPLOAD:
        return Expected(f"{path}: more than 1024 KiB; at most 1024 KiB (1 MiB) are read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return Expected(f"{path}: not UTF-8 text")


def with_file(command: tuple[str, ...], path: Path, data: bytes, url: str) -> Expected:
    """What `command` (with {file} in it) must do with a file holding `data`."""
    text = file_text(path, data)
    if isinstance(text, Expected):
        return text
    try:
        with copied(url, path.parent) as store:
            return _read(command, str(path), text, store)
    except GadgetError as wrong:
        return said(wrong)


def _read(command: tuple[str, ...], path: str, text: str, store: Store) -> Expected:
    if command[0] == "replay":
        return prints(json.dumps(summary(replay(parse_game_log(text))), indent=2))
    if command[0] == "import":
        rename = command[command.index("--as") + 1] if "--as" in command else None
        return prints(f"imported team {import_team(store, text, rename=rename).name}")
    if command[:2] == ("map", "import"):
        mission_map = parse_map(text)
        if "--team" not in command:
            count = len(mission_map.missions)
            missions = "mission" if count == 1 else "missions"
            return prints(f"{path}: a valid map, {count} {missions} (name a --team to use it)")
        team = store.team(command[command.index("--team") + 1])
        store.update_team(team.id, map_id=store.add_map(mission_map, team.id))
        return prints(f"team {team.name} now plays on {ENGLISH.quoted(mission_map.name)}")
    assert command[:2] == ("campaign", "record"), command
    record_played_elsewhere(store, command[2], command[3], text)
    return prints_that(lambda out: out.startswith("recorded: ") and out.count("\n") == 1)


def with_words(argv: list[str], url: str, folder: Path) -> Expected:
    """What a command given these words must do (the database as it is at `url`)."""
    try:
        with copied(url, folder) as store:
            return _told(argv, store)
    except GadgetError as wrong:
        return said(wrong)


def _told(argv: list[str], store: Store) -> Expected:
    command = " ".join(argv[:2])
    if command == "team add":
        players = argv[3].removeprefix("--players=").split(",")
        team = store.add_team(argv[2], players)
        named = f" ({', '.join(team.players)})" if team.players else ""
        return prints(f"added team {team.name}{named}")
    if command in ("team invite", "campaign show"):
        team = store.team(argv[2])
        return prints_that(lambda out: f"/invite/{team.invite}\n" in out or team.name in out)
    if argv[0] == "export":
        team = store.team(argv[1])
        return prints_that(lambda out: json.loads(out)["team"]["name"] == team.name)
    if command == "seats release":
        code = ShareCode.parse(argv[2])
        return prints_that(lambda out: code.text in out and out.count("\n") == 1)
    if argv[0] == "keycard":
        return prints(render_grid(ShareCode.parse(argv[1]).key_card().seen_from(Player.A)))
    if argv[0] == "new":
        tokens = _integer("--tokens", argv[1].removeprefix("--tokens="))
        if isinstance(tokens, Expected):
            return tokens
        if not 1 <= tokens <= MAX_TOKENS:
            return Expected(f"--tokens {tokens} is outside 1..{MAX_TOKENS}")
        return prints_that(lambda out: ShareCode.parse(out.splitlines()[0]).tokens == tokens)
    if command == "print keycards":
        games = _integer("--games", argv[2].removeprefix("--games="))
        if isinstance(games, Expected):
            return games
        if not 1 <= games <= 1000:
            return Expected(f"--games {games}: print 1 to 1000 games")
        return prints_that(lambda out: out.startswith(f"wrote {argv[-1]} (seed "))
    if command == "print map":
        store.team(argv[2].removeprefix("--team="))
        return prints(f"wrote {argv[-1]}")
    if command == "campaign record":  # the log is read first, and there is none
        return Expected(f"{argv[-1]}: no such file")
    return Expected(f"invalid choice: {argv[0]!r}")  # no command has this name


def _integer(option: str, typed: str) -> int | Expected:
    """A number as the command line reads it (int(): "٣" and " 7 " are numbers, "1_0" is
    not), or its refusal."""
    if len(typed) > 30:
        return Expected(f"argument {option}: {typed[:12]}... has {len(typed)} characters")
    try:
        if "_" in typed:  # Python's grouping, refused as a typo
            raise ValueError(typed)
        return int(typed)
    except ValueError:
        return Expected(f"argument {option}: {typed!r} is not a whole number")
