"""The root of every refusal meant for a player, and the errors the engine raises.

Everything the app refuses (a typo in a code, an illegal move, a broken file, a taken name)
is a GadgetError with a message a player can act on: the command line and the screens catch
exactly this class. Any other exception is a bug, and is reported as one.
"""


class GadgetError(ValueError):
    """A refusal meant for a player, in one line (a ValueError, as bad input is)."""


class KeyCardError(GadgetError):
    """A key card given as text breaks the card's shape or the rule-book pair counts."""


class ShareCodeError(GadgetError):
    """A typed or scanned share code cannot be trusted to make the card its sender saw."""


class SetupError(GadgetError):
    """A time bank or option that no game can start with."""


class IllegalActionError(GadgetError):
    """The rules refuse an action; the state it was applied to is unchanged."""


class GameOverError(IllegalActionError):
    """The game has ended, so every further action is refused."""


class OutOfTurnError(IllegalActionError):
    """The action is legal in the game, but not for this player or not now."""


class CellNotGuessableError(IllegalActionError):
    """The cell is covered, out of the grid, or this guesser already hit it as a bystander."""


class NoWordsLeftError(IllegalActionError):
    """The player has nothing left to clue, or nothing left to find in sudden death."""


class StopTooSoonError(IllegalActionError):
    """A turn needs a correct guess before the guesser may stop."""


class GameLogError(GadgetError):
    """A game log file is malformed; the message names the field and what is wrong."""


class ReplayError(GadgetError):
    """An action in a game log is refused by the rules; the message names its index."""

    def __init__(self, index: int, cause: IllegalActionError) -> None:
        super().__init__(f"action {index}: {cause}")
        self.index = index
        self.cause = cause
