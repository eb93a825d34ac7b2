"""The shared table: games between two phones on one server, live, with seats and a turn timer."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from gadget.engine import Action, GadgetError, ShareCode
from gadget.engine.words import WordsChoice, newest_list
from gadget.services import games
from gadget.services.app_partner import APP_LANGUAGES, PAUSE, AppPartner, thinks_in_worker
from gadget.services.campaign import start_game
from gadget.services.classic_games import ClassicGames
from gadget.services.games import SavedGame, apart, may_undo, play, save_played
from gadget.services.hub import Hub
from gadget.services.kept_games import KeptGames
from gadget.services.move_news import move_news
from gadget.services.phone_game import (
    GameRecords,
    PhoneGame,
    read_records,
    seated_screen,
    unseated_screen,
)
from gadget.services.phones import APP, APP_KIND, APP_SIDE, Phone, is_invite, is_public_id
from gadget.services.seats import TAKE_OVER_WAIT, Seats
from gadget.services.side_invites import SideInvites
from gadget.services.side_seen import GameFacts, HeldGame, facts_of, held_games
from gadget.services.turn_timer import TurnTimers
from gadget.services.word_lists import TeamWordLists
from gadget.store import (
    ConnectionLostError,
    GameRecord,
    StaleGameError,
    Store,
    Team,
    TimerMovedError,
    Unit,
)

__all__ = ["Table", "UndoRefusedError", "apart", "may_undo"]


Done = TypeVar("Done")


class UndoRefusedError(GadgetError):
    """An undo the table does not take."""


def once_more_if_lost(call: Callable[[], Done]) -> Done:
    """A call whose connection the database cut (a restart) is made once more, on a fresh
    one: nothing of it was saved, or, for a move saved just before the cut, its version
    refuses it the second time. A phone watching, or tapping, then sees no error at all. So
    is a move whose game's timer was changed between its read and its save, on the timer
    as changed (`TimerMovedError`)."""
    try:
        return call()
    except (ConnectionLostError, TimerMovedError):
        return call()


class Table(Seats, SideInvites, TeamWordLists, AppPartner, TurnTimers):
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
        self.worked = games.worked(store)  # each version of a game worked out once here
        self.kept = KeptGames(self.worked)  # each game's newest records, for watching phones
        self.hub.read_news(self.kept)
        # Classic and Pictures cards, on the same store, hub and clock.
        self.classic = ClassicGames(store, self.hub, clock)
        self.app_pause, self.app_thinks, self._app_turns = PAUSE, thinks_in_worker, set()

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
        with_the_app: bool = False,
    ) -> SavedGame:
        """A new game on this server, its timer set from the saved default; the phone that
        dealt it holds side A (a team's mission only from a phone of the team); with
        `words`, its words are on both phones and it is played apart; `with_the_app`, the
        app holds side B (played apart, with the words of the app's language unless others
        are given)."""
        if with_the_app and words is None:
            words = newest_list(APP_LANGUAGES[0]).number
        if team_name is not None:
            self.team_of(phone, self.store.team(team_name).id)
        settings = self.default_timer(phone)
        with self.store.unit() as unit:  # the game, its side A and its timer: all or none
            game = start_game(
                self.store,
                team_name=team_name,
                mission_name=mission_name,
                tokens=tokens,
                mistakes=mistakes,
                seed=seed,
                phone=phone.key,
                words=words,
                unit=unit,
            )
            self._save_timer(unit, game.id, game.state, settings)
            if with_the_app:
                unit.take_seat(game.id, APP_SIDE, APP.key, kind=APP_KIND)
        return game

    def find(self, code: ShareCode) -> GameFacts | None:
        """The game whose side B a typed or scanned code makes, on this server (what any
        phone may know of it: the code's holder holds no side yet)."""
        return self._facts_of(self.store.game_by_side_b(code.side_b))

    def game(self, game_id: int) -> SavedGame:
        """The game as it stands now."""
        return games.game(self.store, game_id)

    def game_at(self, public_id: str) -> GameFacts | None:
        """The game an address names (what any phone may know of it); None for anything
        that is not one (no query made)."""
        return self._facts_of(
            self.store.game_by_public_id(public_id) if is_public_id(public_id) else None
        )

    def _facts_of(self, record: GameRecord | None) -> GameFacts | None:
        """What any phone may know of a saved game; of one whose log cannot be read (a row
        changed by hand), what its row says: its screen says what is wrong."""
        if record is None:
            return None
        try:
            return facts_of(self.worked.saved(record))
        except games.UNREADABLE:
            return GameFacts(
                record.id, record.public_id, record.version, record.team_id, record.mission_id,
                is_over=False, has_actions=False,
            )  # fmt: skip

    def act(self, phone: Phone, game_id: int, action: Action, version: int) -> PhoneGame:
        """Record an action seen at `version`, on the phone of the side that records it: the
        seat, the version, the rules, the attempt at the end, the timer and this phone's
        screen in one unit of work; then every phone hears of it."""
        return self._move(phone, game_id, action, version)

    def undo(self, phone: Phone, game_id: int, version: int) -> PhoneGame:
        """Take back the last action, from a phone that holds a side; both phones hear of it.
        Played apart, the end is not taken back (`may_undo`)."""
        return self._move(phone, game_id, None, version)

    def _move(self, phone: Phone, game_id: int, action: Action | None, version: int) -> PhoneGame:
        """One action or undo as one unit of work; the watching phones hear of it once it
        is saved (this one, handed its screen, need not read it again)."""
        try:
            return once_more_if_lost(lambda: self._move_once(phone, game_id, action, version))
        except StaleGameError:
            # What this process's screens show may be no version ever saved (news forged on
            # the notices' channel): they read the game whole.
            self.hub.changed(game_id)
            raise

    def _move_once(
        self, phone: Phone, game_id: int, action: Action | None, version: int
    ) -> PhoneGame:
        """The move's one attempt: its unit of work, its records kept for the watching phones
        here, then the notice to this process (the others hear it with its news)."""
        started = self.kept.started()
        with self.store.unit() as unit:
            unit.read_together(game_id)  # all the move and its screen read, at once
            if action is None:
                self._undo_allowed(unit, game_id, phone, version)
            played = play(unit, self.worked, game_id, version, action, phone=phone.key)
            retimed = self._timer_follows(unit, game_id, played.state)
            news = move_news(version + 1, action, played.state, retimed)
            game = save_played(unit, self.worked, played, news=news, timer=retimed, last=True)
            records = read_records(unit, self.worked, game_id)
        assert records is not None  # it just moved
        diverged = self.kept.keep(records, started)  # from records no move made: read whole
        self.hub.changed(game_id, None if diverged else game.version)
        side = records.seats.side_of(phone.key)
        assert side is not None  # it just moved, seated
        return seated_screen(records, side, phone.key)

    def _undo_allowed(self, unit: Unit, game_id: int, phone: Phone, version: int) -> None:
        """Played apart, the end is final (`may_undo`); the seat and version are checked
        first, by `move`, so that a stranger learns nothing here."""
        record = unit.game(game_id)
        if record is None or record.version != version:
            return
        if phone.key not in unit.seats(game_id).holders:
            return
        game = self.worked.saved(record)
        if game.log.actions and not may_undo(game):
            raise UndoRefusedError(
                "this game was played apart and has ended: both sides were shown, so it cannot"
                " be taken back; deal a new game"
            )

    def phone_game(self, game_id: int, phone: Phone, moved_to: int | None = None) -> PhoneGame:
        """What this phone's screen of this game shows now, from one read that changes
        nothing (a seat whose take-over wait is over is claimed by `claim_side`); after
        moves alone up to version `moved_to`, from the records kept here if they have it."""
        kept = self.kept.records(game_id, moved_to) if moved_to is not None else None
        try:
            records = kept or once_more_if_lost(lambda: self._read_records(game_id))
        except games.UNREADABLE as wrong:  # said on the screen, which reads on
            return PhoneGame(None, None, unreadable=wrong.said)
        if records is None:
            return PhoneGame(None, None)
        side = records.seats.side_of(phone.key)
        if side is None:
            return unseated_screen(records, phone.key)
        return seated_screen(records, side, phone.key)

    def _read_records(self, game_id: int) -> GameRecords | None:
        """The screen's one read, in a unit that changes nothing; its records kept."""
        started = self.kept.started()
        with self.store.unit(reads_only=True) as unit:
            records = read_records(unit, self.worked, game_id)
        if records is not None:
            self.kept.keep(records, started)
        return records

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
        return held_games(self.store, phone.key, newest)
