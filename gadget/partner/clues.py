"""The partner as clue giver: one word and a number for its own side's green words, far from
its assassins first and its bystanders next, never a word the rules or decency refuse."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

from gadget.engine.words import folded
from gadget.partner.clue_rules import (
    ASSASSIN_MARGIN,
    BYSTANDER_MARGIN,
    FAINTEST,
    MARGIN_WORTH,
    MOST_MEANT,
    looks_like,
)
from gadget.partner.reading import GivenClue, PartnerError

if TYPE_CHECKING:
    from gadget.partner.lexicon import Lexicon


def give_clue(
    lexicon: Lexicon,
    targets: Sequence[str],
    assassins: Sequence[str],
    bystanders: Sequence[str],
    *,
    allowed: Callable[[str], bool],
    given_before: Sequence[str] = (),
) -> GivenClue:
    """The best clue the lexicon holds for some of the targets, never one given before in
    the game; `allowed` says whether the table's rules take a word as a clue (the words
    still uncovered: services/clue_check.py). When no clue clears its margins, the clue
    nearest one target alone."""
    if not targets:
        raise PartnerError("the partner has no green word left to give a clue for")
    words = [*targets, *assassins, *bystanders]
    candidates = _candidates(lexicon)
    scores = lexicon.table_scores(candidates, words)
    meant_scores = scores[:, : len(targets)]
    order = np.argsort(-meant_scores, axis=1, kind="stable")
    ranked = np.take_along_axis(meant_scores, order, axis=1)[:, :MOST_MEANT]
    danger = np.full(len(candidates), -np.inf, dtype=np.float32)
    if assassins:
        danger = np.maximum(
            danger,
            scores[:, len(targets) : len(targets) + len(assassins)].max(axis=1) + ASSASSIN_MARGIN,
        )
    if bystanders:
        danger = np.maximum(
            danger, scores[:, len(targets) + len(assassins) :].max(axis=1) + BYSTANDER_MARGIN
        )
    clear = (ranked > danger[:, None]) & (ranked >= FAINTEST)
    clear = np.cumprod(clear, axis=1).astype(bool)  # the first n words meant, all clear
    counts = clear.sum(axis=1)
    last = np.take_along_axis(ranked, np.maximum(counts - 1, 0)[:, None], axis=1)[:, 0]
    value = np.where(
        counts > 0, counts + MARGIN_WORTH * (last - np.maximum(danger, FAINTEST)), -np.inf
    )
    if not np.isfinite(value).any():  # nothing clears: the one word the clue is nearest
        counts = np.ones(len(candidates), dtype=np.intp)
        value = ranked[:, 0] - np.where(np.isfinite(danger), danger, 0.0)
    said = {folded(word) for word in given_before}
    for best in np.argsort(-value, kind="stable"):
        word = lexicon.words[int(candidates[best])]
        if folded(word) not in said and not looks_like(word, words) and allowed(word):
            number = int(counts[best])
            meant = tuple(targets[int(place)] for place in order[best, :number])
            return GivenClue(word, number, meant)
    raise PartnerError("the partner found no clue the table's rules allow")


@cache
def _candidates(lexicon: Lexicon) -> np.ndarray:
    """The lexicon's rows the partner may give as clues: its plain words, none it blocks."""
    blocked = _blocked(lexicon.language)
    return np.array(
        [row for row in lexicon.clue_rows if folded(lexicon.words[row]) not in blocked],
        dtype=np.intp,
    )


@cache
def _blocked(language: str) -> frozenset[str]:
    """The reviewed list of words never given as clues (lexicons/<language>_blocked.txt)."""
    text = (
        resources.files("gadget.partner").joinpath(f"lexicons/{language}_blocked.txt").read_text()
    )
    return frozenset(
        folded(line.strip())
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )
