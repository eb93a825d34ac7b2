"""The campaign on screen, in plain pytest with Flet's real sessions."""

from __future__ import annotations

import json

import flet as ft
import flet_charts as charts

from gadget.engine import Player
from gadget.missions import default_map, map_from_dict
from gadget.services import attempts, games
from gadget.services.backup import export_team
from gadget.services.campaign import record_played_elsewhere
from gadget.services.table import Table
from gadget.store import Team
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of
from tests.phones import Phone, device_of, member, new_device
from tests.screens import at_the_table


def _owls_after_prague(table: Table) -> Team:
    team = table.store.add_team("Owls", ["Ann", "Ben"])
    record_played_elsewhere(table.store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    record_played_elsewhere(table.store, "Owls", "Prague", log_of(ASSASSIN_ACTIONS).to_json())
    return team


def _saved_files(phone: Phone) -> dict[str, bytes]:
    """The files this phone was asked to save (downloads in a browser), by name."""
    return {
        args["file_name"]: args["src_bytes"]
        for name, args in phone.method_calls()
        if name == "save_file"
    }


def _picked(name: str, data: bytes) -> list[dict[str, object]]:
    return [{"id": 0, "name": name, "size": len(data), "bytes": data}]


@at_the_table
async def test_a_team_is_made_on_screen_and_listed(table: Table) -> None:
    teams = await Phone("/teams").open()
    assert teams.says("No team yet")
    await teams.type("New team", "Owls")
    await teams.type("Players (Ann, Ben)", "Ann, Ben")
    await teams.tap("Add team")
    assert teams.says("Added Owls.")
    assert [t.players for t in table.store.teams(teams.identity.key)] == [("Ann", "Ben")]
    named = teams._find(ft.TextField, label="New team")
    assert named.value == "" and teams._find(ft.TextField, label="Players (Ann, Ben)").value == ""
    await teams.type("New team", "owls")  # the form emptied: the next team is typed afresh
    await teams.tap("Add team")
    named = teams._find(ft.TextField, label="New team")
    assert (
        named.error == "The name “owls” is taken by a team on this server: choose another."
    )  # on its field, in its red
    assert named.value == "owls"  # a refused name stays to be changed
    assert not teams.says("Added Owls.")
    await teams.type("New team", "")
    await teams.tap("Add team")
    assert teams._find(ft.TextField, label="New team").error == "A team name cannot be empty."
    await teams.type("New team", "Hawks")
    await teams.type("Players (Ann, Ben)", "A, B, C, D, E, F, G, H, I")
    await teams.tap("Add team")
    assert teams._find(ft.TextField, label="New team").error is None
    assert teams._find(ft.TextField, label="Players (Ann, Ben)").error == (
        "9 players named; a team has at most 8."
    )
    assert not (await Phone("/teams").open()).says("Owls")  # private to the phone that made it


@at_the_table
async def test_the_map_shows_every_city_by_state_with_its_parameters(table: Table) -> None:
    team = await member(table.store, _owls_after_prague(table))
    labels = [t for t in team.texts() if t.count(",") == 1 and t.split(", ")[1] in
              ("completed", "open", "locked")]  # fmt: skip
    assert len(labels) == len(default_map().missions) == 22
    assert "Prague 9-9, completed" in labels
    for city in ("Berlin 11-2", "Cairo 9-5", "Moscow 8-8"):
        assert f"{city}, open" in labels
    assert "London 10-2, locked" in labels
    assert team.says("Lines: 3 from the rule book, 24 reconstructed")
    assert team.says("Open now: Berlin, Moscow, Cairo")


@at_the_table
async def test_a_city_card_starts_its_mission_on_the_table(table: Table) -> None:
    owls = _owls_after_prague(table)
    team = await member(table.store, owls)
    await team._event(team._find(ft.Semantics, label="Cairo 9-5, open")
                      .parent, "click")  # fmt: skip
    assert team.session.page.route == f"/teams/{owls.id}/missions/cairo"
    assert team.says("9 timer tokens, 5 of them bystander side up.")
    assert team.says("a balance of care and daring")
    await team.tap("Start this mission")
    game = games.games_in_progress(table.store)[-1]
    assert (game.mission_id, game.log.setup.tokens, game.log.setup.mistakes) == ("cairo", 9, 5)
    assert team.session.page.route == f"/game/{game.public_id}"
    assert table.seat_of(game.id, team.identity) is Player.A
    prague = await member(table.store, owls, f"/teams/{owls.id}/missions/prague")
    assert prague.says("2 attempts, 1 won, best score 13")
    locked = await member(table.store, owls, f"/teams/{owls.id}/missions/london")
    assert locked.says("Locked: win a mission joined to it by a line first.")
    assert not any(t == "Start this mission" for t in locked.texts())


@at_the_table
async def test_a_mission_is_played_without_the_box_with_the_phones_words(table: Table) -> None:
    """The campaign without cards on the table: the mission's bank, the words of the
    phone's language, played apart; its win counts as any other."""
    owls = _owls_after_prague(table)
    team = await member(table.store, owls, f"/teams/{owls.id}/missions/cairo")
    await team.tap("Start without the box")
    game = games.games_in_progress(table.store)[-1]
    assert (game.mission_id, game.log.setup.tokens, game.log.setup.mistakes) == ("cairo", 9, 5)
    assert game.log.words is not None and game.log.words.list_key == "en-1"
    assert team.session.page.route == f"/game/{game.public_id}"
    assert team.says("Clue (one word)")


@at_the_table
async def test_a_team_is_renamed_and_its_players_changed(table: Table) -> None:
    owls = _owls_after_prague(table)
    team = await member(table.store, owls)
    await team.type("Players", "Ann, Ben, Cy")
    await team.type("Rename", "Night Owls")
    await team.tap("Save")
    renamed = table.store.team("Night Owls")
    assert renamed.players == ("Ann", "Ben", "Cy")
    assert team.session.page.route == f"/teams/{owls.id}"  # addresses carry numbers
    assert team.says("Night Owls")
    secret = default_map().to_dict()
    secret["name"] = "The Bats' secret pad"
    bats_map = table.store.add_map(map_from_dict(secret))
    table.store.add_team("Bats", [], bats_map)
    again = await member(table.store, owls)
    assert not again.says("The Bats' secret pad")  # another team's map is not offered
    for value in ("not a number", str(bats_map)):
        await again.choose("Map", value)
        assert again.says("That is not one of the maps.")
    pad = map_from_dict({**default_map().to_dict(), "name": "Our pad"})
    own = table.store.add_map(pad, owls.id)
    table.store.update_team(owls.id, map_id=own)  # as importing a map does
    again = await member(table.store, owls)
    await again.choose("Map", str(table.store.default_map_id()))
    assert table.store.team("Night Owls").map_id == table.store.default_map_id()
    assert again.says("Our pad")  # its own map stays on offer, played on or not
    await again.choose("Map", str(own))
    assert table.store.team("Night Owls").map_id == own


@at_the_table
async def test_the_team_the_map_and_the_pdf_are_offered_as_downloads(table: Table) -> None:
    team = await member(table.store, _owls_after_prague(table))
    await team.tap("Export team")
    await team.tap("Export map")
    await team.tap("Print the map (PDF)")
    saved = _saved_files(team)
    assert json.loads(saved["Owls.gadget-team.json"]) == export_team(table.store, "Owls")
    assert json.loads(saved["Owls.mission-map.json"]) == default_map().to_dict()
    assert saved["Owls-mission-map.pdf"].startswith(b"%PDF")


@at_the_table
async def test_a_map_and_a_team_are_imported_from_files(table: Table) -> None:
    owls = _owls_after_prague(table)
    ours = default_map().to_dict()
    ours["name"] = "Our pad"
    ours["lines"].append({"a": "prague", "b": "london", "source": "our pad"})
    device = new_device()
    table.store.join_team(owls.id, device_of(device).key)
    team = await Phone(
        f"/teams/{owls.id}",
        {"pick_files": _picked("pad.json", json.dumps(ours).encode())},
        storage=device,
    ).open()
    await team.tap("Import map")
    assert team.says("Owls now plays on “Our pad”.")
    assert team.says("London 10-2, open")

    backup = export_team(table.store, "Owls")
    backup["team"]["name"] = "Owls 2"
    teams = await Phone(
        "/teams", {"pick_files": _picked("b.json", json.dumps(backup).encode())}
    ).open()
    await teams.tap("Import a team")
    assert teams.says("Imported Owls 2.")
    assert [t.name for t in table.store.teams(teams.identity.key)] == ["Owls 2"]
    backup["team"]["name"] = "Owls 3"
    backup["attempts"][0]["score"] = 99
    broken = await Phone(
        "/teams", {"pick_files": _picked("b.json", json.dumps(backup).encode())}
    ).open()
    await broken.tap("Import a team")
    assert broken.says("That backup was not imported: attempt 0: the file says score 99")
    assert [t.name for t in table.store.teams()] == ["Owls", "Owls 2"]


@at_the_table
async def test_the_history_filters_keeps_notes_and_draws_charts(table: Table) -> None:
    owls = _owls_after_prague(table)
    record_played_elsewhere(table.store, "Owls", "Cairo", log_of(WINNING_ACTIONS, 9, 5).to_json())
    history = await member(table.store, owls, f"/teams/{owls.id}/history")
    assert history.says("3 attempts shown")
    assert history.says("Cairo: won, 13") and history.says("Prague: lost (the assassin was found)")
    await history.choose("Mission", "prague")
    assert history.says("2 attempts shown")
    await history.choose("Result", "lost")
    assert history.says("1 attempt shown")
    notes = history._find(ft.TextField, label="Notes")
    history.session.apply_patch(notes._i, {"value": "Lemonade, again"})
    await history._event(notes, "blur")
    assert table.store.attempts(table.store.team("Owls").id)[1].notes == "Lemonade, again"
    chart = next(c for c in history.controls() if isinstance(c, charts.LineChart))
    wins = [[p.x for p in s.points] for s in chart.data_series if s.stroke_width]
    assert wins == [[1], [3]]  # the two wins' scores, the loss between them breaking the line
    assert history.says("Prague: 1 win, 1 loss") and history.says("Cairo: 1 win, 0 losses")


@at_the_table
async def test_an_unknown_team_or_another_phones_team_gets_the_same_message(
    table: Table,
) -> None:
    owls = _owls_after_prague(table)
    for team in ("Bats", "Owls", str(owls.id), "99999999999999999999", "٣"):
        for route in (f"/teams/{team}", f"/teams/{team}/history", f"/teams/{team}/missions/cairo"):
            phone = await Phone(route).open()
            assert phone.says("No such team on this phone."), route
            assert not phone.says("Prague") and not phone.crashed()


@at_the_table
async def test_booklets_and_key_cards_are_offered_as_downloads(table: Table) -> None:
    paper = await Phone("/paper").open()
    await paper.type("Games", "3")
    await paper.choose("Words", "fr")
    await paper.tap("Booklets (PDF)")
    await paper.tap("Key cards (PDF)")
    saved = _saved_files(paper)
    assert len(saved) == 2
    assert all(pdf.startswith(b"%PDF") for pdf in saved.values())
    name = next(n for n in saved if n.startswith("duet-key-cards-"))
    assert paper.says(f"Downloaded {name} (")  # a sign that the download happened
    assert paper.says("it is in your browser's downloads.")
    assert paper.says("cut, fold, stand them between you")
    await paper.type("Games", "0")
    await paper.tap("Booklets (PDF)")
    assert paper.says("“0” games: print 1 to 1000")


@at_the_table
async def test_a_long_history_shows_50_at_a_time_until_every_attempt_is_shown(
    table: Table,
) -> None:
    team = table.store.add_team("Owls", [])
    for _ in range(60):
        attempts.record_finished_game(
            table.store, log_of(ASSASSIN_ACTIONS), team_id=team.id, mission_id=None
        )
    history = await member(table.store, team, f"/teams/{team.id}/history")
    assert history.says("50 attempts shown of 60")
    await history.tap("Show 50 more")
    assert history.says("60 attempts shown")
    assert not history.says("Show 50 more")
