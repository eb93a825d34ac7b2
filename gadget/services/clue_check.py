"""A typed clue checked against the words still uncovered: the rule (engine/clue_rule.py) with
Snowball's stemmers, a library the pure engine may not import."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import snowballstemmer

from gadget.engine import clue_rule
from gadget.engine.clue_rule import RULES, Clash, ClueFlag, clue_problem

__all__ = ["Clash", "ClueFlag", "clue_flags", "clue_problem", "snowball_stem"]

_STEMMERS: Final = {code: snowballstemmer.stemmer(rules.stemmer) for code, rules in RULES.items()}
_STEMMING: Final = threading.Lock()  # a Snowball stemmer is not safe on two threads at once


@lru_cache(maxsize=8192)
def snowball_stem(word: str, code: str) -> str:
    """Snowball's stem of a word in a language of RULES, kept: a table's words are asked
    about at every clue."""
    with _STEMMING:
        return str(_STEMMERS[code].stemWord(word))


def clue_flags(clue: str, visible: Sequence[str], language: str) -> tuple[ClueFlag, ...]:
    """Each visible word the clue clashes with (see engine/clue_rule.py), stemmed by
    Snowball."""
    return clue_rule.clue_flags(clue, visible, language, snowball_stem)
