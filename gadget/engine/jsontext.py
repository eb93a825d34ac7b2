"""JSON text read for a player: any problem becomes one line saying where it is."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Final, NoReturn

from gadget.engine.errors import GadgetError, Message

# Brackets inside brackets: more than any file this app writes (a backup nests 6), few enough
# that no check that walks the value can run out of stack, wherever it runs.
MAX_DEPTH: Final = 64

_TOO_DEEP: Final = Message("not a file this app reads: its brackets nest too deeply")
# A bracket, or a whole text (whose brackets are letters, not nesting).
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_BRACKETS_AND_TEXTS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
# What Python's parser says is wrong, in words a player's language has (its own are English).
_ESCAPE: Final = Message("a text holds an escape JSON does not know")
_TRAILING: Final = Message("a comma comes just before a closing bracket")
_PROBLEMS: Final = {
    "Expecting value": Message("a value was expected"),
    "Expecting property name enclosed in double quotes": Message(
        "a name in double quotes was expected"
    ),
    "Expecting ':' delimiter": Message("a colon was expected"),
    "Expecting ',' delimiter": Message("a comma was expected"),
    "Unterminated string starting at": Message("a text is not closed"),
    "Invalid control character at": Message("a text holds a control character"),
    "Invalid \\escape": _ESCAPE,
    "Invalid \\uXXXX escape": _ESCAPE,
    "Extra data": Message("something follows the end of the JSON value"),
    "Illegal trailing comma before end of object": _TRAILING,
    "Illegal trailing comma before end of array": _TRAILING,
}


def read_json(text: str, error: type[GadgetError]) -> object:
    """Decoded JSON, or the given error naming the first thing no file of this app holds.

    Besides broken JSON that is: an integer of more digits than Python converts, a number
    JSON has no words for (NaN, Infinity, or 1e999, which would be infinite), a lone
    surrogate (text no file can hold), a name written twice in one object (which of the two
    "won" would count?), and nesting deeper than MAX_DEPTH (found before the parser runs:
    100,000 `[` stop CPython's with a RecursionError and kill the browser's). A UTF-8 byte
    order mark, which some editors write first, is read past.
    """

    def refuse(said: Message) -> NoReturn:
        raise error("{problem}", problem=said)  # the message whole, to be said in any language

    def whole(digits: str) -> int:
        try:
            return int(digits)
        except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
            refuse(
                Message(
                    "not a file this app reads: a number has {count} digits",
                    count=len(digits.lstrip("-")),
                )
            )

    def decimal(digits: str) -> float:
        number = float(digits)
        if not math.isfinite(number):
            refuse(Message("not a file this app reads: a number is too large"))
        return number

    def once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
        found = dict(pairs)
        if len(found) < len(pairs):  # Python would keep the last one without a word
            seen: set[str] = set()
            for twice, _value in pairs:  # linear: a hostile object may have 100,000 names
                if twice in seen:
                    break
                seen.add(twice)
            refuse(
                Message(
                    "not a file this app reads: {name!r} is written twice in one object",
                    name=twice,
                )
            )
        return found

    def constant(name: str) -> NoReturn:
        refuse(Message("not valid JSON: {name} is not a number JSON allows", name=name))

    if _nests_too_deeply(text):
        refuse(_TOO_DEEP)
    try:
        data = json.loads(
            text.removeprefix("\ufeff"),
            parse_int=whole,
            parse_float=decimal,
            parse_constant=constant,
            object_pairs_hook=once_each,
        )
    except json.JSONDecodeError as broken:
        problem = _PROBLEMS.get(broken.msg)
        line, column = broken.lineno, broken.colno
        refuse(
            Message("not valid JSON at line {line} column {column}", line=line, column=column)
            if problem is None  # a problem Python's parser may word one day: said in general
            else Message(
                "not valid JSON at line {line} column {column}: {problem}",
                line=line,
                column=column,
                problem=problem,
            )
        )
    _check_text(text, data, refuse)
    return data


def _nests_too_deeply(text: str) -> bool:
    """Brackets nested past MAX_DEPTH, found before the parser is given them: in the browser
    (Pyodide) 10,000 of them overflow JavaScript's stack inside `json.loads`, which kills
    the page's Python for good, where CPython raises a RecursionError."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False  # the usual file: no scan
    depth = 0
    for token in _BRACKETS_AND_TEXTS.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif bracket in ("]", "}"):
            depth -= 1
    return False


def _check_text(text: str, data: object, refuse: Callable[[Message], NoReturn]) -> None:
    """Refuse text no file can hold (a lone surrogate, as itself or as a `\\ud800` escape);
    the decoded value is walked only when the text writes such an escape, so that a usual
    file costs one pass of C over its text (a walk of every value was 80 us a game log, eight
    times the parse, paid by every log of a history)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as wrong:
            refuse(_lone(text[wrong.start]))
    if _SURROGATE_ESCAPE.search(text) is None:
        return
    waiting: list[object] = [data]  # depth is at most MAX_DEPTH here, but no recursion anyway
    while waiting:
        value = waiting.pop()
        if isinstance(value, dict):
            waiting.extend(value)
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
        elif isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as wrong:
                refuse(_lone(value[wrong.start]))


def _lone(surrogate: str) -> Message:
    return Message(
        "not a file this app reads: its text holds the lone surrogate {code}",
        code=f"U+{ord(surrogate):04X}",
    )
