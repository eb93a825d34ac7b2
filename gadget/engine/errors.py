"""The root of every refusal meant for a player, and the errors the engine raises.

Everything the app refuses (a typo in a code, an illegal move, a broken file, a taken name)
is a GadgetError with a message a player can act on: the command line and the screens catch
exactly this class. Any other exception is a bug, and is reported as one.

A message is a template with named values, never a sentence already put together: the
English text is `str(error)`, and a screen or the command line says it in the player's
language by translating `error.said.template` (the catalogue's message id) before filling
in the values.
"""

from __future__ import annotations

import json
import string
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Final

QUOTED_AT_MOST: Final = 40  # characters of a quoted value: a team's longest name, whole


class Message:
    """Words for a player kept as a template and its values, so that any language can say
    them in its own order (a value may itself be a Message, or a list of them)."""

    __slots__ = ("context", "plural", "template", "values")
    template: str
    plural: str | None  # the words for any count but one; values["count"] is the count
    context: str | None  # what kind of words these are, when the words alone are ambiguous
    values: Mapping[str, object]

    def __init__(
        self,
        template: str,
        /,
        plural: str | None = None,
        *,
        context: str | None = None,
        **values: object,
    ) -> None:
        self._keep(template, plural, context, values)

    def _keep(
        self, template: str, plural: str | None, context: str | None, values: Mapping[str, object]
    ) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "context", context)
        object.__setattr__(self, "values", dict(values))

    @classmethod
    def of(cls, template: str, plural: str | None, values: Mapping[str, object]) -> Message:
        """A message whose values may have any names (even "plural" or "context")."""
        made = cls.__new__(cls)
        made._keep(template, plural, None, values)
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Message is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.template, self.plural, self.context, self.values)

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        kinds = "".join(
            f", {name}={value!r}"
            for name, value in (("plural", self.plural), ("context", self.context))
            if value is not None
        )
        return f"Message({self.template!r}{kinds}, **{dict(self.values)!r})"

    def __str__(self) -> str:
        return say(self, ENGLISH)

    def __reduce__(self) -> tuple[object, ...]:
        """A message sent to another process (made in the server's worker) arrives whole."""
        return (_message, (self.template, self.plural, self.context, dict(self.values)))


def _message(
    template: str, plural: str | None, context: str | None, values: Mapping[str, object]
) -> Message:
    """A message made again from its parts (how a pickled one is read back)."""
    made = Message.__new__(Message)
    made._keep(template, plural, context, values)
    return made


def plural(singular: str, plural: str, count: int, /, **values: object) -> Message:
    """A message whose words depend on a count (1 mistake, 3 mistakes): `{count}` in both."""
    return Message.of(singular, plural, {"count": count, **values})


def listed(items: Sequence[Message]) -> Message:
    """Several messages as one list, a comma between each (each said in the language)."""
    if len(items) == 1:
        return items[0]
    return Message("{first}, {rest}", first=items[0], rest=listed(items[1:]))


class Words:
    """What a language does to a message: gettext and ngettext (English: the ids as they are)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def quoted(self, value: object) -> str:
        """A value a message quotes, as a player reads it: text between this language's
        quotation marks, shown visibly and cut short (a hostile file's text may hold anything,
        of any size); any other value (a number, a list read from a file) as JSON writes it
        (true, null: what the file says), cut the same way."""
        if not isinstance(value, str):
            return _shown(_as_json(value))
        return self.gettext(QUOTES.template).format(value=_shown(value))


def _as_json(value: object) -> str:
    """A value read from a file as its file writes it (a list's text may hold anything: it is
    made visible by the caller); anything JSON cannot write as Python writes it."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


ENGLISH: Final = Words()
# Translators: the quotation marks around a value a message quotes (a typed code, a name
# from a file); {value} is the value.
QUOTES: Final = Message("“{value}”")


def visible(text: str) -> str:
    """Text with every character that would act instead of showing (a newline, a NUL, a
    right-to-left override, a lone surrogate) written as its Python escape; the joiners that
    names use stay as they are."""
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        and char not in "\u200c\u200d"
        else char
        for char in text
    )


def _shown(text: str) -> str:
    """Text made visible and cut to QUOTED_AT_MOST characters, never inside an escape."""
    pieces: list[str] = []
    length = 0
    for char in text[: QUOTED_AT_MOST + 1]:  # a longer text is cut anyway
        piece = visible(char)
        length += len(piece)
        pieces.append(piece)
    if length <= QUOTED_AT_MOST and len(text) <= QUOTED_AT_MOST:
        return "".join(pieces)
    while length > QUOTED_AT_MOST - 1:  # room for the ellipsis
        length -= len(pieces.pop())
    return "".join(pieces) + "…"


class _Filling(string.Formatter):
    """str.format, but a value the template asks for with !r is quoted in the language."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "r":
            return self.words.quoted(value)
        return super().convert_field(value, conversion)


def say(value: object, words: Words) -> str:
    """A message's words in a language, its values said the same way (a value that is a
    message, an error, or a list of messages is said; anything else goes in as it is)."""
    if isinstance(value, GadgetError):
        value = value.said
    if isinstance(value, Message):
        if value.plural is not None:
            count = value.values["count"]
            assert isinstance(count, int)
            template = words.ngettext(value.template, value.plural, count)
        elif value.context is not None:
            template = words.pgettext(value.context, value.template)
        else:
            template = words.gettext(value.template)
        if not value.values:
            return template
        values = {k: _said_value(v, words) for k, v in value.values.items()}
        if "!r" in template:  # a quoted value: the slower formatter that quotes it
            return _Filling(words).vformat(template, (), values)
        return template.format(**values)
    if isinstance(value, list | tuple) and all(isinstance(v, Message) for v in value):
        return "; ".join(say(v, words) for v in value)
    return str(value)


def _said_value(value: object, words: Words) -> object:
    """A value as it goes into a template: messages said, anything else as it is (a
    template may ask for it quoted)."""
    if isinstance(value, GadgetError | Message) or (
        isinstance(value, list | tuple) and value and all(isinstance(v, Message) for v in value)
    ):
        return say(value, words)
    return value


class GadgetError(ValueError):
    """A refusal meant for a player, in one line (a ValueError, as bad input is)."""

    def __init__(self, template: str, /, **values: object) -> None:
        self.said = Message.of(template, None, values)
        super().__init__(str(self.said))

    def __reduce__(self) -> tuple[object, ...]:
        """A refusal made in the server's worker process comes back as itself, its message
        whole (so the phone says it in its own language), whatever its constructor takes."""
        return (_refusal, (type(self), self.said), dict(self.__dict__))


def _refusal(kind: type[GadgetError], said: Message) -> GadgetError:
    """A refusal made again from its class and message (how a pickled one is read back)."""
    made = kind.__new__(kind)
    ValueError.__init__(made, str(said))
    made.said = said
    return made


class KeyCardError(GadgetError):
    """A key card given as text breaks the card's shape or the rule-book pair counts."""


class ShareCodeError(GadgetError):
    """A typed or scanned share code cannot be trusted to make the card its sender saw."""


class WordListError(GadgetError):
    """A list of words, or the words of a card, that no table can play with."""


class SetupError(GadgetError):
    """A time bank or option that no game can start with."""


class IllegalActionError(GadgetError):
    """The rules refuse an action; the state it was applied to is unchanged."""


class GameOverError(IllegalActionError):
    """The game has ended, so every further action is refused."""


class OutOfTurnError(IllegalActionError):
    """The action is legal in the game, but not for this player or not now."""


class CellNotGuessableError(IllegalActionError):
    """The cell is covered, out of the grid, or this guesser already hit it as a bystander."""


class NoWordsLeftError(IllegalActionError):
    """The player has nothing left to clue, or nothing left to find in sudden death."""


class StopTooSoonError(IllegalActionError):
    """A turn needs a correct guess before the guesser may stop."""


class GameLogError(GadgetError):
    """A game log file is malformed; the message names the field and what is wrong."""


class ReplayError(GadgetError):
    """An action in a game log is refused by the rules; the message names its index."""

    def __init__(self, index: int, cause: IllegalActionError) -> None:
        super().__init__("action {index}: {cause}", index=index, cause=cause)
        self.index = index
        self.cause = cause
