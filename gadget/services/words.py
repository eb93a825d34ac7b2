"""What the table says to the players: the last action, the bank, the end and its score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    replay,
)
from gadget.engine.rules import official_score
from gadget.engine.text import counted
from gadget.missions import Mission
from gadget.services.campaign import MissionResult

LOSSES = {
    LossReason.ASSASSIN: "the assassin was found",
    LossReason.SUDDEN_DEATH: "a bystander in sudden death",
    LossReason.OUT_OF_TIME: "out of time: a mistake could not be paid",
}
LOSS_WORDS = {reason.value: words for reason, words in LOSSES.items()}  # as the history keeps it


def who(player: Player, me: Player) -> str:
    """'You' for this phone's player, else the seat's letter."""
    return "You" if player is me else player.value.upper()


def score_words(score: int) -> str:
    """The rule book's verdict on a score."""
    if score > 10:
        return "more than 10: you really should give the mission map a try"
    if score >= 9:
        return "awesome"
    if score > 5:
        return "really good"
    return "a win is a win"


@dataclass(frozen=True, slots=True)
class EndWords:
    """The end of a game as its screen tells it: what happened, the score, what it changed."""

    headline: str
    won: bool
    details: tuple[str, ...]


def _names(missions: Sequence[Mission]) -> str:
    """Berlin; Berlin and Cairo; Berlin, Cairo and Moscow."""
    names = [mission.name for mission in missions]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def score_counted(state: GameState) -> str:
    """How the rule book's score was counted, term by term, for a won game."""
    tokens = state.bank.total
    terms = [f"3 x {counted(tokens, 'token')} left", counted(state.stops, "stop token")]
    sum_ = f"{3 * tokens} + {state.stops}"
    if state.sudden_death:
        terms.append("1 off for sudden death")
        sum_ += " - 1"
    return f"Score {official_score(state)} = {sum_}: {', '.join(terms)}."


def end_words(log: GameLog, state: GameState, me: Player, result: MissionResult | None) -> EndWords:
    """What the end screen says, in the rule book's words; `result` is a mission's outcome."""
    last = log.actions[-1] if log.actions else None
    toucher = who(last.by, me) if isinstance(last, Guess) else "Someone"
    details: list[str] = []
    if state.status is Status.WON:
        headline = f"Won: all {AGENTS} agents found."
        if state.sudden_death:
            headline = f"Won in sudden death: all {AGENTS} agents found."
        details.append(score_counted(state))
        score = official_score(state)
        assert score is not None
        if result is None:
            details.append(f"The rule book says: {score_words(score)}.")
    elif state.reason is LossReason.ASSASSIN:
        headline = f"Lost: {toucher} touched the assassin."
    elif state.reason is LossReason.SUDDEN_DEATH:
        headline = f"Lost: {toucher} touched a bystander in sudden death."
    else:
        headline = "Lost: out of time. A mistake with one token left could not be paid."
    if result is not None:
        name = result.mission.name
        if result.completed_now and result.opened:
            details.append(f"{name} completed. Now open: {_names(result.opened)}.")
        elif result.completed_now:
            details.append(f"{name} completed.")
        elif result.won:
            details.append(f"{name} was already completed; this win is in its history.")
        else:
            details.append(f"{name} is still to win: try it again, or another open city.")
    elif state.status is not Status.WON:
        details.append(f"{counted(state.agents_found, 'agent')} of {AGENTS} found.")
    return EndWords(headline, state.status is Status.WON, tuple(details))


def bank_words(view: PlayerView) -> str:
    """The time bank and what the next mistake costs."""
    left = view.checkmark_tokens + view.bystander_tokens
    if view.phase is Phase.SUDDEN_DEATH:
        return "Sudden death: no more clues; any wrong touch loses."
    if view.bystander_tokens:
        cost = "a bystander token"
    elif left >= 2:
        cost = "two tokens"
    else:
        cost = "the game"
    return (
        f"{counted(left, 'token')} left ({view.bystander_tokens} bystander side up)."
        f" Next mistake costs {cost}."
    )


def turn_words(view: PlayerView) -> str:
    """Whose turn it is and who gives the clue."""
    me = view.player
    if view.phase is Phase.OVER:
        return "The game is over."
    if view.phase is Phase.SUDDEN_DEATH:
        return "Sudden death: touch words one at a time; each phone records its partner's touches."
    if view.phase is Phase.GUESSING and view.clue is not None and view.clue_giver is not None:
        number = "" if view.clue.number is None else str(view.clue.number)
        clue = " ".join(part for part in (view.clue.word, number) if part)
        giver, guesser = view.clue_giver, view.clue_giver.partner
        said = f": {clue}" if clue else ""
        guesses = "guess" if guesser is me else "guesses"
        return f"{who(giver, me)} gave the clue{said}. {who(guesser, me)} {guesses}."
    if view.next_clue_giver is None:
        return "Either player gives the next clue."
    gives = "give" if view.next_clue_giver is me else "gives"
    return f"{who(view.next_clue_giver, me)} {gives} the next clue."


def last_event(log: GameLog, after: GameState, me: Player) -> str:
    """What the last action did, as both phones tell it (`after`: the state the log leads to,
    which the caller already has; only the state before the last action is replayed)."""
    if not log.actions:
        return ""
    action = log.actions[-1]
    if isinstance(action, Clue):
        return ""
    if isinstance(action, Stop):
        return f"{who(action.by, me)} stopped guessing."
    if isinstance(action, Penalty):
        return "Invalid clue: one token discarded."
    assert isinstance(action, Guess)
    before = replay(log.without_last())
    if after.reason is LossReason.ASSASSIN:
        return f"{who(action.by, me)} touched the assassin."
    if after.agents_found > before.agents_found:
        event = f"{who(action.by, me)} found an agent."
        if after.phase is not before.phase and after.phase is Phase.CLUE:
            event += " No words left on that side: the turn ends."
        return event
    return f"{who(action.by, me)} touched a bystander: the turn ends."
