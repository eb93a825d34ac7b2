"""The shared table: games between two phones on one server, live, with seats and a turn timer."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from gadget.engine import Action, Phase, Player, ShareCode
from gadget.missions import MissionResult
from gadget.services.campaign import mission_result, start_game
from gadget.services.hub import Hub
from gadget.services.phones import Phone, is_invite, is_public_id
from gadget.services.seats import TAKE_OVER_WAIT, Seats
from gadget.services.timing import SettingsError, Stretch, TimerSettings, TimerState
from gadget.store import (
    HeldGame,
    NotFoundError,
    SavedGame,
    SavedTimer,
    SeatRequest,
    Store,
    Team,
)


@dataclass(frozen=True, slots=True)
class PhoneGame:
    """One phone's game: the game, the side this phone holds, and everything its screen
    shows around them, read together (at opening and at each notice, never in a render)."""

    game: SavedGame | None  # None: no such game
    side: Player | None  # None: this phone holds no side of it
    requests: tuple[SeatRequest, ...] = ()  # waiting take-overs this phone may answer
    partner_here: bool = False  # a phone holds side B (phone A folds its code away)
    timer: TimerState | None = None
    timer_settings: TimerSettings = field(default_factory=TimerSettings)
    my_request: SeatRequest | None = None  # without a side: this phone's newest request
    askable: tuple[Player, ...] = ()  # without a side: the sides someone could allow
    result: MissionResult | None = None  # a finished mission game: what it changed
    pending: tuple[SeatRequest, ...] = ()  # take-overs of this phone's side it may still stop
    in_team: bool = False  # a team's game: this phone is one of the team's (it may open its map)


def _timer_key(phone: Phone | None) -> str:
    """Each phone's timer defaults are its own; "timer" alone is the command line's."""
    return f"timer:{phone.key}" if phone is not None else "timer"


def _stretch_of(game: SavedGame) -> tuple[Stretch, int] | None:
    """What the timer times in this game now, or None when nothing is timed."""
    if game.state.phase is Phase.CLUE:
        return Stretch.CLUE, game.state.turns_played
    if game.state.phase is Phase.GUESSING:
        return Stretch.GUESS, game.state.turns_played
    return None


class Table(Seats):
    """Every game on this server: deal, join, act, undo, seats and timers, each change broadcast."""

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

    # --- Games ----------------------------------------------------------------------------

    def deal(
        self,
        *,
        tokens: int = 9,
        mistakes: int | None = None,
        team_name: str | None = None,
        mission_name: str | None = None,
        seed: int | None = None,
        phone: Phone | None = None,
    ) -> SavedGame:
        """A new game on this server, its timer set from the saved default; the phone that
        dealt it holds side A."""
        game = start_game(
            self.store,
            team_name=team_name,
            mission_name=mission_name,
            tokens=tokens,
            mistakes=mistakes,
            seed=seed,
            phone=phone.key if phone else None,
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

    def team_of(self, phone: Phone, team_id: int) -> Team:
        """One of this phone's teams; another phone's team is "no such team", as if it were
        not there at all."""
        if not self.store.is_member(team_id, phone.key):
            raise NotFoundError("no such team on this phone")
        return self.store.team_by_id(team_id)

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
        saved = self.store.timer_of(game.id)
        now_stretch = _stretch_of(game)
        timed = None if saved is None or saved.stretch is None else (saved.stretch, saved.turn)
        if saved is None or now_stretch != timed:
            self._restart_timer(game)
        self.hub.changed(game.id)

    def phone_game(self, game_id: int, phone: Phone) -> PhoneGame:
        """What this phone's screen of this game shows now."""
        try:
            game = self.store.game(game_id)
        except NotFoundError:
            return PhoneGame(None, None)
        side = self.store.seat_of(game_id, phone.key)
        if side is None:
            mine = self.store.latest_request(game_id, phone.key)
            if self.claim_if_due(mine):  # an allowed take-over whose wait is over
                return self.phone_game(game_id, phone)
            return PhoneGame(
                game,
                None,
                my_request=mine,
                askable=()
                if game.state.is_over
                else tuple(s for s in Player if self.can_be_allowed(game, s, phone)),
            )
        timer, settings = self._timer_and_settings(game_id)  # one read, every notice
        return PhoneGame(
            game,
            side,
            requests=tuple(
                r for r in self.waiting_requests(game_id) if self.may_answer(r, phone, game)
            ),
            pending=self.pending_for(game_id, side),
            partner_here=self.store.seat_holder(game_id, Player.B) is not None,
            timer=timer,
            timer_settings=settings,
            result=mission_result(self.store, game) if game.state.is_over else None,
            in_team=game.team_id is not None and self.store.is_member(game.team_id, phone.key),
        )

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

    def set_default_timer(self, settings: TimerSettings, phone: Phone | None = None) -> None:
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
        return (_timer_state(saved) if running else None), _settings_of(saved)

    def set_timer(self, game_id: int, settings: TimerSettings) -> None:
        """Switch the timer on or off or change its times for this game (from the next stretch)."""
        self._restart_timer(self.game(game_id), settings)
        self.hub.changed(game_id)

    def pause_timer(self, game_id: int) -> None:
        """Stop the clock until resumed."""
        self._change_timer(game_id, TimerState.paused_at)

    def resume_timer(self, game_id: int) -> None:
        """Start the clock again where it stopped."""
        self._change_timer(game_id, TimerState.resumed_at)

    def reset_timer(self, game_id: int) -> None:
        """Give this stretch its whole time again."""
        self._change_timer(game_id, TimerState.restarted_at)

    def _change_timer(
        self, game_id: int, change: Callable[[TimerState, float], TimerState]
    ) -> None:
        saved = self.store.timer_of(game_id)
        if saved is None or saved.stretch is None:
            return
        self.store.save_timer(game_id, _saved(change(_timer_state(saved), self.clock())))
        self.hub.changed(game_id)

    def _restart_timer(self, game: SavedGame, settings: TimerSettings | None = None) -> SavedTimer:
        """Each turn's clue and guesses start their own time, by themselves; `settings`
        replaces the game's (else it keeps its own, else this server's default)."""
        if settings is None:
            saved = self.store.timer_of(game.id)
            settings = _settings_of(saved) if saved is not None else self.default_timer()
        stretch = _stretch_of(game)
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
            saved = _saved(TimerState(settings, stretch[0], stretch[1], self.clock()))
        self.store.save_timer(game.id, saved)
        return saved


def _settings_of(saved: SavedTimer) -> TimerSettings:
    """A saved timer's settings (checked again: a row is data, like any other input)."""
    try:
        return TimerSettings(saved.enabled, saved.clue_seconds, saved.guess_seconds)
    except SettingsError:
        return TimerSettings()


def _timer_state(saved: SavedTimer) -> TimerState:
    """The running timer a saved row describes (its stretch is known)."""
    return TimerState(
        _settings_of(saved),
        Stretch(saved.stretch or Stretch.CLUE),
        saved.turn,
        saved.started_at,
        saved.paused_left,
    )


def _saved(timer: TimerState) -> SavedTimer:
    """A running timer as the store keeps it."""
    settings = timer.settings
    return SavedTimer(
        settings.enabled,
        settings.clue_seconds,
        settings.guess_seconds,
        timer.stretch.value,
        timer.turn,
        timer.started_at,
        timer.paused_left,
    )
