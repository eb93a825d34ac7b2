"""The shared table: games between two phones on one server, live, with seats and a turn timer."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from gadget.engine import Action, Phase, Player, ShareCode
from gadget.services.campaign import start_game
from gadget.store import SavedGame, Store, StoreError

Listener = Callable[[], None]

TIMER_PRESETS = (30, 60, 90, 120, 180, 240, 300, 480)
WARNINGS = (30, 10)


class Hub:
    """In-process notifications: every phone watching a game hears of each change at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[int, set[Listener]] = {}

    def watch(self, game_id: int, listener: Listener) -> Callable[[], None]:
        """Call `listener` after each change to the game; returns the way to stop."""
        with self._lock:
            self._listeners.setdefault(game_id, set()).add(listener)

        def stop() -> None:
            with self._lock:
                self._listeners.get(game_id, set()).discard(listener)

        return stop

    def changed(self, game_id: int) -> None:
        """Tell every watcher; a listener must only schedule work, never block."""
        with self._lock:
            listeners = list(self._listeners.get(game_id, ()))
        for listener in listeners:
            listener()

    def watchers(self, game_id: int) -> int:
        """How many screens watch a game (for tests and the memory benchmark)."""
        with self._lock:
            return len(self._listeners.get(game_id, ()))


class Stretch(StrEnum):
    """What the turn timer is timing."""

    CLUE = "clue"
    GUESS = "guess"


@dataclass(frozen=True, slots=True)
class TimerSettings:
    """The optional turn timer: off by default, separate times for the clue and the guesses."""

    enabled: bool = False
    clue_seconds: int = 120
    guess_seconds: int = 120

    def __post_init__(self) -> None:
        for name, seconds in (("clue", self.clue_seconds), ("guess", self.guess_seconds)):
            if not 5 <= seconds <= 3600:
                raise StoreError(f"the {name} time {seconds} s is outside 5 s..60 min")

    def seconds_for(self, stretch: Stretch) -> int:
        """How long this stretch of the turn may take."""
        return self.clue_seconds if stretch is Stretch.CLUE else self.guess_seconds


@dataclass(frozen=True, slots=True)
class TimerState:
    """One timed stretch, the same on both phones: they read it from the server's clock."""

    settings: TimerSettings
    stretch: Stretch
    turn: int
    started_at: float
    paused_left: float | None = None

    def seconds_left(self, now: float) -> float:
        """Time left, never below zero."""
        if self.paused_left is not None:
            return self.paused_left
        total = self.settings.seconds_for(self.stretch)
        return max(0.0, total - (now - self.started_at))

    @property
    def paused(self) -> bool:
        """Stopped by a player until resumed."""
        return self.paused_left is not None


def _stretch_of(game: SavedGame) -> tuple[Stretch, int] | None:
    """What the timer times in this game now, or None when nothing is timed."""
    if game.state.phase is Phase.CLUE:
        return Stretch.CLUE, game.state.turns_played
    if game.state.phase is Phase.GUESSING:
        return Stretch.GUESS, game.state.turns_played
    return None


@dataclass
class _Seats:
    holders: dict[Player, str] = field(default_factory=dict)


class Table:
    """Every game on this server: deal, join, act, undo, seats and timers, each change broadcast."""

    def __init__(
        self, store: Store, hub: Hub | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.hub = hub or Hub()
        self.clock = clock
        self._lock = threading.Lock()
        self._seats: dict[int, _Seats] = {}
        self._timers: dict[int, TimerState | None] = {}  # None: nothing to time now
        self._timer_settings: dict[int, TimerSettings] = {}

    # --- Games ----------------------------------------------------------------------------

    def deal(
        self,
        *,
        tokens: int = 9,
        mistakes: int | None = None,
        team_name: str | None = None,
        mission_name: str | None = None,
        seed: int | None = None,
    ) -> SavedGame:
        """A new game on this server, its timer set from the saved default."""
        game = start_game(
            self.store,
            team_name=team_name,
            mission_name=mission_name,
            tokens=tokens,
            mistakes=mistakes,
            seed=seed,
        )
        self._timer_settings[game.id] = self.default_timer()
        self._restart_timer(game)
        return game

    def find(self, typed_code: str) -> SavedGame | None:
        """The game a typed or scanned code names on this server (ShareCodeError for a typo)."""
        return self.store.game_by_code(ShareCode.parse(typed_code).text)

    def game(self, game_id: int) -> SavedGame:
        """The game as it stands now."""
        return self.store.game(game_id)

    def act(self, game_id: int, action: Action, version: int) -> SavedGame:
        """Record an action seen at `version`; both phones hear of it."""
        game = self.store.record_action(game_id, action, version)
        self._after_change(game)
        return game

    def undo(self, game_id: int, version: int) -> SavedGame:
        """Take back the last action; both phones hear of it."""
        game = self.store.undo(game_id, version)
        self._after_change(game)
        return game

    def _after_change(self, game: SavedGame) -> None:
        timer = self._timers.get(game.id)
        now_stretch = _stretch_of(game)
        if timer is None or now_stretch != (timer.stretch, timer.turn):
            self._restart_timer(game)
        self.hub.changed(game.id)

    # --- Seats ----------------------------------------------------------------------------

    def holder(self, game_id: int, side: Player) -> str | None:
        """Which phone (session) holds this side now."""
        with self._lock:
            return self._seats.setdefault(game_id, _Seats()).holders.get(side)

    def sit(self, game_id: int, side: Player, phone: str, *, take_over: bool = False) -> bool:
        """Take a side; False when another phone holds it, unless told to take it over."""
        with self._lock:
            holders = self._seats.setdefault(game_id, _Seats()).holders
            current = holders.get(side)
            if current not in (None, phone) and not take_over:
                return False
            holders[side] = phone
        if current not in (None, phone):
            self.hub.changed(game_id)  # the replaced phone learns it lost the side
        return True

    def leave(self, game_id: int, side: Player, phone: str) -> None:
        """Free a side when its phone goes away (only if that phone still holds it)."""
        with self._lock:
            holders = self._seats.setdefault(game_id, _Seats()).holders
            if holders.get(side) == phone:
                del holders[side]

    # --- Turn timer -----------------------------------------------------------------------

    def default_timer(self) -> TimerSettings:
        """The timer settings new games start with (saved in the store's settings)."""
        raw = self.store.setting("timer", "off,120,120").split(",")
        try:
            return TimerSettings(raw[0] == "on", int(raw[1]), int(raw[2]))
        except (IndexError, ValueError):
            return TimerSettings()

    def set_default_timer(self, settings: TimerSettings) -> None:
        """Keep the settings for the next games."""
        flag = "on" if settings.enabled else "off"
        self.store.set_setting("timer", f"{flag},{settings.clue_seconds},{settings.guess_seconds}")

    def timer(self, game_id: int) -> TimerState | None:
        """The running timer of a game, or None when it is off or nothing is timed."""
        with self._lock:
            known = game_id in self._timers
            state = self._timers.get(game_id)
        if not known:  # a restarted server: time the stretch under way from now
            self._restart_timer(self.game(game_id))
            with self._lock:
                state = self._timers.get(game_id)
        if state is None or not state.settings.enabled:
            return None
        return state

    def timer_settings(self, game_id: int) -> TimerSettings:
        """This game's timer settings (the saved default until changed)."""
        return self._timer_settings.get(game_id) or self.default_timer()

    def set_timer(self, game_id: int, settings: TimerSettings) -> None:
        """Switch the timer on or off or change its times for this game (from the next stretch)."""
        self._timer_settings[game_id] = settings
        self._restart_timer(self.game(game_id))
        self.hub.changed(game_id)

    def pause_timer(self, game_id: int) -> None:
        """Stop the clock until resumed."""
        self._change_timer(
            game_id,
            lambda t, now: t if t.paused else replace(t, paused_left=t.seconds_left(now)),
        )

    def resume_timer(self, game_id: int) -> None:
        """Start the clock again where it stopped."""

        def resume(timer: TimerState, now: float) -> TimerState:
            if timer.paused_left is None:
                return timer
            total = timer.settings.seconds_for(timer.stretch)
            return replace(timer, started_at=now - (total - timer.paused_left), paused_left=None)

        self._change_timer(game_id, resume)

    def reset_timer(self, game_id: int) -> None:
        """Give this stretch its whole time again."""
        self._change_timer(game_id, lambda t, now: replace(t, started_at=now, paused_left=None))

    def _change_timer(
        self, game_id: int, change: Callable[[TimerState, float], TimerState]
    ) -> None:
        with self._lock:
            timer = self._timers.get(game_id)
            if timer is None:
                return
            self._timers[game_id] = change(timer, self.clock())
        self.hub.changed(game_id)

    def _restart_timer(self, game: SavedGame) -> None:
        """Each turn's clue and guesses start their own time, by themselves."""
        stretch = _stretch_of(game)
        settings = self._timer_settings.get(game.id) or self.default_timer()
        with self._lock:
            if stretch is None:
                self._timers[game.id] = None  # known: nothing to time (over, sudden death)
                return
            self._timers[game.id] = TimerState(settings, stretch[0], stretch[1], self.clock())
