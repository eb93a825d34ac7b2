"""The clue's word rules in the engine, with the stemmer given: the rule is the engine's, the
stems are whoever's stemmer the caller hands it (the services hand Snowball's)."""

from __future__ import annotations

import pytest

from gadget.engine import clue_rule
from gadget.engine.clue_rule import Clash, ClueFlag, clue_flags, clue_problem
from gadget.engine.errors import Message


def _whole(word: str, code: str) -> str:
    """A stemmer that leaves every word whole: only the engine's own rules are left."""
    return word


def test_every_word_is_stemmed_by_the_stemmer_given_in_the_tables_language() -> None:
    asked: list[tuple[str, str]] = []

    def recording(word: str, code: str) -> str:
        asked.append((word, code))
        return word

    clue_flags("brûlure", ["GLACIER"], "fr", recording)
    assert ("brûlure", "fr") in asked and ("glacier", "fr") in asked
    asked.clear()
    clue_flags("meltdown", ["WINTER"], "xx", recording)  # an unknown language: as English
    assert {code for _word, code in asked} == {"en"}


def test_a_family_by_root_and_endings_is_the_engines_whatever_the_stemmer() -> None:
    assert clue_flags("chanteuse", ["CHANTEUR"], "fr", _whole) == (
        ClueFlag("CHANTEUR", Clash.FAMILY),
    )
    assert clue_flags("earthy", ["EARTHQUAKE"], "en", _whole) == (
        ClueFlag("EARTHQUAKE", Clash.PART),
    )


def test_a_family_only_a_stemmer_sees_is_flagged_when_the_stemmer_sees_it() -> None:
    """FIRE and "fiery": a spelling that changes, which Snowball misses."""

    def knowing(word: str, code: str) -> str:
        return "fire" if word in ("fiery", "fire") else word

    assert clue_flags("fiery", ["FIRE"], "en", _whole) == ()
    assert clue_flags("fiery", ["FIRE"], "en", knowing) == (ClueFlag("FIRE", Clash.FAMILY),)


def test_a_text_longer_than_any_word_is_never_handed_to_the_stemmer() -> None:
    asked: list[str] = []

    def recording(word: str, code: str) -> str:
        asked.append(word)
        return word

    clue_flags("a" * 65, ["b" * 65], "en", recording)
    assert asked == []
    clue_flags("a" * 64, ["SUN"], "en", recording)
    assert "a" * 64 in asked


def _flags(clue: str, word: str, language: str = "en") -> tuple[tuple[Clash, bool], ...]:
    """How a clue clashes with a table of one word, the stemmer leaving words whole."""
    return tuple((flag.clash, flag.contains) for flag in clue_flags(clue, [word], language, _whole))


FAMILY, PART, CONTAINS = (Clash.FAMILY, False), (Clash.PART, False), (Clash.PART, True)


@pytest.mark.parametrize(
    ("clue", "word", "language", "clashes"),
    [
        # A root of two letters is no family, even when both words go on (ic-y, ic-ing).
        ("icy", "ICING", "en", ()),
        # A doubled consonant: the root's own last letter, then endings (sun-n-y, art-t-y);
        # another letter, or a doubled letter with nothing after it, is no family.
        ("sunning", "SUN", "en", (FAMILY,)),
        ("artty", "ART", "en", (FAMILY,)),
        ("sunty", "SUN", "en", ()),
        ("sunay", "SUN", "en", ()),
        ("sunn", "SUN", "en", ()),
        # A rest longer than any two endings is no ending.
        ("chantextraordinaire", "CHANTEUR", "fr", ()),
        # A prefix leaves a root of four letters at least (un-lock; un-tie is too short).
        ("unlock", "LOCK", "en", (FAMILY,)),
        ("untie", "TIE", "en", ()),
        ("place", "DISPLACE", "en", (FAMILY,)),
        # Forms after a prefix are one family only when they are one word or one stem.
        ("unapple", "BANANA", "en", ()),
        ("unzebra", "BANANA", "en", ()),
        # The end of a compound, exactly four letters long (fire|wood).
        ("wood", "FIREWOOD", "en", (PART,)),
        # A part that only begins like the clue is no part (qua|ke, qua|int).
        ("quaint", "EARTHQUAKE", "en", ()),
        ("quaily", "EARTHQUAKE", "en", ()),
        # A word written in pieces: a piece of four letters or more, or of three.
        ("ski", "SKI-LIFT", "en", (PART,)),
        ("wood", "RAT-WOOD-BY", "en", (PART,)),
        ("zebra", "ARC-EN-CIEL", "fr", ()),
        # A three-letter word and endings is no compound, and no family either.
        ("caters", "CAT", "en", ()),
        # A visible word under three letters is inside no clue.
        ("zebra", "OX", "en", ()),
        # A clue of 3 letters beside 3 of its own: the word's own, not two (fire|up).
        ("fireup", "FIRE", "en", ()),
        # French -age makes another word, not the same one part of a compound.
        ("chantage", "CHANT", "fr", ()),
        ("chantagement", "CHANT", "fr", ()),
        ("chantageation", "CHANT", "fr", ()),
        # A prefix before a visible word of three letters is no compound (anti-tie, contre-bas).
        ("antitie", "TIE", "en", ()),
        ("contrebas", "BAS", "fr", ()),
        # A visible word of three letters counts at an end of the clue, not in its middle.
        ("catfish", "CAT", "en", (CONTAINS,)),
        ("bearcats", "EAR", "en", ()),
        # A longer visible word counts anywhere in the clue.
        ("rainwaterfall", "WATER", "en", (CONTAINS,)),
        # A three-letter word before endings counts in the middle too (bob|cat|s), and where
        # it is found a second time, one letter on (xy|aaa|a|s: the second "aaa" ends at s).
        ("bobcats", "CAT", "en", (CONTAINS,)),
        ("xyaaaas", "AAA", "en", (CONTAINS,)),
        # Ten letters of endings after a three-letter word: derived, not a compound.
        ("catationement", "CAT", "fr", ()),
    ],
)
def test_the_rules_own_limits_hold_whatever_the_stemmer(
    clue: str, word: str, language: str, clashes: tuple[tuple[Clash, bool], ...]
) -> None:
    assert _flags(clue, word, language) == clashes


def test_a_part_whose_stem_is_the_clues_is_a_part_only_where_the_clue_could_begin_it() -> None:
    """A stem is a beginning of its word (Snowball's are): a part whose first letters are not
    the clue's is not asked, whatever a stemmer given makes of it."""

    def odd(word: str, code: str) -> str:
        return "q" if word in ("quake", "zzzz") else word

    assert clue_flags("zzzz", ["EARTHQUAKE"], "en", odd) == ()


def test_a_family_after_a_prefix_may_be_one_the_stemmer_alone_sees() -> None:
    """un-fiery and FIRE: the forms differ, their stems are one (a stemmer that knows it)."""

    def knowing(word: str, code: str) -> str:
        return "fire" if word in ("fiery", "fire") else word

    assert clue_flags("unfiery", ["FIRE"], "en", knowing) == (ClueFlag("FIRE", Clash.FAMILY),)
    assert clue_flags("unfiery", ["FIRE"], "en", _whole) == ()


def test_the_words_that_begin_alike_are_counted_up_to_the_first_difference() -> None:
    assert clue_rule._common_start("earth", "eerth") == 1


def test_two_endings_of_five_letters_are_endings_and_one_letter_ones_count() -> None:
    assert clue_rule._endings("ationement", clue_rule.RULES["fr"].endings)
    assert clue_rule._endings("sly", clue_rule.RULES["en"].endings)


def test_a_clue_is_letters_with_their_marks_and_no_digit_of_any_kind() -> None:
    assert clue_problem("q\u0301uiz") is None  # a mark no letter is composed with
    letters = Message("a clue is letters only; a hyphen or an apostrophe may join two parts")
    assert clue_problem("a\ue000b") == letters  # a private character
    assert clue_problem("deux\u00b2") == Message("a clue has no digits: say the number beside it")


def test_a_word_longer_than_any_is_never_kept_between_clues() -> None:
    """Each typed word is kept once made ready (a table's words are asked about at every
    clue), up to 64 characters: a longer text would fill the memory of a server."""
    kept = clue_rule._kept_word
    for text, is_kept in (("sun", True), ("a" * 64, True), ("a" * 65, False)):
        kept.cache_clear()
        clue_flags(text, [], "en", _whole)
        assert kept.cache_info().currsize == is_kept, len(text)
