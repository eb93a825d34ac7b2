"""What the table says to the players: the last action, the bank, the end and its score."""

from __future__ import annotations

from gadget.engine import (
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
from gadget.engine.text import counted

LOSSES = {
    LossReason.ASSASSIN: "the assassin was found",
    LossReason.SUDDEN_DEATH: "a bystander in sudden death",
    LossReason.OUT_OF_TIME: "out of time: a mistake could not be paid",
}


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


def ending(view: PlayerView) -> str:
    """Won or lost and why, with the score and its words."""
    if view.status is Status.WON:
        assert view.score is not None
        return f"Won! Score {view.score}: {score_words(view.score)}."
    return f"Lost: {LOSSES[view.reason]}." if view.reason else "Lost."


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
