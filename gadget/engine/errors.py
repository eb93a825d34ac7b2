"""The errors the engine raises, all ValueErrors so callers can catch bad input in one place."""


class KeyCardError(ValueError):
    """A key card given as text breaks the card's shape or the rule-book pair counts."""


class ShareCodeError(ValueError):
    """A typed or scanned share code cannot be trusted to make the card its sender saw."""


class SetupError(ValueError):
    """A time bank or option that no game can start with."""


class IllegalActionError(ValueError):
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


class GameLogError(ValueError):
    """A game log file is malformed; the message names the field and what is wrong."""


class ReplayError(ValueError):
    """An action in a game log is refused by the rules; the message names its index."""

    def __init__(self, index: int, cause: IllegalActionError) -> None:
        super().__init__(f"action {index}: {cause}")
        self.index = index
        self.cause = cause
