"""What the store refuses, each said in one line a player can act on."""

from gadget.engine.errors import GadgetError


class StoreError(GadgetError):
    """Something the store refuses, said in one line a player can act on."""


class NotFoundError(StoreError):
    """No team, map or game by that name or number."""


class TeamExistsError(StoreError):
    """Team names are unique."""


class StaleGameError(StoreError):
    """The other phone acted first: this action was based on an older version of the game."""


class TimerMovedError(StaleGameError):
    """The game's timer was changed (settings, a pause) between a move's read and its save:
    the move, refused whole, is made again on the timer as changed."""


class SeatError(StoreError):
    """A seat this phone may not take, or a take-over it may not answer."""


class ConnectionLostError(StoreError):
    """The database cut this call's connection (a restart, an administrator): nothing of the
    call was saved, and the next call has a fresh connection."""


def lost_connection() -> ConnectionLostError:
    """The one line a call whose connection the database cut says."""
    return ConnectionLostError("the database connection was lost; try again")
