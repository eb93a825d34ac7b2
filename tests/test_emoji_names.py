"""Emoji in names: the phones' one font has none, and a phone with no internet draws each as
an empty box, so a name typed now is refused in one line that says why; a name kept before
(a server's teams, a backup, a phone's storage) still loads as it is."""

from __future__ import annotations

import json
import re

import flet as ft
import pytest

from gadget.missions import default_map
from gadget.missions.names import PLAYER_NAME, TextError, clean_name, clean_players
from gadget.services.backup import export_team, import_team
from gadget.services.table import Table
from gadget.site.hold import TEAM_KEY
from gadget.site.team import new_team, team_from_json
from gadget.store import Store
from tests.phones import Phone
from tests.screens import at_the_table
from tests.test_site_screens import alone

OWL = "\U0001f989"  # 🦉
REFUSED = "cannot hold emoji or symbols (U+{code}): phones show them as empty boxes"


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        (f"{OWL}{OWL} Les Amis {OWL}", "1F989"),
        ("Les Amis \u2764\ufe0f", "2764"),  # a heart, in its emoji presentation
        ("Team 1\ufe0f\u20e3", "FE0F"),  # a keycap: digit, presentation, enclosing keycap
        ("Les Amis \U0001f1eb\U0001f1f7", "1F1EB"),  # a flag: two regional indicators
        ("Ann \U0001f44b\U0001f3fd", "1F44B"),  # a waving hand with a skin tone
        ("\U0001f468\u200d\U0001f469\u200d\U0001f467", "1F468"),  # a family, joined by ZWJs
        ("Stars \u2605", "2605"),
    ],
)
def test_a_typed_name_with_an_emoji_is_refused_in_one_line(typed: str, code: str) -> None:
    with pytest.raises(
        TextError, match=f"^{re.escape(f'a team name {REFUSED}'.format(code=code))}$"
    ):
        clean_name(typed)
    with pytest.raises(TextError, match=r"^a player's name cannot hold emoji"):
        clean_players(["Ann", typed])
    assert clean_name(typed, kept=True) == typed  # read back from before: kept as it is
    assert clean_players([typed], kept=True) == (typed,)


@pytest.mark.parametrize(
    "typed",
    ["Zoë & Łukasz", "Ωmega", "Ёлка", "日本チーム", "فريق", "टीम", "Café №1 © ™ €5", "A\u200dB"],
)
def test_letters_of_any_alphabet_and_the_fonts_symbols_are_not_emoji(typed: str) -> None:
    assert clean_name(typed) == typed
    assert clean_name(typed, PLAYER_NAME) == typed


def test_a_servers_team_named_with_emoji_before_still_loads_and_moves_by_backup() -> None:
    store = Store("sqlite://")
    old = store.import_team(  # as an older Gadget, which let emoji in, kept it
        name=f"{OWL} Owls",
        players=[f"Ann {OWL}", "Ben"],
        notes="",
        mission_map=default_map(),
        completed={},
        attempts=[],
    )
    assert store.team(f"{OWL} Owls").players == (f"Ann {OWL}", "Ben")
    backup = json.dumps(export_team(store, old))
    other = Store("sqlite://")
    moved = import_team(other, backup)
    assert (moved.name, moved.players) == (f"{OWL} Owls", (f"Ann {OWL}", "Ben"))
    with pytest.raises(TextError, match="cannot hold emoji"):
        store.add_team(f"{OWL} Larks", ["Ann"])
    with pytest.raises(TextError, match="cannot hold emoji"):
        store.update_team(old.id, name=f"{OWL}{OWL} Owls")


def test_a_phones_team_named_with_emoji_before_still_loads() -> None:
    kept = new_team("Owls").to_json().replace('"Owls"', f'"{OWL} Owls"')
    assert team_from_json(kept).name == f"{OWL} Owls"
    with pytest.raises(TextError, match="cannot hold emoji"):
        new_team(f"{OWL} Owls")


@at_the_table
async def test_the_teams_screen_refuses_an_emoji_name_on_its_field(table: Table) -> None:
    teams = await Phone("/teams").open()
    await teams.type("New team", f"{OWL}{OWL} Les Amis {OWL}")
    await teams.type("Players (Ann, Ben)", "Ann, Ben")
    await teams.tap("Add team")
    named = teams._find(ft.TextField, label="New team")
    assert named.error == f"A team name {REFUSED.format(code='1F989')}."
    assert table.store.teams() == []
    await teams.type("New team", "Les Amis")
    await teams.type("Players (Ann, Ben)", f"Ann {OWL}, Ben")
    await teams.tap("Add team")
    players = teams._find(ft.TextField, label="Players (Ann, Ben)")
    assert players.error == f"A player's name {REFUSED.format(code='1F989')}."
    assert table.store.teams() == []


@alone
async def test_the_sites_team_screen_refuses_an_emoji_name_in_one_line() -> None:
    phone = await Phone("/team", site=True).open()
    await phone.type("Team name", f"Les Amis {OWL}")
    await phone.tap("Rename")
    assert phone.says(f"A team name {REFUSED.format(code='1F989')}."), phone.texts()
    assert (
        json.loads(phone.storage.get(TEAM_KEY) or '{"team": {"name": "Our team"}}')["team"]["name"]
        == "Our team"
    )


def test_notes_typed_now_refuse_emoji_and_notes_kept_before_still_move_by_backup() -> None:
    store = Store("sqlite://")
    old = store.import_team(  # as an older Gadget, which let emoji in notes, kept it
        name="Owls",
        players=["Ann"],
        notes=f"Our mascot: {OWL}",
        mission_map=default_map(),
        completed={},
        attempts=[],
    )
    moved = import_team(Store("sqlite://"), json.dumps(export_team(store, old)))
    assert moved.notes == f"Our mascot: {OWL}"
    with pytest.raises(TextError, match=re.escape(f"the notes {REFUSED.format(code='1F989')}")):
        store.update_team(old.id, notes=f"Still {OWL}")
    assert store.team("Owls").notes == f"Our mascot: {OWL}"
