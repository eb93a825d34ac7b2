"""Random games played by Hypothesis: the invariants of the rules hold after every action."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from gadget.engine import (
    AGENTS,
    Clue,
    GameLog,
    GameOverError,
    GameState,
    Guess,
    IllegalActionError,
    Penalty,
    Player,
    Setup,
    Status,
    Stop,
    apply,
    legal_actions,
    new_game,
    official_score,
    replay,
    view_for,
)
from gadget.engine.keycard import generate_v1
from gadget.engine.state import Action

players = st.sampled_from(list(Player))
any_action = st.one_of(
    st.builds(Clue, players, st.just("word"), st.integers(0, 9)),
    st.builds(Guess, players, st.integers(-1, 25)),
    st.builds(Stop, players),
    st.builds(Penalty, players),
)


class DuetGame(RuleBasedStateMachine):
    """One game from a random card and bank, driven by legal and arbitrary actions."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState
        self.actions: list[Action] = []

    @initialize(
        seed=st.integers(0, 2**42 - 1),
        tokens=st.integers(1, 11),
        spare=st.integers(0, 11),
        looser=st.booleans(),
    )
    def deal(self, seed: int, tokens: int, spare: int, looser: bool) -> None:
        self.state = new_game(generate_v1(seed), Setup(tokens, spare % (tokens + 1), looser))

    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        legal = legal_actions(self.state)
        if legal:
            action = data.draw(st.sampled_from(legal))
            self.state = apply(self.state, action)
            self.actions.append(action)

    @rule(data=st.data())
    def play_like_a_team_that_reads_clues_well(self, data: st.DataObject) -> None:
        """Mostly guess agents, so that wins, auto-stops and sudden-death wins happen too."""
        legal = legal_actions(self.state)
        good = [a for a in legal if isinstance(a, Guess) and _is_agent(self.state, a)]
        stops = [a for a in legal if isinstance(a, Stop)]
        options = good or stops or legal
        if options:
            action = data.draw(st.sampled_from(options))
            self.state = apply(self.state, action)
            self.actions.append(action)

    @rule(action=any_action)
    def try_any_action(self, action: Action) -> None:
        before = self.state
        legal = legal_actions(before)
        try:
            after = apply(before, action)
        except IllegalActionError:
            assert self.state == before
            assert not any(_same_move(action, option) for option in legal)
            return
        assert any(_same_move(action, option) for option in legal)
        self.state = after
        self.actions.append(action)

    @invariant()
    def tokens_never_go_negative_nor_exceed_the_setup(self) -> None:
        bank, setup = self.state.bank, self.state.setup
        assert bank.checkmarks >= 0
        assert 0 <= bank.bystanders <= setup.mistakes
        assert bank.total <= setup.tokens

    @invariant()
    def agents_found_decide_the_win(self) -> None:
        assert 0 <= self.state.agents_found <= AGENTS
        assert (self.state.status is Status.WON) == (self.state.agents_found == AGENTS)
        assert (official_score(self.state) is not None) == (self.state.status is Status.WON)

    @invariant()
    def a_finished_game_refuses_everything(self) -> None:
        if not self.state.is_over:
            assert legal_actions(self.state)
            return
        assert legal_actions(self.state) == []
        for action in (Clue(Player.A), Guess(Player.B, 0), Stop(Player.A), Penalty(Player.B)):
            try:
                apply(self.state, action)
            except GameOverError:
                continue
            raise AssertionError(f"{action} was accepted after the game ended")

    @invariant()
    def the_log_replays_to_the_same_state(self) -> None:
        log = GameLog(self.state.card, self.state.setup, tuple(self.actions))
        assert replay(log) == self.state

    @invariant()
    def no_view_carries_the_partners_side_while_the_game_runs(self) -> None:
        for player in Player:
            view = view_for(self.state, player)
            assert view.own_side == self.state.card.side(player)
            assert (view.partner_side is None) == (not self.state.is_over)


def _is_agent(state: GameState, guess: Guess) -> bool:
    judge = state.clue_giver or guess.by.partner
    return bool(state.card.green_mask(judge) >> guess.cell & 1)


def _same_move(tried: Action, legal: Action) -> bool:
    """Legal clues stand for any word and number; other actions must match exactly."""
    if isinstance(tried, Clue) and isinstance(legal, Clue):
        return tried.by is legal.by
    return tried == legal


DuetGame.TestCase.settings = settings(max_examples=150, stateful_step_count=60, deadline=None)
TestRandomGamesKeepTheRules = DuetGame.TestCase
