"""The store on SQLite and on PostgreSQL: nothing lost, nothing applied twice."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text

from gadget.engine import (
    Clue,
    Deal,
    GameLog,
    Guess,
    IllegalActionError,
    Player,
    ShareCode,
    replay,
)
from gadget.engine.sharecode import v1_text
from gadget.missions import default_map, map_from_dict
from gadget.missions.record import UndoRefusedError, UnfinishedGameError
from gadget.services import attempts, games
from gadget.services.backup import export_team, import_team
from gadget.services.campaign import mission_names, record_played_elsewhere
from gadget.store import (
    NotFoundError,
    StaleGameError,
    Store,
    StoreError,
    TeamExistsError,
    TextError,
    database,
    default_database_url,
    migrate,
)
from gadget.store.rows import SQLModel
from tests.clocks import START
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of

A, B = Player.A, Player.B


def test_the_migrated_schema_is_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []


def test_a_database_of_the_first_schema_upgrades_with_nothing_lost(database_url: str) -> None:
    engine = create_engine(database_url)
    migrate(engine, "0001")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO maps (id, name, data, created_at) VALUES (1, 'Old', :data, :at)"
        ), {"data": "{}", "at": "2025-01-01 10:00:00+00"})  # fmt: skip
        connection.execute(text(
            "INSERT INTO teams (id, name, players, notes, map_id, created_at)"
            " VALUES (1, 'Owls', '[\"Ann\", \"Ben\"]', 'since 2025', 1, '2025-01-01 10:00:00+00')"
        ))  # fmt: skip
        connection.execute(text(
            "INSERT INTO attempts (id, team_id, mission_id, played_at, players, won, reason,"
            " score, tokens_used, mistakes, sudden_death, log) VALUES (1, 1, 'prague',"
            " '2025-01-02 21:00:00+00', '[]', TRUE, NULL, 13, 7, 0, FALSE, :log)"
        ), {"log": log_of(WINNING_ACTIONS).to_json()})  # fmt: skip
        connection.execute(text(
            "INSERT INTO completions (id, team_id, mission_id, completed_at) VALUES"
            " (1, 1, 'prague', '2025-01-02 21:00:00+00'),"
            " (2, 1, 'berlin', '2025-01-05 20:00:00+00')"
        ))  # fmt: skip
    engine.dispose()

    upgraded = Store(database_url)
    team = upgraded.team("owls")
    assert (team.name, team.players, team.notes) == ("Owls", ("Ann", "Ben"), "since 2025")
    [attempt] = upgraded.attempts(team.id)
    assert (attempt.mission_id, attempt.won, attempt.score, attempt.notes) == (
        "prague",
        True,
        13,
        "",
    )
    assert replay(attempt.log).status.value == "won"
    assert upgraded.completed(team.id) == {"prague", "berlin"}
    assert upgraded.completed_by(attempt.id) == {"prague"}  # berlin has no attempt behind it
    upgraded.set_setting("timer", "120")
    assert upgraded.setting("timer") == "120"
    upgraded.close()


def test_a_store_opened_on_the_newest_schema_runs_no_migration_and_an_older_one_does(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command and each server opens a store: at the newest schema it only reads the
    version (4.5 ms an open, from 9.4 ms with Alembic's environment loaded each time)."""
    engine = create_engine(database_url)
    migrate(engine, "0010")  # as a database of an older Gadget is
    engine.dispose()
    upgrades: list[str] = []
    real_upgrade = database.command.upgrade
    monkeypatch.setattr(
        database.command, "upgrade", lambda *a: upgrades.append(a[1]) or real_upgrade(*a)
    )
    Store(database_url).close()
    assert upgrades == ["head"]
    Store(database_url).close()
    assert upgrades == ["head"]  # at the newest schema: nothing more


def test_a_sqlite_migration_that_leaves_a_row_pointing_at_nothing_is_undone(
    tmp_path: Path,
) -> None:
    """SQLite checks no reference while a migration copies its tables: the check after it
    refuses what it left, and keeps the database as it was (an outsider took the check out
    and no test noticed)."""
    url = f"sqlite:///{tmp_path / 'gadget.db'}"
    engine = create_engine(url)
    migrate(engine, "0010")
    with engine.connect() as connection:  # a member of a team that is not there
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")  # outside a transaction
        connection.commit()
        connection.execute(
            text("INSERT INTO team_members (team_id, phone, joined_at) VALUES (999, 'x', :at)"),
            {"at": "2026-11-29 12:00:00"},
        )
        connection.commit()
    with pytest.raises(StoreError, match="the migration left a row pointing at nothing; undone"):
        Store(url)
    with engine.connect() as connection:
        assert (
            connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0010"
        )
    engine.dispose()


def test_after_a_sqlite_migration_the_store_checks_references_again(tmp_path: Path) -> None:
    """Off for the migration, on again after it: a store that migrated refuses a row that
    points at nothing, as one opened on the newest schema does."""
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")  # an empty file: every migration
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    store.close()


@pytest.mark.parametrize(
    ("rows", "reason"),
    [
        (["0010", "0011"], "has more than one head present"),
        (["zz99"], "Can't locate revision identified by 'zz99'"),
    ],
)
def test_a_database_whose_version_is_not_gadgets_is_refused_in_one_line(
    database_url: str, rows: list[str], reason: str
) -> None:
    """A version table written by hand, or by a newer Gadget: Alembic's error went out
    whole (an outsider's finding); the database is left as it was."""
    Store(database_url).close()
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM alembic_version"))
        for row in rows:
            connection.execute(text("INSERT INTO alembic_version VALUES (:row)"), {"row": row})
    with pytest.raises(StoreError) as refused:
        Store(database_url)
    said = str(refused.value)
    assert said.startswith("cannot open the database ") and reason in said, said
    assert "\n" not in said
    with engine.connect() as connection:
        kept = connection.execute(text("SELECT version_num FROM alembic_version")).scalars()
        assert sorted(kept) == rows
    engine.dispose()


def test_teams_have_unique_names_players_notes_and_a_map(store: Store) -> None:
    owls = store.add_team("Owls", ["Ann", " Ben ", ""])
    assert owls.players == ("Ann", "Ben")
    assert store.mission_map(owls.map_id).start == "prague"
    with pytest.raises(TeamExistsError, match="the name “Owls” is taken by a team on this server"):
        store.add_team("Owls", [])
    with pytest.raises(TeamExistsError, match="the name “OWLS” is taken") as refused:
        store.add_team("OWLS", [])
    assert "Owls" not in str(refused.value)  # another phone's team is never shown
    store.add_team("Bats", ["Cy"])
    assert [t.name for t in store.teams()] == ["Bats", "Owls"]
    renamed = store.update_team(owls.id, name="Night Owls", players=["Ann"], notes="Tuesdays")
    assert store.team("night owls") == renamed
    assert renamed.players == ("Ann",)
    with pytest.raises(NotFoundError, match="no team named “Owls”"):
        store.team("Owls")
    with pytest.raises(TeamExistsError):
        store.update_team(owls.id, name="Bats")


def test_every_action_is_saved_and_a_restarted_app_resumes_the_game(database_url: str) -> None:
    first = Store(database_url)
    game = games.start_game(first, log_of(()), players=["Ann", "Ben"])
    for action in WINNING_ACTIONS[:10]:
        game = games.record_action(first, game.id, action, game.version)
    first.close()

    restarted = Store(database_url)
    [resumed] = games.games_in_progress(restarted)
    assert resumed.id == game.id
    assert restarted.count_games_in_progress() == 1
    assert resumed.version == 10
    assert resumed.log.actions == WINNING_ACTIONS[:10]
    assert resumed.state == game.state
    restarted.close()


def test_two_phones_acting_at_once_one_wins_and_the_other_is_told_why(store: Store) -> None:
    game = games.start_game(store, log_of(()))
    seen_by_both = game.version
    games.record_action(store, game.id, Clue(A, "salad", 3), seen_by_both)
    with pytest.raises(StaleGameError, match="the other phone acted first"):
        games.record_action(store, game.id, Clue(B, "ocean", 2), seen_by_both)
    saved = games.game(store, game.id)
    assert saved.log.actions == (Clue(A, "salad", 3),)
    assert saved.version == 1


def test_racing_threads_apply_an_action_exactly_once(store: Store) -> None:
    game = games.start_game(store, log_of(()))
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def phone(player: Player) -> None:
        barrier.wait()
        try:
            games.record_action(store, game.id, Clue(player, "go", 1), game.version)
            outcomes.append("taken")
        except StaleGameError:
            outcomes.append("refused")

    threads = [threading.Thread(target=phone, args=(p,)) for p in (A, B, A, B)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused", "refused", "refused", "taken"]
    assert len(games.game(store, game.id).log.actions) == 1


def test_an_illegal_action_is_refused_and_nothing_is_saved(store: Store) -> None:
    game = games.start_game(store, log_of(()))
    with pytest.raises(IllegalActionError, match="cannot guess before a clue"):
        games.record_action(store, game.id, Guess(B, 4), game.version)
    assert games.game(store, game.id).version == 0


def test_the_winning_action_records_the_attempt_and_completes_the_mission(store: Store) -> None:
    team = store.add_team("Owls", ["Ann", "Ben"])
    game = games.start_game(store, log_of(()), team.id, "prague", ["Ann", "Ben"])
    for action in WINNING_ACTIONS:
        game = games.record_action(store, game.id, action, game.version)
    assert game.state.status.value == "won"
    assert game.attempt_id is not None
    [attempt] = store.attempts(team.id)
    assert (attempt.won, attempt.score, attempt.tokens_used, attempt.mistakes) == (True, 13, 7, 0)
    assert attempt.players == ("Ann", "Ben")
    assert attempt.log.actions == WINNING_ACTIONS
    assert store.completed(team.id) == {"prague"}
    assert games.games_in_progress(store) == []


def test_a_lost_mission_is_history_but_not_a_completion(store: Store) -> None:
    team = store.add_team("Owls", [])
    game = games.start_game(store, log_of(()), team.id, "prague")
    for action in ASSASSIN_ACTIONS:
        game = games.record_action(store, game.id, action, game.version)
    [attempt] = store.attempts(team.id)
    assert (attempt.won, attempt.reason, attempt.score) == (False, "assassin", None)
    assert store.completed(team.id) == frozenset()


def test_undo_takes_back_the_last_action(store: Store) -> None:
    game = games.start_game(store, log_of(()))
    with pytest.raises(StoreError, match="nothing to undo"):
        games.undo(store, game.id, game.version)
    game = games.record_action(store, game.id, Clue(A), game.version)
    game = games.record_action(store, game.id, Guess(B, 4), game.version)
    game = games.undo(store, game.id, game.version)
    assert game.log.actions == (Clue(A),)
    assert game.version == 3
    with pytest.raises(StaleGameError):
        games.undo(store, game.id, 2)


def test_undoing_the_touch_that_lost_takes_the_attempt_out_of_the_history(store: Store) -> None:
    game = games.start_game(store, log_of(()))
    for action in ASSASSIN_ACTIONS:
        game = games.record_action(store, game.id, action, game.version)
    assert [a.reason for a in store.attempts(None)] == ["assassin"]
    game = games.undo(store, game.id, game.version)
    assert (game.state.is_over, game.attempt_id, game.log.actions) == (
        False,
        None,
        ASSASSIN_ACTIONS[:-1],
    )
    assert store.attempts(None) == []
    assert games.games_in_progress(store) == [game]
    game = games.record_action(store, game.id, Guess(B, 5), game.version)  # the touch meant
    assert game.log.actions[-1] == Guess(B, 5)


def test_undoing_a_mission_win_takes_back_its_completion_and_the_cities_it_opened(
    store: Store,
) -> None:
    team = store.add_team("Owls", [])
    game = games.start_game(store, log_of(()), team.id, "prague")
    for action in WINNING_ACTIONS:
        game = games.record_action(store, game.id, action, game.version)
    assert store.completed(team.id) == {"prague"}
    assert game.attempt_id is not None
    assert store.completed_by(game.attempt_id) == {"prague"}
    game = games.undo(store, game.id, game.version)
    assert store.completed(team.id) == frozenset()
    assert store.attempts(team.id) == []
    game = games.record_action(store, game.id, WINNING_ACTIONS[-1], game.version)  # won again
    assert store.completed(team.id) == {"prague"}
    assert len(store.attempts(team.id)) == 1


def test_undoing_a_second_win_leaves_the_first_wins_completion(store: Store) -> None:
    team = store.add_team("Owls", [])
    for _ in range(2):
        game = games.start_game(store, log_of(()), team.id, "prague")
        for action in WINNING_ACTIONS:
            game = games.record_action(store, game.id, action, game.version)
    assert game.attempt_id is not None
    assert store.completed_by(game.attempt_id) == frozenset()  # the first win completed it
    games.undo(store, game.id, game.version)
    assert store.completed(team.id) == {"prague"}
    assert len(store.attempts(team.id)) == 1


def test_the_end_of_a_game_stays_once_the_team_played_on_or_wrote_a_note(store: Store) -> None:
    team = store.add_team("Owls", [])
    won = games.start_game(store, log_of(()), team.id, "prague")
    for action in WINNING_ACTIONS:
        won = games.record_action(store, won.id, action, won.version)
    games.start_game(store, log_of(()), team.id, "berlin")  # on a city the win opened
    with pytest.raises(UndoRefusedError, match="the team has played on since this game ended"):
        games.undo(store, won.id, won.version)
    assert store.completed(team.id) == {"prague"}
    practice = games.start_game(store, log_of(()))
    for action in ASSASSIN_ACTIONS:
        practice = games.record_action(store, practice.id, action, practice.version)
    assert practice.attempt_id is not None
    store.set_attempt_notes(practice.attempt_id, "B was sure")
    with pytest.raises(UndoRefusedError, match="undoing it would lose the note"):
        games.undo(store, practice.id, practice.version)
    assert games.game(store, practice.id).attempt_id == practice.attempt_id


def test_a_finished_game_played_elsewhere_can_be_recorded_but_not_an_unfinished_one(
    store: Store,
) -> None:
    team = store.add_team("Owls", [])
    with pytest.raises(UnfinishedGameError, match="the game is not finished"):
        attempts.record_finished_game(
            store, log_of(WINNING_ACTIONS[:5]), team_id=team.id, mission_id="prague"
        )
    attempt = attempts.record_finished_game(
        store, log_of(WINNING_ACTIONS), team_id=team.id, mission_id="prague", notes="close"
    )
    assert (attempt.score, attempt.notes) == (13, "close")
    assert attempt.played_at > START  # dated by the store's clock, after it started
    store.set_attempt_notes(attempt.id, "very close")
    assert store.attempts(team.id)[0].notes == "very close"


def test_statistics_count_attempts_wins_scores_and_the_last_game(store: Store) -> None:
    team = store.add_team("Owls", [])
    for actions in (WINNING_ACTIONS, ASSASSIN_ACTIONS, WINNING_ACTIONS):
        attempts.record_finished_game(store, log_of(actions), team_id=team.id, mission_id="prague")
    quick_win = WINNING_ACTIONS  # 13 points; an easier bank scores the same moves higher
    attempts.record_finished_game(
        store, log_of(quick_win, 10, 10), team_id=team.id, mission_id=None
    )
    stats = store.statistics(team.id)
    prague = stats["prague"]
    assert (prague.attempts, prague.wins, prague.best_score, prague.average_score) == (
        3, 2, 13, 13.0
    )  # fmt: skip
    assert stats[None].best_score == 16
    assert prague.last_played is not None


def test_the_database_lives_in_flets_data_folder_unless_a_url_is_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("GADGET_DATABASE_URL", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet-data"))
    assert default_database_url() == f"sqlite:///{tmp_path / 'flet-data' / 'gadget.db'}"
    monkeypatch.setenv("GADGET_DATABASE_URL", "postgresql+psycopg://u@h/db")
    assert default_database_url() == "postgresql+psycopg://u@h/db"
    monkeypatch.delenv("GADGET_DATABASE_URL")
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_database_url().startswith(f"sqlite:///{tmp_path / 'xdg'}")


def test_no_test_opens_the_developers_own_games(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The run's own data folder: a command run without a database in a test opened the
    user's (`conftest.data_of_the_run`)."""
    assert default_database_url() == (
        f"sqlite:///{tmp_path_factory.getbasetemp() / 'data' / 'gadget.db'}"
    )


def test_a_game_is_found_by_its_side_b_newest_first_whatever_bank_the_code_says(
    store: Store,
) -> None:
    deal = Deal(99)
    first = games.start_game(store, GameLog.dealt(deal))
    again = games.start_game(store, GameLog.dealt(deal))
    for code in (deal.code, ShareCode(deal.code.side_b, 11, 2), ShareCode.parse(v1_text(deal))):
        found = games.game_by_code(store, code)
        assert found is not None
        assert found.id == again.id != first.id
    assert games.game_by_code(store, Deal(100).code) is None


def _old_log(deal: Deal) -> str:
    """A log as Gadget wrote it before codes carried side B: its code carried the seed."""
    return json.dumps({**GameLog.dealt(deal).to_dict(), "code": v1_text(deal)})


@pytest.mark.parametrize("before", ["0002", "0007"])
def test_games_saved_with_an_old_code_are_found_by_their_side_b(
    database_url: str, before: str
) -> None:
    engine = create_engine(database_url)
    migrate(engine, before)
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO games (id, players, log, version, created_at, updated_at, public_id)"
            " VALUES (1, '[]', :log, 0, '2026-01-01 10:00:00+00', '2026-01-01 10:00:00+00',"
            " 'old')"
            if before != "0002" else
            "INSERT INTO games (id, players, log, version, created_at, updated_at)"
            " VALUES (1, '[]', :log, 0, '2026-01-01 10:00:00+00', '2026-01-01 10:00:00+00')"
        ), {"log": _old_log(Deal(5))})  # fmt: skip
    engine.dispose()
    upgraded = Store(database_url)
    for code in (
        Deal(5).code,
        ShareCode.parse(v1_text(Deal(5))),
        ShareCode(Deal(5).code.side_b, 3, 3),
    ):
        found = games.game_by_code(upgraded, code)
        assert found is not None
        assert found.id == 1
        assert found.log.card == Deal(5).key_card()
        assert found.log.code == Deal(5).code  # read as side B: the seed is not kept
    upgraded.close()


def test_the_newest_games_in_progress_are_read_without_the_rest(store: Store) -> None:
    started = [games.start_game(store, GameLog.dealt(Deal(s))) for s in range(7)]
    finished = games.start_game(store, log_of(()))
    for action in ASSASSIN_ACTIONS:
        finished = games.record_action(store, finished.id, action, finished.version)
    assert [g.id for g in games.games_in_progress(store, newest=3)] == [g.id for g in started[-3:]]
    assert len(games.games_in_progress(store)) == store.count_games_in_progress() == 7


def test_names_are_one_name_under_unicode_case_folding(store: Store) -> None:
    equipe = store.add_team("Équipe", ["Zoé", "Anaïs"])
    for typed in ("équipe", "ÉQUIPE", " Équipe ", "E\u0301quipe"):  # E + combining accent too
        assert store.team(typed) == equipe
        with pytest.raises(TeamExistsError, match="is taken by a team on this server"):
            store.add_team(typed, [])
    street = store.add_team("Straße", [])
    assert store.team("STRASSE") == street
    with pytest.raises(TeamExistsError):
        store.update_team(street.id, name="ÉQUIPE")
    assert [t.name for t in store.teams()] == ["Équipe", "Straße"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("x" * 41, "has 41 characters; at most 40"),
        ("Owls\x00", "control character U+0000"),
        ("Owls\u202eslwO", "control character U+202E"),
        ("Zero\u200bwidth", "control character U+200B"),
    ],
)
def test_a_bad_team_name_is_refused_and_nothing_is_written(
    store: Store, name: str, message: str
) -> None:
    with pytest.raises(TextError, match=re.escape(message)):
        store.add_team(name, [])
    assert store.teams() == []


def test_a_teams_history_and_backup_survive_a_change_of_map(store: Store) -> None:
    owls = store.add_team("Owls", ["Ann", "Ben"])
    record_played_elsewhere(store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    record_played_elsewhere(store, "Owls", "Cairo", log_of(WINNING_ACTIONS, 9, 5).to_json())
    elsewhere = default_map().to_dict()
    elsewhere["name"] = "Our pad"
    elsewhere["missions"] = [m for m in elsewhere["missions"] if m["id"] != "cairo"]
    elsewhere["lines"] = [x for x in elsewhere["lines"] if "cairo" not in (x["a"], x["b"])]
    pad = store.add_map(map_from_dict(elsewhere))
    store.update_team(owls.id, map_id=pad)
    owls = store.team("Owls")
    attempts = store.attempts(owls.id)
    assert mission_names(store, owls, attempts)["cairo"] == "Cairo"  # from the old map
    backup = export_team(store, "Owls")
    assert [a.get("map") for a in backup["attempts"]] == [0, 0]  # both before the change
    assert backup["maps"][0]["name"] == default_map().name
    copy = import_team(store, json.dumps(backup), rename="Owls again")
    moved = store.attempts(copy.id)
    assert [a.mission_id for a in moved] == ["prague", "cairo"]
    assert store.mission_map(moved[1].map_id or 0).find("cairo") is not None
    assert store.completed(copy.id) == store.completed(owls.id)


def test_a_database_of_schema_0003_gets_seats_keys_and_maps_with_nothing_lost(
    database_url: str,
) -> None:
    engine = create_engine(database_url)
    migrate(engine, "0003")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO maps (id, name, data, created_at) VALUES (1, 'Shipped', :data, :at)"
        ), {"data": default_map().to_json(), "at": "2025-01-01 10:00:00+00"})  # fmt: skip
        # lower() told these apart (it folds neither ß nor, on SQLite, any non-ASCII letter);
        # Unicode case folding makes them one name.
        for team_id, name in ((1, "Straße"), (2, "STRASSE"), (3, "Owls")):
            connection.execute(text(
                "INSERT INTO teams (id, name, players, notes, map_id, created_at)"
                " VALUES (:id, :name, '[]', '', 1, '2025-01-01 10:00:00+00')"
            ), {"id": team_id, "name": name})  # fmt: skip
        connection.execute(text(
            "INSERT INTO attempts (id, team_id, mission_id, played_at, players, won, reason,"
            " score, tokens_used, mistakes, sudden_death, notes, log) VALUES (1, 3, 'prague',"
            " '2025-01-02 21:00:00+00', '[]', TRUE, NULL, 13, 7, 0, FALSE, '', :log)"
        ), {"log": log_of(WINNING_ACTIONS).to_json()})  # fmt: skip
        connection.execute(text(
            "INSERT INTO games (id, code, team_id, mission_id, players, log, version,"
            " created_at, updated_at) VALUES (1, NULL, 3, 'prague', '[]', :log, 0,"
            " '2025-01-02 21:00:00+00', '2025-01-02 21:00:00+00')"
        ), {"log": log_of(()).to_json()})  # fmt: skip
    engine.dispose()

    upgraded = Store(database_url)
    assert [t.name for t in upgraded.teams()] == ["Owls", "Straße", "STRASSE (2)"]
    assert len({t.invite for t in upgraded.teams()}) == 3
    [attempt] = upgraded.attempts(3)
    assert attempt.map_id == 1
    game = games.game(upgraded, 1)
    assert (game.map_id, len(game.public_id)) == (1, 22)
    assert games.game_by_public_id(upgraded, game.public_id) == game
    assert upgraded.seat_of(1, "a phone") is None
    upgraded.close()
