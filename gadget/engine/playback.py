"""A game's log played through the rules: the state it leads to, and what `gadget replay`
prints (apart from the format, so that reading a log needs no rule)."""

from __future__ import annotations

from typing import Any

from gadget.engine.errors import IllegalActionError, ReplayError
from gadget.engine.gamelog import GameLog
from gadget.engine.keycard import Player
from gadget.engine.rules import apply
from gadget.engine.score import official_score
from gadget.engine.state import GameState, new_game


def replay(log: GameLog) -> GameState:
    """The state the log leads to; ReplayError names the first refused action's index."""
    return replay_with_before(log)[1]


def replay_with_before(log: GameLog) -> tuple[GameState | None, GameState]:
    """The state before the last action (None with no action) and the state the log leads
    to, in one pass: what a phone says about the last touch needs both."""
    before: GameState | None = None
    state = new_game(log.card, log.setup)
    for index, action in enumerate(log.actions):
        before = state
        try:
            state = apply(state, action)
        except IllegalActionError as refused:
            raise ReplayError(index, refused) from refused
    return before, state


def summary(state: GameState) -> dict[str, Any]:
    """The object `gadget replay` prints, exactly as game-log.md specifies it."""
    return {
        "status": state.status.value,
        "reason": state.reason.value if state.reason else None,
        "phase": state.phase.value,
        "clue_giver": _player(state.clue_giver),
        "next_clue_giver": _player(state.next_clue_giver),
        "tokens_left": state.bank.total,
        "bystander_tokens_left": state.bank.bystanders,
        "turns_played": state.turns_played,
        "agents_found": state.agents_found,
        "agents_left": {p.value: state.words_left(p) for p in Player},
        "stops": state.stops,
        "mistakes": state.mistakes,
        "sudden_death": state.sudden_death,
        "score": official_score(state),
    }


def _player(player: Player | None) -> str | None:
    return player.value if player else None
