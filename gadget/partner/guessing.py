"""The partner as guesser: the uncovered words ranked against a player's clue, and the touch it
makes next, one at a time, or none when it is not sure enough to risk one."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gadget.partner.reading import PartnerError, Reader

#: The softmax temperature that turns scores into the chance a human partner touches a word
#: first, fitted on human Duet turns (bench/bench_partner.py --fit; docs/partner.md).
TEMPERATURE: Final = 0.8
#: The partner touches a word only when its chance is at least this (docs/partner.md).
SURE_ENOUGH: Final = 0.2
#: A word that is an assassin on the guesser's own side is one on the other side three
#: times as often as another word (the rule book's card): its chance counts this much.
RISKY_WEIGHT: Final = 0.5


@dataclass(frozen=True, slots=True)
class Ranked:
    """An uncovered word, its score against the clue, and the chance it is the one meant."""

    word: str
    score: float
    chance: float


@dataclass(frozen=True, slots=True)
class GuessingTurn:
    """What the guessing partner knows of its turn: what its side's phone shows, no more.

    `touched` counts the words it touched for this clue; `earlier` holds the earlier clues
    whose words the partner has not all found (a clue's number said how many it meant);
    `risky` the uncovered words that are assassins on the guesser's own side. In sudden
    death there is no clue: `clue` is empty and the earlier clues guide the touch."""

    clue: str
    number: int | None
    uncovered: tuple[str, ...]
    touched: int = 0
    earlier: tuple[str, ...] = ()
    sudden_death: bool = False
    risky: frozenset[str] = frozenset()


def ranked(lexicon: Reader, clue: str, words: Sequence[str]) -> tuple[Ranked, ...]:
    """The words, most likely first, each with its calibrated chance."""
    if not clue.strip():
        raise PartnerError("the partner needs a clue to guess from")
    if not words:
        raise PartnerError("the partner needs at least one uncovered word to guess")
    scores = lexicon.clue_scores(clue, words)
    chances = _softmax(scores)
    order = sorted(range(len(words)), key=lambda place: (-scores[place], place))
    return tuple(
        Ranked(words[place], float(scores[place]), float(chances[place])) for place in order
    )


def next_touch(lexicon: Reader, turn: GuessingTurn) -> str | None:
    """The word the partner touches next, or None when it stops: it always touches once for a
    clue, goes on while its most likely word is sure enough, up to the clue's number; then a
    word left over from an earlier clue, if one is sure enough. In sudden death it touches the
    word its partner's clues point to most."""
    if not turn.uncovered:
        return None
    if turn.sudden_death:
        clues = turn.earlier or (turn.clue,)
        return max(
            (_weighed(lexicon, clue, turn)[0] for clue in clues if clue.strip()),
            key=lambda best: best.chance,
            default=Ranked(turn.uncovered[0], 0.0, 0.0),
        ).word
    best = _weighed(lexicon, turn.clue, turn)[0]
    if turn.touched == 0:
        return best.word
    wanted = turn.number or len(turn.uncovered)  # no number, or 0: as many as it is sure of
    if turn.touched < wanted and best.chance >= SURE_ENOUGH:
        return best.word
    for earlier in turn.earlier:
        leftover = _weighed(lexicon, earlier, turn)[0]
        if leftover.chance >= SURE_ENOUGH:
            return leftover.word
    return None


def _weighed(lexicon: Reader, clue: str, turn: GuessingTurn) -> tuple[Ranked, ...]:
    """The uncovered words ranked for the clue, a risky word's chance weighed down."""
    plain = ranked(lexicon, clue, turn.uncovered)
    weights = [item.chance * (RISKY_WEIGHT if item.word in turn.risky else 1.0) for item in plain]
    total = sum(weights) or 1.0
    weighed = [
        Ranked(item.word, item.score, weight / total)
        for item, weight in zip(plain, weights, strict=True)
    ]
    return tuple(sorted(weighed, key=lambda item: -item.chance))


def _softmax(scores: Sequence[float]) -> list[float]:
    """Each score's chance at the fitted temperature."""
    top = max(scores)
    weights = [math.exp((score - top) / TEMPERATURE) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]
