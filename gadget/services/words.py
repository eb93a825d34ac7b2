"""What the table says to the players: the last action, the bank, the end and its score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from gadget.engine import (
    AGENTS,
    Clue,
    GameLog,
    GameState,
    Guess,
    LossReason,
    Penalty,
    Phase,
    Player,
    PlayerView,
    Status,
    Stop,
)
from gadget.engine.errors import Message, plural
from gadget.engine.score import official_score
from gadget.language import N_
from gadget.missions import Mission, MissionResult

LOSSES = {
    LossReason.ASSASSIN: Message("the assassin was found"),
    LossReason.SUDDEN_DEATH: Message("a bystander in sudden death"),
    LossReason.OUT_OF_TIME: Message("out of time: a mistake could not be paid"),
}
LOSS_WORDS = {reason.value: words for reason, words in LOSSES.items()}  # as the history keeps it


def score_words(score: int) -> Message:
    """The rule book's verdict on a score."""
    if score > 10:
        return Message("more than 10, you really should give the mission map a try")
    if score >= 9:
        return Message("awesome")
    if score > 5:
        return Message("really good")
    return Message("a win is a win")


@dataclass(frozen=True, slots=True)
class EndWords:
    """The end of a game as its screen tells it: what happened, the score, what it changed."""

    headline: Message
    won: bool
    details: tuple[Message, ...]


def _names(missions: Sequence[Mission]) -> Message:
    """Berlin; Berlin and Cairo; Berlin, Cairo and Moscow (each name said as a city)."""
    first = Message(missions[0].name, context="city")
    if len(missions) == 1:
        return first
    if len(missions) == 2:
        return Message("{first} and {last}", first=first, last=_names(missions[1:]))
    return Message("{first}, {rest}", first=first, rest=_names(missions[1:]))


def score_counted(state: GameState) -> Message:
    """How the rule book's score was counted, term by term, for a won game."""
    tokens = state.bank.total
    score, stops = official_score(state), state.stops
    left = plural("{count} token left", "{count} tokens left", tokens)
    stop_tokens = plural("{count} stop token", "{count} stop tokens", stops)
    template = (
        N_(
            "Score {score} = {points} + {stops} - 1: 3 x {left}, {stop_tokens},"
            " 1 off for sudden death."
        )
        if state.sudden_death
        else N_("Score {score} = {points} + {stops}: 3 x {left}, {stop_tokens}.")
    )
    return Message(
        template, score=score, points=3 * tokens, stops=stops, left=left, stop_tokens=stop_tokens
    )


def end_words(log: GameLog, state: GameState, me: Player, result: MissionResult | None) -> EndWords:
    """What the end screen says, in the rule book's words; `result` is a mission's outcome."""
    last = log.actions[-1] if log.actions else None
    toucher = last.by if isinstance(last, Guess) else None
    details: list[Message] = []
    if state.status is Status.WON:
        headline = Message("Won: all {agents} agents found.", agents=AGENTS)
        if state.sudden_death:
            headline = Message("Won in sudden death: all {agents} agents found.", agents=AGENTS)
        details.append(score_counted(state))
        score = official_score(state)
        assert score is not None
        if result is None:
            details.append(Message("The rule book says: {verdict}.", verdict=score_words(score)))
    elif state.reason is LossReason.ASSASSIN:
        if toucher is me:
            headline = Message("Lost: you touched the assassin.")
        else:
            headline = Message("Lost: {player} touched the assassin.", player=_seat(toucher))
    elif state.reason is LossReason.SUDDEN_DEATH:
        if toucher is me:
            headline = Message("Lost: you touched a bystander in sudden death.")
        else:
            headline = Message(
                "Lost: {player} touched a bystander in sudden death.", player=_seat(toucher)
            )
    else:
        headline = Message("Lost: out of time. A mistake with one token left could not be paid.")
    if result is not None:
        name = Message(result.mission.name, context="city")
        if result.completed_now and result.opened:
            details.append(
                Message(
                    "{city} completed. Now open: {cities}.", city=name, cities=_names(result.opened)
                )
            )
        elif result.completed_now:
            details.append(Message("{city} completed.", city=name))
        elif result.won:
            details.append(
                Message("{city} was already completed; this win is in its history.", city=name)
            )
        else:
            details.append(
                Message("{city} is still to win: try it again, or another open city.", city=name)
            )
    if state.status is not Status.WON:  # a lost mission says it as a practice game does
        details.insert(
            0,
            plural(
                "{count} agent of {agents} found.",
                "{count} agents of {agents} found.",
                state.agents_found,
                agents=AGENTS,
            ),
        )
    return EndWords(headline, state.status is Status.WON, tuple(details))


def _seat(player: Player | None) -> Message | str:
    """A player named by the seat's letter ("someone" when the log does not say)."""
    return Message("someone") if player is None else player.value.upper()


def bank_words(view: PlayerView) -> Message:
    """The time bank and what the next mistake costs."""
    left = view.checkmark_tokens + view.bystander_tokens
    if view.phase is Phase.SUDDEN_DEATH:  # the turn's line announces it, once
        return Message("No more clues; any wrong touch loses.")
    if view.bystander_tokens:
        cost = Message("a bystander token")
    elif left >= 2:
        cost = Message("two tokens")
    else:
        cost = Message("the game")
    return plural(
        "{count} token left ({bystanders} bystander side up). Next mistake costs {cost}.",
        "{count} tokens left ({bystanders} bystander side up). Next mistake costs {cost}.",
        left,
        bystanders=view.bystander_tokens,
        cost=cost,
    )


def turn_words(view: PlayerView, apart: bool = False) -> Message:
    """Whose turn it is and who gives the clue (played apart, each phone takes its own
    player's touches)."""
    me = view.player
    if view.phase is Phase.OVER:
        return Message("The game is over.")
    if view.phase is Phase.SUDDEN_DEATH:
        if apart:
            return Message(
                "Sudden death: each of you touches words on your own phone, one at a time."
            )
        return Message(
            "Sudden death: touch words one at a time; each phone records its partner's touches."
        )
    if view.phase is Phase.GUESSING and view.clue is not None and view.clue_giver is not None:
        number = "" if view.clue.number is None else str(view.clue.number)
        clue = " ".join(part for part in (view.clue.word, number) if part)
        giver = view.clue_giver
        if giver is me:
            if clue:
                return Message(
                    "You gave the clue: {clue}. {partner} guesses.",
                    clue=clue,
                    partner=_seat(giver.partner),
                )
            return Message("You gave the clue. {partner} guesses.", partner=_seat(giver.partner))
        if clue:
            return Message(
                "{partner} gave the clue: {clue}. You guess.", clue=clue, partner=_seat(giver)
            )
        return Message("{partner} gave the clue. You guess.", partner=_seat(giver))
    if view.next_clue_giver is None:
        return Message("Either player gives the next clue.")
    if view.next_clue_giver is me:
        return Message("You give the next clue.")
    return Message("{partner} gives the next clue.", partner=_seat(view.next_clue_giver))


class Tone(Enum):
    """What a piece of news is to the players, which its colour says."""

    GOOD = "good"  # an agent found
    SETBACK = "setback"  # a bystander or a discarded token: the game goes on, the turn does not
    PLAIN = "plain"  # a stop, the assassin (the end panel says the loss)


@dataclass(frozen=True, slots=True)
class Event:
    """The last action as both phones tell it, and whether it is good news."""

    words: Message
    tone: Tone


def last_event(
    log: GameLog, before: GameState | None, after: GameState, me: Player
) -> Event | None:
    """What the last action did, as both phones tell it, from the states before and after
    it that the saved game carries (nothing is replayed in a render)."""
    if not log.actions or before is None:
        return None
    action = log.actions[-1]
    if isinstance(action, Clue):
        return None
    mine = action.by is me
    seat = _seat(action.by)
    if isinstance(action, Stop):
        return Event(
            Message("You stopped guessing.")
            if mine
            else Message("{player} stopped guessing.", player=seat),
            Tone.PLAIN,
        )
    if isinstance(action, Penalty):
        return Event(Message("Invalid clue: one token discarded."), Tone.SETBACK)
    assert isinstance(action, Guess)
    if after.reason is LossReason.ASSASSIN:
        return Event(
            Message("You touched the assassin.")
            if mine
            else Message("{player} touched the assassin.", player=seat),
            Tone.PLAIN,
        )
    if after.agents_found > before.agents_found:
        turn_ends = after.phase is not before.phase and after.phase is Phase.CLUE
        if turn_ends:
            if mine:
                found = Message("You found an agent. No words left on that side: the turn ends.")
            else:
                found = Message(
                    "{player} found an agent. No words left on that side: the turn ends.",
                    player=seat,
                )
            return Event(found, Tone.GOOD)
        return Event(
            Message("You found an agent.")
            if mine
            else Message("{player} found an agent.", player=seat),
            Tone.GOOD,
        )
    if mine:
        return Event(Message("You touched a bystander: the turn ends."), Tone.SETBACK)
    return Event(Message("{player} touched a bystander: the turn ends.", player=seat), Tone.SETBACK)
