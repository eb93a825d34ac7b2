"""What a phone's screen of a Duet game is drawn from, built here from the side that phone
holds: its player's view, what the last action did as that player is told it, whether it may
undo, the words on the table and, once the game is over, its end and its story. A screen is
never handed the log, the card or the state, which hold both sides."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from gadget.engine import (
    GameLog,
    Guess,
    LossReason,
    Player,
    PlayerView,
    ShareCode,
    view_for,
)
from gadget.missions import MissionResult
from gadget.services.games import UNREADABLE, SavedGame, apart, may_undo, worked
from gadget.services.words import EndWords, Event, end_words, last_event
from gadget.store import Store


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What any phone may know of a game, whatever it holds: which game and version, whose
    team and mission, and whether it has begun or is over."""

    id: int
    public_id: str
    version: int
    team_id: int | None
    mission_id: str | None
    is_over: bool
    has_actions: bool


@dataclass(frozen=True, slots=True)
class SideSeen:
    """One side of a game as its phone shows it; the other side only once the game is over
    (in the view's `partner_side`, the end and the story)."""

    facts: GameFacts
    view: PlayerView
    played_apart: bool
    share_code: ShareCode | None  # side A's, while the game is played: what opens side B
    words: tuple[str, ...] | None  # the card's words, when it has them (they are public)
    visible_words: tuple[str, ...]  # the words no tile covers yet: a clue may not echo them
    words_language: str | None  # the words' list's language; None: the phone's own
    struck_assassin: int | None  # the cell whose touch found the assassin
    last_event: Event | None  # what the last action did, as this player is told it
    may_undo: bool
    end: EndWords | None  # once the game is over: what happened, the score, what it changed
    story: GameLog | None  # once the game is over: every clue and touch, both sides shown

    @property
    def side(self) -> Player:
        """The side this phone holds."""
        return self.view.player


def facts_of(game: SavedGame) -> GameFacts:
    """What any phone may know of this game."""
    return GameFacts(
        game.id,
        game.public_id,
        game.version,
        game.team_id,
        game.mission_id,
        game.state.is_over,
        bool(game.log.actions),
    )


def seen_by(
    game: SavedGame, side: Player, result: MissionResult | None = None, shares: bool = True
) -> SideSeen:
    """The game as the phone holding `side` shows it (`result`: what a finished mission
    game changed on its team's map; not `shares`: side A keeps its code, which opens side B,
    to itself, as when the app holds side B)."""
    log, state = game.log, game.state
    over = state.is_over
    words = log.words
    covered = state.found_mask | state.marks_by_a | state.marks_by_b
    last = log.actions[-1] if log.actions else None
    struck = last.cell if state.reason is LossReason.ASSASSIN and isinstance(last, Guess) else None
    return SideSeen(
        facts_of(game),
        view_for(state, side),
        apart(log),
        log.code if side is Player.A and not over and shares else None,
        words.words if words is not None else None,
        tuple(w for cell, w in enumerate(words.words) if not covered >> cell & 1) if words else (),
        words.language if words is not None else None,
        struck,
        last_event(log, game.before, state, side),
        may_undo(game),
        end_words(log, state, side, result) if over else None,
        log if over else None,
    )


@dataclass(frozen=True, slots=True)
class HeldGame:
    """One of a phone's unfinished games as Home lists it: its side of the game, whether the
    other side is held, whose game it is and how long ago it last moved."""

    seen: SideSeen
    partner_seated: bool
    team_name: str | None  # None: a game outside any team
    mission_name: str | None  # the city as its map names it; None: no mission
    idle: timedelta  # since it was dealt, or since its last action when it has one
    with_the_app: bool = False  # the other side is the app's


def held_games(store: Store, phone: str, newest: int = 5) -> list[HeldGame]:
    """The newest unfinished games in which this phone holds a side, newest first; one whose
    saved log cannot be read (a row changed by hand) is left out, and its own address says
    what is wrong with it (Home showed the screen for a bug to every phone holding it)."""
    games = worked(store)
    listed = []
    for held in store.held_games(phone, newest):
        try:
            game = games.saved(held.game)
        except UNREADABLE:
            continue
        listed.append(
            HeldGame(
                seen_by(game, held.side, shares=not held.with_the_app),
                held.partner_seated,
                held.team_name,
                held.mission_name,
                held.idle,
                held.with_the_app,
            )
        )
    return listed
