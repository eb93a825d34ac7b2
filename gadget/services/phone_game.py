"""One phone's screen of a game worked out from one read of its records: which side it holds,
who may answer what, the timer, and what a finished mission changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gadget.engine import GameState, Phase, Player, Status
from gadget.engine.errors import Message
from gadget.engine.timing import SettingsError, Stretch, TimerSettings, TimerState
from gadget.missions import MissionMap, MissionResult, result_on_map
from gadget.services.app_partner import app_to_act
from gadget.services.games import SavedGame, WorkedGames, apart
from gadget.services.phones import APP, APP_SIDE
from gadget.services.side_seen import GameFacts, SideSeen, facts_of, seen_by
from gadget.store import APP_HOLDER, SavedTimer, SeatRequest, Seats, Unit


@dataclass(frozen=True, slots=True)
class FinishedMission:
    """A finished mission game's campaign as it stands: its map, what the team has completed,
    and what this game's attempt completed."""

    mission_map: MissionMap
    completed: frozenset[str]
    earned: frozenset[str]


@dataclass(frozen=True, slots=True)
class GameRecords:
    """Every record any phone's screen of a game is drawn from, as of one moment (a process
    keeps them for its watching phones: `kept_games`)."""

    game: SavedGame
    seats: Seats  # who holds each side
    requests: tuple[SeatRequest, ...]  # every take-over request of the game, oldest first
    members: frozenset[str]  # the phones of the game's team (none outside a team)
    timer: SavedTimer | None
    finished: FinishedMission | None  # a finished mission game's campaign
    # Played apart: each side's chosen word and the version it was chosen at.
    choices: Mapping[Player, tuple[int, int]] = field(default_factory=dict)

    def latest_request(self, phone: str) -> SeatRequest | None:
        """This phone's newest request (waiting, allowed or refused)."""
        mine = [request for request in self.requests if request.phone == phone]
        return mine[-1] if mine else None


def read_records(unit: Unit, games: WorkedGames, game_id: int) -> GameRecords | None:
    """Everything any phone's screen of the game needs, read in the caller's unit (None for
    no such game); it changes nothing."""
    unit.read_together(game_id)
    record = unit.game(game_id)
    if record is None:
        return None
    game = games.saved(record)
    finished = None
    if game.team_id is not None and game.attempt_id is not None:
        completions = unit.completions(game.team_id)
        finished = FinishedMission(
            unit.played_on(game.team_id, game.map_id),
            frozenset(completions),
            frozenset(m for m, attempt in completions.items() if attempt == game.attempt_id),
        )
    return GameRecords(
        game,
        unit.seats(game_id),
        unit.requests(game_id),
        unit.members(game.team_id),
        unit.timer(game_id),
        finished,
        # Played apart only (a game at one table chooses nothing): one read more.
        unit.side_choices(game_id) if apart(game.log) else {},
    )


@dataclass(frozen=True, slots=True)
class PhoneGame:
    """One phone's game: what any phone may know of it, the side this phone holds as it
    shows it, and everything its screen shows around them, read together (at opening and at
    each notice, never in a render). Never the log, the card or the state: both sides."""

    game: GameFacts | None  # None: no such game
    side: Player | None  # None: this phone holds no side of it
    seen: SideSeen | None = None  # the side it holds, as it shows it
    requests: tuple[SeatRequest, ...] = ()  # waiting take-overs this phone may answer
    partner_here: bool = False  # a phone holds side B (phone A folds its code away)
    timer: TimerState | None = None
    timer_settings: TimerSettings = field(default_factory=TimerSettings)
    my_request: SeatRequest | None = None  # without a side: this phone's newest request
    askable: tuple[Player, ...] = ()  # without a side: the sides someone could allow
    result: MissionResult | None = None  # a finished mission game: what it changed
    pending: tuple[SeatRequest, ...] = ()  # take-overs of this phone's side it may still stop
    in_team: bool = False  # a team's game: this phone is one of the team's (it may open its map)
    # The names of the phones holding this phone's side, itself included, in their places'
    # order ("" for a phone whose player gave none).
    side_names: tuple[str, ...] = ()
    place_on_side: int = 0  # this phone's place among them (0: the side's first)
    chosen: int | None = None  # played apart: the word this side chose, still to touch
    with_the_app: bool = False  # the app holds side B (docs/partner.md)
    app_to_act: bool = False  # and it has something to do: its clue, a touch, its stop
    # No game shown: its saved log cannot be read (a row changed by hand), and what is wrong.
    unreadable: Message | None = None

    @property
    def phones_on_side(self) -> int:
        """The phones holding this phone's side, itself included."""
        return len(self.side_names)


def approvers(seats: Seats, members: frozenset[str], side: Player) -> frozenset[str]:
    """The phones that may allow a take-over of a side: its holders, the partner's seated
    phones, and the phones of the game's team (never the app: it asks and allows nothing);
    none for the app's own side, which no phone takes over."""
    if APP_HOLDER in seats.of(side):
        return frozenset()
    return members | (frozenset((*seats.of(side), *seats.of(side.partner))) - {APP_HOLDER})


def may_answer(request: SeatRequest, phone: str, able: frozenset[str]) -> bool:
    """Only a phone that may allow it answers a request, never the asker."""
    return phone != request.phone and phone in able


def finished_mission(game: SavedGame, finished: FinishedMission) -> MissionResult | None:
    """What a finished mission game changed on its team's map (the one rule of it:
    `missions.result_on_map`, from the completions before this game's own)."""
    if game.mission_id is None:
        return None
    won = game.state.status is Status.WON
    before = finished.completed - finished.earned
    return result_on_map(finished.mission_map, before, game.mission_id, won)


def seated_screen(records: GameRecords, side: Player, phone: str) -> PhoneGame:
    """The screen of a phone that holds `side`: everything from the records (no timer
    saved yet: a game from before timers, timed from its next move)."""
    game, timer = records.game, records.timer
    seated = records.seats.holders
    running = timer is not None and timer.stretch is not None and timer.enabled
    result = finished_mission(game, records.finished) if records.finished is not None else None
    # The app's seat, read in place (with_app's rule): a call here would lengthen the path of
    # every tap of every game (tests/test_tap_path.py).
    app = APP.key in records.seats.of(APP_SIDE)
    seen = seen_by(game, side, result, shares=not app)
    return PhoneGame(
        facts_of(game),
        side,
        seen,
        requests=tuple(
            request
            for request in records.requests
            if request.answer is None
            and may_answer(request, phone, approvers(records.seats, records.members, request.side))
        ),
        pending=tuple(
            request
            for request in records.requests
            if request.answer == "allowed" and request.side is side and request.phone not in seated
        ),
        partner_here=bool(records.seats.of(Player.B)),
        timer=timer_state(timer) if running and timer is not None else None,
        timer_settings=settings_of(timer) if timer is not None else TimerSettings(),
        result=result,
        in_team=game.team_id is not None and phone in records.members,
        side_names=records.seats.named(side),
        place_on_side=records.seats.of(side).index(phone) if phone in records.seats.of(side) else 0,
        chosen=still_chosen(records, side, seen.view.mine_to_touch),
        with_the_app=app,
        app_to_act=app and app_to_act(game),
    )


def still_chosen(records: GameRecords, side: Player, to_touch: frozenset[int]) -> int | None:
    """The side's chosen word while it may still be touched: chosen at this very version of
    the game (any move since ends it), and still one of the side's to touch."""
    choice = records.choices.get(side)
    if choice is None:
        return None
    cell, version = choice
    return cell if version == records.game.version and cell in to_touch else None


def unseated_screen(records: GameRecords, phone: str) -> PhoneGame:
    """The screen of a phone without a side: its own request, and the sides it may ask for."""
    game = records.game
    askable = (
        ()
        if game.state.is_over
        else tuple(
            side for side in Player if approvers(records.seats, records.members, side) - {phone}
        )
    )
    return PhoneGame(
        facts_of(game), None, my_request=records.latest_request(phone), askable=askable
    )


def stretch_of(state: GameState) -> tuple[Stretch, int] | None:
    """What the timer times in a game in this state, or None when nothing is timed."""
    if state.phase is Phase.CLUE:
        return Stretch.CLUE, state.turns_played
    if state.phase is Phase.GUESSING:
        return Stretch.GUESS, state.turns_played
    return None


def settings_of(saved: SavedTimer) -> TimerSettings:
    """A saved timer's settings (checked again: a row is data, like any other input)."""
    try:
        return TimerSettings(saved.enabled, saved.clue_seconds, saved.guess_seconds)
    except SettingsError:
        return TimerSettings()


def timer_state(saved: SavedTimer) -> TimerState:
    """The running timer a saved row describes (its stretch is known)."""
    return TimerState(
        settings_of(saved),
        Stretch(saved.stretch or Stretch.CLUE),
        saved.turn,
        saved.started_at,
        saved.paused_left,
    )


def saved_timer(timer: TimerState) -> SavedTimer:
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
