"""The newest records of each game this process's phones read, kept and moved on by the moves
it hears of: after a move, every watching phone's screen is drawn from them instead of from
a read of the game each (0.2-0.3 ms of CPU a watching phone at every move, in-process)."""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from dataclasses import replace

from gadget.engine import GadgetError, apply
from gadget.services.games import KEPT_GAMES, Worked, WorkedGames
from gadget.services.hub import Subject
from gadget.services.move_news import MoveNews, read_news
from gadget.services.phone_game import GameRecords


class KeptGames:
    """Each game's newest records as read (`keep`), moved on by each move's news (`heard`),
    and forgotten at any other change; safe from any thread.

    Only a game's moves change its version, so records kept at a version are true as long as
    nothing else changed since (a seat, a name, a request, the timer): every such change is
    told without news, and forgets the game. Records read before such a change and kept
    after it would bring it back: each read notes when it started (`started`), and records
    read before the game was last forgotten are not kept.
    """

    def __init__(self, worked: WorkedGames, capacity: int = KEPT_GAMES) -> None:
        self._lock = threading.Lock()
        self._worked = worked
        self._kept: OrderedDict[int, GameRecords] = OrderedDict()
        self._capacity = capacity
        self._changes = 0  # changes heard so far, of any game
        self._forgotten: OrderedDict[int, int] = OrderedDict()  # game: changes at its last
        self._forgotten_before = 0  # at most this, for a game no longer in `_forgotten`

    def started(self) -> int:
        """The moment a read starts, for `keep`."""
        with self._lock:
            return self._changes

    def keep(self, records: GameRecords, started: int) -> bool:
        """Records read from the store in one go, from `started` on: kept unless the game
        changed otherwise meanwhile, or newer ones are kept already. True when the records
        kept at their version were another game: news no move made (a forged notice), which
        this process's screens may show; they must read the game whole."""
        game_id = records.game.id
        with self._lock:
            if self._forgotten.get(game_id, self._forgotten_before) > started:
                return False
            kept = self._kept.get(game_id)
            if kept is None or kept.game.version <= records.game.version:
                self._put(game_id, records)
        return (
            kept is not None
            and kept.game.version == records.game.version
            and not (kept.game.log == records.game.log and kept.timer == records.timer)
        )

    def records(self, game_id: int, at_least: int) -> GameRecords | None:
        """The kept records of the game, if they are of this version or newer."""
        with self._lock:
            kept = self._kept.get(game_id)
        return kept if kept is not None and kept.game.version >= at_least else None

    def heard(self, subject: Subject, news: str | None) -> int | None:
        """A change another process told of, or this one made (no news: it is no move, or
        one read whole): the version a move's news gives, once followed here, else None."""
        if not isinstance(subject, int):
            return None
        move = read_news(news) if news is not None else None
        if move is None:
            self.forget(subject)
            return None
        return move.version if self._follow(subject, move) else None

    def forget(self, game_id: int) -> None:
        """The game changed otherwise than by a move: read it whole again."""
        with self._lock:
            self._changes += 1
            self._kept.pop(game_id, None)
            self._forgotten[game_id] = self._changes
            self._forgotten.move_to_end(game_id)
            while len(self._forgotten) > self._capacity:
                _, at = self._forgotten.popitem(last=False)
                self._forgotten_before = max(self._forgotten_before, at)

    def missed(self) -> None:
        """Changes may have gone unheard (the notices' connection was lost): forget them all."""
        with self._lock:
            self._changes += 1
            self._forgotten_before = self._changes
            self._forgotten.clear()
            self._kept.clear()

    def _follow(self, game_id: int, move: MoveNews) -> bool:
        """The kept records moved on by one action, if they are the version before it (True
        when they are of its version now); if they are older (a notice missed) or the action
        is refused, forgotten."""
        with self._lock:
            kept = self._kept.get(game_id)
        if kept is None:
            return False
        if kept.game.version == move.version and not _made(kept, move):
            self._drop(game_id, kept)  # another game than this move made (news forged)
            return False
        if kept.game.version >= move.version:  # read after the move: its version, or later
            return kept.game.version == move.version
        game = kept.game
        state = None
        if game.version == move.version - 1 and game.attempt_id is None:
            with contextlib.suppress(GadgetError):  # (its rules refuse under one root)
                state = apply(game.state, move.action)
        if state is None or state.is_over:  # refused, a gap, or the end: read whole
            self._drop(game_id, kept)
            return False
        log = game.log.then(move.action)
        text = log.to_json()  # as the moving process saved it, for its next read or move here
        self._worked.keep(game_id, Worked(text, log, state, game.state))
        moved = replace(game, log=log, state=state, version=move.version, before=game.state)
        timer = move.timer if move.timer is not None else kept.timer
        with self._lock:
            if self._kept.get(game_id) is not kept:  # kept anew or forgotten meanwhile
                return False
            self._put(game_id, replace(kept, game=moved, timer=timer, choices={}))
            return True

    def _drop(self, game_id: int, kept: GameRecords) -> None:
        with self._lock:
            if self._kept.get(game_id) is kept:
                del self._kept[game_id]

    def _put(self, game_id: int, records: GameRecords) -> None:
        """(Under the lock.)"""
        self._kept[game_id] = records
        self._kept.move_to_end(game_id)
        while len(self._kept) > self._capacity:
            self._kept.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)


def _made(kept: GameRecords, move: MoveNews) -> bool:
    """Whether the kept records are the ones this move made: its action last (a game at
    this version is one move on from the version before it), and its timer."""
    actions = kept.game.log.actions
    timer_as_told = move.timer is None or move.timer == kept.timer
    return bool(actions) and actions[-1] == move.action and timer_as_told
