"""The app as a player's partner on a server: a game dealt for it seats the app on side B, and
the app acts whenever B's phone would, from what B's phone shows and nothing else, one action
at a time after a pause the player sees (docs/partner.md)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final

from gadget.engine import Action, GadgetError, view_for
from gadget.partner.seat import Seat, turns_of
from gadget.services.games import SavedGame, WorkedGames, move
from gadget.services.hub import Hub
from gadget.services.phones import APP, APP_SIDE, Phone
from gadget.services.worker import in_worker
from gadget.store import SeatError, Seats, StaleGameError, Store

#: Seconds before each of the app's actions: the player sees each touch and its result.
PAUSE: Final = 1.5
#: The languages the app plays in (gadget/partner/lexicon.py's, named here so that reading a
#: game's screen loads none of the partner's libraries).
APP_LANGUAGES: Final = ("en", "fr")
Thinking = Callable[[Seat, str], Awaitable[Action]]
log = logging.getLogger(__name__)


def with_app(seats: Seats) -> bool:
    """Whether the app holds side B of this game."""
    return APP.key in seats.of(APP_SIDE)


def app_to_act(game: SavedGame) -> bool:
    """Whether the app has something to do now: not when the game is over or it waits for
    the player (it gives the first clue itself). Every screen read asks this: no replay."""
    if game.state.is_over or game.log.words is None:
        return False
    view = view_for(game.state, APP_SIDE)
    return view.i_may_give_clue or view.i_may_guess


def app_seat(game: SavedGame) -> Seat | None:
    """What side B's phone shows, when the app has something to do now; else None."""
    if not app_to_act(game) or game.log.words is None:
        return None
    past, found = turns_of(game.log)  # a replay of the log: only when the app acts
    return Seat(view_for(game.state, APP_SIDE), game.log.words.words, past, found)


def language_of(game: SavedGame) -> str:
    """The language the app plays the game in: its shipped list's; for the players' own list,
    "" (the app tells by the words, in the worker: app_thinking)."""
    words = game.log.words
    spoken = words.language if words is not None else None
    if spoken is None:
        return ""
    return spoken if spoken in APP_LANGUAGES else APP_LANGUAGES[0]


async def thinks_in_worker(seat: Seat, language: str) -> Action:
    """The app decides in the server's worker process, never on the phones' event loop (its
    lexicon's libraries are imported there only)."""
    from gadget.services.app_thinking import decide  # noqa: PLC0415  (the worker's alone)

    return await in_worker(decide, seat, APP_SIDE, language)


class AppPartner:
    """The Table's part that plays side B for the app (a mixin: the Table gives the store,
    its hub and its worked games)."""

    store: Store
    hub: Hub
    worked: WorkedGames
    app_pause: float  # PAUSE; a test's is shorter
    app_thinks: Thinking  # thinks_in_worker; a test's thinks in its own process
    _app_turns: set[int]  # the games whose app turn runs in this process

    def _app_due(self, game_id: int) -> tuple[Seat, int, str] | None:
        """The app's seat, the version it acts on and its language, when it is the app's
        game and its turn; None otherwise."""
        with self.store.unit() as unit:
            if not with_app(unit.seats(game_id)):
                return None
            record = unit.game(game_id)
        if record is None:
            return None
        game = self.worked.saved(record)
        seat = app_seat(game)
        return (seat, game.version, language_of(game)) if seat is not None else None

    def _app_acts(self, game_id: int, action: Action, version: int) -> SavedGame:
        """Record the app's action at the version it decided on, as its seat (the rules and
        the version checked as for a phone); every phone hears of it."""
        with self.store.unit() as unit:
            game = move(unit, self.worked, game_id, version, action, phone=APP.key)
        self.hub.changed(game_id, game.version)
        return game

    async def app_turn(self, phone: Phone, game_id: int) -> None:
        """The app's actions while it has something to do, each after its pause, asked for
        by a phone that holds a side of the game; one such turn at a time a game in this
        process (another process's is refused by the version). A player who acts meanwhile
        is seen: the app looks again."""
        if await asyncio.to_thread(self.store.seat_of, game_id, phone.key) is None:
            raise SeatError("this phone holds no side of this game: nothing was changed")
        if game_id in self._app_turns:
            return
        self._app_turns.add(game_id)
        try:
            while (due := await asyncio.to_thread(self._app_due, game_id)) is not None:
                seat, version, language = due
                await asyncio.sleep(self.app_pause)
                action = await self.app_thinks(seat, language)
                try:
                    await asyncio.to_thread(self._app_acts, game_id, action, version)
                except StaleGameError:
                    continue
        except GadgetError as refused:  # nothing it may do: the player sees it wait
            log.warning("the app could not play game %s: %s", game_id, refused)
        finally:
            self._app_turns.discard(game_id)
