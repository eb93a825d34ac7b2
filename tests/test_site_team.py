"""The static site's campaign: a gadget-team/1 document kept on the phone, results told by
hand, scored as the rule book does, and documents carried between phones and servers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gadget.engine import Deal, GameLog, Player, ShareCode, official_score, replay, view_for
from gadget.engine.view import side_alone
from gadget.missions import MissionState, Result, ResultError
from gadget.missions.names import TextError
from gadget.services.backup import BackupError, export_team, import_team
from gadget.services.campaign import campaign_view, record_played_elsewhere
from gadget.site.team import (
    PhoneTeam,
    TeamDocumentError,
    new_team,
    record_result,
    rename,
    team_from_json,
)
from gadget.store import Store
from tests.games import WINNING_ACTIONS, log_of

AT = "2026-11-22T20:00:00+00:00"


def open_ids(team: PhoneTeam) -> list[str]:
    """The cities the team may play and has not completed, by id."""
    return sorted(m for m, state in team.states.items() if state is MissionState.OPEN)


def won_prague(team: PhoneTeam | None = None) -> PhoneTeam:
    return record_result(team or new_team("Owls"), "prague", Result(True, 2, 7), AT).team


def test_a_new_team_has_only_prague_open() -> None:
    team = new_team("Owls")
    assert open_ids(team) == ["prague"]
    assert team.attempts == () and dict(team.completed) == {}


def test_a_won_prague_completes_it_and_opens_berlin_cairo_and_moscow() -> None:
    recorded = record_result(new_team("Owls"), "prague", Result(True, 2, 7), AT)
    assert sorted(m.name for m in recorded.opened) == ["Berlin", "Cairo", "Moscow"]
    assert dict(recorded.team.completed) == {"prague": AT}
    assert recorded.score == 13  # the rule book's example: bank 2, 7 stops: 3x2 + 7
    assert open_ids(recorded.team) == ["berlin", "cairo", "moscow"]


def test_a_lost_game_is_an_attempt_that_opens_nothing() -> None:
    recorded = record_result(new_team("Owls"), "prague", Result(False, 0, 3), AT)
    assert recorded.opened == () and recorded.score is None
    assert dict(recorded.team.completed) == {}
    assert [(a.mission, a.won) for a in recorded.team.attempts] == [("prague", False)]


def test_sudden_death_costs_one_point() -> None:
    assert Result(True, 0, 6, sudden_death=True).score == 5
    assert Result(True, 0, 6).score == 6


def test_the_score_is_the_engines_for_the_same_game() -> None:
    state = replay(log_of(WINNING_ACTIONS))
    told = Result(True, state.bank.total, state.stops, state.sudden_death)
    assert told.score == official_score(state)


@pytest.mark.parametrize(
    ("result", "named"),
    [
        (Result(True, 10, 1), "tokens left: 10 is outside 0..9"),
        (Result(True, 1, -1), "stops: -1 is outside 0..9"),
        (Result(True, 5, 5), r"tokens left \(5\) and stops \(5\) add up to more than the 9"),
        (Result(True, 1, 3, sudden_death=True), "tokens left must be 0, not 1"),
        (Result(True, 3, 0), "at least 1 stop"),
    ],
)
def test_an_impossible_result_is_refused_naming_the_value(result: Result, named: str) -> None:
    team = new_team("Owls")
    with pytest.raises(ResultError, match=named):
        record_result(team, "prague", result, AT)


def test_a_locked_city_cannot_be_recorded() -> None:
    with pytest.raises(ValueError, match="Berlin is locked"):
        record_result(new_team("Owls"), "berlin", Result(True, 1, 5), AT)
    with pytest.raises(ValueError, match="London is locked"):
        record_result(won_prague(), "london", Result(True, 1, 5), AT)
    with pytest.raises(TeamDocumentError, match="no city “atlantis” on this team's map"):
        record_result(won_prague(), "atlantis", Result(True, 1, 5), AT)


def test_the_document_round_trips_and_keeps_every_attempt() -> None:
    team = record_result(won_prague(), "berlin", Result(False, 0, 2), AT).team
    again = team_from_json(team.to_json())
    assert again == team
    document = json.loads(team.to_json())
    assert document["format"] == "gadget-team/1"
    assert document["attempts"][0]["result"] == {
        "tokens_left": 2,
        "stops": 7,
        "sudden_death": False,
    }
    assert document["attempts"][0]["score"] == 13


def test_a_servers_backup_is_taken_with_its_logs_replayed(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'server.db'}")
    store.add_team("Owls", ["Ann", "Bo"])
    record_played_elsewhere(store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    team = team_from_json(json.dumps(export_team(store, "Owls")))
    assert team.name == "Owls" and team.players == ("Ann", "Bo")
    assert open_ids(team) == ["berlin", "cairo", "moscow"]
    assert team.attempts[0].won and team.attempts[0].score == official_score(
        replay(log_of(WINNING_ACTIONS))
    )
    # and the phone records on top of it, keeping the server's attempt as it was
    after = record_result(team, "cairo", Result(True, 1, 4), AT).team
    assert json.loads(after.to_json())["attempts"][0]["log"] == log_of(WINNING_ACTIONS).to_dict()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "not valid JSON at line 1 column 1"),
        ("[1]", "not a team backup"),
        ('{"format": "gadget-team/2"}', "not a team backup"),
        ('{"format": "gadget-team/1", "team": {"name": ""}}', "team name cannot be empty"),
        ('{"format": "gadget-team/1", "team": {"name": "A", "players": [1]}}', "players"),
        (
            '{"format": "gadget-team/1", "team": {"name": "A", "players": '
            '["a", "b", "c", "d", "e", "f", "g", "h", "i"]}}',
            "9 players named; a team has at most 8",
        ),
        ('{"format": "gadget-team/1", "team": {"name": "A", "notes": 3}}', "notes must be text"),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "completed": '
            '[{"mission": "prague", "at": "2026-11-22T20:00"}]}',
            "no won attempt of “prague”",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "completed": '
            '[{"mission": "atlantis", "at": "2026-11-22T20:00"}]}',
            "completed 0",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "attempts": '
            '[{"played_at": "2026-11-22"}]}',
            "attempt 0: needs a game log or a result",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "attempts": [{"played_at":'
            ' "2026-11-22", "won": true, "result": {"tokens_left": true, "stops": 1,'
            ' "sudden_death": false}}]}',
            "attempt 0: tokens_left and stops must be 0..99",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "map": {"format": "x"}}',
            "map: ",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "attempts": [{"played_at": "x"}]}',
            "attempt 0: played_at must be a time",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "completed": '
            '[{"mission": "prague", "at": "yesterday"}]}',
            "completed 0: must be",
        ),
        (
            '{"format": "gadget-team/1", "team": {"name": "A"}, "attempts": [{"played_at": '
            '"2026-11-22T20:00", "mission": "prague", "won": true, "result": '
            '{"tokens_left": 12, "stops": 1, "sudden_death": false}}]}',
            r"attempt 0: tokens left: 12 is outside 0\.\.9",
        ),
    ],
)
def test_a_bad_document_is_refused_in_one_line(text: str, named: str) -> None:
    with pytest.raises((TeamDocumentError, ResultError, TextError), match=named) as refused:
        team_from_json(text)
    assert "\n" not in str(refused.value)


def test_a_team_is_renamed_but_never_to_nothing() -> None:
    assert rename(new_team("Owls"), "  Larks ").name == "Larks"
    with pytest.raises(TextError, match="cannot be empty"):
        rename(new_team("Owls"), "   ")
    with pytest.raises(TextError, match="a team name has 41 characters; at most 40"):
        rename(new_team("Owls"), "x" * 41)  # the server's limit: a team moves either way
    with pytest.raises(TextError, match="control character U\\+202E"):
        rename(new_team("Owls"), "Owls\u202e")


def test_the_same_code_makes_the_same_card_here_as_on_the_server() -> None:
    deal = Deal(seed=123456, tokens=9, mistakes=9)
    again = ShareCode.parse(deal.code.text)
    assert GameLog.dealt(deal).card.b == again.side_b
    assert side_alone(again) == view_for(replay(GameLog.dealt(deal)), Player.B)


def test_a_server_takes_over_a_phones_team_and_gives_it_back(store: Store) -> None:
    on_the_phone = record_result(won_prague(), "berlin", Result(False, 0, 2), AT).team
    team = import_team(store, on_the_phone.to_json())
    assert store.completed(team.id) == {"prague"}
    opened = {c.mission.id for c in campaign_view(store, team).cards if c.state.value == "open"}
    assert opened == {"berlin", "cairo", "moscow"}
    attempts = store.attempts(team.id)
    assert [(a.mission_id, a.won, a.score, a.log) for a in attempts] == [
        ("prague", True, 13, None),
        ("berlin", False, None, None),
    ]
    assert attempts[0].told == Result(True, 2, 7) and attempts[0].tokens_used == 7
    assert attempts[0].mistakes is None  # a told result does not say
    # the server's backup carries the told results; the phone takes it back unchanged
    exported = export_team(store, team)
    assert [a.get("result") for a in exported["attempts"]] == [
        {"tokens_left": 2, "stops": 7, "sudden_death": False},
        {"tokens_left": 0, "stops": 2, "sudden_death": False},
    ]
    assert all("log" not in a for a in exported["attempts"])
    back = team_from_json(json.dumps(exported))
    assert back.states == on_the_phone.states
    assert [(a.mission, a.won, a.score) for a in back.attempts] == [
        (a.mission, a.won, a.score) for a in on_the_phone.attempts
    ]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"result": {"tokens_left": 12, "stops": 1, "sudden_death": False}}, "12 is outside 0..9"),
        ({"score": 99}, "the file says score 99, its told result gives 13"),
        ({"mission": None}, "a told result counts for a mission: name it"),
        ({"result": {"tokens_left": 1}}, "tokens_left and stops must be 0..99"),
    ],
)
def test_a_server_refuses_a_phones_impossible_result_naming_the_attempt(
    tmp_path: Path, change: dict[str, object], named: str
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'server.db'}")
    document = json.loads(won_prague().to_json())
    document["attempts"][0].update(change)
    with pytest.raises(BackupError, match=f"attempt 0: .*{named}"):
        import_team(store, json.dumps(document))
    assert store.teams() == []


def _downgrade(url: str, revision: str) -> None:
    """Alembic's downgrade, as the store's migrate runs its upgrades."""
    from alembic import command  # noqa: PLC0415
    from alembic.config import Config  # noqa: PLC0415
    from sqlalchemy import create_engine  # noqa: PLC0415

    from gadget.store.database import MIGRATIONS  # noqa: PLC0415

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    engine = create_engine(url)
    with engine.connect() as connection, connection.begin():
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    engine.dispose()


def test_migration_0007_keeps_every_attempt_and_refuses_to_lose_a_told_one(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'server.db'}"
    store = Store(url)
    store.add_team("Owls", ["Ann", "Bo"])
    record_played_elsewhere(store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    store.close()
    _downgrade(url, "0006")  # a game with its log fits the older schema
    store = Store(url)  # and comes back up unchanged
    (kept,) = store.attempts(store.team("Owls").id)
    assert kept.log == log_of(WINNING_ACTIONS) and kept.mistakes is not None
    import_team(store, won_prague(new_team("Larks")).to_json())
    store.close()
    with pytest.raises(RuntimeError, match="1 attempts are told results"):
        _downgrade(url, "0006")
    store = Store(url)
    assert [a.told for a in store.attempts(store.team("Larks").id)] == [Result(True, 2, 7)]
