"""The shipped word lists: every word fits its cell on a phone, each list is clean, and each
is pinned forever, because a share code names the list its words were dealt from."""

from __future__ import annotations

import ast
import hashlib
import inspect
import re
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from types import ModuleType

import flet_web  # type: ignore[import-untyped]
import pytest
from PIL import Image, ImageDraw, ImageFont

from gadget.engine.wordlists import en_1, fr_1

# The card on a 390 px-wide phone draws each word UPPERCASE in Roboto, 11 logical px,
# weight 600, in a cell whose text is at most 62 px wide.
WORD_SIZE = 11
CELL_TEXT_WIDTH = 62
# Flet ships Roboto Regular alone (its roboto.woff2); weight 600 is drawn wider than that, so
# every width measured in the regular font is taken 5% wider. Kerning is left out (Pillow's
# basic layout reads no GPOS table), which only widens a word: both err on the safe side.
BOLD_MARGIN = 1.05
# Measured at this many pixels and scaled down, so hinting rounds no advance width.
MEASURE_SIZE = 2048
FONT = Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "roboto.woff2"

LISTS: dict[str, ModuleType] = {"en_1": en_1, "fr_1": fr_1}
FRENCH_LETTERS = "a-zàâæçéèêëîïôœùûüÿ"
LETTERS = {"en_1": "a-z", "fr_1": FRENCH_LETTERS}
LONGEST_WORD = 40  # characters, as every value a message quotes

# A shipped list must never change: share codes name the list, and the same code must deal the
# same words forever. A new list is a new module (en_2, fr_2) with its own line here; these
# lines are never edited.
PINNED = {
    "en_1": (470, "4a03114866635c17e87d88ad91c760677c3a7d6c45a5b26cd92ab550f876fc8d"),
    "fr_1": (460, "3489f8089d54b847524cf12d32a0ed6a2d5612d2f4a20dbc79e28f87f465ee8e"),
}

# Words no list may hold, compared accents and case folded: a short, plain net, not a censor.
BLOCKLIST = frozenset(
    {
        "bitch",
        "cocaine",
        "crap",
        "fuck",
        "heroin",
        "nazi",
        "porn",
        "rape",
        "sex",
        "shit",
        "slut",
        "whore",
        "connard",
        "drogue",
        "encule",
        "heroine",
        "merde",
        "pute",
        "putain",
        "salope",
        "viol",
    }
)


def fold(word: str) -> str:
    """The word as a player reads it: case, accents and the oe/ae ligatures folded away."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.replace("œ", "oe").replace("æ", "ae")


def reading_order(words: Sequence[str]) -> list[str]:
    """The words as a reader sorts them: accents folded, so "école" sits among the e."""
    return sorted(words, key=lambda word: (fold(word), word))


def same_words(words: Sequence[str]) -> set[str]:
    """The words another word of the list already is, folded or as its simple plural."""
    seen: dict[str, str] = {}
    repeated = set()
    for word in words:
        if fold(word) in seen:
            repeated.add(word)
        seen[fold(word)] = word
    plurals = {word for word in words if fold(word)[-1:] in {"s", "x"} and fold(word)[:-1] in seen}
    return repeated | plurals


def blocked(words: Sequence[str]) -> set[str]:
    """The words the blocklist finds, whole or as a part of a hyphenated word."""
    banned = {fold(word) for word in BLOCKLIST}
    return {word for word in words if {fold(word), *fold(word).split("-")} & banned}


def misspelled(words: Sequence[str], letters: str) -> set[str]:
    """The words that are not lowercase letters of the list's language (one inner hyphen ok)."""
    shape = re.compile(f"[{letters}]+(?:-[{letters}]+)*")
    return {word for word in words if not shape.fullmatch(word)}


@cache
def _font_at(size: int) -> ImageFont.FreeTypeFont:
    """Roboto as Flet ships it, opened once a size: Pillow's FreeType reads WOFF2 (brotli)."""
    return ImageFont.truetype(str(FONT), size, layout_engine=ImageFont.Layout.BASIC)


def drawn_width(word: str) -> float:
    """How wide the word is drawn on the card, in logical px, the bold margin included."""
    return _font_at(MEASURE_SIZE).getlength(word.upper()) * WORD_SIZE / MEASURE_SIZE * BOLD_MARGIN


@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_list_holds_as_many_words_as_the_box(name: str) -> None:
    assert len(LISTS[name].WORDS) >= 400


@pytest.mark.parametrize("name", sorted(LISTS))
def test_every_word_is_lowercase_letters_short_and_printable(name: str) -> None:
    words = LISTS[name].WORDS
    assert isinstance(words, tuple)
    assert all(isinstance(word, str) for word in words)
    assert misspelled(words, LETTERS[name]) == set()
    assert {w for w in words if any(unicodedata.category(c).startswith("C") for c in w)} == set()
    assert {word for word in words if len(word) > LONGEST_WORD} == set()


@pytest.mark.parametrize("name", sorted(LISTS))
def test_no_word_is_another_word_again(name: str) -> None:
    assert same_words(LISTS[name].WORDS) == set()


@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_list_is_in_reading_order(name: str) -> None:
    words = LISTS[name].WORDS
    assert list(words) == reading_order(words)


@pytest.mark.parametrize("name", sorted(LISTS))
def test_the_blocklist_finds_nothing(name: str) -> None:
    assert blocked(LISTS[name].WORDS) == set()


@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_list_is_data_alone(name: str) -> None:
    """Pure standard library, as the engine is: the module imports typing and nothing else."""
    tree = ast.parse(inspect.getsource(LISTS[name]))
    imported = {
        alias.name if isinstance(node, ast.Import) else node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported == {"typing"}
    assert ast.get_docstring(tree)


@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_shipped_list_never_changes(name: str) -> None:
    words = LISTS[name].WORDS
    digest = hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()
    assert (len(words), digest) == PINNED[name]


def test_every_list_is_pinned() -> None:
    folder = Path(en_1.__file__).parent
    shipped = {p.stem for p in folder.glob("*.py") if re.fullmatch(r"[a-z]+_\d+", p.stem)}
    assert shipped == set(PINNED) == set(LISTS)


@pytest.mark.parametrize("name", sorted(LISTS))
def test_every_word_fits_its_cell_on_a_phone(name: str) -> None:
    too_wide = {
        word: round(drawn_width(word), 1)
        for word in LISTS[name].WORDS
        if drawn_width(word) > CELL_TEXT_WIDTH
    }
    assert too_wide == {}


def _picture(character: str) -> bytes:
    """The character drawn in the font, as pixels: a letter the font lacks draws its box."""
    picture = Image.new("L", (96, 96))
    ImageDraw.Draw(picture).text((16, 8), character, fill=255, font=_font_at(64))
    return picture.tobytes()


def test_the_font_draws_every_letter_the_lists_use() -> None:
    """A letter the font lacks would be measured as its missing-glyph box, not as the letter."""
    missing = _picture("\U000f0000")
    assert _picture("\u4e2d") == missing != _picture("E")  # the check tells them apart
    letters = {c for module in LISTS.values() for w in module.WORDS for c in w.upper()}
    assert {c for c in letters if _picture(c) == missing} == set()


def test_the_measure_tells_a_long_word_from_a_short_one() -> None:
    assert drawn_width("stethoscope") > CELL_TEXT_WIDTH > drawn_width("spy") > 0
    assert drawn_width("ab") == pytest.approx(drawn_width("a") + drawn_width("b"))
    assert drawn_width("mm") > drawn_width("ii")
    assert drawn_width("été") == pytest.approx(drawn_width("ete"))


def test_the_checks_find_what_they_look_for() -> None:
    assert same_words(["carte", "cartes", "chou", "choux", "été", "Ete", "œuf", "oeuf"]) == {
        "cartes",
        "choux",
        "Ete",
        "oeuf",
    }
    assert same_words(["bus", "bat", "tab"]) == set()
    assert blocked(["carte", "merde", "pas-merde", "Merde"]) == {"merde", "pas-merde", "Merde"}
    assert misspelled(["arc-en-ciel", "Carte", "carte ", "-arc", "été", "a1"], "a-z") == {
        "Carte",
        "carte ",
        "-arc",
        "été",
        "a1",
    }
    assert misspelled(["été", "nœud", "arc-en-ciel"], FRENCH_LETTERS) == set()
    assert reading_order(["zèbre", "école", "eau", "œil", "ours"]) == [
        "eau",
        "école",
        "œil",
        "ours",
        "zèbre",
    ]
