"""The team document (gadget-team/1) has one owner, `missions/team_document.py`: the server's
backups and the phone's storage are read by the same checks, so a document one app refuses
the other refuses too, with the same words, and what one writes the other reads unchanged."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gadget.engine import GadgetError
from gadget.missions import MissionLockedError, Result
from gadget.missions.team_document import FORMAT, read_document
from gadget.missions.times import is_time
from gadget.services.backup import BackupError, export_team, import_team, moment
from gadget.services.campaign import record_played_elsewhere
from gadget.site.team import (
    PhoneTeam,
    TeamDocumentError,
    new_team,
    record_result,
    team_from_json,
)
from gadget.store import Store
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of

GADGET = Path(__file__).resolve().parents[1] / "gadget"
AT = "2026-11-22T20:00:00+00:00"


def _servers_backup() -> dict[str, Any]:
    """A server's backup: Prague won from its log, then lost from another."""
    store = Store("sqlite://")
    store.add_team("Owls", ["Ann", "Ben"])
    for actions in (WINNING_ACTIONS, ASSASSIN_ACTIONS):
        record_played_elsewhere(store, "Owls", "Prague", log_of(actions).to_json())
    return export_team(store, "Owls")


SERVERS = _servers_backup()


def won_prague() -> PhoneTeam:
    return record_result(new_team("Owls"), "prague", Result(True, 2, 7), AT).team


def _won(mission: str, tokens: int, mistakes: int) -> dict[str, Any]:
    """A won attempt of a city, its log played at the bank given."""
    log = log_of(WINNING_ACTIONS, tokens, mistakes).to_dict()
    return {"mission": mission, "played_at": AT, "players": [], "log": log}


def _damaged(change: Callable[[dict[str, Any]], object]) -> str:
    document = json.loads(json.dumps(SERVERS))
    change(document)
    return json.dumps(document)


FORGED = [
    (lambda d: d["attempts"][1].update(won=True), "attempt 1: the file says won true, its log"),
    (lambda d: d["attempts"][0].update(score=30), "attempt 0: the file says score 30, its log"),
    (
        lambda d: d["attempts"][1]["log"]["actions"].pop(),
        "attempt 1: the game is not finished: only a won or lost game can be recorded",
    ),
    (lambda d: d["attempts"][0].update(map=0), r"attempt 0: map 0 is not in maps \(0..-1\)"),
    (
        lambda d: d["attempts"].append({**d["attempts"][1], "mission": "london"}),
        "attempt 2: the game was played with 9-9; London is 10-2",
    ),
    (
        lambda d: d["attempts"].append(_won("london", 10, 2)),
        "attempt 2: London is locked",
    ),
    (  # an outsider's: a Prague win relabelled as Sydney's, and Sydney listed as completed
        lambda d: (
            d["attempts"][0].update(mission="sydney"),
            d["completed"].append({"mission": "sydney", "at": AT}),
        ),
        "attempt 0: the game was played with 9-9; Sydney is 9-1",
    ),
    (  # an outsider's: one Prague win copied for every 9-9 city of a map the file redrew
        lambda d: (
            d["map"]["missions"][1].update(turns=9, mistakes=9),  # Berlin 9-9
            d["attempts"].append({**d["attempts"][0], "mission": d["map"]["missions"][1]["id"]}),
        ),
        "attempt 2: the game of attempt 0 again, for another city: a game counts for one city",
    ),
    (  # the same, the copy for a city whose id comes after Prague's in the alphabet
        lambda d: (
            d["map"]["missions"][21].update(turns=9, mistakes=9),  # Sydney 9-9
            d["attempts"].append({**d["attempts"][0], "mission": d["map"]["missions"][21]["id"]}),
        ),
        "attempt 2: the game of attempt 0 again, for another city: a game counts for one city",
    ),
    (  # a win at Sydney's own bank does not open Sydney because the file lists it completed
        lambda d: (
            d["attempts"].append(_won("sydney", 9, 1)),
            d["completed"].append({"mission": "sydney", "at": AT}),
        ),
        "attempt 2: Sydney is locked",
    ),
    (
        lambda d: d["completed"].append({"mission": "berlin", "at": AT}),
        "completed 1: no won attempt of “berlin” in the backup",
    ),
]


@pytest.mark.parametrize(("change", "said"), FORGED)
def test_a_forged_document_is_refused_by_the_site_as_by_the_server(
    change: Callable[[dict[str, Any]], object], said: str
) -> None:
    text = _damaged(change)
    with pytest.raises((TeamDocumentError, MissionLockedError), match=said) as on_the_phone:
        team_from_json(text)
    with pytest.raises(GadgetError) as on_the_server:
        import_team(Store("sqlite://"), text)
    assert str(on_the_server.value) == str(on_the_phone.value)  # one check, the same words


def test_wins_written_out_of_order_still_open_their_cities() -> None:
    """A phone's clock may put a Berlin win before the Prague win that opened it: the
    document's wins are judged together, not by the order they were written in."""
    document = json.loads(json.dumps(SERVERS))
    document["attempts"].insert(0, _won("berlin", 11, 2))
    document["completed"].append({"mission": "berlin", "at": AT})
    for read in (team_from_json, lambda text: import_team(Store("sqlite://"), text)):
        read(json.dumps(document))  # taken by both apps


def test_a_phones_told_win_with_a_forged_score_is_refused_on_the_phone_too() -> None:
    document = json.loads(won_prague().to_json())
    document["attempts"][0]["score"] = 99
    with pytest.raises(BackupError, match="attempt 0: the file says score 99, its told result"):
        team_from_json(json.dumps(document))
    document["attempts"][0].update(score=None, won=False)  # a loss kept as a completion
    with pytest.raises(TeamDocumentError, match="completed 0: no won attempt of “prague”"):
        team_from_json(json.dumps(document))


def test_what_either_app_writes_the_other_reads_and_writes_back_unchanged() -> None:
    text = json.dumps(SERVERS)
    on_the_phone = team_from_json(text)
    assert on_the_phone.to_dict() == SERVERS
    later = "2099-01-01T10:00:00+00:00"  # after the server's games: the server keeps time order
    after = record_result(on_the_phone, "berlin", Result(True, 1, 5), later).team
    store = Store("sqlite://")
    import_team(store, after.to_json())
    assert export_team(store, "Owls") == after.to_dict()
    assert read_document(json.dumps(after.to_dict())) == after


def test_the_format_is_named_in_one_module_only() -> None:
    """Reading or writing the document anywhere else would name its format there too."""
    naming = sorted(
        str(path.relative_to(GADGET))
        for path in GADGET.rglob("*.py")
        if any(
            isinstance(node, ast.Constant) and node.value == FORMAT
            for node in ast.walk(ast.parse(path.read_text("utf-8")))
        )
    )
    assert naming == ["missions/team_document.py"]


@pytest.mark.parametrize(
    "written",
    [
        "2026-11-22",
        "2026-11-22T20:00",
        "2026-11-22 20:00:05",
        "2024-02-29T20:00:00.123456+00:00",
        "2026-11-22T20:00:00Z",
        "2026-11-22T20:00:00-05:30",
    ],
)
def test_every_time_the_apps_write_is_a_time(written: str) -> None:
    assert is_time(written)
    assert moment(written).tzinfo is not None


@pytest.mark.parametrize(
    "written",
    [
        "yesterday",
        "2026-02-29",  # not a leap year
        "2026-13-01",
        "2026-00-10",
        "0000-01-01",
        "2026-11-22T24:00",
        "2026-11-22T20:00:00+24:00",
        "\u0662\u0660\u0662\u0666-11-22",  # Arabic-Indic digits: no ISO time
        "2026-11-22T20:00:00.1234567",
        "",
    ],
)
def test_anything_else_is_not(written: str) -> None:
    assert not is_time(written)


@given(
    st.from_regex(
        re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,6})?)?)?(Z|[+-]\d\d:\d\d)?"),
        fullmatch=True,
    )
)
def test_a_time_the_document_takes_is_always_one_the_server_reads(written: str) -> None:
    if is_time(written):
        assert isinstance(moment(written), datetime)  # never a ValueError, which is a bug
