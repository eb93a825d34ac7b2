"""The rules of shared/spec/rules.md, one test per rule and per listed edge case."""

import pytest

from gadget.engine import (
    AGENTS,
    CellNotGuessableError,
    Clue,
    GameOverError,
    GameState,
    Guess,
    IllegalActionError,
    LossReason,
    NoWordsLeftError,
    Outcome,
    OutOfTurnError,
    Penalty,
    Phase,
    Player,
    Setup,
    SetupError,
    Status,
    Stop,
    StopTooSoonError,
    apply,
    legal_actions,
    new_game,
    official_score,
    paper_score,
    recorder,
    rules,
)
from gadget.engine.state import Action
from tests.cards import (
    BLACK_A_GREEN_B,
    BLACK_BOTH,
    GREEN_A_TAN_B,
    GREEN_BOTH,
    GREEN_ON_A,
    TAN_A_BLACK_B,
    TAN_A_GREEN_B,
    TAN_BOTH,
    TEST_CARD,
)
from tests.games import WINNING_ACTIONS

A, B = Player.A, Player.B


def start(tokens: int = 9, mistakes: int | None = None, looser: bool = False) -> GameState:
    return new_game(TEST_CARD, Setup(tokens, tokens if mistakes is None else mistakes, looser))


def play(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        state = apply(state, action)
    return state


def refused(state: GameState, action: Action, error: type[Exception], reason: str) -> None:
    """The action raises the error with the reason, and the state is left exactly as it was."""
    before = state
    with pytest.raises(error, match=reason):
        apply(state, action)
    assert state == before


# --- The rule book's examples -------------------------------------------------------------

RANCH, RUSSIA, NAPOLEON = GREEN_A_TAN_B[0], TAN_A_GREEN_B[0], GREEN_BOTH[0]
DOLL, LUNCH, CAESAR, ANT = GREEN_A_TAN_B[1:5]


def test_the_rule_books_example_of_play_leaves_6_tokens_and_7_agents_found() -> None:
    state = play(
        start(),
        Clue(A, "salad", 3), Guess(B, RANCH), Guess(B, RUSSIA),
        Clue(B, "Waterloo", 2), Guess(A, NAPOLEON), Guess(A, RUSSIA), Stop(A),
        Clue(A, "miniature", 2), Guess(B, DOLL), Guess(B, LUNCH), Guess(B, CAESAR), Guess(B, ANT),
        Stop(B),
    )  # fmt: skip
    assert state.bank.total == 6
    assert state.agents_found == 7
    assert state.mistakes == 1
    assert state.stops == 2
    assert state.phase is Phase.CLUE
    assert state.next_clue_giver is B


def test_edge_11_the_15th_agent_wins_at_once_and_its_turn_uses_a_stop_token() -> None:
    # Won on the 7th turn, no mistakes, 6 earlier stops: bank 2, score 3 x 2 + 7 = 13.
    state = play(start(), *WINNING_ACTIONS)  # tests/games.py spells the seven turns out
    assert state.status is Status.WON
    assert state.phase is Phase.OVER
    assert state.turns_played == 7
    assert state.bank.total == 2
    assert state.stops == 7
    assert official_score(state) == 13
    assert paper_score(state) == 15 + 3 * 2


# --- Edge cases 1 to 14 -------------------------------------------------------------------


def test_edge_1_a_cell_the_partner_hit_as_bystander_is_judged_by_the_partners_side() -> None:
    state = play(start(), Clue(A), Guess(B, RUSSIA))
    assert state.bank.total == 8
    state = play(state, Clue(B), Guess(A, RUSSIA))
    assert RUSSIA in state.found
    assert state.bank.total == 8  # the bystander token stays; the turn goes on
    assert state.phase is Phase.GUESSING


def test_edge_1_the_partners_bystander_can_be_an_assassin_on_the_other_side() -> None:
    state = play(start(), Clue(A), Guess(B, TAN_A_BLACK_B), Clue(B), Guess(A, TAN_A_BLACK_B))
    assert (state.status, state.reason) == (Status.LOST, LossReason.ASSASSIN)


def test_edge_2_guessing_again_a_cell_you_hit_as_bystander_is_refused() -> None:
    state = play(start(), Clue(A), Guess(B, RUSSIA), Clue(B), Guess(A, 0), Stop(A), Clue(A))
    refused(
        state, Guess(B, RUSSIA), CellNotGuessableError,
        "player b already hit cell 12 as a bystander",
    )  # fmt: skip


def test_edge_3_a_bystander_mark_from_each_side_covers_the_cell_for_both() -> None:
    tan = TAN_BOTH[0]
    state = play(start(), Clue(A), Guess(B, tan), Clue(B), Guess(A, tan))
    assert state.covered_mask >> tan & 1
    assert state.mistakes == 2
    assert state.bank.total == 7
    state = play(state, Clue(A))
    refused(state, Guess(B, tan), CellNotGuessableError, "covered by a bystander mark from each")


def test_edge_4_a_cell_green_on_both_sides_is_one_agent() -> None:
    assert AGENTS == 15
    state = play(start(), Clue(A), Guess(B, GREEN_BOTH[0]))
    assert state.agents_found == 1
    assert state.words_left(A) == 8
    assert state.words_left(B) == 8


def test_edge_5_your_assassin_can_be_your_partners_agent() -> None:
    state = play(start(), Clue(B), Guess(A, BLACK_A_GREEN_B))
    assert BLACK_A_GREEN_B in state.found
    assert state.status is Status.PLAYING


def test_edge_6_stopping_before_a_correct_guess_this_turn_is_refused() -> None:
    refused(play(start(), Clue(A)), Stop(B), StopTooSoonError, "before a correct guess")
    # A correct guess in an earlier turn does not count for this one.
    state = play(start(), Clue(A), Guess(B, 0), Stop(B), Clue(B))
    refused(state, Stop(A), StopTooSoonError, "player a cannot stop before a correct guess")


def test_edge_7_a_player_with_no_words_left_cannot_clue_and_the_partner_clues_on() -> None:
    state = play(start(), Clue(A), *(Guess(B, cell) for cell in GREEN_ON_A))
    # Covering A's last green ended the turn at once as a stop.
    assert state.phase is Phase.CLUE
    assert (state.stops, state.bank.total) == (1, 8)
    assert state.words_left(A) == 0
    refused(state, Clue(A), NoWordsLeftError, "player a has no words left to clue; player b")
    assert state.next_clue_giver is B
    state = play(state, Clue(B), Guess(A, 9), Stop(A))
    assert state.next_clue_giver is B
    state = play(state, Clue(B))  # B clues twice in a row: A has nothing to clue.
    assert state.clue_giver is B


def test_edge_8_a_mistake_with_no_bystander_token_left_costs_two_tokens() -> None:
    state = play(start(9, 0), Clue(A), Guess(B, RUSSIA))
    assert (state.bank.checkmarks, state.bank.bystanders) == (7, 0)
    state = play(start(9, 1), Clue(A), Guess(B, RUSSIA))
    assert (state.bank.checkmarks, state.bank.bystanders) == (8, 0)
    state = play(state, Clue(B), Guess(A, GREEN_A_TAN_B[0]))
    assert (state.bank.checkmarks, state.bank.bystanders) == (6, 0)


def test_edge_9_a_mistake_with_one_checkmark_token_left_loses_out_of_time() -> None:
    state = play(start(2, 0), Clue(A), Guess(B, 0), Stop(B), Clue(B), Guess(A, GREEN_A_TAN_B[0]))
    assert (state.status, state.reason) == (Status.LOST, LossReason.OUT_OF_TIME)
    assert state.bank.total == 0
    assert not state.sudden_death
    assert official_score(state) is None


def test_edge_10_a_mistake_that_empties_the_bank_exactly_starts_sudden_death() -> None:
    for tokens, mistakes in ((2, 0), (1, 1)):
        state = play(start(tokens, mistakes), Clue(A), Guess(B, RUSSIA))
        assert state.phase is Phase.SUDDEN_DEATH
        assert state.sudden_death
        assert state.status is Status.PLAYING
        assert state.bank.total == 0


def _sudden_death() -> GameState:
    state = play(start(1), Clue(A), Guess(B, 0), Stop(B))
    assert state.phase is Phase.SUDDEN_DEATH
    return state


def test_edge_12_in_sudden_death_anyone_with_words_to_find_guesses_in_any_order() -> None:
    state = play(_sudden_death(), Guess(A, 12), Guess(B, 4), Guess(B, 5), Guess(A, 9))
    assert state.agents_found == 5
    refused(state, Clue(A), OutOfTurnError, "no clues in sudden death")
    refused(state, Stop(A), OutOfTurnError, "no turn is being guessed")


def test_edge_12_a_bystander_in_sudden_death_loses() -> None:
    state = play(_sudden_death(), Guess(A, TAN_BOTH[0]))
    assert (state.status, state.reason) == (Status.LOST, LossReason.SUDDEN_DEATH)
    assert state.mistakes == 1
    assert paper_score(state) == 1 - 2 - 4


def test_edge_12_an_assassin_in_sudden_death_loses_with_no_paper_score() -> None:
    state = play(_sudden_death(), Guess(A, TAN_A_BLACK_B))
    assert state.reason is LossReason.ASSASSIN
    assert paper_score(state) is None


def test_edge_12_a_player_with_nothing_to_find_cannot_guess_in_sudden_death() -> None:
    state = play(start(1), Clue(A), *(Guess(B, cell) for cell in GREEN_ON_A))
    assert state.phase is Phase.SUDDEN_DEATH
    refused(state, Guess(B, 12), NoWordsLeftError, "player b has no words left to find")
    state = play(state, *(Guess(A, cell) for cell in (9, *TAN_A_GREEN_B)))
    assert state.status is Status.WON
    assert state.bank.total == 0
    assert official_score(state) == 0 + 1 - 1


def _every_kind_of_action() -> list[Action]:
    return [Clue(A), Clue(B), Guess(A, 3), Guess(B, 20), Stop(A), Stop(B), Penalty(A)]


@pytest.mark.parametrize(
    ("finished", "how"),
    [
        pytest.param(lambda: play(start(), Clue(A), Guess(B, 10)), "lost", id="lost"),
        pytest.param(
            lambda: play(_sudden_death(), Guess(A, 18)), "lost", id="lost-in-sudden-death"
        ),
        pytest.param(lambda: play(start(), *WINNING_ACTIONS), "won", id="won"),
    ],
)
def test_edge_13_every_action_after_the_game_is_over_is_refused_saying_how_it_ended(
    finished: object, how: str
) -> None:
    state = finished()  # type: ignore[operator]
    assert state.is_over
    assert legal_actions(state) == []
    for action in _every_kind_of_action():
        refused(state, action, GameOverError, rf"^the game is over \({how}\); no more actions$")


# --- Turns, clues and the penalty ---------------------------------------------------------


def test_either_player_may_give_the_first_clue_then_roles_swap() -> None:
    assert start().next_clue_giver is None
    state = play(start(), Clue(B, "ocean", 2), Guess(A, 12), Stop(A))
    assert state.next_clue_giver is A
    refused(state, Clue(B), OutOfTurnError, "player a gives this clue, not player b")


def test_looser_turn_order_allows_two_clues_in_a_row_but_never_three() -> None:
    state = play(start(looser=True), Clue(A), Guess(B, 4), Stop(B))
    assert state.next_clue_giver is None
    state = play(state, Clue(A), Guess(B, 5), Stop(B))
    assert state.next_clue_giver is B
    refused(state, Clue(A), OutOfTurnError, "player b gives this clue")
    assert play(state, Clue(B)).clue_giver is B


def test_a_turn_has_one_clue_the_clue_giver_does_not_guess_and_numbers_run_0_to_9() -> None:
    state = play(start(), Clue(A, "zero", 0))
    refused(state, Clue(B), OutOfTurnError, "player b is guessing player a's clue")
    refused(state, Guess(A, 12), OutOfTurnError, "player a gave the clue; player b guesses")
    refused(start(), Guess(B, 4), OutOfTurnError, "cannot guess before a clue")
    refused(start(), Clue(A, "many", 10), IllegalActionError, "clue number 10 is outside 0..9")
    refused(start(), Clue(A, "less", -1), IllegalActionError, "clue number -1 is outside 0..9")
    assert play(start(), Clue(A, "most", 9)).clue == Clue(A, "most", 9)
    assert play(start(), Clue(A, "none", 0)).clue == Clue(A, "none", 0)
    refused(state, Guess(B, 25), CellNotGuessableError, "cell 25 is outside 0..24")
    refused(state, Guess(B, 26), CellNotGuessableError, "cell 26 is outside 0..24")
    refused(state, Guess(B, -1), CellNotGuessableError, "cell -1 is outside 0..24")
    state = play(state, Guess(B, 4))
    refused(state, Stop(A), OutOfTurnError, "only player b stops")
    refused(state, Guess(B, 4), CellNotGuessableError, "cell 4 is already covered by an agent")


def test_a_clue_word_and_a_penaltys_reason_are_capped_in_length() -> None:
    assert play(start(), Clue(A, "w" * 40)).clue == Clue(A, "w" * 40)
    refused(
        start(),
        Clue(A, "abcdefghijklmnopqrstuvwxyz" * 2),
        IllegalActionError,
        r"^the clue “abcdefghijklmnopqrst”\.\.\. has 52 characters; at most 40$",
    )
    state = play(start(), Clue(A, "ok"))
    assert play(state, Penalty(A, "r" * 200)).bank.total == 8
    refused(state, Penalty(A, "r" * 201), IllegalActionError, "201 characters; at most 200")


def test_the_invalid_clue_penalty_discards_a_token_and_the_turn_goes_on() -> None:
    state = play(start(9, 5), Clue(A), Penalty(A, "clue was part of a visible word"))
    assert (state.bank.checkmarks, state.bank.bystanders) == (3, 5)  # checkmark side first
    assert state.phase is Phase.GUESSING
    refused(state, Penalty(B), OutOfTurnError, "right after the clue, once")
    state = play(state, Guess(B, 4), Stop(B))
    assert state.bank.total == 7
    refused(state, Penalty(A), OutOfTurnError, "right after the clue")


def test_a_penalty_that_empties_the_bank_starts_sudden_death_before_any_guess() -> None:
    state = play(start(1), Clue(A), Penalty(B))
    assert state.phase is Phase.SUDDEN_DEATH
    assert state.turns_played == 1


def test_a_stop_takes_a_checkmark_token_first_then_a_bystander_one() -> None:
    state = play(start(9, 8), Clue(A), Guess(B, 4), Stop(B))
    assert (state.bank.checkmarks, state.bank.bystanders) == (0, 8)
    state = play(state, Clue(B), Guess(A, 12), Stop(A))
    assert (state.bank.checkmarks, state.bank.bystanders) == (0, 7)


def test_a_win_with_the_last_token_uses_it_as_a_stop_and_needs_no_sudden_death() -> None:
    state = play(start(2), Clue(A), *(Guess(B, c) for c in GREEN_ON_A))
    assert state.bank.total == 1
    state = play(state, Clue(B), *(Guess(A, c) for c in (BLACK_A_GREEN_B, *TAN_A_GREEN_B)))
    assert state.status is Status.WON
    assert (state.bank.total, state.stops, state.sudden_death) == (0, 2, False)
    assert official_score(state) == 2


@pytest.mark.parametrize(
    ("tokens", "mistakes", "reason"),
    [
        (0, 0, "tokens 0 is outside 1..15"),
        (16, 0, "tokens 16"),
        (9, 10, "mistakes 10"),
        (9, -1, "mistakes -1 is outside 0..9"),
    ],
)
def test_a_time_bank_no_game_can_start_with_is_refused(
    tokens: int, mistakes: int, reason: str
) -> None:
    with pytest.raises(SetupError, match=reason):
        Setup(tokens, mistakes)


def test_legal_actions_are_exactly_the_ones_apply_accepts() -> None:
    state = play(start(), Clue(A), Guess(B, RUSSIA), Clue(B), Guess(A, 0))
    candidates = [
        *(Guess(p, c) for p in Player for c in range(25)),
        *(Stop(p) for p in Player),
        *(Penalty(p) for p in Player),
        *(Clue(p) for p in Player),
    ]
    accepted = []
    for action in candidates:
        try:
            apply(state, action)
        except IllegalActionError:
            continue
        accepted.append(action)
    assert sorted(map(repr, accepted)) == sorted(map(repr, legal_actions(state)))


def test_the_end_of_a_game_is_one_outcome_that_cannot_contradict_itself() -> None:
    assert Outcome(Status.LOST, LossReason.ASSASSIN).reason is LossReason.ASSASSIN
    for status, reason in (
        (Status.PLAYING, None),
        (Status.WON, LossReason.ASSASSIN),
        (Status.LOST, None),
    ):
        with pytest.raises(ValueError, match="game"):
            Outcome(status, reason)
    assert (start().outcome, start().status, start().reason) == (None, Status.PLAYING, None)
    lost = play(start(), Clue(A), Guess(B, TEST_CARD.a.index("X")))
    assert lost.outcome == Outcome(Status.LOST, LossReason.ASSASSIN)
    assert (lost.phase, lost.status, lost.reason) == (Phase.OVER, Status.LOST, LossReason.ASSASSIN)


def test_a_misspelt_field_in_a_move_is_an_error_not_a_silent_no_op() -> None:
    with pytest.raises(AttributeError, match="no field"):
        rules._evolve(start(), {"found": 1})
    with pytest.raises(AssertionError, match="phase over with outcome None"):
        rules._evolve(start(), {"phase": Phase.OVER})
    with pytest.raises(AssertionError, match="phase clue with outcome Outcome"):
        rules._evolve(start(), {"outcome": Outcome(Status.WON)})


def test_a_clue_is_kept_exactly_while_it_is_being_guessed() -> None:
    with pytest.raises(AssertionError, match="phase clue with clue Clue"):
        rules._evolve(start(), {"clue": Clue(A)})
    with pytest.raises(AssertionError, match="phase guessing with clue None"):
        rules._evolve(start(), {"phase": Phase.GUESSING})


# --- Rules a bookkeeping slip would break for several turns (issue 14's survivors) -----


def test_the_invalid_clue_penalty_may_be_taken_again_in_a_later_turn() -> None:
    # Once per clue: after A's turn ends (B touched a bystander), B's clue may be penalised.
    state = play(start(), Clue(A), Penalty(A), Guess(B, TAN_BOTH[0]))
    assert state.phase is Phase.CLUE and not state.penalised_this_turn
    state = play(state, Clue(B), Penalty(B))
    assert state.bank.total == 9 - 3  # two penalties and a bystander
    state = play(start(), Clue(A), Penalty(A), Guess(B, 4), Stop(B), Clue(B))
    assert play(state, Penalty(A)).bank.total == 9 - 3  # after a stop too


def test_the_looser_order_looks_at_the_two_clues_before_not_the_last_one() -> None:
    # Looser order: nobody gives three clues in a row... and A, B, then B again is fine.
    state = play(start(looser=True), Clue(A), Guess(B, TAN_BOTH[0]))
    assert state.next_clue_giver is None  # after one clue either may
    state = play(state, Clue(B), Guess(A, TAN_BOTH[1]))
    assert state.next_clue_giver is None  # A then B: either may, B included
    state = play(state, Clue(B), Guess(A, TAN_BOTH[2]))
    assert state.next_clue_giver is A  # B twice in a row: now A must
    refused(state, Clue(B), OutOfTurnError, "player a gives this clue, not player b")


def test_a_bank_of_15_tokens_is_the_largest_and_is_accepted() -> None:
    assert start(15).bank.total == 15
    assert start(15, 0).bank.checkmarks == 15
    with pytest.raises(SetupError, match="16"):
        Setup(16, 16)


def test_no_clue_is_left_over_after_a_turn_a_loss_or_a_win() -> None:
    after_turn = play(start(), Clue(A, "ocean", 2), Guess(B, TAN_BOTH[0]))
    assert (after_turn.phase, after_turn.clue, after_turn.clue_giver) == (Phase.CLUE, None, None)
    lost = play(start(), Clue(A, "ocean", 2), Guess(B, BLACK_BOTH))
    assert lost.clue is None
    won = play(start(), *WINNING_ACTIONS)
    assert won.status is Status.WON and won.clue is None


def test_in_sudden_death_a_cell_only_the_partner_hit_can_still_be_guessed() -> None:
    # One token: B's bystander (cell 12, tan on A, green on B) empties the bank.
    state = play(start(1), Clue(A), Guess(B, TAN_A_GREEN_B[0]))
    assert state.phase is Phase.SUDDEN_DEATH
    # A may guess cell 12 (B's mark is not A's): green on B's side, an agent found.
    state = play(state, Guess(A, TAN_A_GREEN_B[0]))
    assert state.found_mask >> TAN_A_GREEN_B[0] & 1
    refused(state, Guess(B, TAN_A_GREEN_B[0]), CellNotGuessableError, "already covered")


def test_a_turn_counts_its_touches_and_its_agents_and_a_new_turn_starts_from_zero() -> None:
    state = play(start(), Clue(A), Guess(B, 4), Guess(B, 5))
    assert (state.correct_this_turn, state.guesses_this_turn) == (2, 2)
    state = play(state, Stop(B), Clue(B))
    assert (state.correct_this_turn, state.guesses_this_turn) == (0, 0)


def test_each_action_is_recorded_on_the_phone_that_knows_its_colours() -> None:
    """A clue and an invalid clue's token on the giver's phone; a touch and a stop on the
    phone of the side whose colours judge it (the clue giver's: the guesser's partner)."""
    a, b = Player.A, Player.B
    assert [recorder(action) for action in (Clue(a), Penalty(a), Guess(b, 3), Stop(b))] == [a] * 4
    assert [recorder(action) for action in (Clue(b), Penalty(b), Guess(a, 3), Stop(a))] == [b] * 4
