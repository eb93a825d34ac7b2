"""The rule book's scores: of a game played here, of a result told by hand, and the
play-by-paper variant's (apart from the rules that play a game, so that what keeps a score
needs none of them)."""

from __future__ import annotations

from gadget.engine.state import GameState, LossReason, Status


def official_score(state: GameState) -> int | None:
    """The rule book's score of a won game: 3 per token left, 1 per stop, -1 for sudden death."""
    return result_score(
        state.status is Status.WON, state.bank.total, state.stops, state.sudden_death
    )


def result_score(won: bool, tokens_left: int, stops: int, sudden_death: bool) -> int | None:
    """The rule book's score from a result told by hand (a game played without the table)."""
    if not won:
        return None
    return 3 * tokens_left + stops - (1 if sudden_death else 0)


def paper_score(state: GameState) -> int | None:
    """The play-by-paper variant's score; an assassin or an unfinished game scores nothing.

    Agents +1, unused turns (tokens left) +3, mistakes -2, sudden death -4. The variant scores
    a game lost in sudden death or out of time as well: only the assassin voids the score.
    """
    if state.status is Status.PLAYING or state.reason is LossReason.ASSASSIN:
        return None
    return (
        state.agents_found
        + 3 * state.bank.total
        - 2 * state.mistakes
        - (4 if state.sudden_death else 0)
    )
