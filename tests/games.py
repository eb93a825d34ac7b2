"""Whole games on the hand-made test card, for tests that need a win or a loss."""

from gadget.engine import Clue, GameLog, Guess, Player, Setup, Stop
from gadget.engine.state import Action
from tests.cards import TEST_CARD

A, B = Player.A, Player.B

# Won on the 7th turn with 6 earlier stops: 2 tokens left, score 13 (rules.md, edge case 11).
WINNING_ACTIONS: tuple[Action, ...] = (
    Clue(A), Guess(B, 4), Guess(B, 5), Stop(B),
    Clue(B), Guess(A, 12), Guess(A, 13), Stop(A),
    Clue(A), Guess(B, 6), Guess(B, 7), Stop(B),
    Clue(B), Guess(A, 14), Guess(A, 15), Stop(A),
    Clue(A), Guess(B, 8), Guess(B, 3), Stop(B),
    Clue(B), Guess(A, 16), Guess(A, 9), Stop(A),
    Clue(A), Guess(B, 0), Guess(B, 1), Guess(B, 2),
)  # fmt: skip
ASSASSIN_ACTIONS: tuple[Action, ...] = (Clue(A), Guess(B, 4), Guess(B, 10))


def log_of(actions: tuple[Action, ...], tokens: int = 9, mistakes: int = 9) -> GameLog:
    return GameLog(TEST_CARD, Setup(tokens, mistakes), actions)
