"""Share codes: a short, typeable, self-checking name for one game's key card and time bank."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gadget.engine.errors import ShareCodeError
from gadget.engine.keycard import KeyCard, generate_v1
from gadget.engine.state import MAX_TOKENS

# Crockford's base 32: digits and letters without I, L, O and U, which people misread.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES: Final = {char: value for value, char in enumerate(ALPHABET)}
# Crockford's decoding forgives the look-alikes it left out.
_VALUES.update({"O": 0, "I": 1, "L": 1})

VERSION: Final = 1
SEED_BITS: Final = 42
_DATA_CHARS: Final = 10  # after the version character: seed (42 bits), tokens (4), mistakes (4)
LENGTH: Final = 1 + _DATA_CHARS + 1
_GROUP: Final = 4

# A generator per code version. A changed generator gets a new version; old ones stay forever.
GENERATORS: Final[dict[int, Callable[[int], KeyCard]]] = {1: generate_v1}


def _gf32_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Powers and logarithms of alpha in GF(32) built on the primitive polynomial x^5 + x^2 + 1."""
    exp = [0] * 62
    log = [0] * 32
    value = 1
    for power in range(31):
        exp[power] = exp[power + 31] = value
        log[value] = power
        value <<= 1
        if value & 0b100000:
            value ^= 0b100101
    return tuple(exp), tuple(log)


_EXP, _LOG = _gf32_tables()


def _syndrome(values: list[int]) -> int:
    """Sum of alpha^i * v_i over GF(32): zero exactly for a valid code."""
    total = 0
    for position, value in enumerate(values):
        if value:
            total ^= _EXP[_LOG[value] + position]
    return total


def _check_value(data: list[int]) -> int:
    """The last character that makes the syndrome zero.

    Weights alpha^i are non-zero and differ between neighbours (alpha has order 31 and a code
    is shorter), so every single substitution and every swap of two different neighbouring
    characters changes the syndrome: a typo can never decode to another card.
    """
    partial = _syndrome(data)
    if not partial:
        return 0
    return _EXP[(_LOG[partial] - len(data)) % 31]


@dataclass(frozen=True, slots=True)
class ShareCode:
    """What a code carries: generator version, seed, and the time bank the game starts with."""

    seed: int
    tokens: int = 9
    mistakes: int = 9
    version: int = VERSION

    def __post_init__(self) -> None:
        if self.version not in GENERATORS:
            raise ShareCodeError(
                "code version {version} is unknown to this app", version=self.version
            )
        if not 0 <= self.seed < 1 << SEED_BITS:
            raise ShareCodeError(
                "seed {seed} is outside 0..2^{seed_bits}-1", seed=self.seed, seed_bits=SEED_BITS
            )
        if not 1 <= self.tokens <= MAX_TOKENS:
            raise ShareCodeError(
                "code carries {tokens} tokens; a game has 1..{max_tokens}",
                tokens=self.tokens,
                max_tokens=MAX_TOKENS,
            )
        if not 0 <= self.mistakes <= self.tokens:
            raise ShareCodeError(
                "code carries {mistakes} mistakes with {tokens} tokens; mistakes must "
                "be 0..{tokens}",
                mistakes=self.mistakes,
                tokens=self.tokens,
            )

    @property
    def text(self) -> str:
        """The code as players read and type it, in groups of four: 1ABC-DEFG-HJK7."""
        payload = (self.seed << 8) | (self.tokens << 4) | self.mistakes
        data = [self.version] + [
            (payload >> (5 * shift)) & 31 for shift in range(_DATA_CHARS - 1, -1, -1)
        ]
        chars = "".join(ALPHABET[v] for v in [*data, _check_value(data)])
        return "-".join(chars[i : i + _GROUP] for i in range(0, LENGTH, _GROUP))

    def __str__(self) -> str:
        return self.text

    def key_card(self) -> KeyCard:
        """The card this code makes, the same on every device."""
        return GENERATORS[self.version](self.seed)

    @classmethod
    def parse(cls, typed: str) -> ShareCode:
        """Read a code as typed: any case, spaces and hyphens ignored, typos refused."""
        chars = "".join(typed.split()).replace("-", "").upper()
        if not chars:
            raise ShareCodeError("the code is empty")
        for position, char in enumerate(chars, start=1):
            if char not in _VALUES:
                raise ShareCodeError(
                    "character {position} of the code, {char!r}, is not a code character",
                    position=position,
                    char=char,
                )
        if len(chars) != LENGTH:
            raise ShareCodeError(
                "the code has {length} characters; a code has {length2} (not counting "
                "spaces and hyphens)",
                length=len(chars),
                length2=LENGTH,
            )
        values = [_VALUES[c] for c in chars]
        if _syndrome(values):
            raise ShareCodeError(
                "{typed!r} is not a valid code: check for a typo", typed=typed.strip()
            )
        version = values[0]
        if version not in GENERATORS:
            raise ShareCodeError(
                "code version {version} comes from a newer Gadget; update the app to join",
                version=version,
            )
        payload = 0
        for value in values[1:-1]:
            payload = (payload << 5) | value
        return cls(
            seed=payload >> 8, tokens=(payload >> 4) & 15, mistakes=payload & 15, version=version
        )


def join_link(base_url: str, code: ShareCode) -> str:
    """The address a QR code carries: opening it joins the game on side B."""
    return f"{base_url.rstrip('/')}/join/{code.text}"
