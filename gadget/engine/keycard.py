"""The Duet key card: two sides of 25 colours with the rule book's exact pair counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from gadget.engine.errors import KeyCardError, Message, plural
from gadget.engine.prng import SplitMix64

CELLS: Final = 25
GRID: Final = 5


class Player(StrEnum):
    """One of the two seats at the table; side A's frame is the one everything is stored in."""

    A = "a"
    B = "b"

    @property
    def partner(self) -> Player:
        """The player sitting opposite."""
        return Player.B if self is Player.A else Player.A


class Colour(StrEnum):
    """A cell's colour on one side, spelled as in the text form of a card."""

    GREEN = "G"
    BLACK = "X"
    TAN = "-"

    @property
    def label(self) -> str:
        """The word players use for it."""
        return _LABELS[self]


_LABELS: Final = {Colour.GREEN: "green", Colour.BLACK: "black", Colour.TAN: "tan"}

# (colour on A, colour on B) -> cells, from the rule book's "secrets of the key card".
PAIR_COUNTS: Final[dict[tuple[Colour, Colour], int]] = {
    (Colour.GREEN, Colour.GREEN): 3,
    (Colour.GREEN, Colour.BLACK): 1,
    (Colour.GREEN, Colour.TAN): 5,
    (Colour.BLACK, Colour.GREEN): 1,
    (Colour.BLACK, Colour.BLACK): 1,
    (Colour.BLACK, Colour.TAN): 1,
    (Colour.TAN, Colour.GREEN): 5,
    (Colour.TAN, Colour.BLACK): 1,
    (Colour.TAN, Colour.TAN): 7,
}
AGENTS: Final = sum(n for pair, n in PAIR_COUNTS.items() if Colour.GREEN in pair)

# The 25 pairs in one fixed order: the generator shuffles this list, so it is part of the format.
CANONICAL_PAIRS: Final[tuple[tuple[Colour, Colour], ...]] = tuple(
    pair for pair, count in PAIR_COUNTS.items() for _ in range(count)
)


def seat_index(player: Player, cell: int) -> int:
    """Where a cell of A's frame stands from this player's seat (B sits opposite: 180 degrees)."""
    return cell if player is Player.A else CELLS - 1 - cell


def _mask(side: str, colour: Colour) -> int:
    return sum(1 << cell for cell, char in enumerate(side) if char == colour)


@dataclass(frozen=True, slots=True)
class KeyCard:
    """Both sides of one card, each as 25 characters row-major in side A's frame."""

    a: str
    b: str
    _green_masks: tuple[int, int] = field(init=False, repr=False, compare=False)
    _black_masks: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_side("a", self.a)
        _check_side("b", self.b)
        _check_pair_counts(self.a, self.b)
        object.__setattr__(
            self, "_green_masks", (_mask(self.a, Colour.GREEN), _mask(self.b, Colour.GREEN))
        )
        object.__setattr__(
            self, "_black_masks", (_mask(self.a, Colour.BLACK), _mask(self.b, Colour.BLACK))
        )

    @classmethod
    def parse(cls, a: str, b: str) -> KeyCard:
        """A card typed by a person: lower case and surrounding spaces are forgiven."""
        return cls(a.strip().upper(), b.strip().upper())

    def side(self, player: Player) -> str:
        """That player's colours, in side A's frame."""
        return self.a if player is Player.A else self.b

    def colour(self, player: Player, cell: int) -> Colour:
        """The colour of a cell (A's frame) on this player's side."""
        return Colour(self.side(player)[cell])

    def seen_from(self, player: Player) -> str:
        """That player's side as they see it from their seat, row-major."""
        side = self.side(player)
        return side if player is Player.A else side[::-1]

    def green_mask(self, player: Player) -> int:
        """Bit i set when cell i is green on this player's side: the words they give clues for."""
        return self._green_masks[0 if player is Player.A else 1]

    def black_mask(self, player: Player) -> int:
        """Bit i set when cell i is an assassin on this player's side."""
        return self._black_masks[0 if player is Player.A else 1]

    @property
    def agent_mask(self) -> int:
        """The 15 cells green on at least one side: finding all of them wins."""
        return self._green_masks[0] | self._green_masks[1]


def _check_side(name: str, side: str) -> None:
    if len(side) != CELLS:
        raise KeyCardError(
            "side {name} has {length} characters; a side has {cells}",
            name=name,
            length=len(side),
            cells=CELLS,
        )
    for cell, char in enumerate(side):
        if char not in "GX-":
            raise KeyCardError(
                "side {name} cell {cell} is {char!r}; use G (green), X (black) or - (tan)",
                name=name,
                cell=cell,
                char=char,
            )


def _check_pair_counts(a: str, b: str) -> None:
    counts = Counter(zip(a, b, strict=True))
    problems = [
        plural(
            "{count} cell is {on_a} on A and {on_b} on B (a key card has {expected})",
            "{count} cells are {on_a} on A and {on_b} on B (a key card has {expected})",
            counts[pair],
            on_a=Message(pair[0].label),
            on_b=Message(pair[1].label),
            expected=expected,
        )
        for pair, expected in PAIR_COUNTS.items()
        if counts[pair] != expected  # a Counter counts a missing pair as 0
    ]
    if problems:
        raise KeyCardError("pair counts are off: {problems}", problems=problems)


def generate_v1(seed: int) -> KeyCard:
    """Version 1 of the generator: a SplitMix64 Fisher-Yates shuffle of CANONICAL_PAIRS."""
    pairs = list(CANONICAL_PAIRS)
    SplitMix64(seed).shuffle(pairs)
    return KeyCard("".join(p[0] for p in pairs), "".join(p[1] for p in pairs))


def render_grid(row_major: str) -> str:
    """Five lines of five symbols, the way the card lies on the table."""
    return "\n".join(" ".join(row_major[r * GRID : (r + 1) * GRID]) for r in range(GRID))
