"""A player's view carries their own side and the table, never the partner's colours."""

from gadget.engine import Clue, Deal, Guess, KeyCard, Player, Setup, Stop, apply, new_game, view_for
from gadget.engine.state import Action, GameState
from gadget.engine.view import side_alone
from tests.cards import GREEN_A_TAN_B, TEST_CARD

A, B = Player.A, Player.B


def _play(card: KeyCard, *actions: Action) -> GameState:
    state = new_game(card, Setup())
    for action in actions:
        state = apply(state, action)
    return state


def _swap(side: str, first: int, second: int) -> str:
    chars = list(side)
    chars[first], chars[second] = chars[second], chars[first]
    return "".join(chars)


# Same side A; on side B, cell 12 (tan on A) and cell 18 (tan on A) trade green and tan.
OTHER_B = KeyCard(TEST_CARD.a, _swap(TEST_CARD.b, 12, 18))
# Same side B; on side A, cell 4 (tan on B) and cell 18 (tan on B) trade green and tan.
OTHER_A = KeyCard(_swap(TEST_CARD.a, 4, 18), TEST_CARD.b)

MOVES: list[Action] = [Clue(A, "salad", 3), Guess(B, 0), Guess(B, 1), Stop(B), Clue(B)]


def test_a_players_view_is_the_same_whatever_the_partners_hidden_colours() -> None:
    for step in range(len(MOVES) + 1):
        assert view_for(_play(TEST_CARD, *MOVES[:step]), A) == view_for(
            _play(OTHER_B, *MOVES[:step]), A
        )
        assert view_for(_play(TEST_CARD, *MOVES[:step]), B) == view_for(
            _play(OTHER_A, *MOVES[:step]), B
        )


def test_the_view_does_change_when_the_players_own_side_does() -> None:
    assert view_for(_play(TEST_CARD), B) != view_for(_play(OTHER_B), B)


def test_both_sides_are_revealed_once_the_game_is_over() -> None:
    state = _play(TEST_CARD, Clue(A), Guess(B, 10))
    assert view_for(state, A).partner_side == TEST_CARD.b
    assert view_for(state, B).partner_side == TEST_CARD.a


def test_b_lays_out_the_cells_turned_half_way_round() -> None:
    view = view_for(_play(TEST_CARD), B)
    assert view.seat_cells[:3] == (24, 23, 22)
    assert "".join(view.own_side[cell] for cell in view.seat_cells) == TEST_CARD.seen_from(B)


def test_the_view_says_whose_turn_it_is_and_what_is_on_the_table() -> None:
    state = _play(TEST_CARD, Clue(A, "salad", 3), Guess(B, 12))
    view = view_for(state, B)
    assert view.marks_by_me == {12}
    assert view.marks_by_partner == frozenset()
    assert (view.checkmark_tokens, view.bystander_tokens) == (0, 8)
    assert view.next_clue_giver is B
    assert view.words_i_give == 9
    assert not view.partner_is_done
    assert not view.i_may_guess
    assert view_for(apply(state, Clue(B)), A).i_may_guess


def test_the_clue_giver_records_the_partners_touches_and_sees_when_they_may_stop() -> None:
    state = _play(TEST_CARD, Clue(A, "salad", 3))
    giver, guesser = view_for(state, A), view_for(state, B)
    assert giver.i_record_guesses and not guesser.i_record_guesses
    assert giver.touchable == frozenset(range(25))
    assert giver.penalty_open and not giver.partner_may_stop
    state = apply(apply(state, Guess(B, 4)), Guess(B, 12))  # an agent, then a bystander
    after_turn = view_for(state, A)
    assert not after_turn.i_record_guesses
    assert view_for(state, B).i_may_give_clue and not after_turn.i_may_give_clue
    state = apply(apply(state, Clue(B)), Guess(A, 0))
    recorder = view_for(state, B)
    assert recorder.partner_may_stop and not recorder.penalty_open
    assert 0 not in recorder.touchable and 12 in recorder.touchable  # B hit 12, A may touch it


def test_in_sudden_death_each_phone_records_the_partners_touches() -> None:
    state = new_game(TEST_CARD, Setup(1, 1))
    state = apply(apply(apply(state, Clue(A)), Guess(B, 0)), Stop(B))
    for player in Player:
        view = view_for(state, player)
        assert view.i_record_guesses and view.i_may_guess
        assert not view.i_may_give_clue


def test_a_word_both_players_hit_as_a_bystander_is_no_longer_touchable() -> None:
    state = _play(TEST_CARD, Clue(A), Guess(B, 18), Clue(B), Guess(A, 18), Clue(A))
    assert 18 in view_for(state, A).marks_by_partner | view_for(state, A).marks_by_me
    assert 18 not in view_for(state, A).touchable
    assert 19 in view_for(state, A).touchable


def test_side_b_from_its_code_alone_is_the_view_the_whole_card_gives() -> None:
    for seed in range(5):
        deal = Deal(seed)
        whole = view_for(new_game(deal.key_card(), Setup(deal.tokens, deal.mistakes)), Player.B)
        assert side_alone(deal.code) == whole


def test_an_agent_found_where_i_had_marked_a_bystander_is_not_mine_to_touch() -> None:
    """A touched it during B's clue (tan on B's side: A's bystander mark), then B found it
    during A's clue (green on A's side): covered, and marked by A, it is not A's to touch."""
    cell = GREEN_A_TAN_B[0]
    state = new_game(TEST_CARD, Setup())
    for action in (Clue(Player.B), Guess(Player.A, cell), Clue(Player.A), Guess(Player.B, cell)):
        state = apply(state, action)
    state = apply(apply(state, Stop(Player.B)), Clue(Player.B))
    view = view_for(state, Player.A)
    assert view.i_may_guess and cell in view.marks_by_me and cell in view.found
    assert cell not in view.mine_to_touch
