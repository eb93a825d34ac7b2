"""The campaign commands as a team uses them from a terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gadget.cli import main
from gadget.engine import Player
from gadget.missions import default_map
from gadget.services import games
from gadget.services.phones import new_phone_token, phone_from_token
from gadget.services.table import Table
from gadget.store import Store
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of


@pytest.fixture(autouse=True)
def database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GADGET_DATABASE_URL", f"sqlite:///{tmp_path / 'gadget.db'}")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_a_team_is_added_listed_and_refused_twice(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "team", "list")[1].startswith("no teams yet")
    assert run(capsys, "team", "add", "Owls", "--players", "Ann, Ben")[1] == (
        "added team Owls (Ann, Ben)\n"
    )
    assert run(capsys, "team", "list")[1] == "Owls: Ann, Ben\n"
    assert run(capsys, "team", "add", "owls") == (
        2, "", "gadget: the name “owls” is taken by a team on this server: choose another\n"
    )  # fmt: skip


def test_team_invite_prints_the_link_that_brings_a_phone_into_the_team(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "team", "add", "Owls")
    status, out, _ = run(capsys, "team", "invite", "owls", "--address", "http://10.0.0.2:8550/")
    link = out.splitlines()[0]
    assert status == 0 and link.startswith("http://10.0.0.2:8550/invite/")
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    phone = phone_from_token(new_phone_token())
    assert phone is not None
    team = Table(store).accept_invite(link.rsplit("/", 1)[1], phone)
    assert team is not None and team.name == "Owls"
    assert [t.name for t in store.teams(phone.key)] == ["Owls"]
    assert run(capsys, "team", "invite", "Bats")[::2] == (2, "gadget: no team named “Bats”\n")


def test_seats_release_frees_the_sides_of_a_game_whose_phones_were_all_lost(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    lost_a, lost_b, new_b, new_a = (phone_from_token(new_phone_token()) for _ in range(4))
    assert lost_a and lost_b and new_b and new_a
    table = Table(store)
    game = table.deal(seed=5, phone=lost_a)
    table.join(game.id, lost_b)
    assert game.log.code is not None
    code = game.log.code.text
    status, out, _ = run(capsys, "seats", "release", code.lower(), "--side", "b")
    assert status == 0 and out.startswith(f"freed side B of the game dealt with {code}")
    assert run(capsys, "seats", "release", code)[1].startswith("freed side A of")
    assert run(capsys, "seats", "release", code)[1].startswith("no phone held A or B")
    assert table.join(game.id, new_b) is Player.B
    request = table.ask_for_seat(game.id, Player.A, new_a)
    table.answer(request.id, new_b, True)
    assert table.seat_of(game.id, new_a) is Player.A
    assert games.game(store, game.id).log == game.log  # nothing of the game was lost
    assert run(capsys, "seats", "release", "1X1M-JENB-E4S8")[::2] == (
        2, "gadget: “1X1M-JENB-E4S8” is not a valid code: check for a typo\n"
    )  # fmt: skip


def test_recording_prague_opens_three_missions_and_the_campaign_shows_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "team", "add", "Owls", "--players", "Ann,Ben")
    won = _file(tmp_path, "won.json", log_of(WINNING_ACTIONS).to_json())
    lost = _file(tmp_path, "lost.json", log_of(ASSASSIN_ACTIONS).to_json())
    assert run(capsys, "campaign", "record", "Owls", "Prague", "--log", won)[1] == (
        "recorded: won, score 13; now open: Berlin, Moscow, Cairo\n"
    )
    assert run(capsys, "campaign", "record", "Owls", "prague", "--log", lost)[1] == (
        "recorded: lost (the assassin was found)\n"
    )
    status, out, _ = run(capsys, "campaign", "show", "Owls", "--json")
    shown = json.loads(out)
    assert status == 0
    prague = shown["missions"][0]
    assert (prague["name"], prague["state"], prague["attempts"], prague["wins"]) == (
        "Prague", "completed", 2, 1
    )  # fmt: skip
    assert (prague["best_score"], prague["average_score"]) == (13, 13.0)
    states = {m["id"]: m["state"] for m in shown["missions"]}
    assert [k for k, v in states.items() if v == "open"] == ["berlin", "moscow", "cairo"]
    assert {line["source"] for line in shown["lines"]} == {"rulebook", "reconstructed"}
    text = run(capsys, "campaign", "show", "owls")[1]
    assert "Prague          9-9    completed         2     1    13" in text
    assert "Lines: 3 from the rule book, 24 reconstructed" in text
    assert text.rstrip().endswith("Open now: Berlin, Moscow, Cairo")


def test_recording_a_locked_mission_or_a_wrong_bank_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "team", "add", "Owls")
    moscow = _file(tmp_path, "moscow.json", log_of(WINNING_ACTIONS, 8, 8).to_json())
    status, _, err = run(capsys, "campaign", "record", "Owls", "Moscow", "--log", moscow)
    assert (status, err) == (2, "gadget: Moscow is locked: win a mission joined to it first"
                                " (Baghdad, Prague, Yakutsk)\n")  # fmt: skip
    status, _, err = run(capsys, "campaign", "record", "Owls", "Cairo", "--log", moscow)
    assert err == "gadget: the game was played with 8-8; Cairo is 9-5\n"
    assert run(capsys, "campaign", "show", "Bats")[2] == "gadget: no team named “Bats”\n"


def test_export_and_import_move_a_team_between_databases(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, "team", "add", "Owls", "--players", "Ann,Ben")
    run(capsys, "campaign", "record", "Owls", "Prague", "--log",
        _file(tmp_path, "won.json", log_of(WINNING_ACTIONS).to_json()))  # fmt: skip
    status, backup, _ = run(capsys, "export", "Owls")
    assert status == 0
    path = _file(tmp_path, "backup.json", backup)

    monkeypatch.setenv("GADGET_DATABASE_URL", f"sqlite:///{tmp_path / 'other.db'}")
    assert run(capsys, "import", path)[1] == "imported team Owls\n"
    assert (
        run(capsys, "import", path)[2]
        == "gadget: the name “Owls” is taken by a team on this server: choose another\n"
    )
    assert run(capsys, "import", path, "--as", "Owls 2")[1] == "imported team Owls 2\n"
    shown = json.loads(run(capsys, "campaign", "show", "Owls 2", "--json")[1])
    assert shown["missions"][0]["state"] == "completed"
    broken = _file(tmp_path, "broken.json", backup.replace('"won": true', '"won": false', 1))
    status, _, err = run(capsys, "import", broken, "--as", "Owls 3")
    assert (status, err) == (2, "gadget: attempt 0: the file says won false, its log gives true\n")
    assert "Owls 3" not in run(capsys, "team", "list")[1]


def test_a_team_can_play_on_its_own_map(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run(capsys, "team", "add", "Owls")
    exported = tmp_path / "map.json"
    assert run(capsys, "map", "export", str(exported))[1] == f"wrote {exported}\n"
    data = json.loads(exported.read_text())
    data["name"] = "Our pad"
    data["lines"].append({"a": "prague", "b": "london", "source": "our printed pad"})
    ours = _file(tmp_path, "ours.json", json.dumps(data))
    assert run(capsys, "map", "import", ours)[1].endswith(
        "a valid map, 22 missions (name a --team to use it)\n"
    )
    assert run(capsys, "map", "import", ours, "--team", "Owls")[1] == (
        "team Owls now plays on “Our pad”\n"
    )
    run(capsys, "campaign", "record", "Owls", "Prague", "--log",
        _file(tmp_path, "won.json", log_of(WINNING_ACTIONS).to_json()))  # fmt: skip
    shown = json.loads(run(capsys, "campaign", "show", "Owls", "--json")[1])
    assert shown["map"] == "Our pad"
    assert {m["id"]: m["state"] for m in shown["missions"]}["london"] == "open"
    assert run(capsys, "map", "export", "-", "--team", "Owls")[1].count('"our printed pad"') == 1
    assert json.loads(run(capsys, "map", "export", "-")[1]) == default_map().to_dict()


def test_a_broken_map_file_names_every_problem_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = default_map().to_dict()
    data["missions"][1]["turns"] = 0
    data["lines"].append({"a": "prague", "b": "atlantis"})
    status, out, err = run(capsys, "map", "import", _file(tmp_path, "bad.json", json.dumps(data)))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "mission “berlin”: turns is 0" in err
    assert "names unknown mission “atlantis”" in err


def test_an_unreachable_database_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GADGET_DATABASE_URL", "postgresql+psycopg://u:secret@127.0.0.1:1/none")
    status, _, err = run(capsys, "team", "list")
    assert status == 2
    assert err.startswith("gadget: cannot open the database postgresql+psycopg://u:***@127.0.0.1:1")
    assert "secret" not in err
    assert err.count("\n") == 1
