import json
from pathlib import Path

import pytest

from gadget.missions import (
    Line,
    MapError,
    Mission,
    MissionLockedError,
    MissionMap,
    MissionState,
    after_result,
    check_playable,
    default_map,
    map_from_dict,
    mission_states,
    parse_map,
    play_style,
    result_on_map,
)

SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec" / "mission-map.json"


def _map_data() -> dict[str, object]:
    return default_map().to_dict()


def test_the_shipped_map_is_the_specs_map() -> None:
    if not SPEC.exists():
        pytest.skip(f"spec not found at {SPEC}")
    assert default_map() == parse_map(SPEC.read_text())


def test_the_shipped_map_has_the_rule_books_parameters() -> None:
    shipped = default_map()
    expected = {"prague": "9-9", "moscow": "8-8", "cairo": "9-5", "bangkok": "7-7",
                "singapore": "6-6"}  # fmt: skip
    assert {k: shipped.mission(k).parameters for k in expected} == expected
    assert shipped.mission("berlin").turns == 11
    assert len(shipped.missions) == 22
    assert shipped.start == "prague"


def test_only_pragues_three_lines_come_from_the_rule_book() -> None:
    shipped = default_map()
    from_rulebook = {frozenset((line.a, line.b)) for line in shipped.lines if line.from_rulebook}
    assert from_rulebook == {
        frozenset(("prague", "berlin")),
        frozenset(("prague", "cairo")),
        frozenset(("prague", "moscow")),
    }
    assert all(line.source == "reconstructed" for line in shipped.lines if not line.from_rulebook)


def test_a_map_round_trips_through_its_file_format() -> None:
    assert parse_map(default_map().to_json()) == default_map()


def test_a_broken_map_is_refused_with_every_problem_named() -> None:
    data = _map_data()
    missions = data["missions"]
    assert isinstance(missions, list)
    missions[1] = {**missions[1], "id": "prague"}  # berlin -> a second prague
    missions[2] = {**missions[2], "turns": 0}
    missions[3] = {**missions[3], "mistakes": 10}
    data["lines"] = [*data["lines"], {"a": "sydney", "b": "atlantis"}]  # type: ignore[list-item]
    missions.append({"id": "island", "name": "Island", "turns": 5, "mistakes": 5})
    with pytest.raises(MapError) as refused:
        map_from_dict(data)
    problems = [str(p) for p in refused.value.problems]
    assert "mission id “prague” is used more than once" in problems
    assert "mission “moscow”: turns is 0; it must be a whole number >= 1" in problems
    assert "mission “cairo”: mistakes is 10; it must be 0..9 (the turns)" in problems
    assert "line 27 (sydney-atlantis) names unknown mission “atlantis”" in problems
    assert "mission “island” cannot be reached from “prague”" in problems


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{", "not valid JSON at line 1 column 2"),
        ("[]", "a mission map must be a JSON object"),
        (json.dumps({"format": "mission-map/2"}), "format is “mission-map/2”"),
        (json.dumps({"format": "mission-map/0"}), "format is “mission-map/0”"),
        (json.dumps({"format": "mission-map/1"}), "missions must be a non-empty list"),
    ],
)
def test_a_map_file_that_is_not_a_map_is_refused(text: str, problem: str) -> None:
    with pytest.raises(MapError, match=problem):
        parse_map(text)


def test_a_new_team_may_play_only_prague() -> None:
    states = mission_states(default_map(), frozenset())
    assert [k for k, v in states.items() if v is MissionState.OPEN] == ["prague"]
    with pytest.raises(MissionLockedError, match="Berlin is locked: win a mission joined to it"):
        check_playable(default_map(), frozenset(), "berlin")


def test_winning_prague_opens_berlin_cairo_and_moscow() -> None:
    shipped = default_map()
    after = after_result(shipped, frozenset(), "prague", won=True)
    assert after == {"prague"}
    result = result_on_map(shipped, frozenset(), "prague", won=True)
    assert (result.completed, result.completed_now) == (after, True)
    assert [m.id for m in result.opened] == ["berlin", "moscow", "cairo"]  # in map order
    states = mission_states(shipped, after)
    assert states["prague"] is MissionState.COMPLETED
    assert states["london"] is MissionState.LOCKED


def test_a_loss_changes_nothing_and_a_completion_is_for_good() -> None:
    shipped = default_map()
    won = after_result(shipped, frozenset(), "prague", won=True)
    assert after_result(shipped, won, "cairo", won=False) == won
    assert after_result(shipped, won, "prague", won=False) == won  # replaying keeps it completed
    assert after_result(shipped, won, "prague", won=True) == won  # and so does winning it again
    assert "cairo" in after_result(shipped, won, "cairo", won=True)
    again = result_on_map(shipped, won, "prague", won=True)
    assert (again.completed, again.completed_now, again.opened) == (won, False, ())
    lost = result_on_map(shipped, won, "cairo", won=False)
    assert (lost.completed, lost.completed_now, lost.opened, lost.won) == (won, False, (), False)


def test_the_rule_book_states_three_lines_of_the_shipped_map() -> None:
    shipped = default_map()
    assert shipped.rulebook_lines == 3 < len(shipped.lines)


def test_a_result_on_a_locked_mission_is_refused_naming_what_would_open_it() -> None:
    shipped = default_map()
    with pytest.raises(MissionLockedError, match="London is locked"):
        after_result(shipped, frozenset(), "london", won=True)
    with pytest.raises(MissionLockedError, match="Berlin is locked"):
        after_result(shipped, frozenset(), "berlin", won=False)  # a loss is refused too
    with pytest.raises(MissionLockedError, match="London is locked"):
        result_on_map(shipped, frozenset(), "london", won=False)  # by the one rule, everywhere


@pytest.mark.parametrize(
    ("mission", "rewards"),
    [
        ("prague", "The standard game: every turn may end on a bystander."),  # 9-9
        ("moscow", "Like the standard game with only 8 turns: bold clues"),  # 8-8
        ("singapore", "Like the standard game with only 6 turns"),  # 6-6
        ("paris", "No mistakes allowed: every bystander costs two turns."),  # 11-0
        ("vatican-city", "No mistakes allowed"),  # 8-0
        ("berlin", "Plenty of turns but only 2 mistakes: patient, careful clues."),  # 11-2
        ("cape-town", "Plenty of turns but only 1 mistake: patient"),  # 10-1
        ("rio-de-janeiro", "Few turns and few mistakes: bold clues, then careful guessing."),
        ("mumbai", "Few turns and few mistakes"),  # 6-5
        ("cairo", "5 mistakes in 9 turns: a balance of care and daring."),  # 9-5
        ("tokyo", "1 mistake in 8 turns"),  # 8-1: one, not "1 mistakes"
    ],
)
def test_what_a_mission_rewards_is_read_from_its_bank(mission: str, rewards: str) -> None:
    assert str(play_style(default_map().mission(mission))).startswith(rewards)


def test_a_long_bank_of_all_bystander_tokens_is_the_standard_game_too() -> None:
    assert str(play_style(Mission("x", "X", 10, 10, 0.0, 0.0))).startswith("The standard game")


def _small_map(**changes: object) -> dict[str, object]:
    """A two-city map to change one field of."""
    mission = {"id": "a", "name": "A", "turns": 9, "mistakes": 9, "lon": 0, "lat": 0}
    data: dict[str, object] = {
        "format": "mission-map/1",
        "name": "Small",
        "start": "a",
        "missions": [mission, {**mission, "id": "b", "name": "B"}],
        "lines": [{"a": "a", "b": "b"}],
    }
    for field, value in changes.items():
        if field.startswith("mission_"):
            mission[field.removeprefix("mission_")] = value
        else:
            data[field] = value
    if "mission_id" in changes:  # the start and the line follow the first city's new id
        data["start"] = mission["id"]
        data["lines"] = [{"a": mission["id"], "b": "b"}]
    return data


def _problems(data: dict[str, object]) -> list[str]:
    with pytest.raises(MapError) as refused:
        map_from_dict(data)
    return [str(p) for p in refused.value.problems]


@pytest.mark.parametrize(
    "changes",
    [
        {"mission_turns": 1, "mission_mistakes": 0},
        {"mission_turns": 99, "mission_mistakes": 99},
        {"mission_id": "x", "mission_name": "Y"},
        {"mission_id": "i" * 40, "mission_name": "n" * 40},
        {"mission_lon": -180, "mission_lat": -90},
        {"mission_lon": 180.0, "mission_lat": 90.0},
        {"mission_source": "s" * 200},
        {"name": "n" * 40, "notes": ["n" * 500] * 20},
    ],
    ids=str,
)
def test_a_map_at_every_limit_is_accepted(changes: dict[str, object]) -> None:
    shown = map_from_dict(_small_map(**changes))
    assert shown.missions[0].turns == changes.get("mission_turns", 9)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"mission_turns": 100}, "mission “a”: turns is 100; at most 99"),
        ({"mission_turns": 120, "mission_mistakes": 0}, "mission “a”: turns is 120; at most 99"),
        ({"mission_mistakes": -1}, "mission “a”: mistakes is -1; it must be 0..9 (the turns)"),
        ({"mission_id": ""}, "mission 0 needs an id (a string of 1 to 40 characters)"),
        ({"mission_id": "i" * 41}, "mission 0 needs an id"),
        ({"mission_name": ""}, "mission “a”: name must be a string of 1 to 40 characters"),
        ({"mission_name": "n" * 41}, "mission “a”: name must be a string of 1 to 40"),
        ({"mission_lon": -180.5}, "mission “a”: lon and lat must be numbers"),
        ({"mission_lon": 180.5}, "mission “a”: lon and lat must be numbers"),
        ({"mission_lat": -90.5}, "mission “a”: lon and lat must be numbers"),
        ({"mission_lat": 90.5}, "mission “a”: lon and lat must be numbers"),
        ({"mission_lon": True}, "mission “a”: lon and lat must be numbers"),
        ({"mission_lat": "north"}, "mission “a”: lon and lat must be numbers"),
        ({"mission_turns": "9"}, "mission “a”: turns is “9”; it must be a whole number >= 1"),
        ({"mission_mistakes": False}, "mission “a”: mistakes is false; it must be 0..9"),
        ({"mission_source": "s" * 201}, "mission “a”: source must be a string of at most 200"),
        ({"name": "n" * 41}, "name must be a string of at most 40 characters"),
        ({"name": 7}, "name must be a string of at most 40 characters"),
        ({"notes": ["n"] * 21}, "notes must be a list of at most 20 strings (500 characters)"),
        ({"notes": ["n" * 501]}, "notes must be a list of at most 20 strings"),
        ({"notes": "a note"}, "notes must be a list of at most 20 strings"),
        ({"missions": "abc"}, "missions must be a non-empty list"),
        (
            {"lines": [{"a": "a", "b": 5}]},
            'line 0 must be {"a": "<mission id>", "b": "<mission id>"}',
        ),
    ],
    ids=str,
)
def test_a_map_past_any_limit_is_refused_naming_it(
    changes: dict[str, object], problem: str
) -> None:
    assert problem in "\n".join(_problems(_small_map(**changes)))


def test_a_city_without_a_place_is_drawn_where_the_equator_meets_greenwich() -> None:
    data = _small_map()
    missions = data["missions"]
    assert isinstance(missions, list)
    del missions[0]["lon"], missions[0]["lat"]
    city = map_from_dict(data).missions[0]
    assert (city.lon, city.lat) == (0.0, 0.0)


def test_every_bad_line_is_named_not_only_the_first() -> None:
    lines = [
        {"a": "a"},
        {"b": "b"},
        {"a": "a", "b": "b", "source": 1},
        {"a": "a", "b": "b", "source": []},
    ]
    problems = _problems(_small_map(lines=lines))
    assert [p.split(" ")[1] for p in problems if p.startswith("line ")][:4] == [
        "0",
        "1",
        "2:",
        "3:",
    ]


@pytest.mark.parametrize(("missions", "lines"), [(100, 99), (101, 100)])
def test_a_map_may_have_100_missions_and_500_lines_and_no_more(missions: int, lines: int) -> None:
    cities = [
        {"id": f"c{n}", "name": f"C{n}", "turns": 9, "mistakes": 9, "lon": 0, "lat": 0}
        for n in range(missions)
    ]
    chain = [{"a": f"c{n}", "b": f"c{n + 1}"} for n in range(lines)]
    data = {"format": "mission-map/1", "name": "Big", "start": "c0", "missions": cities}
    if missions <= 100:
        chain += [{"a": "c0", "b": "c1"}] * (500 - lines)
        assert len(map_from_dict({**data, "lines": chain}).lines) == 500
        assert "the map has 501 lines; at most 500" in _problems(
            {**data, "lines": [*chain, chain[0]]}
        )
        assert "the map has 502 lines; at most 500" in _problems(
            {**data, "lines": [*chain, chain[0], chain[0]]}
        )
    else:
        assert f"the map has {missions} missions; at most 100" in _problems(
            {**data, "lines": chain}
        )


def test_a_city_is_found_by_its_id_or_its_name_in_any_case() -> None:
    shipped = default_map()
    assert shipped.find("berlin") == shipped.find(" BERLIN ") == shipped.mission("berlin")
    assert shipped.find("Cape Town") == shipped.mission("cape-town")
    assert shipped.find("Atlantis") is None


def test_a_city_is_joined_to_the_other_end_of_each_of_its_lines() -> None:
    shipped = default_map()
    assert shipped.neighbours("prague") >= {"berlin", "cairo", "moscow"}
    assert "prague" in shipped.neighbours("berlin")
    assert "prague" not in shipped.neighbours("prague")


def test_only_a_line_sourced_to_the_rule_book_comes_from_it() -> None:
    assert Line("a", "b", "rulebook").from_rulebook
    assert not Line("a", "b", "team").from_rulebook
    assert not Line("a", "b", "reconstructed").from_rulebook


def test_a_map_file_is_indented_one_space_and_keeps_accents_as_they_are() -> None:
    text = MissionMap("Carte", "a", (Mission("a", "Zürich", 9, 9, 8.5, 47.4),), ()).to_json()
    assert text.startswith('{\n "format": "mission-map/1",\n "name": "Carte",\n')
    assert '"name": "Zürich"' in text
    assert text.endswith("}\n")


def test_neighbours_are_read_from_either_end_of_a_line_whatever_the_names_order() -> None:
    mission_map = map_from_dict(_small_map())  # one line, a-b
    assert mission_map.neighbours("a") == {"b"}
    assert mission_map.neighbours("b") == {"a"}


def test_a_start_that_is_no_mission_of_the_map_is_refused() -> None:
    assert "start “atlantis” is not a mission of the map" in _problems(_small_map(start="atlantis"))


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ("not a city", "must be an object"),
        ({"id": ""}, "needs an id"),
        ({"lon": 200}, "lon and lat must be numbers"),
        ({"turns": 120, "mistakes": 0}, "at most 99"),
        ({"source": 5}, "source must be a string"),
        ({"name": ""}, "name must be a string"),
        ({"turns": True}, "it must be a whole number >= 1"),
    ],
    ids=str,
)
def test_every_bad_city_is_named_not_only_the_first(bad: object, problem: str) -> None:
    data = _small_map()
    missions = data["missions"]
    assert isinstance(missions, list)
    for index in (0, 1):
        missions[index] = bad if isinstance(bad, str) else {**missions[index], **bad}
    assert sum(problem in p for p in _problems(data)) == 2
