"""The gadget-game log (docs/game-log.md): read and write one game (engine.replay plays it).

Version 2 is version 1 with the table's words; a log without words is still written as
version 1, so that an older Gadget reads it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from gadget.engine.errors import (
    GameLogError,
    KeyCardError,
    Message,
    SetupError,
    ShareCodeError,
    WordListError,
    listed,
)
from gadget.engine.jsontext import read_json
from gadget.engine.keycard import CELLS, KeyCard, Player
from gadget.engine.sharecode import Deal, ShareCode, old_deal, v1_text
from gadget.engine.state import (
    MAX_CLUE_NUMBER,
    Action,
    Clue,
    Guess,
    Penalty,
    Setup,
    Stop,
)
from gadget.engine.words import (
    CUSTOM_LIST,
    CardWords,
    WordsKey,
    check_listed,
    list_by_key,
    shipped_words,
)

FORMAT: Final = "gadget-game/1"
WORDS_FORMAT: Final = "gadget-game/2"  # the same, with the table's words
_TOP_KEYS: Final = {"format", "key", "code", "tokens", "mistakes", "options", "actions"}
_WORDS_KEYS: Final = {"list", "seed", "cells"}
_OPTIONS: Final = {"looser_turn_order"}


@dataclass(frozen=True, slots=True)
class GameLog:
    """The whole truth of a game: its card, its time bank and every action in order."""

    card: KeyCard
    setup: Setup
    actions: tuple[Action, ...] = ()
    code: ShareCode | None = None
    words: CardWords | None = None  # the 25 words on the table, when it has them

    def __post_init__(self) -> None:
        key = self.words.key if self.words is not None else None
        if self.code is not None and self.code.words is not None and self.code.words != key:
            raise GameLogError("the words are not the ones code {text} names", text=self.code.text)

    @classmethod
    def dealt(
        cls, deal: Deal, looser_turn_order: bool = False, custom: CardWords | None = None
    ) -> GameLog:
        """A game not yet begun, from the dealer's seed; its code is side B's, and its words
        are the ones the deal's key names (a custom list's are given)."""
        setup = Setup(deal.tokens, deal.mistakes, looser_turn_order)
        words = custom
        if deal.words is not None and not deal.words.is_custom:
            words = shipped_words(deal.words)
        return cls(card=deal.key_card(), setup=setup, code=deal.code, words=words)

    def then(self, action: Action) -> GameLog:
        """The same log with one more action; check it with `replay` or `apply` first."""
        return GameLog(self.card, self.setup, (*self.actions, action), self.code, self.words)

    def without_last(self) -> GameLog:
        """Undo: the log less its last action."""
        return GameLog(self.card, self.setup, self.actions[:-1], self.code, self.words)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the format; the code, when known, is kept beside the key."""
        data: dict[str, Any] = {"format": FORMAT if self.words is None else WORDS_FORMAT}
        if self.code is not None:
            data["code"] = self.code.text
        data["key"] = {"a": self.card.a, "b": self.card.b}
        if self.words is not None:
            data["words"] = {
                "list": self.words.list_key,
                "seed": self.words.key.seed,
                "cells": list(self.words.words),
            }
        data["tokens"] = self.setup.tokens
        data["mistakes"] = self.setup.mistakes
        data["options"] = {"looser_turn_order": self.setup.looser_turn_order}
        data["actions"] = [action_to_dict(action) for action in self.actions]
        return data

    def to_json(self) -> str:
        """The log as a file's text, as `json.dumps(self.to_dict(), indent=1)` writes it: what
        comes before the actions, the same at every move of a game, is written once (each
        move's save wrote it all again through json's slower indenting writer, 0.3 ms)."""
        actions = "".join(f",\n  {_action_text(action)}" for action in self.actions)
        listed = f"[{actions[1:]}\n ]" if actions else "[]"
        return f"{_head(self.card, self.setup, self.code, self.words)}{listed}\n}}\n"


def action_to_dict(action: Action) -> dict[str, dict[str, Any]]:
    """One action as the format writes it."""
    if isinstance(action, Clue):
        clue: dict[str, Any] = {"by": action.by.value, "word": action.word}
        if action.number is not None:
            clue["number"] = action.number
        return {"clue": clue}
    if isinstance(action, Guess):
        return {"guess": {"by": action.by.value, "cell": action.cell}}
    if isinstance(action, Stop):
        return {"stop": {"by": action.by.value}}
    return {"penalty": {"by": action.by.value, "reason": action.reason}}


def action_from_dict(raw: object) -> Action:
    """One action as the format writes it, read and checked as a log's are (GameLogError)."""
    return _action(0, raw)


@lru_cache(maxsize=1024)
def _head(card: KeyCard, setup: Setup, code: ShareCode | None, words: CardWords | None) -> str:
    """A log's text up to its list of actions (the last of its names)."""
    written = GameLog(card, setup, (), code, words).to_dict()
    text = json.dumps(written, indent=1, ensure_ascii=False)
    return text[: text.rindex(_ACTIONS_LINE) + len(_ACTIONS_LINE)]


def _action_text(action: Action) -> str:
    """One action as `json.dumps(..., indent=1)` writes it in the list of actions, two levels
    in: an object of one kind, holding plain values only."""
    ((kind, values),) = action_to_dict(action).items()
    inner = ",\n    ".join(f"{_plain(name)}: {_plain(value)}" for name, value in values.items())
    return f"{{\n   {_plain(kind)}: {{\n    {inner}\n   }}\n  }}"


# A plain value as `json.dumps(value, ensure_ascii=False)` writes it, through one encoder.
_plain: Final = json.JSONEncoder(ensure_ascii=False).encode


def parse_game_log(text: str) -> GameLog:
    """A log read from a file; GameLogError names the field and what is wrong with it."""
    data = read_json(text, GameLogError)
    return game_log_from_dict(data)


# Where a log's actions begin in its text as `GameLog.to_json` writes it: the last name of
# the object, on a line of its own. A string holds no line break (JSON writes it `\n`), so
# these characters are that name, never a word that happens to be "actions".
_ACTIONS_LINE: Final = '\n "actions": '


def extended_log(earlier: GameLog, earlier_text: str, text: str) -> GameLog | None:
    """The log `text` holds when it is `earlier`'s (whose text is `earlier_text`) with
    actions added, everything before its actions written exactly as there: only the actions
    are read (a watching phone's process read and checked the whole log at each move).
    None when it is not, or is no log (`parse_game_log` says what is wrong)."""
    head = earlier_text.find(_ACTIONS_LINE)
    if head < 0 or text[: head + len(_ACTIONS_LINE)] != earlier_text[: head + len(_ACTIONS_LINE)]:
        return None
    # The earlier text's actions must end it: a name after them (written by hand) that the
    # new text leaves out would keep its value here, and a reading would refuse the text.
    if not earlier_text.rstrip().removesuffix("}").rstrip().endswith("]"):
        return None
    known = len(earlier.actions)
    try:  # the head was read with the earlier log: the rest is read as an object of its own
        data = read_json("{" + text[head:], GameLogError)  # (its depth checked first)
        json.loads(text)  # and the two are still one JSON text
    except (ValueError, GameLogError):
        return None
    if not isinstance(data, dict) or list(data) != ["actions"]:
        return None  # a name after the actions, unknown to the format
    raw = data["actions"]
    # As JSON writes them: 2.0 or true for 2 or 1 is another text, which a reading refuses.
    was = json.dumps([action_to_dict(action) for action in earlier.actions], ensure_ascii=False)
    if not isinstance(raw, list) or json.dumps(raw[:known], ensure_ascii=False) != was:
        return None
    try:
        added = tuple(_action(index, action) for index, action in enumerate(raw) if index >= known)
    except GameLogError:
        return None
    return GameLog(
        earlier.card, earlier.setup, (*earlier.actions, *added), earlier.code, earlier.words
    )


def game_log_from_dict(data: object) -> GameLog:
    """A log from already-decoded JSON, checked field by field."""
    with_words = isinstance(data, Mapping) and data.get("format") == WORDS_FORMAT
    data = _known_fields(
        data, Message("a game log"), _TOP_KEYS | {"words"} if with_words else _TOP_KEYS
    )
    if data.get("format") not in (FORMAT, WORDS_FORMAT):
        raise GameLogError(
            "format is {found!r}; this app reads {format!r} and {words_format!r}",
            found=data.get("format"),
            format=FORMAT,
            words_format=WORDS_FORMAT,
        )
    code, deal = _code(data.get("code"))
    words = _words(data.get("words"), code) if with_words else None
    card = _card(data.get("key"), code, deal)
    # With a code, the bank is the code's: a field may repeat it but never change it. Without
    # one, tokens alone means every token bystander side up (mistakes = tokens).
    tokens = _integer(data, "tokens", code.tokens if code else 9)
    mistakes = _integer(data, "mistakes", code.mistakes if code else tokens)
    if code is not None and (tokens, mistakes) != (code.tokens, code.mistakes):
        raise GameLogError(
            "the bank {tokens}-{mistakes} is not the code's: {text} deals {tokens2}-{mistakes2}",
            tokens=tokens,
            mistakes=mistakes,
            text=code.text,
            tokens2=code.tokens,
            mistakes2=code.mistakes,
        )
    looser = _options(data.get("options", {}))
    try:
        setup = Setup(tokens, mistakes, looser)
    except SetupError as wrong:
        raise GameLogError("{wrong}", wrong=wrong) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise GameLogError("actions must be a list")
    return GameLog(card, setup, tuple(_action(i, a) for i, a in enumerate(actions)), code, words)


def _words(raw: object, code: ShareCode | None) -> CardWords:
    """The table's words: a shipped list's must be the ones its seed deals, a custom list's
    are the log's own; with a code, the code's list and seed."""
    if raw is None and code is not None and code.words is not None and not code.words.is_custom:
        return shipped_words(code.words)
    raw = _known_fields(raw, Message("words"), _WORDS_KEYS)
    list_key, seed, cells = raw.get("list"), raw.get("seed"), raw.get("cells")
    if not isinstance(list_key, str):
        raise GameLogError('words.list must name a list, such as "en-1", or be "custom"')
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameLogError("words.seed must be a whole number, not {value!r}", value=seed)
    if not isinstance(cells, list) or not all(isinstance(cell, str) for cell in cells):
        raise GameLogError("words.cells must be a list of {cells} words", cells=CELLS)
    try:
        number = CUSTOM_LIST if list_key == "custom" else list_by_key(list_key).number
        words = CardWords(WordsKey(number, seed), tuple(cells))
        if number == CUSTOM_LIST:  # the log's own words: each as a list could give it
            check_listed(words.words, Message("of the log"))
    except WordListError as wrong:
        raise GameLogError("words: {wrong}", wrong=wrong) from None
    if code is not None and code.words != words.key:
        raise GameLogError("words are not the ones code {text} names", text=code.text)
    return words


def _code(raw: object) -> tuple[ShareCode | None, Deal | None]:
    """The log's code, and the deal an old (version 1) code carried: only such a code makes
    both sides; a current one is side B's."""
    if raw is None:
        return None, None
    if not isinstance(raw, str):
        raise GameLogError("code must be a string")
    try:
        return ShareCode.parse(raw), old_deal(raw)
    except ShareCodeError as wrong:
        raise GameLogError("code: {wrong}", wrong=wrong) from None


def _card(raw: object, code: ShareCode | None, deal: Deal | None) -> KeyCard:
    if raw is None:
        if deal is None:
            raise GameLogError("a log needs a key (or an old code, which carried its seed)")
        return deal.key_card()
    if not isinstance(raw, Mapping) or set(raw) != {"a", "b"}:
        raise GameLogError('key must be {"a": "<25 characters>", "b": "<25 characters>"}')
    a, b = raw["a"], raw["b"]
    if not isinstance(a, str) or not isinstance(b, str):
        raise GameLogError("key.a and key.b must be strings")
    try:
        card = KeyCard(a, b)
    except KeyCardError as wrong:
        raise GameLogError("key: {wrong}", wrong=wrong) from None
    if deal is not None and deal.key_card() != card:
        raise GameLogError("key is not the card that code {text} makes", text=v1_text(deal))
    if code is not None and code.side_b != card.b:
        raise GameLogError("key.b is not side B of code {text}", text=code.text)
    return card


def _integer(data: Mapping[str, object], name: str, default: int) -> int:
    value = data.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameLogError("{name} must be a whole number, not {value!r}", name=name, value=value)
    return value


def _known_fields(raw: object, what: str | Message, allowed: set[str]) -> Mapping[str, object]:
    """An object whose every field is known, so that a misspelt field is never silently lost."""
    if not isinstance(raw, Mapping):
        raise GameLogError("{what} must be a JSON object", what=what)
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise GameLogError(
            "{what} has an unknown field {unknown!r}; it may have {allowed}",
            what=what,
            unknown=unknown[0],
            allowed=_names(allowed),
        )
    return raw


def _names(names: Iterable[str]) -> Message:
    """Field names as a list, each quoted as the reader's language quotes (never as Python
    writes a list: "['looser_turn_order']")."""
    return listed([Message("“{value}”", value=name) for name in sorted(names)])  # QUOTES


def _options(raw: object) -> bool:
    raw = _known_fields(raw, Message("options"), _OPTIONS)
    looser = raw.get("looser_turn_order", False)
    if not isinstance(looser, bool):
        raise GameLogError("options.looser_turn_order must be true or false")
    return looser


_ACTION_FIELDS: Final[dict[str, tuple[set[str], set[str]]]] = {
    "clue": ({"by"}, {"word", "number"}),
    "guess": ({"by", "cell"}, set()),
    "stop": ({"by"}, set()),
    "penalty": ({"by"}, {"reason"}),
}


def _action(index: int, raw: object) -> Action:
    where = Message("action {index}", index=index)
    if not isinstance(raw, Mapping) or len(raw) != 1:
        raise GameLogError(
            "{where}: an action is an object with one of {kinds}",
            where=where,
            kinds=_names(_ACTION_FIELDS),
        )
    kind, body = next(iter(raw.items()))
    if kind not in _ACTION_FIELDS:
        raise GameLogError("{where}: unknown action {kind!r}", where=where, kind=kind)
    required, optional = _ACTION_FIELDS[kind]
    body = _known_fields(
        body, Message("{where}: {kind}", where=where, kind=kind), required | optional
    )
    missing = sorted(required - set(body))
    if missing:
        raise GameLogError(
            "{where}: {kind} needs {missing!r}", where=where, kind=kind, missing=missing[0]
        )
    by = body["by"]
    if by not in ("a", "b"):
        raise GameLogError(
            "{where}: {kind}.by is {by!r}; players are {a} and {b}",
            where=where,
            kind=kind,
            by=by,
            a=_names(["a"]),
            b=_names(["b"]),
        )
    player = Player(by)
    if kind == "guess":
        return Guess(player, _bounded(where, "guess.cell", body["cell"], CELLS - 1))
    if kind == "stop":
        return Stop(player)
    if kind == "penalty":
        return Penalty(player, _text(where, "penalty.reason", body.get("reason", "")))
    number = body.get("number")
    if number is not None:
        number = _bounded(where, "clue.number", number, MAX_CLUE_NUMBER)
    return Clue(player, _text(where, "clue.word", body.get("word", "")), number)


def _bounded(where: str | Message, name: str, value: object, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise GameLogError(
            "{where}: {name} is {value!r}; it must be a whole number 0..{top}",
            where=where,
            name=name,
            value=value,
            top=top,
        )
    return value


def _text(where: str | Message, name: str, value: object) -> str:
    if not isinstance(value, str):
        raise GameLogError("{where}: {name} must be a string", where=where, name=name)
    return value
