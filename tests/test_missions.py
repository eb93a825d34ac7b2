import json
from pathlib import Path

import pytest

from gadget.engine.text import counted
from gadget.missions import (
    MapError,
    MissionLockedError,
    MissionState,
    after_result,
    check_playable,
    default_map,
    map_from_dict,
    mission_states,
    newly_opened,
    parse_map,
    play_style,
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
    problems = refused.value.problems
    assert "mission id 'prague' is used more than once" in problems
    assert "mission 'moscow': turns is 0; it must be a whole number >= 1" in problems
    assert "mission 'cairo': mistakes is 10; it must be 0..9 (the turns)" in problems
    assert "line 27 (sydney-atlantis) names unknown mission 'atlantis'" in problems
    assert "mission 'island' cannot be reached from 'prague'" in problems


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{", "not valid JSON at line 1 column 2"),
        ("[]", "a mission map must be a JSON object"),
        (json.dumps({"format": "mission-map/2"}), "format is 'mission-map/2'"),
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
    assert sorted(newly_opened(shipped, frozenset(), after)) == ["berlin", "cairo", "moscow"]
    states = mission_states(shipped, after)
    assert states["prague"] is MissionState.COMPLETED
    assert states["london"] is MissionState.LOCKED


def test_a_loss_changes_nothing_and_a_completion_is_for_good() -> None:
    shipped = default_map()
    won = after_result(shipped, frozenset(), "prague", won=True)
    assert after_result(shipped, won, "cairo", won=False) == won
    assert after_result(shipped, won, "prague", won=False) == won  # replaying keeps it completed
    assert "cairo" in after_result(shipped, won, "cairo", won=True)


def test_the_rule_book_states_three_lines_of_the_shipped_map_and_plurals_are_written_once() -> None:
    shipped = default_map()
    assert shipped.rulebook_lines == 3 < len(shipped.lines)
    assert [counted(n, "token") for n in (0, 1, 2)] == ["0 tokens", "1 token", "2 tokens"]
    assert counted(2, "city", "cities") == "2 cities"


def test_a_result_on_a_locked_mission_is_refused_naming_what_would_open_it() -> None:
    shipped = default_map()
    with pytest.raises(MissionLockedError, match="London is locked"):
        after_result(shipped, frozenset(), "london", won=True)
    with pytest.raises(MissionLockedError, match="Berlin is locked"):
        after_result(shipped, frozenset(), "berlin", won=False)  # a loss is refused too


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
    assert play_style(default_map().mission(mission)).startswith(rewards)
