"""The 25 words of a table: dealt from a versioned list by a seed, so a code makes them forever.

The words are public (every player sees them, and they say nothing of a colour), so a share
code may carry what makes them: the list's number and a seed. Shipped lists are never edited
once released; a changed list is a new number. A custom list cannot travel in a code: its
dealt words travel beside it (in a link, or in the server's store).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gadget.engine.errors import IllegalActionError, Message, WordListError, plural
from gadget.engine.keycard import CELLS
from gadget.engine.prng import SplitMix64
from gadget.engine.wordlists import en_1, fr_1

WORD_SEED_BITS: Final = 20  # five code characters hold it with the list's number
CUSTOM_LIST: Final = 31  # the list number of a custom list: its words travel beside the code
SHORTEST_LIST: Final = CELLS
LONGEST_LIST: Final = 2000
LONGEST_WORD: Final = 40
# What separates a list's words besides a line break: a comma, a semicolon (a French
# spreadsheet's CSV) or a tab (a row copied from a spreadsheet).
SEPARATORS: Final = re.compile(r"[,;\t]")
# The phones' one font (Roboto, with no internet there is no other) draws these alphabets;
# a word in another script, or an emoji, would show as empty boxes on the card.
_DRAWN_ALPHABETS: Final = ("LATIN ", "GREEK ", "CYRILLIC ")
_FIRST_PICTOGRAPH: Final = 0x2190  # arrows; below are punctuation, ©, ™, № and €
_UNPRINTED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})  # controls, formats, unassigned
_ACCENTS: Final = range(0x300, 0x370)  # the combining accents the alphabets above take
# Mixed into the word seed so that a word seed never draws the same numbers as a card's seed.
_WORDS_DOMAIN: Final = 0x57_4F_52_44_53_00_00_01  # "WORDS", version 1


@dataclass(frozen=True, slots=True)
class WordList:
    """A shipped list of words: its number in codes, its language, and its words."""

    number: int
    key: str  # "en-1": the language and the list's version, as logs and files name it
    language: str
    words: tuple[str, ...]


SHIPPED: Final[dict[int, WordList]] = {
    0: WordList(0, "en-1", "en", en_1.WORDS),
    1: WordList(1, "fr-1", "fr", fr_1.WORDS),
}
_BY_KEY: Final = {shipped.key: shipped for shipped in SHIPPED.values()}


def newest_list(language: str) -> WordList:
    """The list a new game in that language deals from (English for any other language)."""
    lists = [shipped for shipped in SHIPPED.values() if shipped.language == language]
    return max(lists or [SHIPPED[0]], key=lambda shipped: shipped.number)


def list_by_key(key: str) -> WordList:
    """The shipped list a log or a file names ("en-1")."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise WordListError("{key!r} is not a word list this Gadget knows", key=key) from None


@dataclass(frozen=True, slots=True)
class WordsKey:
    """What a code carries of the words: the list's number and the seed that deals from it."""

    list_number: int
    seed: int

    def __post_init__(self) -> None:
        if self.list_number != CUSTOM_LIST and self.list_number not in SHIPPED:
            raise WordListError(
                "word list {number} comes from a newer Gadget; update the app",
                number=self.list_number,
            )
        if not 0 <= self.seed < 1 << WORD_SEED_BITS:
            raise WordListError(
                "word seed {seed} is outside 0..2^{bits}-1", seed=self.seed, bits=WORD_SEED_BITS
            )

    @property
    def is_custom(self) -> bool:
        """Whether the words come from a list the code cannot name."""
        return self.list_number == CUSTOM_LIST


@dataclass(frozen=True, slots=True)
class CardWords:
    """The 25 words of one table, row by row in side A's frame, and what dealt them."""

    key: WordsKey
    words: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.words) != CELLS:
            raise WordListError(
                "a card has {cells} words, not {count}", cells=CELLS, count=len(self.words)
            )
        if not self.key.is_custom and self.words != deal_words(
            SHIPPED[self.key.list_number].words, self.key.seed
        ):
            raise WordListError(
                "these words are not the ones list {list} deals",
                list=SHIPPED[self.key.list_number].key,
            )

    def seen_by(self, seat_is_a: bool) -> tuple[str, ...]:
        """The words row by row as that seat sees the table (B sits opposite: turned round)."""
        return self.words if seat_is_a else self.words[::-1]

    @property
    def language(self) -> str | None:
        """The shipped list's language; None for a custom list (any language)."""
        return None if self.key.is_custom else SHIPPED[self.key.list_number].language

    @property
    def list_key(self) -> str:
        """The list's name in a log: "en-1", or "custom"."""
        return "custom" if self.key.is_custom else SHIPPED[self.key.list_number].key


def deal_words(source: Sequence[str], seed: int) -> tuple[str, ...]:
    """25 words of the list, in the order the seed deals them: a Fisher-Yates shuffle of the
    list's places by SplitMix64 (the card's generator), of which the first 25 are kept."""
    if len(source) < CELLS:
        raise WordListError("a list needs at least {cells} words", cells=CELLS)
    places = list(range(len(source)))
    SplitMix64(seed ^ _WORDS_DOMAIN).shuffle(places)
    return tuple(source[place] for place in places[:CELLS])


def shipped_words(key: WordsKey) -> CardWords:
    """The words a code names (a shipped list's)."""
    if key.is_custom:
        raise WordListError("this game's words came with its link: open the link or scan the code")
    return CardWords(key, deal_words(SHIPPED[key.list_number].words, key.seed))


def custom_words(words: Sequence[str], seed: int) -> CardWords:
    """25 words dealt from a player's own list (already read by `read_word_list`)."""
    return CardWords(WordsKey(CUSTOM_LIST, seed), deal_words(words, seed))


WordsChoice = int | tuple[str, ...]  # a shipped list's number, or a custom list's words


def dealt_words(choice: WordsChoice, seed: int) -> CardWords:
    """A new table's words: from the shipped list of that number, or from a custom list."""
    if isinstance(choice, int):
        return shipped_words(WordsKey(choice, seed))
    return custom_words(choice, seed)


def folded(word: str) -> str:
    """A word as two players would call it the same: any case, with or without accents."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def read_word_list(text: str, spaces_alike: bool = True) -> tuple[str, ...]:
    """A pasted or uploaded list, one word a line or separated by commas (semicolons and
    tabs too, as spreadsheets write them; a field in double quotes is its words), checked:
    every refusal is one line naming the word at fault."""
    words: list[str] = []
    seen: dict[str, str] = {}
    for line in text.removeprefix("\ufeff").splitlines():  # the mark an editor may write first
        _check_quotes(line)
        items = [_unquoted(item.strip()) for item in SEPARATORS.split(line)]
        while items and not items[-1]:  # a trailing comma, as a spreadsheet writes
            items.pop()
        while items and not items[0]:
            items.pop(0)
        for item in items:
            place = len(words) + 1
            check_word(item, place)
            word = unicodedata.normalize("NFC", item)
            # "ice  cream" is called "ice cream" (not for words already dealt: a game saved
            # with both must stay readable)
            called = folded(" ".join(word.split()) if spaces_alike else word)
            twin = seen.get(called)
            if twin is not None:
                raise WordListError(
                    "{word!r} is in the list twice (as {twin!r})", word=word, twin=twin
                )
            seen[called] = word
            words.append(word)
    if not SHORTEST_LIST <= len(words) <= LONGEST_LIST:
        raise WordListError(
            "{problem}",
            problem=plural(
                "the list has {count} word; a list has {shortest} to {longest}",
                "the list has {count} words; a list has {shortest} to {longest}",
                len(words),
                shortest=SHORTEST_LIST,
                longest=LONGEST_LIST,
            ),
        )
    return tuple(words)


def check_listed(words: Sequence[str], of_where: Message) -> None:
    """Words that came as a custom list's dealt words (in a link, in a log): each is one a
    list could give, as a list gives it (trimmed, composed, no separator, drawn), or the
    first that is not is named in one line."""
    for place, word in enumerate(words, start=1):
        if not word.strip():
            raise WordListError("word {place} {of_where} is empty", place=place, of_where=of_where)
        if word != word.strip() or SEPARATORS.search(word):
            raise _unlisted(place, word, of_where)
    listed = read_word_list("\n".join(words), spaces_alike=False)  # each checked as a list's
    for place, (word, read) in enumerate(zip(words, listed, strict=False), start=1):
        if word != read:  # another line break inside it, or not in Unicode's composed form
            raise _unlisted(place, word, of_where)


def _unlisted(place: int, word: str, of_where: Message) -> WordListError:
    return WordListError(
        "word {place} {of_where}, {word!r}, is not written as a list gives it",
        place=place,
        of_where=of_where,
        word=word,
    )


def _check_quotes(line: str) -> None:
    """A field a spreadsheet quoted because it holds a separator ("a,b") is refused whole:
    split, it gave two words with a stray quote each (an outsider's); no word holds one."""
    cuts = list(SEPARATORS.finditer(line))
    starts = [0] + [cut.end() for cut in cuts]
    ends = [cut.start() for cut in cuts] + [len(line)]
    parts = [line[start:end].strip() for start, end in zip(starts, ends, strict=True)]
    for first, part in enumerate(parts):
        if len(part) > 1 and part[0] == '"' and part[-1] != '"':
            for last in range(first + 1, len(parts)):
                if parts[last].endswith('"'):
                    raise WordListError(
                        "{field} is in quotes with a comma, a semicolon or a tab inside: "
                        "a word holds none",
                        field=line[starts[first] : ends[last]].strip(),
                    )
                if parts[last].startswith('"'):
                    break


def _unquoted(item: str) -> str:
    """A spreadsheet's field as its words: "ice cream" without its quotes."""
    if len(item) >= 2 and item[0] == item[-1] == '"':
        return item[1:-1].replace('""', '"').strip()
    return item


def unprinted(item: str) -> str | None:
    """The first character of a word that does not print (a control, a format character
    such as a bidi override or a zero-width space, one unassigned), if any."""
    return next((char for char in item if unicodedata.category(char) in _UNPRINTED), None)


def undrawn(item: str) -> str | None:
    """The first character of a word that the phones' font cannot draw, if any."""
    for char in item:
        category = unicodedata.category(char)
        if category[0] == "L":
            drawn = unicodedata.name(char, "").startswith(_DRAWN_ALPHABETS)
        elif category[0] == "M":
            drawn = ord(char) in _ACCENTS
        elif category[0] == "Z":
            drawn = char == " "
        else:  # digits, punctuation and symbols: those before the pictographs
            drawn = ord(char) < _FIRST_PICTOGRAPH
        if not drawn:
            return char
    return None


def check_word(item: str, place: int) -> None:
    """One word of a custom list: present, short enough, nothing that does not print or that
    the phones cannot draw."""
    if not item:
        raise WordListError("word {place} of the list is empty (two commas in a row?)", place=place)
    hidden = unprinted(item)
    if hidden is not None:
        raise WordListError(
            "word {place}, {word!r}, holds a character that does not print ({char})",
            place=place,
            word=item,
            char=f"U+{ord(hidden):04X}",
        )
    lacking = undrawn(item)
    if lacking is not None:
        raise WordListError(
            "word {place}, {word!r}, holds {char}, which phones cannot draw: their font has"
            " Latin, Greek and Cyrillic letters, and no emoji",
            place=place,
            word=item[:LONGEST_WORD],
            char=f"U+{ord(lacking):04X}",
        )
    if len(item) > LONGEST_WORD:
        raise WordListError(
            "word {place}, {word!r}, has {count} characters; a word has at most {longest}",
            place=place,
            word=item[:LONGEST_WORD] + "...",
            count=len(item),
            longest=LONGEST_WORD,
        )


def check_clue_drawn(word: str) -> None:
    """A new clue's word, which the partner's phone shows: nothing the phones' font lacks,
    as in a word list (a clue already saved is not held to it: its game stays readable)."""
    hidden = unprinted(word)
    if hidden is not None:  # a bidi override turned the partner's whole line around
        raise IllegalActionError(
            "the clue holds a character that does not print ({char})", char=f"U+{ord(hidden):04X}"
        )
    lacking = undrawn(word)
    if lacking is not None:
        raise IllegalActionError(
            "the clue {word!r} holds {char}, which phones cannot draw: their font has Latin,"
            " Greek and Cyrillic letters, and no emoji",
            word=word[:20],
            char=f"U+{ord(lacking):04X}",
        )
