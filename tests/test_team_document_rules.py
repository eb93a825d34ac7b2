"""The team document's own rules, read without a store: which cities a team may play, the
maps it kept, each attempt's city and map named as the file writes them (tests that make
mutation testing of missions/team_document.py kill what the store's tests left alive)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gadget.missions import MissionState, Result, default_map, mission_states
from gadget.missions.names import clean_name
from gadget.missions.team_document import (
    FORMAT,
    TeamDocumentError,
    read_document,
    with_told_result,
)


def _document(**fields: Any) -> str:
    data: dict[str, Any] = {
        "format": FORMAT,
        "team": {"name": "\u00c9lan", "players": ["Ann"], "notes": ""},
        "completed": [],
        "attempts": [],
    }
    data.update(fields)
    return json.dumps(data)


def _attempt(**fields: Any) -> dict[str, Any]:
    attempt = {
        "mission": None,
        "played_at": "2026-11-29T12:00:00+00:00",
        "players": ["Ann"],
        "won": False,
        "score": None,
        "notes": "",
    }
    attempt.update(fields)
    return attempt


def test_a_new_team_may_play_the_open_cities_of_its_map_and_writes_its_name_as_typed() -> None:
    document = read_document(_document())
    states = mission_states(default_map(), frozenset())
    opened = [m for m in default_map().missions if states[m.id] is MissionState.OPEN]
    assert document.states == states
    assert document.playable_missions == opened and opened
    assert '"name":"\u00c9lan"' in document.to_json()  # accents as they are, not escaped


def test_a_told_result_names_a_city_of_the_map_exactly() -> None:
    document = read_document(_document())
    for typed in ("PRAGUE", "atlantis"):
        with pytest.raises(TeamDocumentError, match=f"no city “{typed}” on this team's map"):
            with_told_result(document, typed, Result(won=False), "2026-11-29T12:00:00+00:00")


def test_the_maps_a_team_played_before_are_read_and_a_broken_one_is_named() -> None:
    other = default_map().to_dict()
    document = read_document(_document(maps=[other]))
    assert document.other_maps == (default_map(),)
    with pytest.raises(TeamDocumentError, match="maps 0: "):
        read_document(_document(maps=[{"cities": "none"}]))
    with pytest.raises(TeamDocumentError, match="map: "):
        read_document(_document(map={"cities": "none"}))


@pytest.mark.parametrize(
    ("attempt", "refusal"),
    [
        (_attempt(mission=5), "attempt 0: mission must be a mission's id or null, not 5"),
        (_attempt(map=-1), "attempt 0: map -1 is not in maps (0..0)"),
        (_attempt(map=1), "attempt 0: map 1 is not in maps (0..0)"),
    ],
)
def test_an_attempts_city_and_map_are_named_as_the_file_writes_them(
    attempt: dict[str, Any], refusal: str
) -> None:
    text = _document(maps=[default_map().to_dict()], attempts=[attempt])
    with pytest.raises(TeamDocumentError) as refused:
        read_document(text)
    assert refusal in str(refused.value), str(refused.value)


def test_a_kept_word_lists_name_from_before_keeps_its_emoji() -> None:
    words = [f"word{number}" for number in range(25)]
    kept = {"name": "Fun \U0001f600", "words": words, "created_at": "2026-11-29T12:00:00+00:00"}
    (read,) = read_document(_document(word_lists=[kept])).word_lists
    assert read.name == "Fun \U0001f600" and read.words == tuple(words)


def test_a_new_name_may_hold_the_symbols_the_phones_draw() -> None:
    assert clean_name("Owls \u00a9 \u00ac ^ \u2122") == "Owls \u00a9 \u00ac ^ \u2122"
