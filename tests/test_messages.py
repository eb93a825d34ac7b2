"""Messages as data: an error keeps its English template and its values, so that any
language can say it whole, in its own order; English is the template filled in."""

from __future__ import annotations

import re

import pytest

from gadget.engine import GadgetError, ReplayError
from gadget.engine.errors import (
    ENGLISH,
    QUOTED_AT_MOST,
    QUOTES,
    IllegalActionError,
    Message,
    Words,
    listed,
    plural,
    say,
)


class Shouting(Words):
    """A language that says every template in capitals (to see where translation happens)."""

    def gettext(self, message: str) -> str:
        return "".join(
            part if part.startswith("{") else part.upper()
            for part in re.split(r"(\{[^{}]*\})", message)
        )

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.gettext("one: " + singular if count == 1 else "many: " + plural)

    def pgettext(self, context: str, message: str) -> str:
        return f"{context}:{message}"


def test_an_error_says_its_template_filled_in_and_keeps_both() -> None:
    error = GadgetError("player {who} cannot stop now ({why!r})", who="A", why="no clue")
    assert str(error) == "player A cannot stop now (“no clue”)"
    assert error.said.template == "player {who} cannot stop now ({why!r})"
    assert error.said.values == {"who": "A", "why": "no clue"}
    assert isinstance(error, ValueError)


def test_a_template_without_values_is_said_as_it_is_braces_and_all() -> None:
    assert (
        str(GadgetError('key must be {"a": ..., "b": ...}')) == 'key must be {"a": ..., "b": ...}'
    )


def test_a_language_translates_each_template_of_a_nested_message_and_no_value() -> None:
    cause = IllegalActionError("cell {cell} is taken", cell=7)
    error = ReplayError(3, cause)
    assert str(error) == "action 3: cell 7 is taken"
    assert say(error, Shouting()) == "ACTION 3: CELL 7 IS TAKEN"
    assert say(Message("hi {who}", who="ann"), Shouting()) == "HI ann"  # a value stays a value


def test_anything_else_is_said_as_its_text() -> None:
    assert (say(7, ENGLISH), say("", ENGLISH), say(None, Shouting())) == ("7", "", "None")
    assert say([], ENGLISH) == ""  # an empty list of messages


def test_a_plural_message_chooses_its_words_by_its_count() -> None:
    one, three = (plural("{count} mistake", "{count} mistakes", n) for n in (1, 3))
    assert (str(one), str(three)) == ("1 mistake", "3 mistakes")
    assert str(plural("{count} token", "{count} tokens", 0)) == "0 tokens"
    assert say(three, Shouting()) == "MANY: 3 MISTAKES"
    assert say(one, Shouting()) == "ONE: 1 MISTAKE"


def test_a_message_with_a_context_is_looked_up_with_it() -> None:
    cairo = Message("Cairo", context="city")
    assert str(cairo) == "Cairo"
    assert say(cairo, Shouting()) == "city:Cairo"
    assert cairo != Message("Cairo") and cairo == Message("Cairo", context="city")
    assert repr(cairo) == "Message('Cairo', context='city', **{})"
    assert plural("a", "b", 2) != Message("a", count=2)


def test_a_list_of_messages_is_said_item_by_item() -> None:
    cities = [Message(name, context="city") for name in ("Berlin", "Cairo", "Moscow")]
    assert str(listed(cities)) == "Berlin, Cairo, Moscow"
    assert str(listed(cities[:1])) == "Berlin"
    assert say(listed(cities[:2]), Shouting()) == "city:Berlin, city:Cairo"
    problems = [Message("a is {x}", x=1), Message("b is {x}", x=2)]
    assert str(GadgetError("problems: {all}", all=problems)) == "problems: a is 1; b is 2"
    assert say(Message("{all}", all=problems), Shouting()) == "A IS 1; B IS 2"


def test_values_named_like_the_messages_own_fields_are_kept() -> None:
    error = GadgetError("{plural} and {context}", plural="p", context="c")
    assert str(error) == "p and c"
    assert error.said.plural is None and error.said.context is None


def test_a_message_is_a_value_that_cannot_change() -> None:
    message = Message("a {b}", b=1)
    with pytest.raises(AttributeError, match="immutable"):
        message.template = "other"  # type: ignore[misc]
    assert message == Message("a {b}", b=1) and message != Message("a {b}", b=2)
    assert message != "a 1" and hash(message) == hash(Message("a {b}", b=2))
    assert repr(message) == "Message('a {b}', **{'b': 1})"
    assert ENGLISH.gettext("x") == "x" and ENGLISH.pgettext("city", "Cairo") == "Cairo"
    assert ENGLISH.ngettext("a", "b", 1) == "a" and ENGLISH.ngettext("a", "b", 2) == "b"


# -- a value a message quotes ------------------------------------------------------------------


class Guillemets(Words):
    """A language whose catalogue puts its own quotation marks around a quoted value."""

    def gettext(self, message: str) -> str:
        return "«\u00a0{value}\u00a0»" if message == QUOTES.template else message


def test_a_quoted_text_is_between_the_languages_quotation_marks_never_pythons() -> None:
    error = GadgetError("{typed!r} is not a whole number", typed="two")
    assert str(error) == "“two” is not a whole number"
    assert say(error, Guillemets()) == "«\u00a0two\u00a0» is not a whole number"
    assert error.said.template == "{typed!r} is not a whole number"  # the catalogue's id


def test_a_quote_or_a_newline_inside_a_quoted_value_is_shown_as_it_is_typed() -> None:
    said = str(GadgetError("{name!r} is taken", name='it\'s "x"\nand\ty'))
    assert said == '“it\'s "x"\\nand\\ty” is taken'  # no backslash before a quote


def test_a_control_or_direction_character_in_a_quoted_value_is_shown_never_obeyed() -> None:
    said = str(GadgetError("{name!r}", name="a\x00b\x1b[2Jc\u202ed\u2028e\ud800"))
    assert said == "“a\\x00b\\x1b[2Jc\\u202ed\\u2028e\\ud800”"
    assert str(GadgetError("{name!r}", name="A\u200dB Zoë")) == "“A\u200dB Zoë”"  # a joiner stays


def test_a_long_quoted_value_is_cut_at_a_phones_line_its_end_said_by_an_ellipsis() -> None:
    assert str(GadgetError("{name!r}", name="x" * QUOTED_AT_MOST)) == f"“{'x' * 40}”"
    assert str(GadgetError("{name!r}", name="x" * 10**6)) == f"“{'x' * 39}…”"
    cut = str(GadgetError("{name!r}", name="\n" * 30))
    assert cut == "“" + "\\n" * 19 + "…”"  # an escape counts whole, and is never cut in two


def test_a_quoted_value_that_is_no_text_is_written_as_its_file_writes_it_cut_short() -> None:
    """A file says true and null, never Python's True and None (an outsider's finding)."""
    quoted = str(GadgetError("{a!r}, {b!r}, {c!r}, {d!r}", a=5, b=None, c=[1, "x"], d=True))
    assert quoted == '5, null, [1, "x"], true'
    assert str(GadgetError("{a!r}", a=["\u202e"])) == '["\\u202e"]'  # made visible, as text is
    long_list = str(GadgetError("{a!r}", a=list(range(100))))
    assert long_list == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …"
    assert str(GadgetError("[{a!r:>5}] [{b}]", a=7, b="as is")) == "[    7] [as is]"


def test_a_value_from_a_file_is_quoted_as_the_file_writes_it_accents_and_all() -> None:
    assert (
        say(Message("not {value!r}", value=["\u00e9t\u00e9", 1]), ENGLISH)
        == 'not ["\u00e9t\u00e9", 1]'
    )
    looped: list[object] = []
    looped.append(looped)  # JSON cannot write it (a ValueError): Python's own words, not a crash
    assert say(Message("not {value!r}", value=looped), ENGLISH) == "not [[...]]"
