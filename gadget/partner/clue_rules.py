"""The partner's rule for a clue, in plain Python: its margins, what a clue is worth, and what
it never gives by its letters; the server's lexicon applies it to every candidate at once
(clues.py, numpy), the site's pocket to a few hundred (pocket.py), and a test holds them
to the same clues."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gadget.engine.words import folded

#: How much nearer to the clue each meant word must be than any assassin, and than any
#: bystander (scores run about -0.1 to 0.6), tuned on games played (docs/partner.md).
ASSASSIN_MARGIN: Final = 0.1
BYSTANDER_MARGIN: Final = 0.03
#: A meant word must score at least this: below, a guesser reads nothing in the clue.
FAINTEST: Final = 0.1
#: What one more meant word is worth against the margin of the last one meant.
MARGIN_WORTH: Final = 3.0
#: The most words one clue means.
MOST_MEANT: Final = 4
#: The partner's own rule, stricter than the table's: its clue shares no beginning this long
#: with a word on the table, nor holds one or is held by one (the table lets "agency" pass
#: AGENT and "roundup" ROUND; a player reads them as the word itself).
SHARED_BEGINNING: Final = 4


def danger_of(assassins: Sequence[float], bystanders: Sequence[float]) -> float:
    """The score every meant word must pass: the nearest assassin's plus its margin, the
    nearest bystander's plus its (-inf with neither)."""
    return max(
        [score + ASSASSIN_MARGIN for score in assassins]
        + [score + BYSTANDER_MARGIN for score in bystanders],
        default=float("-inf"),
    )


def worth(meant: Sequence[float], danger: float) -> tuple[int, float]:
    """How many targets a clue means (its scores for them, highest first) and what it is
    worth: the number clear of the danger and of the faintest, plus the last one's margin."""
    count = 0
    for score in meant[:MOST_MEANT]:
        if score > danger and score >= FAINTEST:
            count += 1
        else:
            break
    if not count:
        return 0, float("-inf")
    return count, count + MARGIN_WORTH * (meant[count - 1] - max(danger, FAINTEST))


#: A clue this few letters from a table word reads as that word (moose for GOOSE, tilt for
#: QUILT, pork for PLORK: an outsider's), from words this long on.
NEAR_LETTERS: Final = 2
NEAR_FROM: Final = 4
#: Forms no stem or letter rule joins to their word (feet for FOOT: an outsider's), both ways.
IRREGULAR: Final = {
    "foot": "feet", "tooth": "teeth", "goose": "geese", "mouse": "mice", "louse": "lice",
    "man": "men", "woman": "women", "child": "children", "ox": "oxen", "die": "dice",
    "person": "people", "knife": "knives", "wolf": "wolves", "leaf": "leaves",
    "oeil": "yeux", "œil": "yeux", "ciel": "cieux", "aieul": "aieux",
}  # fmt: skip
_FAMILY: Final = {**IRREGULAR, **{form: word for word, form in IRREGULAR.items()}}


def looks_like(clue: str, words: Sequence[str]) -> bool:
    """Whether the clue begins as a word on the table does, or holds one, or is held by one,
    or is a few letters from one, or an irregular form of one."""
    said = folded(clue)
    for word in words:
        seen = folded(word).replace(" ", "")
        if said[:SHARED_BEGINNING] == seen[:SHARED_BEGINNING] or said in seen or seen in said:
            return True
        if _FAMILY.get(seen) == said:
            return True
        if min(len(said), len(seen)) >= NEAR_FROM and _near(said, seen):
            return True
    return False


def _near(one: str, other: str) -> bool:
    """Whether two words are at most NEAR_LETTERS letters apart (deleted, added or changed)."""
    if abs(len(one) - len(other)) > NEAR_LETTERS:
        return False
    previous = list(range(len(other) + 1))
    for row, letter in enumerate(one, 1):
        current = [row]
        for column, theirs in enumerate(other, 1):
            current.append(
                min(
                    previous[column] + 1, current[-1] + 1, previous[column - 1] + (letter != theirs)
                )
            )
        if min(current) > NEAR_LETTERS:
            return False
        previous = current
    return previous[-1] <= NEAR_LETTERS
