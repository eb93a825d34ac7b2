"""The clue's word rules in the engine, with the stemmer given: the rule is the engine's, the
stems are whoever's stemmer the caller hands it (the services hand Snowball's)."""

from __future__ import annotations

from gadget.engine.clue_rule import Clash, ClueFlag, clue_flags


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
