"""Whether a typed clue breaks the rule book's word rules, against the words still uncovered
(pure: the stemmer is given, services/clue_check.py gives Snowball's).

Playing apart, the clue giver types the clue; before it is sent, their phone flags it here
and the players decide, as the rule book says (an invalid clue still costs a token). A clue
may not be a visible word (SAME), a word of its family (FAMILY: chanteuse, chant, chanter,
inchantable while CHANTEUR is visible), or part of a visible compound word, either way round
(PART: earth, quake, earthy, quaking while EARTHQUAKE is visible; firetruck while FIRE is).

Words are compared folded: case, accents and ligatures dropped (École = ecole, Œuf = oeuf,
Straße = strasse), spaces, hyphens and apostrophes ignored. FAMILY is the stemmer's stem (of
the word as written and folded), a plain plural (rois, jeux, wolves: Snowball leaves short
words whole), or a shared root: the two words, one of them maybe after a prefix (in-, un-,
re-, dis-...), are one root of at least 4 letters (3 when both go on, acteur/actrice)
followed by endings from a short list per language (chant-eur, chant-euse; a doubled
consonant allowed: sun-ny). PART, with no dictionary, looks for seams:
- the clue (or its stem) is how a visible word begins, at least 4 letters, then maybe endings,
  and the visible word goes on with 3 letters or more that are not endings (earth|quake,
  rain|bow; not chant|eur: that is a family);
- the clue (or its stem) is how a visible word ends, at least 4 letters after at least 3 that
  are no prefix (earth|quake: quake, quaking);
- a piece of a visible word written in several (ARC-EN-CIEL: arc, ciel);
- the clue holds a visible word of 3 letters or more beside 3 letters or more of its own
  (fire|truck, camp|fire|s; a 3-letter word only at an end: wild|cat, not h|ear|th).

Known limits (the flag is advice; the table decides): a root under 4 letters is a family
only when both words go on past it or a consonant doubles (ACTOR and "act" pass, as "ear"
passes EARTHQUAKE, rightly), and a compound's part under 4 letters is not seen (POLICEMAN and
"man"); a spelling that changes is missed (FIRE and "fiery"); French -age makes another
meaning, so "chantage" passes CHANTEUR, and "passer" passes PASSAGE too; words that only
look built are flagged (CORN and "corner", LIVER and "deliver", AMBULANCE and "lance", ICE
and "police"); two compounds that share a part pass (EARTHQUAKE and "earthworm").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

from gadget.engine.errors import Message
from gadget.engine.state import MAX_CLUE_WORD

Stemmer = Callable[[str, str], str]  # a word and its language's code ("en", "fr"): its stem
ROOT_AT_LEAST: Final = 4  # letters a shared root or a compound's part needs to count
SHORT_ROOT: Final = 3  # a root this short counts only when both words go on past it
REST_AT_LEAST: Final = 3  # letters the rest of a compound needs to be a word of its own
CONSONANTS: Final = frozenset("bcdfghjklmnpqrstvwxz")
JOINERS: Final = frozenset("-\u2010\u2011'\u2019")  # may join two parts of one word
LIGATURES: Final = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l"})
CONTROLS: Final = frozenset({"Cc", "Cf", "Cs"})  # characters that act instead of showing
KEPT_AT_MOST: Final = 64  # characters: no word is longer; a longer text is neither stemmed nor kept


class Clash(StrEnum):
    """How a clue breaks the rules against one visible word, strongest first."""

    SAME = "same"  # the clue is the word
    FAMILY = "family"  # the clue shares its root
    PART = "part"  # the clue is part of the word, or the word part of the clue


@dataclass(frozen=True, slots=True)
class ClueFlag:
    """A visible word the clue clashes with, and how, for the clue giver's phone."""

    word: str  # the visible word as given
    clash: Clash
    contains: bool = False  # a PART the other way round: the word is inside the clue

    @property
    def said(self) -> Message:
        """A few words for the phone, the card's word in capitals as on the card."""
        word = self.word.strip().upper()
        if self.clash is Clash.SAME:
            # Translators: a typed clue's warning; {word} is a word on the table, in capitals.
            return Message("{word} is on the table", word=word)
        if self.clash is Clash.FAMILY:
            # Translators: said of a typed clue; {word} is a word on the table, in capitals.
            return Message("shares a root with {word}", word=word)
        if self.contains:
            # Translators: said of a typed clue; {word} is a word on the table, in capitals.
            return Message("contains {word}", word=word)
        # Translators: said of a typed clue; {word} is a word on the table, in capitals.
        return Message("is part of {word}", word=word)


@dataclass(frozen=True, slots=True)
class _Rules:
    """What a language builds words with: its Snowball stemmer's name, the endings a family
    shares, the endings that make another meaning, and the prefixes."""

    stemmer: str  # the name Snowball knows it by (services/clue_check.py)
    endings: frozenset[str]
    other_meaning: frozenset[str]  # French -age: chantage is not chanteur's family
    prefixes: frozenset[str]


def _listed(words: str) -> frozenset[str]:
    """A set of word parts written as one line, a space between each."""
    return frozenset(words.split())


RULES: Final = {
    "en": _Rules(
        "english",
        _listed(
            "s es ed ing er or est y ly ily ies ied ier iest iness ness ment ful less able ible"
            " al ial ic ical ish ous ious ive ion tion ation ity ism ist en"
        ),
        frozenset(),
        _listed("un re dis mis non pre in im il ir en em de anti sub"),
    ),
    "fr": _Rules(  # folded: é is e
        "french",
        _listed(
            "s x e es ee ees er ez ai ais ait aient ant ante ent ie is it ir eur euse teur"
            " trice rice ion tion ation ement ment able ible ite iste isme ier iere eau eaux"
            " eux al ale aux el elle et ette ure oir oire ance ence if ive ique"
        ),
        frozenset({"age"}),
        _listed("in im il ir en em re de des dis mes pre anti non sur sous contre entre mal"),
    ),
}
LONGEST_ENDING: Final = max(
    len(ending) for rules in RULES.values() for ending in rules.endings | rules.other_meaning
)
LONGEST_PREFIX: Final = max(len(prefix) for rules in RULES.values() for prefix in rules.prefixes)


@dataclass(frozen=True, slots=True)
class _Tongue:
    """A language as clues are compared in it: its code, its rules and its stemmer."""

    code: str
    rules: _Rules
    stem: Stemmer


@dataclass(frozen=True, slots=True)
class _Word:
    """A word as it is compared: folded, its pieces if it was written in several, its stems."""

    key: str
    pieces: tuple[str, ...]
    stems: frozenset[str]


def clue_flags(
    clue: str, visible: Sequence[str], language: str, stem: Stemmer
) -> tuple[ClueFlag, ...]:
    """Each visible word the clue clashes with (the strongest clash only), in their order;
    language is "en" or "fr" (anything else is compared as English), `stem` its stemmer."""
    code = language if language in RULES else "en"
    tongue = _Tongue(code, RULES[code], stem)
    said = _word(clue, tongue)
    if not said.key:
        return ()
    flags = []
    for word in visible:
        seen = _word(word, tongue)
        if seen.key:
            clash = _clash(said, seen, tongue)
            if clash is not None:
                flags.append(ClueFlag(word, *clash))
    return tuple(flags)


def clue_problem(clue: str) -> Message | None:
    """What keeps a typed clue from being one word, in one line (None: it is one)."""
    text = clue.strip()
    if not text:
        return Message("the clue is empty: type one word")
    if len(text) > MAX_CLUE_WORD:
        return Message(
            "a clue has at most {max_clue_word} characters; this one has {length}",
            max_clue_word=MAX_CLUE_WORD,
            length=len(text),
        )
    control = next((c for c in text if unicodedata.category(c) in CONTROLS), None)
    if control is not None:
        return Message("the clue holds the control character {code}", code=f"U+{ord(control):04X}")
    if any(char.isspace() for char in text):
        return Message("a clue is one word: no spaces")
    if any(char.isdigit() or unicodedata.category(char) == "Nd" for char in text):
        return Message("a clue has no digits: say the number beside it")
    if not _one_word(unicodedata.normalize("NFC", text)):
        return Message("a clue is letters only; a hyphen or an apostrophe may join two parts")
    return None


def _one_word(text: str) -> bool:
    """Letters (accents and all), where a hyphen or an apostrophe may join two of them."""
    previous_joined = True  # the start: a joiner may not come first
    for char in text:
        if char in JOINERS:
            if previous_joined:
                return False
            previous_joined = True
        elif char.isalpha() or unicodedata.category(char)[0] == "M":
            previous_joined = False
        else:
            return False
    return not previous_joined


def _fold(text: str) -> str:
    """Casefolded text without its accents or ligatures: how a phone's typing is compared."""
    loose = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in loose if not unicodedata.combining(c)).translate(LIGATURES)


def _stem(word: str, tongue: _Tongue) -> str:
    """The stemmer's stem of a word; a text longer than any word is its own stem (Snowball's
    time grows as its length squared)."""
    return tongue.stem(word, tongue.code) if len(word) <= KEPT_AT_MOST else word


def _word(text: str, tongue: _Tongue) -> _Word:
    """A typed or visible word made ready to compare, kept when it is short."""
    return _kept_word(text, tongue) if len(text) <= KEPT_AT_MOST else _word_now(text, tongue)


def _word_now(text: str, tongue: _Tongue) -> _Word:
    """A word made ready to compare: folded, surrounding punctuation dropped, stemmed."""
    written = unicodedata.normalize("NFC", text).casefold()
    folded = _fold(written)
    key = "".join(c for c in folded if c.isalnum())
    pieces = "".join(c if c.isalnum() else " " for c in folded).split()
    accented = "".join(c for c in written if c.isalnum())
    stems = frozenset({_fold(_stem(accented, tongue)), _stem(key, tongue)}) if key else frozenset()
    return _Word(key, tuple(pieces), stems)


_kept_word: Final = lru_cache(maxsize=4096)(_word_now)


def _clash(said: _Word, seen: _Word, tongue: _Tongue) -> tuple[Clash, bool] | None:
    """The strongest clash of a clue with one visible word, and whether the word is inside."""
    if said.key == seen.key:
        return Clash.SAME, False
    if _family(said, seen, tongue):
        return Clash.FAMILY, False
    if _clue_in_word(said, seen, tongue):
        return Clash.PART, False
    if _word_in_clue(said.key, seen.key, tongue.rules):
        return Clash.PART, True
    return None


def _endings(rest: str, endings: frozenset[str]) -> bool:
    """Nothing, one ending or two (chant-eur-s): what a family's words add to their root."""
    if len(rest) > 2 * LONGEST_ENDING:
        return False
    return (
        not rest
        or rest in endings
        or any(rest[:cut] in endings and rest[cut:] in endings for cut in range(1, len(rest)))
    )


def _family_rest(rest: str, root: str, endings: frozenset[str]) -> tuple[bool, bool]:
    """Whether a rest after a root is endings, and whether it doubles the root's last
    consonant first (sun-ny, chat-te)."""
    if _endings(rest, endings):
        return True, False
    doubled = len(rest) > 1 and rest[0] == root[-1] and root[-1] in CONSONANTS
    return (doubled and _endings(rest[1:], endings)), doubled


def _common_start(first: str, second: str) -> int:
    """How many letters two words begin with alike."""
    shared = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        shared += 1
    return shared


def _one_root(first: str, second: str, shortest: int, endings: frozenset[str]) -> bool:
    """Whether two words are one root (at least `shortest` letters) and endings."""
    for length in range(_common_start(first, second), shortest - 1, -1):
        root = first[:length]
        fits_first, doubled_first = _family_rest(first[length:], root, endings)
        fits_second, doubled_second = _family_rest(second[length:], root, endings)
        if not (fits_first and fits_second):
            continue
        both_go_on = bool(first[length:]) and bool(second[length:])
        if length >= ROOT_AT_LEAST or both_go_on or doubled_first or doubled_second:
            return True
    return False


def _unprefixed(key: str, prefixes: frozenset[str]) -> list[str]:
    """A word without each prefix it may begin with (inchantable: chantable)."""
    return [
        key[len(prefix) :]
        for prefix in prefixes
        if key.startswith(prefix) and len(key) - len(prefix) >= ROOT_AT_LEAST
    ]


def _plurals(key: str, tongue: _Tongue) -> set[str]:
    """A word's plurals, which Snowball leaves whole in short words (rois, jeux, gases,
    wolves): ski-s, gas-es, lad-ies, wol-ves, kni-ves; jeu-x, chev-aux, trav-aux."""
    forms = {key + "s", key + "x"} if tongue.code == "fr" else {key + "s", key + "es"}
    changed = (
        {"al": "aux", "ail": "aux"}
        if tongue.code == "fr"
        else {"y": "ies", "f": "ves", "fe": "ves"}
    )
    forms |= {key[: -len(end)] + plural for end, plural in changed.items() if key.endswith(end)}
    return forms


def _family(said: _Word, seen: _Word, tongue: _Tongue) -> bool:
    """One stem, or one root and endings, maybe after a prefix on either word; a plural."""
    rules = tongue.rules
    if said.stems & seen.stems or _one_root(said.key, seen.key, SHORT_ROOT, rules.endings):
        return True
    if said.key in _plurals(seen.key, tongue) or seen.key in _plurals(said.key, tongue):
        return True
    clue_forms = [said.key, *_unprefixed(said.key, rules.prefixes)]
    word_forms = [seen.key, *_unprefixed(seen.key, rules.prefixes)]
    for clue_form in clue_forms:
        for word_form in word_forms:
            if clue_form == said.key and word_form == seen.key:
                continue  # asked above
            if (
                clue_form == word_form
                or _stem(clue_form, tongue) == _stem(word_form, tongue)
                or _one_root(clue_form, word_form, ROOT_AT_LEAST, rules.endings)
            ):
                return True
    return False


def _not_a_word_part(rest: str, rules: _Rules) -> bool:
    """A rest too short, or made of endings, to be a compound's other word."""
    return len(rest) < REST_AT_LEAST or _endings(rest, rules.endings | rules.other_meaning)


def _clue_in_word(said: _Word, seen: _Word, tongue: _Tongue) -> bool:
    """Whether the clue is how the visible word begins or ends, or one of its pieces."""
    rules = tongue.rules
    forms = {said.key, *said.stems}
    word = seen.key
    for form in forms:  # earth, earthy, firing (fire) in EARTHQUAKE, FIREARM
        shared = _common_start(form, word)
        if (
            shared >= ROOT_AT_LEAST
            and not _not_a_word_part(word[shared:], rules)
            and _endings(form[shared:], rules.endings)
        ):
            return True
    for cut in range(REST_AT_LEAST, len(word) - ROOT_AT_LEAST + 1):  # quake, quaking
        head, tail = word[:cut], word[cut:]
        if tail[:3] != said.key[:3] or head in rules.prefixes or _not_a_word_part(tail, rules):
            continue
        if _is_part(said, tail, tongue):
            return True
    return len(seen.pieces) > 1 and any(  # ARC-EN-CIEL: arc, ciel
        len(piece) >= REST_AT_LEAST and _is_part(said, piece, tongue) for piece in seen.pieces
    )


def _is_part(said: _Word, part: str, tongue: _Tongue) -> bool:
    """The clue is the part, shares its stem, or is the part (or its stem) and endings."""
    rules = tongue.rules
    stem = _stem(part, tongue)
    if stem in said.stems:
        return True
    return any(
        said.key.startswith(form) and _endings(said.key[len(form) :], rules.endings)
        for form in (part, stem)
    )


def _word_in_clue(clue: str, word: str, rules: _Rules) -> bool:
    """Whether the visible word is inside the clue beside a word's worth of other letters
    (FIRE in firetruck), not merely with a prefix or endings (FIRE in fireless)."""
    if len(word) < SHORT_ROOT:
        return False
    at = clue.find(word)
    while at >= 0:
        end = at + len(word)
        short_after = len(clue) - end <= 2 * LONGEST_ENDING  # sliced only when it may be endings
        after = clue[end:] if short_after else ""
        prefixed = at <= LONGEST_PREFIX and clue[:at] in rules.prefixes
        derived = (at == 0 or prefixed) and short_after and _not_a_word_part(after, rules)
        long_enough = max(at, len(clue) - end) >= REST_AT_LEAST
        at_an_end = at == 0 or end == len(clue) or (short_after and _endings(after, rules.endings))
        if long_enough and not derived and (len(word) >= ROOT_AT_LEAST or at_an_end):
            return True
        at = clue.find(word, at + 1)
    return False
