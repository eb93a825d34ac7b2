"""Share codes: a short, typeable, self-checking name for side B of one card and its time bank.

What phone A hands over (the code, its QR code, its link) makes side B and nothing more: a
code carries side B's colours and the bank, never the seed, so side A stays on the phone
that dealt it (its `Deal`). Version 1 codes carried the seed; they are still read, as the
side B they make, and a game log keeps being readable with one (`old_deal`). A game with
words has a version 5 code, five characters longer: it also names the word list and the
seed that deals the 25 words from it, which are public.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from gadget.engine.errors import Message, ShareCodeError, plural
from gadget.engine.keycard import CELLS, Colour, KeyCard, generate_v1
from gadget.engine.state import MAX_TOKENS
from gadget.engine.words import WORD_SEED_BITS, WordsKey

# Crockford's base 32: digits and letters without I, L, O and U, which people misread.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES: Final = {char: value for value, char in enumerate(ALPHABET)}
# Crockford's decoding forgives the look-alikes it left out.
_VALUES.update({"O": 0, "I": 1, "L": 1})
# Every dash a keyboard may put between the groups: phones make "-" an en dash as it is typed,
# and a code copied from a page may hold any of them.
_DASHES: Final = dict.fromkeys(map(ord, "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"))

VERSION: Final = 2
# The first character says which game a code is for (gadget/engine/classic.py makes the
# classic and Pictures cards): no game ever reads another's code as its own card.
CLASSIC_VERSION: Final = 3
PICTURES_VERSION: Final = 4
WORDS_VERSION: Final = 5  # Duet with the words on the phones
GAME_OF_VERSION: Final = {
    1: "duet",
    VERSION: "duet",
    CLASSIC_VERSION: "classic",
    PICTURES_VERSION: "pictures",
    WORDS_VERSION: "duet",
}
_GREENS: Final = 9  # on one side: 3 shared, 1 over an assassin, 5 over a bystander
_BLACKS: Final = 3
_BLACK_PLACES: Final = comb(CELLS - _GREENS, _BLACKS)  # 560
SIDE_LAYOUTS: Final = comb(CELLS, _GREENS) * _BLACK_PLACES  # 1,144,066,000: under 2^31
_DATA_CHARS: Final = 8  # after the version character: side B (31 bits), tokens (4), mistakes (4)
LENGTH: Final = 1 + _DATA_CHARS + 1
_WORDS_BITS: Final = 5 + WORD_SEED_BITS  # the list's number, then the word seed
_WORDS_DATA_CHARS: Final = _DATA_CHARS + _WORDS_BITS // 5
WORDS_LENGTH: Final = 1 + _WORDS_DATA_CHARS + 1  # three groups of five
_GROUP: Final = 5

# Version 1: the seed (42 bits) instead of side B; read, never written.
V1: Final = 1
SEED_BITS: Final = 42
_V1_DATA_CHARS: Final = 10
V1_LENGTH: Final = 1 + _V1_DATA_CHARS + 1
# A dealer's seed: 64 bits, so that side B leaves every side A it allows possible.
DEAL_SEED_BITS: Final = 64


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


def grouped(data: list[int]) -> str:
    """A code's characters (version and data) with its check character, as players read
    and type it: two groups of five."""
    chars = "".join(ALPHABET[v] for v in [*data, _check_value(data)])
    return "-".join(chars[i : i + _GROUP] for i in range(0, len(chars), _GROUP))


# What players call each game, in a refusal that names the game a code is for.
GAME_NAMES: Final = {
    "duet": Message("Codenames: Duet"),
    "classic": Message("classic Codenames"),
    "pictures": Message("Codenames Pictures"),
}


def _check_bank(tokens: int, mistakes: int) -> None:
    """The bank a code can carry: 1..MAX_TOKENS tokens, at most that many mistakes."""
    if not 1 <= tokens <= MAX_TOKENS:
        raise ShareCodeError(
            "code carries {tokens} tokens; a game has 1..{max_tokens}",
            tokens=tokens,
            max_tokens=MAX_TOKENS,
        )
    if not 0 <= mistakes <= tokens:
        raise ShareCodeError(
            "code carries {mistakes} mistakes with {tokens} tokens; mistakes must be 0..{tokens}",
            mistakes=mistakes,
            tokens=tokens,
        )


def colex_rank(positions: Sequence[int]) -> int:
    """The rank of a set of positions in colexicographic order (the combinatorial number
    system): a bijection from the k-subsets of 0..n-1 onto 0..C(n, k)-1."""
    return sum(comb(position, index + 1) for index, position in enumerate(sorted(positions)))


def colex_unrank(rank: int, size: int) -> list[int]:
    """The k-subset of that rank, smallest position first."""
    positions = []
    for index in range(size, 0, -1):
        position = index - 1
        while comb(position + 1, index) <= rank:
            position += 1
        positions.append(position)
        rank -= comb(position, index)
    return positions[::-1]


def _side_rank(side: str) -> int:
    """Side B's layout as one number: where its 9 greens are, then its 3 assassins among the
    16 other cells."""
    greens = [cell for cell, char in enumerate(side) if char == Colour.GREEN]
    others = [cell for cell, char in enumerate(side) if char != Colour.GREEN]
    blacks = [place for place, cell in enumerate(others) if side[cell] == Colour.BLACK]
    return colex_rank(greens) * _BLACK_PLACES + colex_rank(blacks)


def _side_of_rank(rank: int) -> str:
    """The layout a number names (0 <= rank < SIDE_LAYOUTS)."""
    greens = set(colex_unrank(rank // _BLACK_PLACES, _GREENS))
    others = [cell for cell in range(CELLS) if cell not in greens]
    blacks = {others[place] for place in colex_unrank(rank % _BLACK_PLACES, _BLACKS)}
    return "".join(
        Colour.GREEN if cell in greens else Colour.BLACK if cell in blacks else Colour.TAN
        for cell in range(CELLS)
    )


@dataclass(frozen=True, slots=True)
class ShareCode:
    """What phone A hands over: side B's colours (25 characters in side A's frame), the
    time bank the game starts with, and what deals its words if it has any; side A cannot
    be made from it."""

    side_b: str
    tokens: int = 9
    mistakes: int = 9
    words: WordsKey | None = None

    def __post_init__(self) -> None:
        if (
            len(self.side_b) != CELLS
            or set(self.side_b) - set(Colour)
            or self.side_b.count(Colour.GREEN) != _GREENS
            or self.side_b.count(Colour.BLACK) != _BLACKS
        ):
            raise ShareCodeError("{side!r} is not a side of a key card", side=self.side_b)
        _check_bank(self.tokens, self.mistakes)

    @property
    def text(self) -> str:
        """The code as players read and type it, in two groups of five: 2ABCD-EFGH7."""
        payload = (_side_rank(self.side_b) << 8) | (self.tokens << 4) | self.mistakes
        version, chars = VERSION, _DATA_CHARS
        if self.words is not None:
            payload = (payload << _WORDS_BITS) | (self.words.list_number << WORD_SEED_BITS)
            payload |= self.words.seed
            version, chars = WORDS_VERSION, _WORDS_DATA_CHARS
        data = [version] + [(payload >> (5 * shift)) & 31 for shift in range(chars - 1, -1, -1)]
        return grouped(data)

    def __str__(self) -> str:
        return self.text

    def seen_from_b(self) -> str:
        """Side B as B sees it from the seat opposite A's, row-major."""
        return self.side_b[::-1]

    @classmethod
    def parse(cls, typed: str) -> ShareCode:
        """Read a code as typed: any case, spaces and hyphens ignored, typos refused; a
        version 1 code is read as the side B it makes."""
        values = code_characters(typed)
        if len(values) == V1_LENGTH:
            return _v1_deal(values).code
        if values[0] not in (VERSION, WORDS_VERSION):
            raise ShareCodeError(
                "{typed!r} is a code for {game}, not for Codenames: Duet",
                typed=typed.strip(),
                game=GAME_NAMES[GAME_OF_VERSION[values[0]]],
            )
        payload = code_payload(values)
        words = None
        if values[0] == WORDS_VERSION:
            words = WordsKey(
                (payload >> WORD_SEED_BITS) & 31, payload & ((1 << WORD_SEED_BITS) - 1)
            )
            payload >>= _WORDS_BITS
        rank = payload >> 8
        if rank >= SIDE_LAYOUTS:
            raise ShareCodeError(
                "{typed!r} is not a valid code: check for a typo", typed=typed.strip()
            )
        return cls(_side_of_rank(rank), (payload >> 4) & 15, payload & 15, words)


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer's secret: the seed that makes both sides, kept by the phone (or the server)
    that dealt the card, and the bank; its `code` is what it hands to side B."""

    seed: int
    tokens: int = 9
    mistakes: int = 9
    words: WordsKey | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.seed < 1 << DEAL_SEED_BITS:
            raise ShareCodeError(
                "seed {seed} is outside 0..2^{seed_bits}-1",
                seed=self.seed,
                seed_bits=DEAL_SEED_BITS,
            )
        _check_bank(self.tokens, self.mistakes)

    def key_card(self) -> KeyCard:
        """Both sides, the same on every device."""
        return generate_v1(self.seed)

    @property
    def code(self) -> ShareCode:
        """What phone A shows for phone B: side B, the bank and the words' key."""
        return ShareCode(self.key_card().b, self.tokens, self.mistakes, self.words)


def old_deal(typed: str) -> Deal | None:
    """The deal a version 1 code carried (its seed: both sides), for reading an old game log;
    None for a current code, which carries no seed."""
    values = code_characters(typed)
    return _v1_deal(values) if len(values) == V1_LENGTH else None


def code_characters(typed: str) -> list[int]:
    """A code's characters as numbers, checked: known characters, a known length, no typo,
    a version this app reads."""
    # NFKC: a Japanese keyboard's full-width letters and digits are the code's own; what
    # does not show (a zero-width space from a chat's paste) is no character of the code.
    shown = unicodedata.normalize("NFKC", typed)
    shown = "".join(c for c in shown if unicodedata.category(c) not in ("Cf", "Cc"))
    chars = "".join(shown.split()).translate(_DASHES).upper()
    if not chars:
        raise ShareCodeError("the code is empty")
    for position, char in enumerate(chars, start=1):
        if char not in _VALUES:
            raise ShareCodeError(
                "character {position} of the code, {char!r}, is not a code character",
                position=position,
                char=char,
            )
    if len(chars) not in (LENGTH, V1_LENGTH, WORDS_LENGTH):
        raise ShareCodeError(
            "{problem}",
            problem=plural(
                "the code has {count} character; a code has {length} or {longer} (not counting"
                " spaces and hyphens)",
                "the code has {count} characters; a code has {length} or {longer} (not counting"
                " spaces and hyphens)",
                len(chars),
                length=LENGTH,
                longer=WORDS_LENGTH,
            ),
        )
    values = [_VALUES[c] for c in chars]
    if _syndrome(values):
        raise ShareCodeError("{typed!r} is not a valid code: check for a typo", typed=typed.strip())
    version = values[0]
    if version > max(GAME_OF_VERSION):
        raise ShareCodeError(
            "code version {version} comes from a newer Gadget; update the app to join",
            version=version,
        )
    if (
        (len(values) == V1_LENGTH) != (version == V1)
        or (len(values) == WORDS_LENGTH) != (version == WORDS_VERSION)
        or version not in GAME_OF_VERSION
    ):
        raise ShareCodeError("{typed!r} is not a valid code: check for a typo", typed=typed.strip())
    return values


def code_payload(values: list[int]) -> int:
    """The number between the version character and the check character."""
    payload = 0
    for value in values[1:-1]:
        payload = (payload << 5) | value
    return payload


def _v1_deal(values: list[int]) -> Deal:
    """A version 1 code's seed and bank."""
    payload = code_payload(values)
    tokens, mistakes = (payload >> 4) & 15, payload & 15
    _check_bank(tokens, mistakes)
    return Deal(payload >> 8, tokens, mistakes)


def v1_text(deal: Deal) -> str:
    """The version 1 code of a deal with a 42-bit seed: what older Gadgets handed over (kept
    so that tests can pin how old codes and logs are read)."""
    if not 0 <= deal.seed < 1 << SEED_BITS:
        raise ShareCodeError(
            "seed {seed} is outside 0..2^{seed_bits}-1", seed=deal.seed, seed_bits=SEED_BITS
        )
    payload = (deal.seed << 8) | (deal.tokens << 4) | deal.mistakes
    data = [V1] + [(payload >> (5 * shift)) & 31 for shift in range(_V1_DATA_CHARS - 1, -1, -1)]
    chars = "".join(ALPHABET[v] for v in [*data, _check_value(data)])
    return "-".join(chars[i : i + 4] for i in range(0, V1_LENGTH, 4))
