"""What the partner's decisions ask of a way of reading words, whichever it is: the server's
lexicon (numpy, two or three models) or the site's pocket (pure Python, precomputed), so that
its guessing and its seat are one code on both."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from gadget.engine.errors import GadgetError

#: A word the partner lacks is read as one a letter away only from this length on: a short
#: word a letter away is mostly another word.
LONGEST_EDITED_FROM: Final = 6


class PartnerError(GadgetError):
    """What the app's partner cannot do, said in one line."""


@dataclass(frozen=True, slots=True)
class GivenClue:
    """The clue the partner gives, and the words it means (never shown to the player)."""

    word: str
    number: int
    meant: tuple[str, ...]


class Reader(Protocol):
    """A language's way of reading words for the partner."""

    language: str

    def clue_scores(self, clue: str, words: Sequence[str]) -> list[float]:
        """How alike the clue is to each word (the guessing partner's softmax reads them)."""
        ...

    def give_clue(
        self,
        targets: Sequence[str],
        assassins: Sequence[str],
        bystanders: Sequence[str],
        *,
        allowed: Callable[[str], bool],
        given_before: Sequence[str] = (),
    ) -> GivenClue:
        """The best clue for some of the targets (gadget/partner/clue_rules.py's rule)."""
        ...


def one_letter_away(word: str) -> set[str]:
    """Every spelling one letter deleted, swapped, changed or added away (Norvig's)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(word[:cut], word[cut:]) for cut in range(len(word) + 1)]
    deleted = [left + right[1:] for left, right in cuts if right]
    swapped = [left + right[1] + right[0] + right[2:] for left, right in cuts if len(right) > 1]
    changed = [left + letter + right[1:] for left, right in cuts if right for letter in letters]
    added = [left + letter + right for left, right in cuts for letter in letters]
    return set(deleted + swapped + changed + added)
