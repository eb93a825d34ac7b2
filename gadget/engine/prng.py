"""SplitMix64, so that a seed makes the same key card on every device and Python version."""

from __future__ import annotations

from typing import TypeVar

Item = TypeVar("Item")

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: tiny, fully specified, and statistically sound."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if seed < 0:
            raise ValueError(f"seed {seed} is negative; a seed is a non-negative integer")
        self._state = seed & _MASK64

    def next_u64(self) -> int:
        """The next 64-bit output; the whole sequence is fixed by the seed."""
        self._state = state = (self._state + _GOLDEN_GAMMA) & _MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in 0..bound-1, by rejection so that no value is favoured."""
        if not 0 < bound <= 64:
            raise ValueError(f"bound {bound} is outside 1..64")
        return self.below_span(bound)

    def below_span(self, span: int) -> int:
        """A uniform integer in 0..span-1 for any span up to 2^64, by rejection: draws at or
        above the largest multiple of span would make x % span favour the low values."""
        limit = _TWO64 - (_TWO64 % span)
        value = self.next_u64()
        while value >= limit:
            value = self.next_u64()
        return value % span

    def shuffle(self, items: list[Item]) -> None:
        """Fisher-Yates in place from the top down, several picks drawn from each 64-bit word.

        The picks for tops n-1, n-2, ... have bounds n, n-1, ...; as many consecutive bounds
        as multiply to at most 2^64 share one word drawn uniformly below their product, read
        as mixed-radix digits (the first pick is the word mod n). Each pick is exactly
        uniform and independent, at a fraction of the cost of one word per pick.
        """
        for top, bottom, span in _spans(len(items)):
            value = self.below_span(span)
            for index in range(top, bottom, -1):
                value, pick = divmod(value, index + 1)
                items[index], items[pick] = items[pick], items[index]


def _spans(length: int) -> tuple[tuple[int, int, int], ...]:
    """(top, bottom, product of bounds) for each word a shuffle of this length draws."""
    cached = _SPAN_CACHE.get(length)
    if cached is not None:
        return cached
    spans = []
    top = length - 1
    while top > 0:
        bottom, span = top, 1
        while bottom > 0 and span * (bottom + 1) <= _TWO64:
            span *= bottom + 1
            bottom -= 1
        spans.append((top, bottom, span))
        top = bottom
    _SPAN_CACHE[length] = result = tuple(spans)
    return result


_SPAN_CACHE: dict[int, tuple[tuple[int, int, int], ...]] = {}
