"""The turn timer of each game on the table: its settings, the stretch it times, and each
change of it made apart from a move, kept in step with the moves made at the same moment."""

from __future__ import annotations

from collections.abc import Callable

from gadget.engine import GameState
from gadget.engine.timing import TimerSettings, TimerState
from gadget.services.games import WorkedGames
from gadget.services.hub import Hub
from gadget.services.phone_game import saved_timer, settings_of, stretch_of, timer_state
from gadget.services.phones import Phone
from gadget.store import GameRecord, SavedTimer, SeatError, StaleGameError, Store, Unit

DEFAULT_TIMER = "off,120,120"  # a setting's text: on or off, the clue's and the guesses' time


def _timer_settings(raw: str) -> TimerSettings:
    """Timer settings as a setting keeps them (the default for anything else)."""
    parts = raw.split(",")
    try:
        return TimerSettings(parts[0] == "on", int(parts[1]), int(parts[2]))
    except (IndexError, ValueError):
        return TimerSettings()


def _server_timer(unit: Unit) -> TimerSettings:
    """The server's own default, read in the caller's unit (a game no phone's default set)."""
    return _timer_settings(unit.setting(_timer_key(None), DEFAULT_TIMER))


def _timer_key(phone: Phone | None) -> str:
    """Each phone's timer defaults are its own; "timer" alone is the server's (an older game's)."""
    return f"timer:{phone.key}" if phone is not None else "timer"


#: Times a change of the timer is worked out again when a move was saved between its read
#: and its write: each try is one turn of a phone's move, so a game that moves faster than
#: this is not a game people play.
TIMER_TRIES = 5


class TurnTimers:
    """Each game's timer (Table is one): read, set and changed by a phone that holds a side,
    and started afresh by the moves that begin a stretch (`_timer_follows`)."""

    store: Store
    hub: Hub
    clock: Callable[[], float]
    worked: WorkedGames

    def default_timer(self, phone: Phone | None = None) -> TimerSettings:
        """The timer settings this phone's new games start with (each phone has its own)."""
        return _timer_settings(self.store.setting(_timer_key(phone), DEFAULT_TIMER))

    def set_default_timer(self, settings: TimerSettings, phone: Phone) -> None:
        """Keep the settings for this phone's next games."""
        flag = "on" if settings.enabled else "off"
        self.store.set_setting(
            _timer_key(phone), f"{flag},{settings.clue_seconds},{settings.guess_seconds}"
        )

    def timer(self, game_id: int) -> TimerState | None:
        """The running timer of a game, or None when it is off or nothing is timed."""
        return self._timer_and_settings(game_id)[0]

    def timer_settings(self, game_id: int) -> TimerSettings:
        """This game's timer settings (the saved default until changed)."""
        return self._timer_and_settings(game_id)[1]

    def _timer_and_settings(self, game_id: int) -> tuple[TimerState | None, TimerSettings]:
        """Both from one read of the saved timer; a game from before timers were saved is
        timed from its next move."""
        with self.store.unit() as unit:
            saved = unit.timer(game_id)
            if saved is None:
                return None, _server_timer(unit)
        running = saved.stretch is not None and saved.enabled
        return (timer_state(saved) if running else None), settings_of(saved)

    def set_timer(self, phone: Phone, game_id: int, settings: TimerSettings) -> None:
        """Switch the timer on or off or change its times for this game (from the next
        stretch), from a phone that holds a side of it."""

        def timed(_unit: Unit, record: GameRecord) -> SavedTimer:
            return self._timer_of(self.worked.saved(record).state, settings)

        self._change_apart(phone, game_id, timed)

    def pause_timer(self, phone: Phone, game_id: int) -> None:
        """Stop the clock until resumed."""
        self._change_timer(phone, game_id, TimerState.paused_at)

    def resume_timer(self, phone: Phone, game_id: int) -> None:
        """Start the clock again where it stopped."""
        self._change_timer(phone, game_id, TimerState.resumed_at)

    def reset_timer(self, phone: Phone, game_id: int) -> None:
        """Give this stretch its whole time again."""
        self._change_timer(phone, game_id, TimerState.restarted_at)

    def _change_timer(
        self, phone: Phone, game_id: int, change: Callable[[TimerState, float], TimerState]
    ) -> None:
        def changed(unit: Unit, _record: GameRecord) -> SavedTimer | None:
            saved = unit.timer(game_id)
            if saved is None or saved.stretch is None:
                return None
            return saved_timer(change(timer_state(saved), self.clock()))

        self._change_apart(phone, game_id, changed)

    def _change_apart(
        self,
        phone: Phone,
        game_id: int,
        change: Callable[[Unit, GameRecord], SavedTimer | None],
    ) -> None:
        """A change of the timer apart from a move, worked out from the game and timer as
        read, and written only if neither changed since (`Unit.claim_timer`): else worked
        out again, up to TIMER_TRIES times. A move saved meanwhile is made again on it."""
        for _ in range(TIMER_TRIES):
            with self.store.unit() as unit:
                unit.read_together(game_id)
                self._holds_a_side(unit, phone, game_id)
                record = unit.game(game_id)
                assert record is not None  # a side of it is held
                timer = change(unit, record)
                if timer is None:
                    return
                if unit.claim_timer(record):
                    unit.save_timer(game_id, timer)
                    break
        else:
            raise StaleGameError("the game kept moving while its timer was changed; try again")
        self.hub.changed(game_id)

    @staticmethod
    def _holds_a_side(unit: Unit, phone: Phone, game_id: int) -> None:
        """A phone without a side changes nothing of the game."""
        if phone.key not in unit.seats(game_id).holders:
            raise SeatError("this phone holds no side of this game: nothing was changed")

    def _save_timer(
        self, unit: Unit, game_id: int, state: GameState, settings: TimerSettings
    ) -> None:
        """Each turn's clue and guesses start their own time, by themselves, with these
        settings (in the caller's unit)."""
        unit.save_timer(game_id, self._timer_of(state, settings))

    def _timer_of(self, state: GameState, settings: TimerSettings) -> SavedTimer:
        """The timer of a game in this state with these settings, its stretch starting now."""
        stretch = stretch_of(state)
        if stretch is None:  # known: nothing to time (over, sudden death)
            saved = SavedTimer(
                settings.enabled,
                settings.clue_seconds,
                settings.guess_seconds,
                None,
                state.turns_played,
                self.clock(),
                None,
            )
        else:
            saved = saved_timer(TimerState(settings, stretch[0], stretch[1], self.clock()))
        return saved

    def _timer_follows(self, unit: Unit, game_id: int, state: GameState) -> SavedTimer | None:
        """After a move, the timer of a stretch it does not time yet, starting now (for the
        caller to save); None when it times this one already, or is switched off: switched
        on, it starts the stretch then (`set_timer`), so a clue or a turn's end of a game
        without a timer is saved alone, as a touch is (it wrote the timer's row too, in a
        transaction of its own)."""
        timer = unit.timer(game_id)
        if timer is not None and not timer.enabled:
            return None
        timed = None if timer is None or timer.stretch is None else (timer.stretch, timer.turn)
        if timer is not None and stretch_of(state) == timed:
            return None
        settings = settings_of(timer) if timer is not None else _server_timer(unit)
        return self._timer_of(state, settings)
