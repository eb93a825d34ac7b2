"""JSON text as a player's file holds it: every refusal one line naming what is wrong, each
limit at its edge (the reader of every file and upload the app takes: engine/jsontext.py)."""

from __future__ import annotations

import pytest

from gadget.engine import jsontext
from gadget.engine.errors import GadgetError


@pytest.mark.parametrize("depth", [65, 10_000, 100_000])
def test_brackets_nested_too_deeply_are_refused_before_the_parser_sees_them(
    depth: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the browser, 10,000 brackets overflow JavaScript's stack inside `json.loads` and
    kill the site's Python until a reload (an outsider's finding); CPython would have said
    RecursionError. The parser must not be reached."""

    def parser_reached(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("json.loads was given the nesting")

    monkeypatch.setattr(jsontext.json, "loads", parser_reached)
    with pytest.raises(GadgetError, match="its brackets nest too deeply"):
        jsontext.read_json("[" * depth + "]" * depth, GadgetError)
    with pytest.raises(GadgetError, match="its brackets nest too deeply"):
        jsontext.read_json('{"a": ' + "{" * depth + '"x": 1' + "}" * (depth + 1), GadgetError)


def test_brackets_inside_a_text_are_letters_not_nesting() -> None:
    text = '{"notes": "' + "[" * 1000 + '\\" {{{"}'
    assert jsontext.read_json(text, GadgetError) == {"notes": "[" * 1000 + '" {{{'}


def test_brackets_nested_exactly_as_deep_as_allowed_are_read_and_side_by_side_any_number() -> None:
    deepest = 64  # the limit as a number: 6 is the most a backup nests
    assert deepest == jsontext.MAX_DEPTH
    assert jsontext.read_json("[" * deepest + "]" * deepest, GadgetError) == _nested(deepest)
    # More brackets than the depth allows, so that they are counted one by one.
    beside = "[" * deepest + "]" * (deepest - 1) + ",[]]"
    assert jsontext.read_json(beside, GadgetError) == [_nested(deepest - 1), []]
    side_by_side = "[" + ",".join(["[]"] * 500) + "]"
    assert jsontext.read_json(side_by_side, GadgetError) == [[]] * 500


def test_brackets_closed_before_do_not_hide_a_nesting_too_deep_after() -> None:
    text = "[" + "[]," * 10 + "[" * jsontext.MAX_DEPTH + "]" * (jsontext.MAX_DEPTH + 1)
    with pytest.raises(GadgetError, match="its brackets nest too deeply"):
        jsontext.read_json(text, GadgetError)


def test_numbers_are_read_and_the_ones_no_file_holds_are_named() -> None:
    assert jsontext.read_json("[1, -2, 1.5, 2e3]", GadgetError) == [1, -2, 1.5, 2000.0]
    with pytest.raises(GadgetError, match="a number is too large"):
        jsontext.read_json("[1e999]", GadgetError)
    with pytest.raises(GadgetError, match="a number has 5000 digits"):
        jsontext.read_json("[" + "9" * 5000 + "]", GadgetError)
    with pytest.raises(GadgetError, match="NaN is not a number JSON allows"):
        jsontext.read_json("[NaN]", GadgetError)


def test_an_object_of_many_names_each_once_is_read() -> None:
    names = {f"name {number}": number for number in range(1000)}
    text = "{" + ", ".join(f'"{name}": {value}' for name, value in names.items()) + "}"
    assert jsontext.read_json(text, GadgetError) == names


def _nested(depth: int) -> object:
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[1, 2", "not valid JSON at line 1 column 6: a comma was expected"),
        ('{"a": }', "not valid JSON at line 1 column 7: a value was expected"),
        ('{"a": 1}\n[]', "not valid JSON at line 2 column 1: something follows the end"),
    ],
)
def test_broken_json_is_said_where_and_what_in_one_line(text: str, said: str) -> None:
    with pytest.raises(GadgetError) as refused:
        jsontext.read_json(text, GadgetError)
    assert str(refused.value).startswith(said), str(refused.value)


@pytest.mark.parametrize(
    ("text", "name"),
    [('{"a": 1, "a": 2, "b": 3}', "a"), ('{"b": 1, "a": 2, "a": 3}', "a")],
)
def test_a_name_written_twice_is_named(text: str, name: str) -> None:
    with pytest.raises(GadgetError, match=f"\u201c{name}\u201d is written twice in one object"):
        jsontext.read_json(text, GadgetError)


@pytest.mark.parametrize(
    "text",
    [r'{"notes": "\ud800"}', r'{"\udfff": 1}', r'[["x", "\ud8ff"]]', r'"caf\u00e9 \udc00"'],
)
def test_a_lone_surrogate_written_as_an_escape_is_refused_wherever_it_is(text: str) -> None:
    with pytest.raises(GadgetError, match="its text holds the lone surrogate U\\+D"):
        jsontext.read_json(text, GadgetError)


def test_a_lone_surrogate_in_the_text_itself_is_refused() -> None:
    with pytest.raises(GadgetError, match="its text holds the lone surrogate U\\+D800"):
        jsontext.read_json('{"notes": "caf\u00e9 \ud800"}', GadgetError)


def test_a_paired_surrogate_escape_and_any_letter_are_text() -> None:
    text = r'["\ud83d\ude00", "\u00e9t\u00e9", "caf\u00e9"]'
    assert jsontext.read_json(text, GadgetError) == ["\U0001f600", "\u00e9t\u00e9", "caf\u00e9"]
    assert jsontext.read_json('["caf\u00e9"]', GadgetError) == ["caf\u00e9"]
