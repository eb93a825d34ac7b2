"""A result told by hand (a game the table never saw): scored as the rule book does, and
refused when its mission's time bank could not have given it, naming the value."""

from __future__ import annotations

import pytest

from gadget.engine import result_score
from gadget.engine.errors import Message
from gadget.missions import Result, ResultError, default_map, result_from_dict

PRAGUE = default_map().mission("prague")  # 9 tokens, 9 mistakes
MUMBAI = default_map().mission("mumbai")  # 6-5
WHERE = Message("attempt {index}", index=3)


def test_a_won_result_scores_three_a_token_left_one_a_stop_less_one_for_sudden_death() -> None:
    assert Result(True, 2, 7).score == 13  # the rule book's example
    assert Result(True, 0, 9).score == 9
    assert Result(True, 0, 6, sudden_death=True).score == 5
    assert Result(True, 1, 0, sudden_death=False).score == 3
    assert result_score(True, 4, 1, True) == 12


def test_a_result_told_with_no_numbers_has_none_left_and_no_stop() -> None:
    assert Result(False).to_dict() == {"tokens_left": 0, "stops": 0, "sudden_death": False}
    assert Result(True).score == 0  # scored as told; check() refuses a win with no stop


def test_a_lost_result_has_no_score() -> None:
    assert Result(False, 3, 2).score is None
    assert result_score(False, 9, 9, False) is None


@pytest.mark.parametrize(
    "result",
    [
        Result(True, 8, 1),
        Result(True, 0, 9),
        Result(True, 0, 0, sudden_death=True),
        Result(False, 0, 0),
        Result(False, 9, 0),
        Result(True, 0, 1),
    ],
)
def test_a_result_the_bank_allows_is_taken(result: Result) -> None:
    result.check(PRAGUE)


@pytest.mark.parametrize(
    ("result", "named"),
    [
        (Result(True, 10, 1), r"^tokens left: 10 is outside 0\.\.9 \(Prague has 9 tokens\)$"),
        (Result(True, -1, 1), r"^tokens left: -1 is outside 0\.\.9"),
        (Result(True, 1, 10), r"^stops: 10 is outside 0\.\.9"),
        (Result(False, 0, -1), r"^stops: -1 is outside 0\.\.9"),
        (
            Result(True, 5, 5),
            r"^tokens left \(5\) and stops \(5\) add up to more than the 9 tokens of Prague$",
        ),
        (Result(True, 9, 1), r"^tokens left \(9\) and stops \(1\) add up to more than the 9"),
        (Result(True, 1, 3, True), r"^sudden death comes only .* must be 0, not 1$"),
        (Result(True, 3, 0), r"^a game won before sudden death has at least 1 stop"),
    ],
)
def test_a_result_the_bank_could_not_give_is_refused_naming_the_value(
    result: Result, named: str
) -> None:
    with pytest.raises(ResultError, match=named):
        result.check(PRAGUE)


def test_the_bank_checked_is_the_missions_own() -> None:
    Result(True, 5, 1).check(MUMBAI)  # 6 tokens: 5 left and the winning turn
    with pytest.raises(ResultError, match=r"\(5\) and stops \(2\) .* 6 tokens of Mumbai"):
        Result(True, 5, 2).check(MUMBAI)
    with pytest.raises(ResultError, match=r"tokens left: 7 is outside 0\.\.6"):
        Result(True, 7, 0).check(MUMBAI)


def test_a_told_result_round_trips_through_its_document_form() -> None:
    told = Result(True, 2, 7, sudden_death=False)
    assert told.to_dict() == {"tokens_left": 2, "stops": 7, "sudden_death": False}
    assert result_from_dict(told.to_dict(), True, WHERE) == told
    lost = Result(False, 0, 3, sudden_death=True)
    assert result_from_dict(lost.to_dict(), False, WHERE) == lost


@pytest.mark.parametrize(
    ("raw", "won", "named"),
    [
        (None, True, "attempt 3: needs a game log or a result"),
        ({"tokens_left": 1, "stops": 1, "sudden_death": False}, None, "needs a game log"),
        ({"tokens_left": 1, "stops": 1, "sudden_death": False}, 1, "needs a game log"),
        ({"tokens_left": True, "stops": 1, "sudden_death": False}, True, "must be 0..99"),
        ({"tokens_left": 1, "stops": "2", "sudden_death": False}, True, "must be 0..99"),
        ({"tokens_left": 100, "stops": 1, "sudden_death": False}, True, "must be 0..99"),
        ({"tokens_left": -1, "stops": 1, "sudden_death": False}, True, "must be 0..99"),
        ({"tokens_left": 1, "stops": 99, "sudden_death": 0}, True, "true or false"),
        ({"tokens_left": 1, "stops": 1}, True, "sudden_death must be true or false"),
    ],
)
def test_a_badly_written_result_is_refused_in_one_line(
    raw: object, won: object, named: str
) -> None:
    with pytest.raises(ResultError, match=named) as refused:
        result_from_dict(raw, won, WHERE)
    assert str(refused.value).startswith("attempt 3: ")


def test_the_edges_of_a_written_result_are_taken() -> None:
    lowest = {"tokens_left": 0, "stops": 99, "sudden_death": True}
    assert result_from_dict(lowest, False, WHERE) == Result(False, 0, 99, sudden_death=True)
    highest = {"tokens_left": 99, "stops": 0, "sudden_death": False}
    assert result_from_dict(highest, True, WHERE) == Result(True, 99, 0, sudden_death=False)


def test_a_game_outside_the_campaign_is_checked_by_its_own_bank() -> None:
    Result(True, 10, 1).check_bank(11, Message("this game"))
    with pytest.raises(ResultError, match=r"^tokens left: 12 is outside 0\.\.11 \(this game has"):
        Result(True, 12, 1).check_bank(11, Message("this game"))
