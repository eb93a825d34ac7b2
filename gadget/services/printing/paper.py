"""What every PDF shares: sizes, colours, the word lists, the games of a seed, a new page."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfgen.canvas import Canvas

from gadget.engine import KeyCard
from gadget.engine.errors import GadgetError
from gadget.engine.keycard import generate_v1
from gadget.engine.prng import SplitMix64
from gadget.engine.sharecode import SEED_BITS
from gadget.services import palette
from gadget.services.printing import WORD_LISTS

SIZES: Final = {"a4": A4, "letter": letter}
GREEN: Final = HexColor(palette.AGENT)
BLACK: Final = HexColor(palette.ASSASSIN)
TAN: Final = HexColor(palette.BYSTANDER)
INK: Final = HexColor(palette.INK)
FAINT: Final = HexColor(palette.FAINT)
COLOURS: Final = {"G": GREEN, "X": BLACK, "-": TAN}
BOOKLET_TURNS, BOOKLET_MISTAKES, TARGETS = 9, 5, 15
MAX_SEED: Final = 2**64 - 1  # a booklet's seed: each one prints its own games


class PrintError(GadgetError):
    """A print request that cannot be made (a bad size, language or count)."""


@cache
def word_list(language: str) -> tuple[str, ...]:
    """The project's own nouns (at least 400) in English or French."""
    if language not in WORD_LISTS:
        raise PrintError(
            "language {language!r}: choose {value}",
            language=language,
            value=" or ".join(WORD_LISTS),
        )
    text = resources.files("gadget.services.printing").joinpath(f"data/words-{language}.txt")
    lines = text.read_text("utf-8").splitlines()
    return tuple(w for line in lines if not line.startswith("#") for w in line.split())


def seeded_stream(seed: int, count: int) -> SplitMix64:
    """The numbers a print of `count` games draws from its seed, once both are checked."""
    if not 1 <= count <= 1000:
        raise PrintError("--games {count}: print 1 to 1000 games", count=count)
    if not 0 <= seed <= MAX_SEED:  # SplitMix64 keeps 64 bits: 2^64 would print what 0 prints
        raise PrintError("--seed {seed} is outside 0..{most}", seed=seed, most=MAX_SEED)
    return SplitMix64(seed)


@dataclass(frozen=True, slots=True)
class PaperGame:
    """One game on paper: its key card and its 25 words, both fixed by the booklet's seed."""

    number: int
    card: KeyCard
    words: tuple[str, ...]  # in A's frame: words[i] lies on cell i


def paper_games(seed: int, count: int, language: str = "en") -> list[PaperGame]:
    """The games of a booklet: the same seed prints the same cards and words again."""
    stream = seeded_stream(seed, count)
    words = list(word_list(language))
    games = []
    for number in range(1, count + 1):
        card = generate_v1(stream.next_u64() >> (64 - SEED_BITS))
        pool = list(words)
        SplitMix64(stream.next_u64()).shuffle(pool)
        games.append(PaperGame(number, card, tuple(pool[:25])))
    return games


def new_pdf(size: tuple[float, float], title: str) -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("Gadget")
    return canvas, buffer


# --- The mission map -----------------------------------------------------------------------
