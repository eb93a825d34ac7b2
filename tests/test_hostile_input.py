"""Hostile input everywhere: random bytes, deep JSON, huge sizes, wrong types and Unicode
names fed to every command of `gadget`, every upload and typed field, and every route.

Refused input is one line (exit 2 on the command line, a message on the screen), never a
traceback, never the error boundary (which would mean a bug), and nothing is written."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gadget.cli import main
from gadget.missions import default_map
from gadget.services.backup import export_team
from gadget.services.campaign import record_played_elsewhere
from gadget.services.table import Table
from gadget.store import Store
from gadget.views.parts.boundary import SORRY
from tests.expected import database_rows, with_file, with_words
from tests.games import WINNING_ACTIONS, log_of
from tests.phones import Phone, device_of, new_device, serve
from tests.typed import typed_as_code, typed_into_paper, typed_into_settings, typed_into_teams

CHECKS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,  # the same examples in every run: CI is reproducible
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


JSON_NO_FILE_HOLDS = [  # what Python's json reads and no file of this app holds
    ("[" + "7" * 5000 + "]", "not a file this app reads: a number has 5000 digits"),
    ('{"format": 1e999}', "not a file this app reads: a number is too large"),
    ('{"format": NaN}', "not valid JSON: NaN is not a number JSON allows"),
    ('["\\udc80"]', "not a file this app reads: its text holds the lone surrogate U+DC80"),
    ("[" * 65 + "]" * 65, "not a file this app reads: its brackets nest too deeply"),
    (  # which "won" counts? Python kept the last (an outsider's finding)
        '{"format": "gadget-team/1", "won": false, "won": true}',
        "not a file this app reads: “won” is written twice in one object",
    ),
]


def _backup() -> dict[str, Any]:
    """A real team backup, to be damaged one field at a time."""
    store = Store("sqlite://")
    store.add_team("Owls", ["Ann", "Ben"])
    record_played_elsewhere(store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    return export_team(store, "Owls")


BACKUP = _backup()
MAP = default_map().to_dict()
LOG = log_of(WINNING_ACTIONS).to_dict()


@st.composite
def damaged(draw: st.DrawFn, document: dict[str, Any]) -> bytes:
    """A real document with one value, anywhere in it, replaced by a random one."""
    copy = json.loads(json.dumps(document))
    node: Any = copy
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and draw(st.booleans()):
            node = child
            continue
        node[key] = draw(json_values)
        break
    return json.dumps(copy).encode()


def files_like(document: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """Everything a hostile file can be."""
    return st.one_of(
        st.binary(max_size=300),
        st.sampled_from(
            [
                b"[" * 100_000,
                b"{" * 100_000,
                b'{"a":' * 50_000,
                b"\xff\xfe\x00garbage",
                b"",
                b"null",
                b'"' + b"x" * (2 * 1024 * 1024) + b'"',  # over the 1 MiB upload limit
                *(hostile.encode() for hostile, _ in JSON_NO_FILE_HOLDS),
            ]
        ),
        json_values.map(lambda v: json.dumps(v).encode()),
        damaged(document),
    )


unicode_names = st.text(min_size=0, max_size=60)


@pytest.fixture
def cli_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'gadget.db'}"
    monkeypatch.setenv("GADGET_DATABASE_URL", url)
    store = Store(url)
    store.add_team("Owls", ["Ann", "Ben"])
    store.close()
    yield url


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.err


def run_cli_fully(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@CHECKS
@given(
    data=files_like(BACKUP) | files_like(MAP) | files_like(LOG),
    command=st.sampled_from(
        [
            ("replay", "{file}"),
            ("import", "{file}"),
            ("import", "{file}", "--as", "Owls 2"),
            ("map", "import", "{file}"),
            ("map", "import", "{file}", "--team", "Owls"),
            ("campaign", "record", "Owls", "Prague", "--log", "{file}"),
        ]
    ),
)
# The right file for each command, every run: a success is held to its output too.
@example(data=json.dumps(LOG).encode(), command=("replay", "{file}"))
@example(data=json.dumps(BACKUP).encode(), command=("import", "{file}", "--as", "Owls 2"))
@example(data=json.dumps(MAP).encode(), command=("map", "import", "{file}"))
@example(data=json.dumps(MAP).encode(), command=("map", "import", "{file}", "--team", "Owls"))
@example(
    data=json.dumps(LOG).encode(),
    command=("campaign", "record", "Owls", "Prague", "--log", "{file}"),
)
def test_every_command_that_reads_a_file_refuses_a_hostile_one_in_one_line(
    cli_database: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    data: bytes,
    command: tuple[str, ...],
) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(data)
    before = database_rows(cli_database)
    argv = tuple(part.format(file=path) for part in command)
    expected = with_file(argv, path, data, cli_database)  # the services' own answer
    expected.check(*run_cli_fully(capsys, *argv))
    if expected.output is None:
        assert database_rows(cli_database) == before


COMMANDS = next(  # every command's name: words that start no command are refused as such
    set(action.choices)
    for action in import_module("gadget.cli.main").parser()._actions
    if action.dest == "command" and action.choices
)
not_an_option = st.text(max_size=30).filter(lambda t: not t.startswith("-"))  # argparse's


@CHECKS
@given(
    name=unicode_names.filter(lambda t: not t.startswith("-")),
    players=unicode_names,
    words=st.lists(not_an_option, min_size=1, max_size=4).filter(lambda w: w[0] not in COMMANDS),
)
def test_every_command_that_takes_words_refuses_bad_ones_in_one_line(
    cli_database: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    players: str,
    words: list[str],
) -> None:
    before = database_rows(cli_database)
    for argv in (
        ["team", "add", name, f"--players={players}"],
        ["team", "invite", name],
        ["seats", "release", words[0]],
        ["campaign", "show", name],
        ["export", name],
        ["keycard", words[0], "--side", "a"],
        ["new", f"--tokens={words[0]}"],
        ["print", "keycards", f"--games={words[0]}", "-o", str(tmp_path / "k.pdf")],
        ["print", "map", f"--team={name}", "-o", str(tmp_path / "m.pdf")],
        ["campaign", "record", "Owls", words[0], "--log", str(tmp_path / "none.json")],
        words,
    ):
        expected = with_words(argv, cli_database, tmp_path)  # the services' own answer
        expected.check(*run_cli_fully(capsys, *argv))
        if expected.output is None:
            assert database_rows(cli_database) == before, argv
        before = database_rows(cli_database)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "{deep}"], "brackets nest too deeply"),
        (["import", "{deep}"], "brackets nest too deeply"),
        (["map", "import", "{deep}"], "brackets nest too deeply"),
        (["replay", "{latin1}"], "not UTF-8 text"),
        (["import", "{mission_list}"], "attempt 0: mission must be a mission's id or null"),
        (["team", "add", "Équipe\u202e"], "contains the control character U+202E"),
        (["team", "add", "x" * 41], "has 41 characters; at most 40"),
        (["team", "add", "OWLS"], "the name “OWLS” is taken by a team on this server"),
    ],
)
def test_the_files_and_names_of_the_issue_are_one_clear_line(
    cli_database: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    files = {
        "deep": b"[" * 100_000,
        "latin1": "équipe".encode("latin-1"),
        "mission_list": json.dumps(
            {**BACKUP, "attempts": [{**BACKUP["attempts"][0], "mission": []}]}
        ).encode(),
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    status, err = run_cli(capsys, *(a.format(**{n: tmp_path / n for n in files}) for a in argv))
    assert (status, err.count("\n")) == (2, 1)
    assert message in err


# --- The app: uploads, typed fields and routes ------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Table:
    table = Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}"))
    serve(table)
    return table


def _picked(data: bytes) -> list[dict[str, object]]:
    return [{"id": 0, "name": "file.json", "size": len(data), "bytes": data}]


def assert_no_bug_shown(phone: Phone) -> None:
    assert not phone.crashed()
    assert not phone.says(SORRY)
    assert all(len(t) <= 400 for t in phone.texts() if not t.startswith("data:"))


@CHECKS
@given(data=files_like(BACKUP) | files_like(MAP))
def test_every_upload_is_refused_in_one_line_and_writes_nothing(table: Table, data: bytes) -> None:
    async def scenario() -> None:
        device = new_device()
        known = {t.name: t for t in table.store.teams()}
        team = known.get("Owls") or table.store.add_team("Owls", [])
        table.store.join_team(team.id, device_of(device).key)
        before = (table.store.teams(), table.store.maps(), table.store.team_by_id(team.id))
        teams = await Phone("/teams", {"pick_files": _picked(data)}, storage=device).open()
        await teams.tap("Import a team")
        assert_no_bug_shown(teams)
        imported = teams.says("Imported ")
        assert imported or teams.says("That backup was not imported: ")
        team_screen = await Phone(
            f"/teams/{team.id}", {"pick_files": _picked(data)}, storage=device
        ).open()
        await team_screen.tap("Import map")
        assert_no_bug_shown(team_screen)
        changed = team_screen.says("now plays on")
        assert changed or team_screen.says("That map was not imported: ")
        if not imported and not changed:
            after = (table.store.teams(), table.store.maps(), table.store.team_by_id(team.id))
            assert after == before
        for phone in (teams, team_screen):
            phone.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(("hostile", "said"), JSON_NO_FILE_HOLDS)
def test_json_no_file_holds_is_refused_on_the_screens_in_one_line(
    table: Table, hostile: str, said: str
) -> None:
    async def scenario() -> None:
        device = new_device()
        team = table.store.add_team("Owls", [], phone=device_of(device).key)
        before = (table.store.teams(), table.store.maps())
        picked = {"pick_files": _picked(hostile.encode())}
        teams = await Phone("/teams", picked, storage=device).open()
        await teams.tap("Import a team")
        team_screen = await Phone(f"/teams/{team.id}", picked, storage=device).open()
        await team_screen.tap("Import map")
        assert teams.says(f"That backup was not imported: {said}")
        assert team_screen.says(f"That map was not imported: {said}")
        assert (table.store.teams(), table.store.maps()) == before
        for phone in (teams, team_screen):
            assert_no_bug_shown(phone)
            phone.close()

    asyncio.run(scenario())


@settings(CHECKS, max_examples=20)  # four screens a text: the slowest of these
@given(
    typed=st.text(max_size=50)
    | st.sampled_from(["²", "٣", "1" * 30, "-5", "1e3", " 7 ", "21pk2 f2cs6"])  # a code too
)
def test_every_typed_field_takes_any_text_and_does_exactly_what_it_says(
    table: Table, typed: str
) -> None:
    async def scenario() -> None:
        for typed_into in (typed_into_settings, typed_into_paper, typed_into_teams, typed_as_code):
            phone = await typed_into(table, typed)  # asserts what that screen must have done
            assert_no_bug_shown(phone)
            phone.close()

    asyncio.run(scenario())


route_parts = st.text(max_size=40).map(lambda t: t.replace("/", "").replace("?", ""))


@CHECKS
@given(
    shape=st.sampled_from(
        [
            "/game/{}",
            "/join/{}",
            "/invite/{}",
            "/teams/{}",
            "/teams/{}/history",
            "/teams/1/missions/{}",
            "/{}",
        ]
    ),
    part=route_parts | st.sampled_from(["99999999999999999999", "1", "0", "-1", "%00", "..", "²"]),
)
def test_every_route_answers_any_address_without_a_bug(table: Table, shape: str, part: str) -> None:
    async def scenario() -> None:
        phone = await Phone(shape.format(part)).open()
        assert_no_bug_shown(phone)
        assert phone.texts()
        phone.close()

    asyncio.run(scenario())
