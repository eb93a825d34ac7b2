"""A classic or Pictures game: the card, the count of touches and the team timer, moved
together by pure steps that the server (a game it keeps) and a phone on its own (the site) share.

The timer follows the count: when a touch or "end turn" gives the other team the turn, the
timer starts that team's turn. A game is kept as a small JSON document (the server's row,
the site's storage); a document that does not read back is refused in one line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gadget.engine.classic import ClassicCard, Team
from gadget.engine.errors import GadgetError
from gadget.engine.tally import EndTurn, Tally, TallyAction, Touch, act, replay
from gadget.engine.team_timer import TeamTimer, TeamTimerSettings, first_turn
from gadget.engine.timing import LONGEST

USUAL_TIMES = TeamTimerSettings()
TimerMove = Literal["pause", "resume", "restart"]
# A 25-cell card touched cell by cell with a turn ended between each is 49; turns ended with
# no touch (a team's time ran out) come on top. Past this a step is refused, never kept: a
# game kept with more would not read back.
MOST_ACTIONS = 200


class ClassicGameError(GadgetError):
    """A step the classic game refuses, or a kept game that cannot be read back."""


@dataclass(frozen=True, slots=True)
class ClassicGame:
    """Everything both spymasters' phones show of one card: the count is kept only when they
    ask for it, and the timer runs only when they start it."""

    card: ClassicCard
    counting: bool = False
    actions: tuple[TallyAction, ...] = ()
    timer_settings: TeamTimerSettings = USUAL_TIMES
    timer: TeamTimer | None = None
    # The count the actions lead to, replayed once when the game is made (a render reads it
    # several times); actions that do not replay are refused here.
    tally: Tally = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tally", replay(self.card, self.actions))


def new_classic_game(card: ClassicCard) -> ClassicGame:
    """A card just dealt or joined: no count, no timer."""
    return ClassicGame(card)


def counting(game: ClassicGame, on: bool) -> ClassicGame:
    """Keeping count started or stopped (what was counted is kept); a count started while
    the timer runs starts at the timer's team, whose turn it is in the game."""
    tally = game.tally
    if on and game.timer is not None and not tally.over and tally.turn != game.timer.team:
        if len(game.actions) >= MOST_ACTIONS:  # the count starts where it is
            return replace(game, counting=True)
        return replace(game, counting=True, actions=(*game.actions, EndTurn()))
    return replace(game, counting=on)


def touched(game: ClassicGame, cell: int, now: float) -> ClassicGame:
    """A cell touched by the operatives whose turn it is."""
    return _acted(game, Touch(cell), now)


def turn_of(game: ClassicGame) -> Team | None:
    """Whose turn it is in the game: the count's, else the timer's (None: neither kept)."""
    if game.counting:
        return game.tally.turn
    return game.timer.team if game.timer is not None else None


def turn_ended(game: ClassicGame, now: float, team: Team | None = None) -> ClassicGame:
    """`team` stops guessing: with a count, the count's turn passes; the timer starts the
    other team's turn either way. A turn that has already passed is left as it is (both
    spymasters tapped "End the turn": the turn passes once)."""
    if team is not None and turn_of(game) is not team:
        return game
    if game.counting:
        return _acted(game, EndTurn(), now)
    if game.timer is None:
        return game
    return replace(game, timer=game.timer.next_turn_at(now))


def undone(game: ClassicGame, now: float) -> ClassicGame:
    """The last action of the count taken back (nothing to undo: the game as it was)."""
    if not game.actions:
        return game
    before = replace(game, actions=game.actions[:-1])
    if game.tally.over and before.timer is not None and before.timer.paused:
        # The end had stopped the clock: the game goes on, and so does the turn's time.
        before = replace(before, timer=before.timer.resumed_at(now))
    return _timer_follows(before, game.tally.turn, now)


def timer_started(game: ClassicGame, settings: TeamTimerSettings, now: float) -> ClassicGame:
    """The team timer on, from the turn the count is at (or the starting team's)."""
    team = game.tally.turn if game.counting else game.card.starting
    turn = first_turn(settings, team, now)
    if game.counting and game.actions:  # past the first turn: a turn's time, not the first's
        turn = replace(turn, turn=2)
    return replace(game, timer_settings=settings, timer=turn)


def times_set(game: ClassicGame, settings: TeamTimerSettings) -> ClassicGame:
    """The team timer's times, the same on both spymasters' phones (used at its next start)."""
    return replace(game, timer_settings=settings)


def timer_stopped(game: ClassicGame) -> ClassicGame:
    """The team timer off (its times kept for the next start)."""
    return replace(game, timer=None)


def timer_moved(game: ClassicGame, move: TimerMove, now: float) -> ClassicGame:
    """The timer paused, resumed or restarted ("pause", "resume", "restart")."""
    if game.timer is None:
        return game
    steps = {
        "pause": game.timer.paused_at,
        "resume": game.timer.resumed_at,
        "restart": game.timer.restarted_at,
    }
    return replace(game, timer=steps[move](now))


@dataclass(frozen=True, slots=True)
class Touched:
    """The operatives whose turn it is touched this cell."""

    cell: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """`team` stops guessing (None: whoever's turn it is)."""

    team: Team | None = None


@dataclass(frozen=True, slots=True)
class Undone:
    """The count's last action taken back."""


@dataclass(frozen=True, slots=True)
class Counted:
    """Keeping count started (True) or stopped."""

    on: bool


@dataclass(frozen=True, slots=True)
class TimerStarted:
    """The team timer on, with these times."""

    settings: TeamTimerSettings


@dataclass(frozen=True, slots=True)
class TimesSet:
    """The team timer's times, for its next start."""

    settings: TeamTimerSettings


@dataclass(frozen=True, slots=True)
class TimerStopped:
    """The team timer off."""


@dataclass(frozen=True, slots=True)
class TimerMoved:
    """The team timer paused, resumed or given its whole turn again."""

    move: TimerMove


# Every step a spymaster's phone takes, as a value: one function applies it (`after`), one
# service call keeps it at the server, and both apps wire one control to it.
Step = Touched | TurnEnded | Undone | Counted | TimerStarted | TimesSet | TimerStopped | TimerMoved


def after(game: ClassicGame, step: Step, now: float) -> ClassicGame:
    """The game once this step is taken at `now` (refused in one line when it cannot be)."""
    match step:
        case Touched(cell):
            return touched(game, cell, now)
        case TurnEnded(team):
            return turn_ended(game, now, team)
        case Undone():
            return undone(game, now)
        case Counted(on):
            return counting(game, on)
        case TimerStarted(settings):
            return timer_started(game, settings, now)
        case TimesSet(settings):
            return times_set(game, settings)
        case TimerStopped():
            return timer_stopped(game)
        case TimerMoved(move):
            return timer_moved(game, move, now)


def _acted(game: ClassicGame, action: TallyAction, now: float) -> ClassicGame:
    if not game.counting:
        raise ClassicGameError("the count is not kept at this table: start keeping count")
    if len(game.actions) >= MOST_ACTIONS:
        raise ClassicGameError(
            "this table has counted {most} steps, the most it keeps: deal a new card",
            most=MOST_ACTIONS,
        )
    before = game.tally
    act(before, action)  # refused here (a cell twice, the game over), before it is kept
    return _timer_follows(replace(game, actions=(*game.actions, action)), before.turn, now)


def _timer_follows(game: ClassicGame, turn_before: Team, now: float) -> ClassicGame:
    """The timer starts the other team's turn when the count's turn changed."""
    tally = game.tally
    if game.timer is None:
        return game
    if tally.over:  # the end stops the clock
        return replace(game, timer=game.timer.paused_at(now))
    if tally.turn == turn_before:
        return game
    return replace(game, timer=game.timer.next_turn_at(now))


def classic_game_document(game: ClassicGame) -> dict[str, Any]:
    """The game as JSON-ready data (a server's row, the site's storage)."""
    timer = game.timer
    return {
        "code": game.card.code,
        "counting": game.counting,
        "actions": [a.cell if isinstance(a, Touch) else "end" for a in game.actions],
        "turn_seconds": game.timer_settings.turn_seconds,
        "first_turn_seconds": game.timer_settings.first_turn_seconds,
        "timer": None
        if timer is None
        else {
            "team": timer.team.value,
            "turn": timer.turn,
            "started_at": timer.started_at,
            "paused_left": timer.paused_left,
        },
    }


def classic_game_of_document(document: object) -> ClassicGame:
    """A kept game read back; anything else is refused in one line (hostile storage)."""
    try:
        _require(isinstance(document, dict), "not an object")
        assert isinstance(document, dict)  # for mypy: checked just above
        card = ClassicCard.from_code(str(document["code"]))
        raw_actions = document.get("actions", [])
        _require(isinstance(raw_actions, list), "its actions are not a list")
        _require(len(raw_actions) <= MOST_ACTIONS, "it has too many actions")
        actions = tuple(_action(raw) for raw in raw_actions)
        settings = TeamTimerSettings(
            document.get("turn_seconds", USUAL_TIMES.turn_seconds),
            document.get("first_turn_seconds", USUAL_TIMES.first_turn_seconds),
        )
        timer = _timer(settings, document.get("timer"))
        # Made once: actions that do not replay are refused as it is made.
        return ClassicGame(card, document.get("counting") is True, actions, settings, timer)
    except (KeyError, TypeError, ValueError) as wrong:
        raise ClassicGameError(
            "this kept classic game cannot be read: {wrong}", wrong=str(wrong)
        ) from None


def _require(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(what)


def _action(raw: object) -> TallyAction:
    if raw == "end":
        return EndTurn()
    _require(isinstance(raw, int) and not isinstance(raw, bool), f"{raw!r} is not an action")
    return Touch(int(raw))  # type: ignore[call-overload]


def _timer(settings: TeamTimerSettings, raw: object) -> TeamTimer | None:
    if raw is None:
        return None
    _require(isinstance(raw, dict), "its timer is not an object")
    assert isinstance(raw, dict)  # for mypy: checked just above
    turn, started, left = raw["turn"], raw["started_at"], raw.get("paused_left")
    number = (int, float)
    _require(type(turn) is int and 1 <= turn < 10_000, f"timer turn {turn!r}")
    _require(type(started) in number and math.isfinite(started), f"timer start {started!r}")
    _require(left is None or (type(left) in number and 0 <= left <= LONGEST), f"time left {left!r}")
    team = raw["team"]
    _require(team in {t.value for t in Team}, f"timer team {team!r}")  # not Python's words
    return TeamTimer(settings, Team(team), turn, float(started), left)
