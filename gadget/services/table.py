"""The shared table: games between two phones on one server, live, with seats and a turn timer."""

from __future__ import annotations

import time
from collections.abc import Callable

from gadget.engine import Action, GadgetError, GameLog, Player, ShareCode, recorder
from gadget.engine.words import WordsChoice
from gadget.services.campaign import start_game
from gadget.services.classic_tables import ClassicTables
from gadget.services.hub import Hub
from gadget.services.phone_game import (
    PhoneGame,
    saved_timer,
    seated_screen,
    settings_of,
    stretch_of,
    timer_state,
    unseated_screen,
)
from gadget.services.phones import Phone, is_invite, is_public_id
from gadget.services.seats import TAKE_OVER_WAIT, Seats
from gadget.services.timing import TimerSettings, TimerState
from gadget.services.word_lists import TeamWordLists
from gadget.store import (
    HeldGame,
    SavedGame,
    SavedTimer,
    SeatError,
    Store,
    Team,
)


def apart(log: GameLog) -> bool:
    """Whether a game is played apart: on a server, a game with its words on the phones is
    (each player's phone takes their own touches, and the server judges them)."""
    return log.words is not None


class UndoRefusedError(GadgetError):
    """An undo the table does not take."""


def may_undo(game: SavedGame) -> bool:
    """Whether the last action may be taken back: played apart, the end is final, since it
    showed each player the partner's side (the guesser's undo of a touch of the assassin let
    them play on knowing it; a two-step touch leaves no slip of the finger to forgive)."""
    return bool(game.log.actions) and not (apart(game.log) and game.state.is_over)


def _timer_key(phone: Phone | None) -> str:
    """Each phone's timer defaults are its own; "timer" alone is the server's (an older game's)."""
    return f"timer:{phone.key}" if phone is not None else "timer"


class Table(Seats, TeamWordLists):
    """Every game on this server: each write takes the phone and checks it may, each change is
    heard by every phone watching."""

    def __init__(
        self,
        store: Store,
        hub: Hub | None = None,
        clock: Callable[[], float] = time.time,
        take_over_wait: float = TAKE_OVER_WAIT,
    ) -> None:
        self.store = store
        self.hub = hub or Hub()
        self.clock = clock
        self.take_over_wait = take_over_wait
        # Classic and Pictures cards, on the same store, hub and clock.
        self.classic = ClassicTables(store, self.hub, clock)

    # --- Games ----------------------------------------------------------------------------

    def deal(
        self,
        *,
        tokens: int = 9,
        mistakes: int | None = None,
        team_name: str | None = None,
        mission_name: str | None = None,
        seed: int | None = None,
        words: WordsChoice | None = None,
        phone: Phone,
    ) -> SavedGame:
        """A new game on this server, its timer set from the saved default; the phone that
        dealt it holds side A (a team's mission only from a phone of the team); with
        `words`, its words are on both phones and it is played apart."""
        if team_name is not None:
            self.team_of(phone, self.store.team(team_name).id)
        game = start_game(
            self.store,
            team_name=team_name,
            mission_name=mission_name,
            tokens=tokens,
            mistakes=mistakes,
            seed=seed,
            phone=phone.key,
            words=words,
        )
        self._restart_timer(game, self.default_timer(phone))
        return game

    def find(self, code: ShareCode) -> SavedGame | None:
        """The game whose side B a typed or scanned code makes, on this server."""
        return self.store.game_by_code(code)

    def game(self, game_id: int) -> SavedGame:
        """The game as it stands now."""
        return self.store.game(game_id)

    def game_at(self, public_id: str) -> SavedGame | None:
        """The game an address names; None for anything that is not one (no query made)."""
        return self.store.game_by_public_id(public_id) if is_public_id(public_id) else None

    def act(self, phone: Phone, game_id: int, action: Action, version: int) -> PhoneGame:
        """Record an action seen at `version`, on the phone of the side that records it (the
        store checks the seat in the same transaction); both phones hear of it, and this
        one gets its screen as it now stands."""
        self.store.record_action(
            game_id, action, version, phone=phone.key, side=lambda log: recorder(action, apart(log))
        )
        return self._changed(game_id, phone)

    def undo(self, phone: Phone, game_id: int, version: int) -> PhoneGame:
        """Take back the last action, from a phone that holds a side; both phones hear of it.
        Played apart, the end is not taken back (`may_undo`)."""
        screen = self.store.game_screen(game_id, phone.key)  # the seat is checked first
        seated = screen is not None and screen.side is not None
        game = screen.game if screen is not None else None
        if seated and game and game.version == version and game.log.actions and not may_undo(game):
            raise UndoRefusedError(
                "this game was played apart and has ended: both sides were shown, so it cannot"
                " be taken back; deal a new game"
            )
        self.store.undo(game_id, version, phone=phone.key)
        return self._changed(game_id, phone)

    def _changed(self, game_id: int, phone: Phone) -> PhoneGame:
        """After a move: the timer follows the game, this phone's screen is read, and every
        phone hears the version it shows (this one, showing it, need not read it again)."""
        version = None  # unknown if the read fails: every watcher reads again
        try:
            now = self.phone_game(game_id, phone, timer_follows=True)
            version = now.game.version if now.game is not None else None
            return now
        finally:  # the move is saved: every phone hears of it, even if this read failed
            self.hub.changed(game_id, version)

    def phone_game(self, game_id: int, phone: Phone, *, timer_follows: bool = False) -> PhoneGame:
        """What this phone's screen of this game shows now, from one read of its records
        (`timer_follows`: after a move, a stretch the timer does not time yet starts)."""
        screen = self.store.game_screen(game_id, phone.key)
        if screen is None:
            return PhoneGame(None, None)
        if screen.side is None:
            if self._claim_if_due(screen.latest_request(phone.key)):  # its wait is over
                return self.phone_game(game_id, phone)
            return unseated_screen(screen, phone.key)
        timer = screen.timer
        timed = None if timer is None or timer.stretch is None else (timer.stretch, timer.turn)
        if timer is None or (timer_follows and stretch_of(screen.game) != timed):
            timer = self._restart_timer(screen.game, settings_of(timer) if timer else None)
        return seated_screen(screen, screen.side, phone.key, timer)

    def accept_invite(self, invite: str, phone: Phone) -> Team | None:
        """The team whose invite link this is, with this phone now one of its; None for a
        link that names no team (a mistyped or replaced one)."""
        if not is_invite(invite):
            return None
        team_id = self.store.team_id_by_invite(invite)
        if team_id is None:
            return None
        self.store.join_team(team_id, phone.key)
        return self.store.team_by_id(team_id)

    def games_of(self, phone: Phone, newest: int = 5) -> list[HeldGame]:
        """This phone's unfinished games, newest first, with the side it holds in each and
        what tells them apart (team, mission, partner, last move), read in one go."""
        return self.store.held_games(phone.key, newest)

    # --- Turn timer -----------------------------------------------------------------------

    def default_timer(self, phone: Phone | None = None) -> TimerSettings:
        """The timer settings this phone's new games start with (each phone has its own)."""
        raw = self.store.setting(_timer_key(phone), "off,120,120").split(",")
        try:
            return TimerSettings(raw[0] == "on", int(raw[1]), int(raw[2]))
        except (IndexError, ValueError):
            return TimerSettings()

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
        timed from now."""
        saved = self.store.timer_of(game_id) or self._restart_timer(self.game(game_id))
        running = saved.stretch is not None and saved.enabled
        return (timer_state(saved) if running else None), settings_of(saved)

    def set_timer(self, phone: Phone, game_id: int, settings: TimerSettings) -> None:
        """Switch the timer on or off or change its times for this game (from the next
        stretch), from a phone that holds a side of it."""
        self._holds_a_side(phone, game_id)
        self._restart_timer(self.game(game_id), settings)
        self.hub.changed(game_id)

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
        self._holds_a_side(phone, game_id)
        saved = self.store.timer_of(game_id)
        if saved is None or saved.stretch is None:
            return
        self.store.save_timer(game_id, saved_timer(change(timer_state(saved), self.clock())))
        self.hub.changed(game_id)

    def _holds_a_side(self, phone: Phone, game_id: int) -> Player:
        """The side this phone holds; a phone without one changes nothing of the game."""
        side = self.store.seat_of(game_id, phone.key)
        if side is None:
            raise SeatError("this phone holds no side of this game: nothing was changed")
        return side

    def _restart_timer(self, game: SavedGame, settings: TimerSettings | None = None) -> SavedTimer:
        """Each turn's clue and guesses start their own time, by themselves; `settings`
        replaces the game's (else it keeps its own, else this server's default)."""
        if settings is None:
            saved = self.store.timer_of(game.id)
            settings = settings_of(saved) if saved is not None else self.default_timer()
        stretch = stretch_of(game)
        if stretch is None:  # known: nothing to time (over, sudden death)
            saved = SavedTimer(
                settings.enabled,
                settings.clue_seconds,
                settings.guess_seconds,
                None,
                game.state.turns_played,
                self.clock(),
                None,
            )
        else:
            saved = saved_timer(TimerState(settings, stretch[0], stretch[1], self.clock()))
        self.store.save_timer(game.id, saved)
        return saved
