"""Addresses that lead nowhere, in both apps: each says so and offers one way back, never
Home as if it had been asked for."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import pytest
import repath  # type: ignore[import-untyped]

from gadget.engine import Player, ShareCode
from gadget.engine.classic import Game, deal
from gadget.services import addresses, games
from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table, deal_and_join

NOWHERE = "This address leads nowhere."
MADE_UP = "AAAAAAAAAAAAAAAAAAAAAA"  # a game's public id in form, naming no game


async def _nowhere_then_home(phone: Phone, home_words: str) -> None:
    """The phone says the address leads nowhere, not Home; its one button goes Home."""
    assert phone.says(NOWHERE), (phone.route, phone.texts())
    assert not phone.says(home_words), phone.route
    assert not phone.crashed()
    await phone.tap("Home")
    assert phone.says(home_words) and not phone.says(NOWHERE)


@at_the_table
async def test_an_unknown_address_on_the_served_app_leads_nowhere_and_back_home(
    table: Table,
) -> None:
    phone_a, _phone_b, _code = await deal_and_join(table)
    game = games.games_in_progress(table.store)[-1]
    home_words = "A companion for Codenames: Duet, and for classic Codenames and Pictures."
    for route in (
        "/nonsense",
        f"/game/{MADE_UP}/a",  # the site's address form, on the served app
        f"/game/{game.public_id}/a",  # a real game, and more after it
        "/game/",
        "/teams/1/nope",
        "/teams/1/missions/prague/more",
        "/settings/x",
        "/history/x",
    ):
        phone = await Phone(route, storage=phone_a.storage).open()
        await _nowhere_then_home(phone, home_words)
        phone.close()
    # Addresses a screen knows the form of say what is missing, as before.
    for route, words in (
        (f"/game/{MADE_UP}", "No such game on this server."),
        ("/teams/nope", "No such team on this phone."),
        ("/teams/nope/history", "No such team on this phone."),
        ("/join/xyz", "That code did not work"),
        ("/invite/nope", "That invite link does not work."),
    ):
        phone = await Phone(route).open()
        assert phone.says(words) and not phone.says(home_words), route
        phone.close()


@pytest.mark.parametrize(
    "route", ["/nonsense", "/team/nope", "/play/1Y6M-N6BX-NMS8/b/more", "/scan/x", "/teams"]
)
def test_an_unknown_address_on_the_site_leads_nowhere_and_back_home(route: str) -> None:
    async def scenario() -> None:
        phone = await Phone(route, site=True).open()
        await _nowhere_then_home(phone, "No computer needed")
        phone.close()

    asyncio.run(scenario())


def test_a_site_link_that_makes_no_card_still_says_so() -> None:
    async def scenario() -> None:
        phone = await Phone("/play/NOT-A-CODE/a", site=True).open()
        assert phone.says("This link does not make a card.") and not phone.says(NOWHERE)
        phone.close()

    asyncio.run(scenario())


# -- one module of addresses -------------------------------------------------------------------

ADDRESSES = Path(addresses.__file__)
# What an address of either app looks like inside a string: each is built in ADDRESSES only.
ADDRESS_MARKS = (
    "/join/",
    "/teams",
    "/invite/",
    "/game/",
    "/history",
    "/settings",
    "/scan",
    "/paper",
    "/play/",
    "/import/",
    "/team/",
    "#/",
    "/healthz",
    "/upload/",
)


def _strings_outside_docstrings(tree: ast.AST) -> list[ast.Constant]:
    """Every string in the code but the docstrings (which name addresses to explain them)."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def _address_literals(source: str) -> list[str]:
    """Where a piece of code spells out an address or navigates to a string it wrote itself."""
    tree = ast.parse(source)
    found = [
        f"{node.lineno}: {node.value!r}"
        for node in _strings_outside_docstrings(tree)
        if any(mark in node.value for mark in ADDRESS_MARKS)
    ]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            given = [*node.args, *(k.value for k in node.keywords if k.arg == "path")]
            spelled = [g for g in given if isinstance(g, ast.Constant | ast.JoinedStr)]
            if node.func.attr in ("navigate", "Route") and spelled:
                found.append(f"{node.lineno}: {ast.unparse(node)[:60]}")
    return found


def test_no_module_but_the_addresses_module_spells_an_address() -> None:
    spelled = {
        str(path.relative_to(ADDRESSES.parents[2])): found
        for path in sorted(ADDRESSES.parents[1].rglob("*.py"))
        if path != ADDRESSES and (found := _address_literals(path.read_text("utf-8")))
    }
    assert spelled == {}


@pytest.mark.parametrize(
    "source",
    [
        'page.navigate(f"/teams/{team.id}")',
        'link = base + "/join/" + code',
        'page.navigate("/")',
        'ft.Route(path="settings", component=Settings)',
        'def f():\n    """/teams/<n>: a docstring may name it."""\n    return "#/import/" + x',
    ],
)
def test_the_check_finds_an_address_spelled_out(source: str) -> None:
    assert _address_literals(source)


def test_the_check_lets_docstrings_and_the_modules_names_through() -> None:
    source = '"""/join/<code>: what it opens."""\npage.navigate(addresses.join(code))\n'
    assert _address_literals(source) == []


CODE = ShareCode.parse("21PK2-F2CS6")
PICTURES = deal(Game.PICTURES, 8)


@pytest.mark.parametrize(
    ("route", "address", "carried"),
    [
        (addresses.GAME_ROUTE, addresses.game("Ab_c-9"), {addresses.GAME: "Ab_c-9"}),
        (addresses.JOIN_ROUTE, addresses.join(CODE), {addresses.CODE: "21PK2-F2CS6"}),
        (addresses.CLASSIC_ROUTE, addresses.classic(PICTURES), {addresses.CODE: PICTURES.code}),
        (addresses.INVITE_ROUTE, addresses.invite("s3cr-t"), {addresses.INVITE: "s3cr-t"}),
        (addresses.SETTINGS_ROUTE, addresses.SETTINGS, {}),
        (addresses.SCAN_ROUTE, addresses.SCAN, {}),
        (addresses.PAPER_ROUTE, addresses.PAPER, {}),
        (addresses.HISTORY_ROUTE, addresses.HISTORY, {}),
        (addresses.TEAMS_ROUTE, addresses.TEAMS, {}),
        (addresses.TEAM_ROUTE, addresses.team(12), {addresses.TEAM: "12"}),
        (
            addresses.MISSION_ROUTE,
            addresses.mission(12, "prague"),
            {addresses.TEAM: "12", addresses.MISSION: "prague"},
        ),
        (addresses.TEAM_HISTORY_ROUTE, addresses.team_history(3), {addresses.TEAM: "3"}),
        (
            addresses.PLAY_ROUTE,
            addresses.play(CODE, Player.B),
            {addresses.CODE: "21PK2-F2CS6", addresses.SIDE: "b"},
        ),
        (addresses.IMPORT_ROUTE, addresses.import_team("eJw_x"), {addresses.PACKED: "eJw_x"}),
        (addresses.SITE_TEAM_ROUTE, addresses.SITE_TEAM, {}),
        (addresses.CITY_ROUTE, addresses.city("oslo"), {addresses.MISSION: "oslo"}),
    ],
)
def test_each_address_built_is_matched_by_its_route_and_gives_back_what_it_carries(
    route: str, address: str, carried: dict[str, str]
) -> None:
    """As Flet's router matches a route (repath's pattern of the whole path)."""
    matched = re.match(repath.pattern("/" + route), address)
    assert matched is not None, (route, address)
    assert matched.groupdict() == carried


def test_the_join_link_is_the_base_address_then_join_then_the_code() -> None:
    link = addresses.join_link("http://192.168.1.20:8550/", CODE)
    assert link == "http://192.168.1.20:8550/join/21PK2-F2CS6"
    assert ShareCode.parse(addresses.code_in_link(link)) == CODE
    assert addresses.join_link("", CODE) == "/join/21PK2-F2CS6"


def test_the_sites_links_put_the_route_after_the_pages_own_address() -> None:
    link = addresses.site_join_link("https://x.example/gadget/#/team", CODE)
    assert link == "https://x.example/gadget/#/join/21PK2-F2CS6"
    assert addresses.code_in_link(link) == "21PK2-F2CS6"
    team = addresses.site_link("http://gadget.test/", addresses.import_team("eJw_x"))
    assert team == "http://gadget.test/#/import/eJw_x"
    assert addresses.packed_team_in_link(f"  {team} ") == "eJw_x"
    assert addresses.packed_team_in_link(link) is None


def test_an_invite_link_is_the_apps_address_then_invite_then_the_secret() -> None:
    assert addresses.invite_link("https://g.example:8550/", "abc") == (
        "https://g.example:8550/invite/abc"
    )
    assert addresses.invite_link("", "abc") == "/invite/abc"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (" http://10.0.0.2:8550/join/21PK2-F2CS6/ ", "21PK2-F2CS6"),
        ("21pk2 f2cs6", "21pk2 f2cs6"),  # no link: the text itself, for ShareCode.parse
        ("https://a/join/x/join/21PK2-F2CS6", "21PK2-F2CS6"),
    ],
)
def test_a_scanned_link_gives_the_code_after_its_last_join(text: str, code: str) -> None:
    assert addresses.code_in_link(text) == code


def _screen_files() -> dict[str, str]:
    """Each route of the served app's table (views/app.py) and the module its screen is in."""
    tree = ast.parse((ADDRESSES.parents[1] / "views" / "app.py").read_text("utf-8"))
    module_of = {
        alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    files = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "ft.Route":
            given = {k.arg: k.value for k in node.keywords}
            path = given.get("path")
            route = getattr(addresses, path.attr) if isinstance(path, ast.Attribute) else ""
            files[route] = module_of[ast.unparse(given["component"])].rsplit(".", 1)[-1]
    return files


def _named_after(route: str, routes: set[str]) -> str:
    """The file the naming rule of views/app.py gives the screen at this route."""
    if not route:
        return "home"
    parts = route.split("/")
    fixed = [part for part in parts if not part.startswith(":")]
    word = fixed[-1].removesuffix("s") if parts[-1].startswith(":") else fixed[-1]
    if route != word and word in routes:  # the word is another address's: its owner first
        return f"{fixed[-2].removesuffix('s')}_{word}"
    return word


def test_each_screen_of_the_served_app_is_in_the_file_named_after_its_address() -> None:
    files = _screen_files()
    assert len(files) == 15, files  # Home and the fourteen routes of the docstring
    named = {route: _named_after(route, set(files)) for route in files}
    assert files == named
    assert named[addresses.TEAM_HISTORY_ROUTE] == "team_history"
    assert named[addresses.MISSION_ROUTE] == "mission"
