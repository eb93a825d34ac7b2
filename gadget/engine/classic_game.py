"""A classic or Pictures table: the card, the count of touches and the team timer, moved
together by pure steps that the server's table and a phone on its own (the site) share.

The timer follows the count: when a touch or "end turn" gives the other team the turn, the
timer starts that team's turn. A table is kept as a small JSON document (the server's row,
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
# table kept with more would not read back.
MOST_ACTIONS = 200


class ClassicGameError(GadgetError):
    """A step the classic table refuses, or a kept table that cannot be read back."""


@dataclass(frozen=True, slots=True)
class ClassicGame:
    """Everything both spymasters' phones show of one card: the count is kept only when they
    ask for it, and the timer runs only when they start it."""

    card: ClassicCard
    counting: bool = False
    actions: tuple[TallyAction, ...] = ()
    timer_settings: TeamTimerSettings = USUAL_TIMES
    timer: TeamTimer | None = None
    # The count the actions lead to, replayed once when the table is made (a render reads it
    # several times); actions that do not replay are refused here.
    tally: Tally = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tally", replay(self.card, self.actions))


def new_classic_game(card: ClassicCard) -> ClassicGame:
    """A card just dealt or joined: no count, no timer."""
    return ClassicGame(card)


def counting(table: ClassicGame, on: bool) -> ClassicGame:
    """Keeping count started or stopped (what was counted is kept); a count started while
    the timer runs starts at the timer's team, whose turn it is at the table."""
    tally = table.tally
    if on and table.timer is not None and not tally.over and tally.turn != table.timer.team:
        if len(table.actions) >= MOST_ACTIONS:  # the count starts where it is
            return replace(table, counting=True)
        return replace(table, counting=True, actions=(*table.actions, EndTurn()))
    return replace(table, counting=on)


def touched(table: ClassicGame, cell: int, now: float) -> ClassicGame:
    """A cell touched by the operatives whose turn it is."""
    return _acted(table, Touch(cell), now)


def turn_of(table: ClassicGame) -> Team | None:
    """Whose turn it is at the table: the count's, else the timer's (None: neither kept)."""
    if table.counting:
        return table.tally.turn
    return table.timer.team if table.timer is not None else None


def turn_ended(table: ClassicGame, now: float, team: Team | None = None) -> ClassicGame:
    """`team` stops guessing: with a count, the count's turn passes; the timer starts the
    other team's turn either way. A turn that has already passed is left as it is (both
    spymasters tapped "End the turn": the turn passes once)."""
    if team is not None and turn_of(table) is not team:
        return table
    if table.counting:
        return _acted(table, EndTurn(), now)
    if table.timer is None:
        return table
    return replace(table, timer=table.timer.next_turn_at(now))


def undone(table: ClassicGame, now: float) -> ClassicGame:
    """The last action of the count taken back (nothing to undo: the table as it was)."""
    if not table.actions:
        return table
    before = replace(table, actions=table.actions[:-1])
    if table.tally.over and before.timer is not None and before.timer.paused:
        # The end had stopped the clock: the game goes on, and so does the turn's time.
        before = replace(before, timer=before.timer.resumed_at(now))
    return _timer_follows(before, table.tally.turn, now)


def timer_started(table: ClassicGame, settings: TeamTimerSettings, now: float) -> ClassicGame:
    """The team timer on, from the turn the count is at (or the starting team's)."""
    team = table.tally.turn if table.counting else table.card.starting
    turn = first_turn(settings, team, now)
    if table.counting and table.actions:  # past the first turn: a turn's time, not the first's
        turn = replace(turn, turn=2)
    return replace(table, timer_settings=settings, timer=turn)


def times_set(table: ClassicGame, settings: TeamTimerSettings) -> ClassicGame:
    """The team timer's times, the same on both spymasters' phones (used at its next start)."""
    return replace(table, timer_settings=settings)


def timer_stopped(table: ClassicGame) -> ClassicGame:
    """The team timer off (its times kept for the next start)."""
    return replace(table, timer=None)


def timer_moved(table: ClassicGame, move: TimerMove, now: float) -> ClassicGame:
    """The timer paused, resumed or restarted ("pause", "resume", "restart")."""
    if table.timer is None:
        return table
    steps = {
        "pause": table.timer.paused_at,
        "resume": table.timer.resumed_at,
        "restart": table.timer.restarted_at,
    }
    return replace(table, timer=steps[move](now))


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


def after(table: ClassicGame, step: Step, now: float) -> ClassicGame:
    """The table once this step is taken at `now` (refused in one line when it cannot be)."""
    match step:
        case Touched(cell):
            return touched(table, cell, now)
        case TurnEnded(team):
            return turn_ended(table, now, team)
        case Undone():
            return undone(table, now)
        case Counted(on):
            return counting(table, on)
        case TimerStarted(settings):
            return timer_started(table, settings, now)
        case TimesSet(settings):
            return times_set(table, settings)
        case TimerStopped():
            return timer_stopped(table)
        case TimerMoved(move):
            return timer_moved(table, move, now)


def _acted(table: ClassicGame, action: TallyAction, now: float) -> ClassicGame:
    if not table.counting:
        raise ClassicGameError("the count is not kept at this table: start keeping count")
    if len(table.actions) >= MOST_ACTIONS:
        raise ClassicGameError(
            "this table has counted {most} steps, the most it keeps: deal a new card",
            most=MOST_ACTIONS,
        )
    before = table.tally
    act(before, action)  # refused here (a cell twice, the game over), before it is kept
    return _timer_follows(replace(table, actions=(*table.actions, action)), before.turn, now)


def _timer_follows(table: ClassicGame, turn_before: Team, now: float) -> ClassicGame:
    """The timer starts the other team's turn when the count's turn changed."""
    tally = table.tally
    if table.timer is None:
        return table
    if tally.over:  # the end stops the clock
        return replace(table, timer=table.timer.paused_at(now))
    if tally.turn == turn_before:
        return table
    return replace(table, timer=table.timer.next_turn_at(now))


def classic_game_document(table: ClassicGame) -> dict[str, Any]:
    """The table as JSON-ready data (a server's row, the site's storage)."""
    timer = table.timer
    return {
        "code": table.card.code,
        "counting": table.counting,
        "actions": [a.cell if isinstance(a, Touch) else "end" for a in table.actions],
        "turn_seconds": table.timer_settings.turn_seconds,
        "first_turn_seconds": table.timer_settings.first_turn_seconds,
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
    """A kept table read back; anything else is refused in one line (hostile storage)."""
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
            "this kept classic table cannot be read: {wrong}", wrong=str(wrong)
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
