"""The team document's own rules, read without a store: which cities a team may play, the
maps it kept, each attempt's city and map named as the file writes them (tests that make
mutation testing of missions/team_document.py kill what the store's tests left alive)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gadget.engine import GameLog, Guess, Player, Setup
from gadget.engine.errors import GadgetError, WordListError
from gadget.missions import MissionState, Result, default_map, mission_states
from gadget.missions.names import TextError, clean_name, clean_notes, clean_players
from gadget.missions.team_document import (
    FORMAT,
    TeamDocumentError,
    read_document,
    with_told_result,
)
from gadget.missions.word_lists import check_room, list_name
from tests.cards import TEST_CARD


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
    for typed in ("PRAGUE", "prague ", "atlantis"):  # the id as written, no more, no less
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


def test_a_new_name_may_not_hold_emoji_and_a_kept_one_may() -> None:
    with pytest.raises(TextError, match="cannot hold emoji or symbols \\(U\\+1F989\\)"):
        clean_name("Owls \U0001f989")
    assert clean_name("Owls \U0001f989", kept=True) == "Owls \U0001f989"
    with pytest.raises(GadgetError, match="U\\+1F989"):
        list_name("Fun \U0001f989")
    assert list_name("Fun \U0001f989", kept=True) == "Fun \U0001f989"
    with pytest.raises(TextError, match="the notes cannot hold emoji or symbols \\(U\\+1F989\\)"):
        clean_notes("Owls \U0001f989")
    assert clean_notes("Owls \U0001f989", kept=True) == "Owls \U0001f989"


def test_a_team_keeps_at_most_twenty_word_lists() -> None:
    kept = [(f"list {number}", 25) for number in range(19)]
    check_room(kept, "one more", 25)
    with pytest.raises(WordListError, match="a team keeps at most 20 word lists"):
        check_room([*kept, ("list 19", 25)], "one more", 25)


def test_a_document_of_another_format_is_refused() -> None:
    for other in ("gadget-team/0", "gadget-team/2"):
        with pytest.raises(TeamDocumentError):
            read_document(_document(format=other))


def test_an_attempts_players_map_log_and_result_are_checked() -> None:
    maps = [default_map().to_dict()]
    told = _attempt(map=0, mission="prague", result=Result(won=False).to_dict())
    assert read_document(_document(maps=maps, attempts=[told])).attempts[0].map_index == 0
    cases = [
        (_attempt(players="Ann"), "attempt 0.players must be a list of names"),
        (_attempt(players=[1]), "attempt 0.players must be a list of names"),
        (_attempt(log=GameLog(TEST_CARD, Setup(), (Guess(Player.B, 0),)).to_dict()), "log:"),
        (_attempt(log=5), "attempt 0: log: a game log must be a JSON object"),
        (_attempt(mission="prague", result={"tokens_left": "many"}), "attempt 0"),
        (
            _attempt(mission="prague", result=Result(won=False, tokens_left=12).to_dict()),
            "attempt 0: tokens left: 12 is outside 0..9 (Prague has 9 tokens)",
        ),
    ]
    for attempt, refusal in cases:
        with pytest.raises(TeamDocumentError) as refused:
            read_document(_document(maps=maps, attempts=[attempt]))
        assert refusal in str(refused.value), str(refused.value)


def test_what_an_older_gadget_let_in_is_read_back_and_a_new_name_may_not_take_it() -> None:
    owl = "\U0001f989"
    team = {"name": f"Owls {owl}", "players": [f"Ann {owl}"], "notes": owl}
    told = _attempt(mission="prague", notes=owl, result=Result(won=False).to_dict())
    document = read_document(_document(team=team, attempts=[told]))
    assert (document.name, document.players, document.notes) == (
        f"Owls {owl}",
        (f"Ann {owl}",),
        owl,
    )
    assert document.attempts[0].notes == owl and not document.attempts[0].won
    with pytest.raises(TextError, match="U\\+1F989"):
        clean_players([f"Ann {owl}"])
    assert clean_players([f"Ann {owl}"], kept=True) == (f"Ann {owl}",)
    for mark in ("\u20e3", "\ufe0f", "\U0001f3fb"):  # a keycap, emoji style, a skin tone
        with pytest.raises(TextError, match="cannot hold emoji"):
            clean_name(f"Owls {mark}")
    with pytest.raises(TextError, match="U\\+2195"):
        clean_name("Owls \u2195")  # the first symbol from the arrows on


@pytest.mark.parametrize(
    ("fields", "refusal"),
    [
        ({"completed": [{"mission": 5, "at": "2026-11-29"}]}, "completed 0: not a mission"),
        ({"completed": [{"mission": "atlantis", "at": "2026-11-29"}]}, "completed 0: not a"),
        ({"attempts": [{"mission": "atlantis"}]}, "attempt 0"),
        ({"maps": [default_map().to_dict()], "attempts": [{"map": True}]}, "map must be a number"),
        ({"maps": [default_map().to_dict()], "attempts": [{"map": 5}]}, "map 5 is not in maps"),
    ],
)
def test_a_documents_cities_and_maps_are_named_as_the_file_writes_them(
    fields: dict[str, Any], refusal: str
) -> None:
    if "attempts" in fields:
        fields["attempts"] = [_attempt(**fields["attempts"][0])]
        if fields["attempts"][0]["mission"] == "atlantis":
            fields["attempts"][0]["result"] = Result(won=False).to_dict()
    with pytest.raises(TeamDocumentError) as refused:
        read_document(_document(**fields))
    assert refusal in str(refused.value), str(refused.value)


def test_a_document_that_is_no_object_is_refused_in_one_line() -> None:
    for text in ("[]", "5", '"gadget-team/1"'):
        with pytest.raises(TeamDocumentError):
            read_document(text)


def test_an_attempt_on_the_second_map_kept_is_read_and_a_kept_list_may_have_2000_words() -> None:
    maps = [default_map().to_dict()] * 2
    told = _attempt(map=1, mission="prague", result=Result(won=False).to_dict())
    assert read_document(_document(maps=maps, attempts=[told])).attempts[0].map_index == 1
    words = [f"w{number}" for number in range(2000)]
    kept = {"name": "Long", "words": words, "created_at": "2026-11-29T12:00:00+00:00"}
    (read,) = read_document(_document(word_lists=[kept])).word_lists
    assert len(read.words) == 2000
