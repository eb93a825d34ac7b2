"""The Duet rules as pure moves over frozen game state (docs/engine.md says what was decided)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

from gadget.engine.errors import (
    CellNotGuessableError,
    GameOverError,
    IllegalActionError,
    NoWordsLeftError,
    OutOfTurnError,
    StopTooSoonError,
)
from gadget.engine.keycard import CELLS, Colour, Player
from gadget.engine.state import (
    MAX_CLUE_NUMBER,
    MAX_CLUE_WORD,
    MAX_REASON,
    WON,
    Action,
    Clue,
    GameState,
    Guess,
    LossReason,
    Outcome,
    Penalty,
    Phase,
    Status,
    Stop,
    TimeBank,
)

Changes = dict[str, Any]

_FIELDS: Final = tuple(f.name for f in fields(GameState))
_FIELD_NAMES: Final = frozenset(_FIELDS)
_new_object = object.__new__
_set_field = object.__setattr__


def _evolve(state: GameState, changes: Changes) -> GameState:
    """A copy with some fields changed: dataclasses.replace without its cost, once per action.

    A misspelt field is an error (it would otherwise be dropped in silence), and the phase
    must agree with the outcome and the clue: the game is over exactly when it has an
    outcome, and a clue is kept exactly while it is being guessed.
    """
    if not changes.keys() <= _FIELD_NAMES:
        raise AttributeError(f"GameState has no field {sorted(changes.keys() - _FIELD_NAMES)}")
    evolved = _new_object(GameState)
    for name in _FIELDS:
        _set_field(evolved, name, changes[name] if name in changes else getattr(state, name))
    if (evolved.phase is Phase.OVER) != (evolved.outcome is not None):
        raise AssertionError(f"phase {evolved.phase} with outcome {evolved.outcome}")
    if (evolved.phase is Phase.GUESSING) != (evolved.clue is not None):
        raise AssertionError(f"phase {evolved.phase} with clue {evolved.clue}")
    return evolved


def apply(state: GameState, action: Action) -> GameState:
    """The state after one action, or IllegalActionError naming why the rules refuse it."""
    if state.phase is Phase.OVER:
        if state.status is Status.WON:
            raise GameOverError("the game is over (won); no more actions")
        raise GameOverError("the game is over (lost); no more actions")
    if isinstance(action, Clue):
        changes = _clue(state, action)
    elif isinstance(action, Guess):
        changes = _guess(state, action)
    elif isinstance(action, Stop):
        changes = _stop(state, action)
    else:
        changes = _penalty(state, action)
    return _evolve(state, changes)


def _clue(state: GameState, clue: Clue) -> Changes:
    if state.phase is Phase.SUDDEN_DEATH:
        raise OutOfTurnError("no clues in sudden death: players with words to find guess")
    if state.phase is Phase.GUESSING:
        raise OutOfTurnError(
            "player {guesser} is guessing player {clue_giver}'s clue; a new clue "
            "waits for the turn to end",
            guesser=state.guesser,
            clue_giver=state.clue_giver,
        )
    if clue.number is not None and not 0 <= clue.number <= MAX_CLUE_NUMBER:
        raise IllegalActionError(
            "clue number {number} is outside 0..{max_clue_number}",
            number=clue.number,
            max_clue_number=MAX_CLUE_NUMBER,
        )
    if len(clue.word) > MAX_CLUE_WORD:
        raise IllegalActionError(
            "the clue {word!r}... has {length} characters; at most {max_clue_word}",
            word=clue.word[:20],
            length=len(clue.word),
            max_clue_word=MAX_CLUE_WORD,
        )
    if not state.words_to_give_mask(clue.by):
        raise NoWordsLeftError(
            "player {by} has no words left to clue; player {partner} gives every remaining clue",
            by=clue.by,
            partner=clue.by.partner,
        )
    required = state.next_clue_giver
    if required is not None and required is not clue.by:
        raise OutOfTurnError(
            "player {required} gives this clue, not player {by}", required=required, by=clue.by
        )
    return {"phase": Phase.GUESSING, "clue": clue, "clue_givers": (*state.clue_givers, clue.by)}


def _check_cell(state: GameState, guesser: Player, cell: int) -> None:
    if not 0 <= cell < CELLS:
        raise CellNotGuessableError(
            "cell {cell} is outside 0..{number}", cell=cell, number=CELLS - 1
        )
    if state.found_mask >> cell & 1:
        raise CellNotGuessableError("cell {cell} is already covered by an agent", cell=cell)
    if state.covered_mask >> cell & 1:
        raise CellNotGuessableError(
            "cell {cell} is covered by a bystander mark from each side", cell=cell
        )
    if state.marks_by(guesser) >> cell & 1:
        raise CellNotGuessableError(
            "player {guesser} already hit cell {cell} as a bystander", guesser=guesser, cell=cell
        )


def _guess(state: GameState, guess: Guess) -> Changes:
    if state.phase is Phase.CLUE:
        raise OutOfTurnError("player {by} cannot guess before a clue is given", by=guess.by)
    if state.phase is Phase.SUDDEN_DEATH:
        return _sudden_death_guess(state, guess)
    assert state.clue is not None, "a turn being guessed always has its clue"
    giver = state.clue.by
    if guess.by is giver:
        raise OutOfTurnError(
            "player {by} gave the clue; player {partner} guesses",
            by=guess.by,
            partner=giver.partner,
        )
    _check_cell(state, guess.by, guess.cell)
    colour = state.card.colour(giver, guess.cell)
    if colour is Colour.BLACK:
        return _lost(LossReason.ASSASSIN)
    if colour is Colour.TAN:
        changes = _bystander_mark(state, guess)
        paid = state.bank.pay_mistake()
        if paid is None:
            return changes | _lost(LossReason.OUT_OF_TIME) | {"bank": TimeBank(0, 0)}
        return changes | _turn_ended(state, paid)
    found = state.found_mask | 1 << guess.cell
    if found == state.card.agent_mask:
        return _stop_token(state) | {
            "found_mask": found, "phase": Phase.OVER, "outcome": WON, "clue": None
        }  # fmt: skip
    if not state.card.green_mask(giver) & ~found:
        # The clue giver's last word: nothing is left to find on that side, so the turn stops.
        stopped = _stop_token(state)
        return stopped | _turn_ended(state, stopped["bank"]) | {"found_mask": found}
    return {
        "found_mask": found,
        "correct_this_turn": state.correct_this_turn + 1,
        "guesses_this_turn": state.guesses_this_turn + 1,
    }


def _bystander_mark(state: GameState, guess: Guess) -> Changes:
    bit = 1 << guess.cell
    mistakes = state.mistakes + 1
    if guess.by is Player.A:
        return {"marks_by_a": state.marks_by_a | bit, "mistakes": mistakes}
    return {"marks_by_b": state.marks_by_b | bit, "mistakes": mistakes}


def _sudden_death_guess(state: GameState, guess: Guess) -> Changes:
    partner = guess.by.partner
    if not state.words_to_give_mask(partner):
        raise NoWordsLeftError(
            "player {by} has no words left to find; only player {partner} guesses",
            by=guess.by,
            partner=partner,
        )
    _check_cell(state, guess.by, guess.cell)
    colour = state.card.colour(partner, guess.cell)
    if colour is Colour.BLACK:
        return _lost(LossReason.ASSASSIN)
    if colour is Colour.TAN:
        return _bystander_mark(state, guess) | _lost(LossReason.SUDDEN_DEATH)
    found = state.found_mask | 1 << guess.cell
    if found == state.card.agent_mask:
        return {"found_mask": found, "phase": Phase.OVER, "outcome": WON}
    return {"found_mask": found}


def _stop(state: GameState, stop: Stop) -> Changes:
    if state.phase is not Phase.GUESSING:
        raise OutOfTurnError("player {by} cannot stop: no turn is being guessed", by=stop.by)
    if stop.by is not state.guesser:
        raise OutOfTurnError(
            "player {by} gave the clue; only player {guesser} stops",
            by=stop.by,
            guesser=state.guesser,
        )
    if not state.correct_this_turn:
        raise StopTooSoonError(
            "player {by} cannot stop before a correct guess this turn", by=stop.by
        )
    stopped = _stop_token(state)
    return stopped | _turn_ended(state, stopped["bank"])


def _penalty(state: GameState, penalty: Penalty) -> Changes:
    if len(penalty.reason) > MAX_REASON:
        raise IllegalActionError(
            "the penalty's reason has {length} characters; at most {max_reason}",
            length=len(penalty.reason),
            max_reason=MAX_REASON,
        )
    if state.phase is not Phase.GUESSING or state.guesses_this_turn or state.penalised_this_turn:
        raise OutOfTurnError(
            "player {by} cannot call the penalty now: the invalid-clue penalty "
            "comes right after the clue, once",
            by=penalty.by,
        )
    bank = state.bank.take_one()
    if not bank.total:
        return _turn_ended(state, bank)
    return {"bank": bank, "penalised_this_turn": True}


def _stop_token(state: GameState) -> Changes:
    return {"bank": state.bank.take_one(), "stops": state.stops + 1}


def _turn_ended(state: GameState, bank: TimeBank) -> Changes:
    """Roles swap at the next clue; an empty bank with agents unfound starts sudden death."""
    return {
        "bank": bank,
        "phase": Phase.CLUE if bank.total else Phase.SUDDEN_DEATH,
        "sudden_death": state.sudden_death or not bank.total,
        "clue": None,
        "correct_this_turn": 0,
        "guesses_this_turn": 0,
        "penalised_this_turn": False,
    }


def _lost(reason: LossReason) -> Changes:
    return {"phase": Phase.OVER, "outcome": Outcome(Status.LOST, reason), "clue": None}


def legal_actions(state: GameState) -> list[Action]:
    """Every action the rules accept now (clues stand for any word and number)."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.CLUE:
        required = state.next_clue_giver
        return [Clue(p) for p in Player if state.words_to_give_mask(p) and required in (None, p)]
    if state.phase is Phase.SUDDEN_DEATH:
        guessers = [p for p in Player if state.words_to_give_mask(p.partner)]
    else:
        guessers = [state.guesser] if state.guesser else []
    actions: list[Action] = []
    for guesser in guessers:
        blocked = state.covered_mask | state.marks_by(guesser)
        actions.extend(Guess(guesser, c) for c in range(CELLS) if not blocked >> c & 1)
    if state.guesser is not None:
        if state.correct_this_turn:
            actions.append(Stop(state.guesser))
        if not state.guesses_this_turn and not state.penalised_this_turn:
            actions.extend(Penalty(p) for p in Player)
    return actions


def recorder(action: Action, apart: bool = False) -> Player:
    """The side whose phone records an action: a clue and an invalid clue's token on the
    phone of the player who gives or calls it; a touch and a stop, at one table, on the
    phone of the side the guesser touches for (the clue giver's, which knows the colours),
    and, playing apart, on the guesser's own phone (the server judges it)."""
    if isinstance(action, (Clue, Penalty)):
        return action.by
    assert isinstance(action, (Guess, Stop))
    return action.by if apart else action.by.partner
