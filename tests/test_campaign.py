"""Teams playing the campaign through the services, and their backups."""

from __future__ import annotations

import json

import pytest

from gadget.engine import Clue, Guess, Player
from gadget.missions import MissionLockedError, MissionState
from gadget.missions.record import UnfinishedGameError
from gadget.services import games
from gadget.services.backup import BackupError, export_team, import_team
from gadget.services.campaign import (
    CampaignError,
    campaign_view,
    record_played_elsewhere,
    start_game,
)
from gadget.store import Store, TeamExistsError
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of

A, B = Player.A, Player.B


def _win_prague(store: Store, team: str = "Owls") -> None:
    record_played_elsewhere(store, team, "Prague", log_of(WINNING_ACTIONS).to_json())


def test_a_teams_standard_9_token_game_is_its_prague_attempt(store: Store) -> None:
    store.add_team("Owls", ["Ann", "Ben"])
    game = start_game(store, team_name="Owls", seed=7)
    assert (game.mission_id, game.players) == ("prague", ("Ann", "Ben"))
    assert (game.log.setup.tokens, game.log.setup.mistakes) == (9, 9)
    easier = start_game(store, team_name="Owls", tokens=11, seed=8)
    assert easier.mission_id is None
    assert (easier.log.setup.tokens, easier.log.setup.mistakes) == (11, 11)


def test_a_mission_sets_the_time_bank_and_a_locked_one_is_refused(store: Store) -> None:
    store.add_team("Owls", [])
    with pytest.raises(MissionLockedError, match="Cairo is locked"):
        start_game(store, team_name="Owls", mission_name="cairo")
    _win_prague(store)
    cairo = start_game(store, team_name="Owls", mission_name="Cairo", seed=1)
    assert (cairo.mission_id, cairo.log.setup.tokens, cairo.log.setup.mistakes) == ("cairo", 9, 5)
    assert cairo.log.code is not None
    assert (cairo.log.code.tokens, cairo.log.code.mistakes) == (9, 5)
    with pytest.raises(CampaignError, match="no mission “Atlantis” on this map; the missions are"):
        start_game(store, team_name="Owls", mission_name="Atlantis")
    with pytest.raises(CampaignError, match="name the team"):
        start_game(store, mission_name="Cairo")


def test_the_campaign_view_shows_states_and_records_per_mission(store: Store) -> None:
    store.add_team("Owls", ["Ann", "Ben"])
    _win_prague(store)
    record_played_elsewhere(store, "Owls", "Prague", log_of(ASSASSIN_ACTIONS).to_json())
    view = campaign_view(store, "owls")
    prague = view.card("prague")
    assert prague.state is MissionState.COMPLETED
    assert prague.stats is not None
    assert (prague.stats.attempts, prague.stats.wins, prague.stats.best_score) == (2, 1, 13)
    assert sorted(m.id for m in view.open_missions) == ["berlin", "cairo", "moscow"]
    assert view.card("london").state is MissionState.LOCKED


def test_recording_a_game_from_elsewhere_checks_its_bank_and_says_what_opened(
    store: Store,
) -> None:
    store.add_team("Owls", [])
    recorded = record_played_elsewhere(store, "Owls", "prague", log_of(WINNING_ACTIONS).to_json())
    assert [m.name for m in recorded.opened] == ["Berlin", "Moscow", "Cairo"]
    with pytest.raises(CampaignError, match="played with 9-9; Cairo is 9-5"):
        record_played_elsewhere(store, "Owls", "cairo", log_of(WINNING_ACTIONS).to_json())
    cairo_win = log_of(WINNING_ACTIONS, 9, 5).to_json()
    assert record_played_elsewhere(store, "Owls", "cairo", cairo_win).attempt.won
    unfinished = log_of(WINNING_ACTIONS[:3], 9, 5).to_json()
    with pytest.raises(UnfinishedGameError, match="not finished"):
        record_played_elsewhere(store, "Owls", "cairo", unfinished)


def test_a_mission_played_through_the_app_completes_when_won(store: Store) -> None:
    store.add_team("Owls", [])
    _win_prague(store)
    game = start_game(store, team_name="Owls", mission_name="Moscow", seed=3)
    card = game.log.card
    # Play Moscow to a win with full knowledge of the card: each side's greens, then stops.
    actions = []
    for giver in (A, B):
        actions.append(Clue(giver))
        actions += [
            Guess(giver.partner, cell)
            for cell in range(25)
            if card.side(giver)[cell] == "G" and (giver is A or card.a[cell] != "G")
        ]
    for action in actions:
        game = games.record_action(store, game.id, action, game.version)
    assert game.state.status.value == "won"
    assert "moscow" in store.completed(store.team("Owls").id)


def test_a_backup_brings_back_the_whole_team_on_another_server(store: Store) -> None:
    store.add_team("Owls", ["Ann", "Ben"])
    _win_prague(store)
    record_played_elsewhere(store, "Owls", "Prague", log_of(ASSASSIN_ACTIONS).to_json())
    team = store.team("Owls")
    store.update_team(team.id, notes="Tuesdays")
    store.set_attempt_notes(store.attempts(team.id)[1].id, "Lemonade, again")
    backup = export_team(store, "Owls")
    text = json.dumps(backup)

    with pytest.raises(TeamExistsError):
        import_team(store, text)
    copy = import_team(store, text, rename="Owls again")
    assert (copy.players, copy.notes) == (("Ann", "Ben"), "Tuesdays")
    renamed_team = {**backup["team"], "name": "Owls again"}
    assert export_team(store, "Owls again") == {**backup, "team": renamed_team}
    view = campaign_view(store, "Owls again")
    assert view.card("prague").state is MissionState.COMPLETED
    assert [a.notes for a in store.attempts(copy.id)] == ["", "Lemonade, again"]


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda b: b.update(format="x"), "not a team backup"),
        (lambda b: b["map"].update(start="atlantis"), "map: start “atlantis” is not a mission"),
        (lambda b: b["completed"].append({"mission": "atlantis"}), "completed 1: not a mission"),
        (lambda b: b["attempts"][1]["log"]["actions"].pop(), "attempt 1: the game is not finished"),
        (
            lambda b: b["attempts"][0].update(score=99),
            "attempt 0: the file says score 99, its log gives 13",
        ),
        (
            lambda b: b["attempts"][0]["log"]["actions"].insert(0, {"stop": {"by": "a"}}),
            "attempt 0: log: action 0",
        ),
        (
            lambda b: b["attempts"][1].update(played_at="yesterday"),
            "attempt 1: played_at must be a time",
        ),
    ],
)
def test_a_damaged_backup_is_refused_and_nothing_is_half_imported(
    store: Store, damage: object, reason: str
) -> None:
    store.add_team("Owls", [])
    _win_prague(store)
    record_played_elsewhere(store, "Owls", "Prague", log_of(ASSASSIN_ACTIONS).to_json())
    backup = export_team(store, "Owls")
    damage(backup)  # type: ignore[operator]
    teams_before = store.teams()
    with pytest.raises(BackupError, match=reason):
        import_team(store, json.dumps(backup), rename="Copy")
    assert store.teams() == teams_before


def test_a_backup_that_is_not_json_is_refused(store: Store) -> None:
    with pytest.raises(BackupError, match="not valid JSON at line 1"):
        import_team(store, "{oops")


def test_a_backup_is_checked_by_the_campaigns_rules_not_trusted(store: Store) -> None:
    store.add_team("Owls", [])
    record_played_elsewhere(store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    backup = export_team(store, "Owls")
    claims = {
        **backup,
        "completed": [*backup["completed"], {"mission": "tokyo", "at": "2026-01-01"}],
    }
    with pytest.raises(BackupError, match="completed 1: no won attempt of “tokyo” in the backup"):
        import_team(store, json.dumps(claims), rename="Cheats")
    locked = json.loads(json.dumps(backup))
    locked["attempts"].append({**locked["attempts"][0], "mission": "london"})  # London 10-2
    locked["attempts"][-1]["log"] = log_of(WINNING_ACTIONS, 10, 2).to_dict()
    del locked["attempts"][-1]["score"]  # worked out again from the log
    with pytest.raises(MissionLockedError, match="London is locked"):
        import_team(store, json.dumps(locked), rename="Cheats")
    assert [t.name for t in store.teams()] == ["Owls"]  # nothing of either was written
