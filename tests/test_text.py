"""Counts in words, written once for every message: "1 token", "2 tokens", "0 cities"."""

import pytest

from gadget.engine.text import counted


@pytest.mark.parametrize(
    ("number", "words"),
    [(0, "0 tokens"), (1, "1 token"), (2, "2 tokens"), (11, "11 tokens"), (-1, "-1 tokens")],
)
def test_a_count_is_singular_only_for_exactly_one(number: int, words: str) -> None:
    assert counted(number, "token") == words


def test_a_word_with_its_own_plural_uses_it() -> None:
    assert counted(1, "city", "cities") == "1 city"
    assert counted(3, "city", "cities") == "3 cities"
