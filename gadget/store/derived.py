"""Each version of a game worked out once a process: its log parsed and replayed the first
time that version is read, then handed to every phone here that reads it.

This is where a game's derived value lives (`Store.derived`): a tap used to replay the whole
log once to apply it and again for each watching phone and each render of the last touch.
An entry is found by the row's exact log text, so a row changed behind this process's back
(another server process, a repair by hand) is worked out again, never mistaken.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from gadget.engine import GameLog, GameState, parse_game_log, replay_with_before
from gadget.store.records import SavedGame, saved_game
from gadget.store.tables import GameRow

KEPT_GAMES: Final = 2048  # games kept at once; a game is about 10 KB worked out


@dataclass(frozen=True, slots=True)
class Worked:
    """A log's text and what it leads to: the state and the state before its last action."""

    text: str
    log: GameLog
    state: GameState
    before: GameState | None


class DerivedGames:
    """The newest worked-out log of each recently read game, and the one before it (what an
    undo goes back to), oldest forgotten first; safe from any thread."""

    def __init__(self, capacity: int = KEPT_GAMES) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[int, tuple[Worked, Worked | None]] = OrderedDict()
        self._capacity = capacity
        self.replays = 0  # logs replayed whole in this process (a test counts them per tap)

    def worked(self, game_id: int, text: str) -> Worked:
        """The game's log (as `text`) worked out: kept, or parsed and replayed once now."""
        with self._lock:
            entry = self._games.get(game_id)
            if entry is not None:
                for kept in entry:
                    if kept is not None and kept.text == text:
                        self._games.move_to_end(game_id)
                        return kept
        log = parse_game_log(text)
        before, state = replay_with_before(log)
        self.replays += 1
        worked = Worked(text, log, state, before)
        self.keep(game_id, worked)
        return worked

    def keep(self, game_id: int, worked: Worked) -> None:
        """The game's newest log; the one it replaces stays as the one before it."""
        with self._lock:
            entry = self._games.get(game_id)
            newest = entry[0] if entry is not None else None
            if newest is not None and newest.text == worked.text:
                return
            self._games[game_id] = (worked, newest)
            self._games.move_to_end(game_id)
            while len(self._games) > self._capacity:
                self._games.popitem(last=False)

    def saved(self, row: GameRow) -> SavedGame:
        """The game a row holds, worked out once for its version."""
        assert row.id is not None
        worked = self.worked(row.id, row.log)
        return saved_game(row, worked.log, worked.state, before=worked.before)
