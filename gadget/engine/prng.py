"""SplitMix64, so that a seed makes the same key card on every device and Python version."""

from __future__ import annotations

from typing import TypeVar

Item = TypeVar("Item")

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64

# For each bound n, draws at or above this limit are rejected so that x % n is exactly uniform.
_REJECTION_LIMITS = tuple(_TWO64 - (_TWO64 % n) if n else 0 for n in range(65))


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
        limit = _REJECTION_LIMITS[bound]
        value = self.next_u64()
        while value >= limit:
            value = self.next_u64()
        return value % bound

    def shuffle(self, items: list[Item]) -> None:
        """Fisher-Yates in place, drawing from the top down so the order is part of the format."""
        for top in range(len(items) - 1, 0, -1):
            pick = self.below(top + 1)
            items[top], items[pick] = items[pick], items[top]
