"""What a move's notice tells the other server processes besides the game's id: its new
version, the action and the timer the move set. Their watching phones then follow the move
from the game their process keeps (`kept_games`), without reading it again; anything a
notice says that is not news of this form, they read whole. This module owns the form."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from gadget.engine import Action, GameLogError, GameState
from gadget.engine.gamelog import action_from_dict, action_to_dict
from gadget.engine.jsontext import read_json
from gadget.store import SavedTimer

_TIMER_FIELDS = tuple(field.name for field in fields(SavedTimer))


@dataclass(frozen=True, slots=True)
class MoveNews:
    """One action added to a game, as its notice tells it."""

    version: int  # the game's version after the move
    action: Action
    timer: SavedTimer | None  # the timer the move left; None: the move left it as it was


def move_news(
    version: int, action: Action | None, state: GameState, timer: SavedTimer | None
) -> str | None:
    """The news of a move that a watching process can follow from the game it keeps: one
    action that did not end the game (an undo, or the end and its attempt, are read whole)."""
    if action is None or state.is_over:
        return None
    news: dict[str, object] = {"v": version, "a": action_to_dict(action)}
    if timer is not None:
        news["t"] = [getattr(timer, name) for name in _TIMER_FIELDS]  # (astuple: 3x the time)
    return json.dumps(news, ensure_ascii=False, separators=(",", ":"))


def read_news(text: str) -> MoveNews | None:
    """The news a notice carries, checked field by field; None for anything else (a notice
    is a hint, and whoever can reach the database can send one)."""
    try:
        data = read_json(text, GameLogError)
        if not isinstance(data, dict) or not {"v", "a"} <= set(data) <= {"v", "a", "t"}:
            return None
        version, timer = data["v"], data.get("t")
        if not _whole(version) or version < 1:
            return None
        action = action_from_dict(data["a"])
    except GameLogError:
        return None
    if timer is None:
        return MoveNews(version, action, None)
    saved = _timer(timer)
    return MoveNews(version, action, saved) if saved is not None else None


def _timer(raw: object) -> SavedTimer | None:
    """A timer as the news lists its fields, each of its type; None for anything else."""
    if not isinstance(raw, list) or len(raw) != len(_TIMER_FIELDS):
        return None
    enabled, clue, guess, stretch, turn, started_at, paused_left = raw
    if not (isinstance(enabled, bool) and _whole(clue) and _whole(guess) and _whole(turn)):
        return None
    if not (stretch is None or isinstance(stretch, str)) or not _number(started_at):
        return None
    if not (paused_left is None or _number(paused_left)):
        return None
    left = None if paused_left is None else float(paused_left)
    return SavedTimer(enabled, clue, guess, stretch, turn, float(started_at), left)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
