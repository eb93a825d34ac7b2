"""Duet games as the services see them: each saved log worked out once a process, and each
action or undo one unit of work that checks the phone's seat and the version, plays the
rules, ends the attempt and saves the rows (the store keeps rows and knows no rule)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from weakref import WeakKeyDictionary

from gadget.engine import (
    Action,
    Clue,
    GameLog,
    GameLogError,
    GameState,
    IllegalActionError,
    Player,
    ReplayError,
    ShareCode,
    apply,
    extended_log,
    parse_game_log,
    recorder,
    replay_with_before,
)
from gadget.engine.words import check_clue_drawn
from gadget.missions.names import SidesNamed
from gadget.services.attempts import finish, take_back
from gadget.services.move_news import move_news
from gadget.services.phones import APP, APP_SIDE
from gadget.store import (
    GameRecord,
    NotFoundError,
    SavedTimer,
    SeatError,
    Seats,
    Store,
    StoreError,
)
from gadget.store.unit import Unit, stale_error

KEPT_GAMES: Final = 2048  # games kept at once; a game is about 10 KB worked out
# What a saved log that cannot be read is refused with (a row changed by hand): a screen says
# it in one line and reads on, and lists leave the game out.
UNREADABLE: Final = (GameLogError, ReplayError)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress (or just finished) with the version the next action must name."""

    id: int
    public_id: str
    team_id: int | None
    mission_id: str | None
    map_id: int | None
    players: tuple[str, ...]
    log: GameLog
    state: GameState
    version: int
    attempt_id: int | None
    before: GameState | None = None  # the state before the last action (None: no action)


def apart(log: GameLog) -> bool:
    """Whether a game is played apart: on a server, a game with its words on the phones is
    (each player's phone takes their own touches, and the server judges them)."""
    return log.words is not None


def may_undo(game: SavedGame) -> bool:
    """Whether the last action may be taken back: played apart, the end is final, since it
    showed each player the partner's side (the guesser's undo of a touch of the assassin let
    them play on knowing it; a two-step touch leaves no slip of the finger to forgive)."""
    return bool(game.log.actions) and not (apart(game.log) and game.state.is_over)


@dataclass(frozen=True, slots=True)
class Worked:
    """A log's text and what it leads to: the state and the state before its last action."""

    text: str
    log: GameLog
    state: GameState
    before: GameState | None


class WorkedGames:
    """The newest worked-out log of each recently read game, and the one before it (what an
    undo goes back to), oldest forgotten first; safe from any thread.

    A tap used to replay the whole log once to apply it and again for each watching phone
    and each render of the last touch. An entry is found by the row's exact log text, so a
    row changed behind this process's back (another server process, a repair by hand) is
    worked out again, never mistaken.
    """

    def __init__(self, capacity: int = KEPT_GAMES) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[int, tuple[Worked, Worked | None]] = OrderedDict()
        self._capacity = capacity
        self.replays = 0  # logs replayed whole in this process (a test counts them per tap)

    def worked(self, game_id: int, text: str) -> Worked:
        """The game's log (as `text`) worked out: kept, the kept one with the actions another
        process added played on from where it was, or parsed and replayed once now."""
        with self._lock:
            entry = self._games.get(game_id)
            if entry is not None:
                for kept in entry:
                    if kept is not None and kept.text == text:
                        self._games.move_to_end(game_id)
                        return kept
        newest = entry[0] if entry is not None else None
        later = _played_on(newest, text) if newest is not None else None
        if later is not None:
            self.keep(game_id, later)
            return later
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

    def saved(self, record: GameRecord) -> SavedGame:
        """The game a record holds, worked out once for its version."""
        worked = self.worked(record.id, record.log)
        return _saved(record, worked)


def _played_on(kept: Worked, text: str) -> Worked | None:
    """The kept game with the actions `text` adds to it applied (a move saved by another
    process: its watching phones here read and replayed the whole log at every move, 7% of
    their CPU); None when `text` is not its log with actions added, or one is refused (the
    whole log, read and replayed, says what is wrong)."""
    log = extended_log(kept.log, kept.text, text)
    if log is None or len(log.actions) == len(kept.log.actions):
        return None
    before, state = kept.before, kept.state
    try:
        for action in log.actions[len(kept.log.actions) :]:
            before, state = state, apply(state, action)
    except IllegalActionError:
        return None
    return Worked(text, log, state, before)


_WORKED: WeakKeyDictionary[Store, WorkedGames] = WeakKeyDictionary()
_WORKED_LOCK = threading.Lock()


def worked(store: Store) -> WorkedGames:
    """The games worked out from this store in this process (one cache a store)."""
    with _WORKED_LOCK:
        games = _WORKED.get(store)
        if games is None:
            games = _WORKED[store] = WorkedGames()
        return games


def _saved(record: GameRecord, worked: Worked) -> SavedGame:
    return SavedGame(
        id=record.id,
        public_id=record.public_id,
        team_id=record.team_id,
        mission_id=record.mission_id,
        map_id=record.map_id,
        players=record.players,
        log=worked.log,
        state=worked.state,
        version=record.version,
        attempt_id=record.attempt_id,
        before=worked.before,
    )


# --- Reads --------------------------------------------------------------------------------


def start_game(
    store: Store,
    log: GameLog,
    team_id: int | None = None,
    mission_id: str | None = None,
    players: Sequence[str] = (),
    *,
    map_id: int | None = None,
    phone: str | None = None,
    unit: Unit | None = None,
) -> SavedGame:
    """Save a new game before its first action, in the caller's unit (or one of its own);
    the phone that dealt it holds side A."""
    if unit is None:
        with store.unit() as own:
            return start_game(
                store, log, team_id, mission_id, players, map_id=map_id, phone=phone, unit=own
            )
    before, state = replay_with_before(log)
    text = log.to_json()
    record = unit.start_game(
        text,
        version=len(log.actions),
        side_b=log.card.b,
        code=log.code.text if log.code else None,
        team_id=team_id,
        mission_id=mission_id,
        map_id=map_id,
        players=players,
        phone=phone,
    )
    games = worked(store)
    games.keep(record.id, Worked(text, log, state, before))
    return games.saved(record)


def game(store: Store, game_id: int) -> SavedGame:
    """A saved game as it stands now: what a phone that reconnects catches up with."""
    return worked(store).saved(store.game(game_id))


def game_by_public_id(store: Store, public_id: str) -> SavedGame | None:
    """The game an address names, or None."""
    record = store.game_by_public_id(public_id)
    return worked(store).saved(record) if record is not None else None


def game_by_code(store: Store, code: ShareCode) -> SavedGame | None:
    """The newest game whose side B the code makes, finished or not: found by the card,
    never by the code's text (a code edited to carry another bank names the same game)."""
    record = store.game_by_side_b(code.side_b)
    return worked(store).saved(record) if record is not None else None


def games_in_progress(store: Store, newest: int | None = None) -> list[SavedGame]:
    """Games not finished yet, oldest first (only the `newest` few when given)."""
    games = worked(store)
    return [games.saved(record) for record in store.games_in_progress(newest)]


# --- Moves --------------------------------------------------------------------------------


def record_action(store: Store, game_id: int, action: Action, expected_version: int) -> SavedGame:
    """Apply an action and save it in one unit, by no phone (the command line, a repair);
    at the end, record the attempt too."""
    with store.unit() as unit:
        return move(unit, worked(store), game_id, expected_version, action)


def undo(store: Store, game_id: int, expected_version: int) -> SavedGame:
    """Take back the last action in one unit, by no phone (its attempt too)."""
    with store.unit() as unit:
        return move(unit, worked(store), game_id, expected_version, None)


@dataclass(frozen=True, slots=True)
class Played:
    """A move worked out in its unit and not saved yet: the game's row as it was read, the
    action (None: an undo), and the log and state it leads to."""

    record: GameRecord
    action: Action | None
    log: GameLog
    state: GameState
    before: GameState | None
    attempt_id: int | None  # the attempt the end recorded (None: no end)


def move(
    unit: Unit,
    games: WorkedGames,
    game_id: int,
    expected_version: int,
    action: Action | None,
    *,
    phone: str | None = None,
) -> SavedGame:
    """One more action (or, with None, one fewer) in the caller's unit (`play`), saved with
    the news of it its notice carries (the timer as it was)."""
    played = play(unit, games, game_id, expected_version, action, phone=phone)
    news = move_news(expected_version + 1, action, played.state, None)
    return save_played(unit, games, played, news=news)


def play(
    unit: Unit,
    games: WorkedGames,
    game_id: int,
    expected_version: int,
    action: Action | None,
    *,
    phone: str | None = None,
) -> Played:
    """One more action (or, with None, one fewer) in the caller's unit, under the version
    check: `expected_version` is the version the phone saw, and if the other phone acted
    first this one is refused (StaleGameError), nothing applied twice. Given a phone, it
    must hold the side that records the action (any side for an undo); at the end, the
    attempt is recorded, and an undo of the end takes it back."""
    record = unit.game(game_id)
    if record is None:
        raise NotFoundError("no game number {game_id}", game_id=game_id)
    kept = games.worked(game_id, record.log)
    if phone is not None:
        side = recorder(action, apart(kept.log)) if action is not None else None
        check_seat(unit.seats(game_id), phone, side)
    if record.version != expected_version:
        raise stale_error(record.version, expected_version)
    before: GameState | None
    if action is not None:
        if isinstance(action, Clue):
            check_clue_drawn(action.word)
        state, before, log = apply(kept.state, action), kept.state, kept.log.then(action)
    else:
        if record.attempt_id is not None:
            take_back(unit, game_id, record.attempt_id)
        if not kept.log.actions:
            raise StoreError("nothing to undo: no action has been recorded yet")
        back = games.worked(game_id, kept.log.without_last().to_json())
        state, before, log = back.state, back.before, back.log
    attempt_id = None
    if state.is_over:
        attempt_id = finish(
            unit,
            team_id=record.team_id,
            mission_id=record.mission_id,
            map_id=record.map_id,
            players=record.players,
            log=log,
            state=state,
            played_at=unit.now,
            sides=sides_at_end(unit.seats(game_id)),
            with_the_app=APP.key in unit.seats(game_id).of(APP_SIDE),
        )
    return Played(record, action, log, state, before, attempt_id)


def save_played(
    unit: Unit,
    games: WorkedGames,
    played: Played,
    *,
    news: str | None,
    timer: SavedTimer | None = None,
    last: bool = False,
) -> SavedGame:
    """The move's log saved (with the timer it starts, if any), its notice carrying `news`
    (`move_news`), and kept worked out; `last`: the unit writes nothing after it."""
    text = played.log.to_json()
    saved = unit.save_game(
        played.record,
        text,
        played.attempt_id,
        expected=played.record.version,
        news=news,
        timer=timer,
        last=last,
    )
    now = Worked(text, played.log, played.state, played.before)
    games.keep(saved.id, now)
    return _saved(saved, now)


def sides_at_end(seats: Seats) -> SidesNamed:
    """What an attempt keeps of who played: each held side's phones by their names."""
    return {side: seats.named(side) for side in Player if seats.of(side)}


def check_seat(seats: Seats, phone: str, side: Player | None) -> None:
    """Refuse a phone that does not hold the side that records this (any side, for None)."""
    held = seats.side_of(phone)
    if held is None:
        raise SeatError("this phone holds no side of this game: nothing was changed")
    if side is not None and held is not side:
        raise SeatError(
            "side {side}'s phone records that, not side {held}'s: nothing was changed",
            side=side.value.upper(),
            held=held.value.upper(),
        )
