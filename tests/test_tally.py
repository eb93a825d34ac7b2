"""Keeping count of a classic game as the rule book judges each touch."""

from __future__ import annotations

import pytest

from gadget.engine.classic import ClassicCard, Game, Role, Team, deal
from gadget.engine.errors import CellNotGuessableError, GameOverError
from gadget.engine.tally import EndTurn, Touch, act, replay, start

# Blue starts: B at 0, 1, 4, 6, 8, 9, 11, 14, 20; R at 2, 10, 12, 16, 18, 21, 22, 23;
# the assassin at 15; bystanders at 3, 5, 7, 13, 17, 19, 24.
CARD = deal(Game.CLASSIC, 1)
BLUE = [0, 1, 4, 6, 8, 9, 11, 14, 20]
RED = [2, 10, 12, 16, 18, 21, 22, 23]


def test_the_card_is_the_one_the_comments_describe() -> None:
    assert CARD.starting is Team.BLUE
    assert sorted(CARD.agents(Team.BLUE)) == BLUE
    assert sorted(CARD.agents(Team.RED)) == RED
    assert CARD.assassin == 15


def test_a_team_goes_on_after_its_own_agent_and_stops_after_anything_else() -> None:
    tally = act(start(CARD), Touch(0))
    assert (tally.turn, tally.left(Team.BLUE), tally.left(Team.RED)) == (Team.BLUE, 8, 8)
    tally = act(tally, Touch(3))  # a bystander
    assert (tally.turn, tally.winner) == (Team.RED, None)
    tally = act(tally, Touch(1))  # blue's agent, touched by red: counted for blue
    assert (tally.turn, tally.left(Team.BLUE)) == (Team.BLUE, 7)
    tally = act(tally, EndTurn())
    assert tally.turn is Team.RED
    assert tally.touched == (0, 3, 1)


def test_the_assassin_makes_the_other_team_win() -> None:
    tally = act(act(start(CARD), EndTurn()), Touch(15))  # red touches the assassin
    assert (tally.winner, tally.assassin_found, tally.over) == (Team.BLUE, True, True)


def test_a_team_wins_when_its_last_agent_is_covered_even_by_the_other_team() -> None:
    tally = replay(CARD, [Touch(cell) for cell in BLUE[:-1]])
    assert (tally.left(Team.BLUE), tally.winner) == (1, None)
    tally = act(act(tally, EndTurn()), Touch(BLUE[-1]))  # red covers blue's last agent
    assert (tally.winner, tally.assassin_found) == (Team.BLUE, False)


@pytest.mark.parametrize(
    ("actions", "refused", "said"),
    [
        ([Touch(4)], Touch(4), "cell 4 is already covered"),
        ([], Touch(25), r"cell 25 is outside 0\.\.24"),
        ([], Touch(-1), r"cell -1 is outside 0\.\.24"),
        ([], Touch(26), r"cell 26 is outside 0\.\.24"),
        ([EndTurn(), Touch(15)], Touch(0), "the game is over: the blue team won"),
        ([EndTurn(), Touch(15)], EndTurn(), "the game is over: the blue team won"),
    ],
)
def test_a_refused_touch_names_the_cell_or_the_end(
    actions: list[Touch | EndTurn], refused: Touch | EndTurn, said: str
) -> None:
    with pytest.raises((CellNotGuessableError, GameOverError), match=said):
        act(replay(CARD, actions), refused)


def test_undo_is_the_same_actions_less_the_last() -> None:
    actions = [Touch(0), Touch(2), EndTurn(), Touch(15)]
    assert replay(CARD, actions).over
    undone = replay(CARD, actions[:-1])
    assert (undone.over, undone.turn, undone.touched) == (False, Team.BLUE, (0, 2))


def test_pictures_has_twenty_cells_and_its_own_counts() -> None:
    card = ClassicCard.from_code("4002S-MAYSE")
    tally = start(card)
    assert (tally.turn, tally.left(Team.BLUE), tally.left(Team.RED)) == (Team.BLUE, 8, 7)
    with pytest.raises(CellNotGuessableError, match=r"cell 20 is outside 0\.\.19"):
        act(tally, Touch(20))
    assert card.role(19) is Role.ASSASSIN
