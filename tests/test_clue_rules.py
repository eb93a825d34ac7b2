"""One rule for a clue, two ways of applying it: the server's lexicon applies it to every
candidate at once with numpy (gadget/partner/clues.py), the site's pocket to a few hundred in
plain Python (gadget/partner/clue_rules.py); on the same scores they choose the same clue."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from gadget.partner import clues
from gadget.partner.clue_rules import danger_of, looks_like, worth


class Scored:
    """A lexicon whose scores are given: its candidates are all its words."""

    language = "en"

    def __init__(self, words: list[str], table: np.ndarray) -> None:
        self.words = tuple(words)
        self.table = table
        self.clue_rows = np.arange(len(words), dtype=np.intp)

    def table_scores(self, candidates: np.ndarray, words: Sequence[str]) -> np.ndarray:
        return np.asarray(self.table[candidates], dtype=np.float32)


def _plain(scored: Scored, targets: int, assassins: int) -> tuple[str, int]:
    """The rule in plain Python: each candidate's worth, the best first (the first on ties)."""
    best: tuple[float, int, int] | None = None
    for row in range(len(scored.words)):
        scores = [float(value) for value in scored.table[row]]
        meant = sorted(scores[:targets], reverse=True)
        danger = danger_of(scores[targets : targets + assassins], scores[targets + assassins :])
        count, value = worth(meant, danger)
        if best is None or value > best[0]:
            best = (value, count, row)
    assert best is not None
    return scored.words[best[2]], best[1]


@pytest.mark.parametrize("seed", range(40))
def test_the_numpy_rule_and_the_plain_rule_choose_the_same_clue(seed: int) -> None:
    chance = random.Random(seed)
    targets, assassins, bystanders = (
        chance.randint(1, 6),
        chance.randint(0, 3),
        chance.randint(0, 9),
    )
    size = targets + assassins + bystanders
    words = [f"candidate{n}" for n in range(300)]
    table = np.array(
        [[chance.uniform(-0.2, 0.7) for _ in range(size)] for _ in words], dtype=np.float32
    )
    scored = Scored(words, table)
    on_table = [f"t{n}" for n in range(size)]
    given = clues.give_clue(
        scored,  # type: ignore[arg-type]
        on_table[:targets],
        on_table[targets : targets + assassins],
        on_table[targets + assassins :],
        allowed=lambda word: True,
    )
    word, number = _plain(scored, targets, assassins)
    if number:  # a clue clears its margins: the same one, meaning as many words
        assert (given.word, given.number) == (word, number)
    else:  # none does: the numpy path gives the one nearest a target, for one word
        assert given.number == 1


def test_a_clue_that_looks_like_a_table_word_is_one() -> None:
    assert looks_like("agency", ["agent"]) and looks_like("roundup", ["round"])
    # The outsider's: feet for FOOT, teeth, mice, moose for GOOSE, tilt for QUILT, pork.
    for clue, word in [("feet", "foot"), ("teeth", "tooth"), ("mice", "mouse"),
                       ("moose", "goose"), ("tilt", "quilt"), ("pork", "plork"),
                       ("yeux", "œil")]:  # fmt: skip
        assert looks_like(clue, [word]), (clue, word)
    assert not looks_like("ocean", ["whale", "pen"]) and not looks_like("bear", ["forest"])
    assert looks_like("Hôpitaux", ["hôpital"])  # its first four letters, accents aside
    assert not looks_like("ocean", ["whale", "pen"])
