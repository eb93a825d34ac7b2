"""Names and free text a player types (a team, its players, notes): checked once, here, before
anything is kept, by the store on a server and by the static site on a phone."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Final

from gadget.engine.errors import GadgetError, Message
from gadget.engine.keycard import Player


class TextError(GadgetError):
    """A name or notes a player typed that cannot be kept as they are."""


MAX_NAME: Final = 40
MAX_PLAYERS: Final = 8
MAX_NOTES: Final = 2000
TEAM_NAME: Final = Message("a team name")
PLAYER_NAME: Final = Message("a player's name")
PHONE_NAME: Final = Message("a phone's name")
MOST_PHONES: Final = 8  # a side's phones: the rule book's game goes up to eight players a side
# Each side's phones at a game's end, in their places' order, by the names their players
# gave them ("" for a phone without one): what an attempt keeps of who played.
SidesNamed = Mapping[Player, tuple[str, ...]]
# Joiners are format characters that real names (and emoji sequences) use; every other
# control or format character (bidi overrides, zero-width spaces) can make two names look
# alike or a screen misread, so it is refused.
_ALLOWED_FORMAT: Final = frozenset({"\u200c", "\u200d"})
_FIRST_PICTOGRAPH: Final = 0x2190  # arrows; below are letters' marks, ©, ™, № (Roboto has them)
_EMOJI_MARKS: Final = frozenset({"\u20e3", "\ufe0f"})  # the keycap, emoji presentation


def _refused_character(text: str) -> str | None:
    for character in text:
        category = unicodedata.category(character)
        if category[0] == "C" and character not in _ALLOWED_FORMAT:
            return f"U+{ord(character):04X}"
    return None


# Characters that draw nothing but are letters to Unicode (Hangul's fillers): a name of them
# shows empty, and one with them looks like another name.
_FILLERS: Final = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0"})
# What a list of a side's phones and a history line put between names ("Phone 2: Ann · ..."):
# a phone's name holding them could pass for several phones, or for the other side.
_PHONE_SEPARATORS: Final = ("·", ":")


def _invisible(name: str) -> str | None:
    """The first character of a name that shows nothing where it is (as U+XXXX): a filler,
    or a joiner with nothing to join at either end."""
    for character in (*(c for c in name if c in _FILLERS), name[0], name[-1]):
        if character in _FILLERS or character in _ALLOWED_FORMAT:
            return f"U+{ord(character):04X}"
    return None


def _emoji(text: str) -> str | None:
    """The first emoji in a name (as U+XXXX), which would show as an empty box: the phones'
    one font (Roboto) has none, and a browser with no internet has no other."""
    # Symbols from the arrows' block on, skin tones, the keycap and the emoji presentation
    # selector; letters of every alphabet, digits, punctuation, © ™ № € are not emoji.
    for character in text:
        code = ord(character)
        symbol = unicodedata.category(character) in ("So", "Sk") and code >= _FIRST_PICTOGRAPH
        if symbol or character in _EMOJI_MARKS:
            return f"U+{code:04X}"
    return None


def clean_name(raw: object, what: Message = TEAM_NAME, *, kept: bool = False) -> str:
    """A name with its outer spaces taken off, or TextError saying what is wrong with it; a
    `kept` name (a backup's, a phone's storage's) keeps the emoji and the characters that show
    nothing that an older Gadget let in."""
    if not isinstance(raw, str):
        raise TextError("{what} must be text", what=what)
    name = " ".join(raw.split())  # inner runs of spaces (and tabs, newlines) become one space
    if not name:
        raise TextError("{what} cannot be empty", what=what)
    if len(name) > MAX_NAME:
        raise TextError(
            "{what} has {length} characters; at most {max_name}",
            what=what,
            length=len(name),
            max_name=MAX_NAME,
        )
    refused = _refused_character(name)
    if refused:
        raise TextError(
            "{what} contains the control character {refused}", what=what, refused=refused
        )
    invisible = None if kept else _invisible(name)
    if invisible:
        raise TextError(
            "{what} contains {refused}, which shows nothing there", what=what, refused=invisible
        )
    emoji = None if kept else _emoji(name)
    if emoji:
        raise TextError(
            "{what} cannot hold emoji or symbols ({emoji}): phones show them as empty boxes",
            what=what,
            emoji=emoji,
        )
    return name


def name_key(name: str) -> str:
    """What makes two names the same name: Unicode case folding of the compatibility form,
    so "Équipe", "ÉQUIPE" and "équipe" are one team (SQL lower() folds only ASCII)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def clean_players(raw: object, *, kept: bool = False) -> tuple[str, ...]:
    """Player names from a list (empty entries dropped), each a name (`kept` as for
    clean_name), at most a few."""
    if not isinstance(raw, list | tuple) or not all(isinstance(p, str) for p in raw):
        raise TextError("players must be a list of names")
    players = tuple(clean_name(p, PLAYER_NAME, kept=kept) for p in raw if p.strip())
    if len(players) > MAX_PLAYERS:
        raise TextError(
            "{length} players named; a team has at most {max_players}",
            length=len(players),
            max_players=MAX_PLAYERS,
        )
    return players


def clean_notes(raw: object, *, kept: bool = False) -> str:
    """Notes: any text a player writes, up to a length a screen can show, without the emoji
    it would show as empty boxes; `kept` notes (a backup's) keep the emoji an older Gadget let
    in."""
    if not isinstance(raw, str):
        raise TextError("notes must be text")
    if len(raw) > MAX_NOTES:
        raise TextError(
            "the notes have {length} characters; at most {max_notes}",
            length=len(raw),
            max_notes=MAX_NOTES,
        )
    refused = _refused_character(raw.replace("\n", "").replace("\t", ""))
    if refused:
        raise TextError("the notes contain the control character {refused}", refused=refused)
    emoji = None if kept else _emoji(raw)
    if emoji:
        raise TextError(
            "the notes cannot hold emoji or symbols ({emoji}): phones show them as empty boxes",
            emoji=emoji,
        )
    return raw


def sort_key(name: str) -> str:
    """Where a name goes in a list: accents set aside, so "Équipe" sorts among the E's."""
    decomposed = unicodedata.normalize("NFKD", name_key(name))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def sides_written(sides: SidesNamed) -> dict[str, list[str]]:
    """Each side's phones as an attempt's row and a team's document write them."""
    return {side.value: list(names) for side, names in sorted(sides.items())}


def clean_phone_name(raw: object, what: Message = PHONE_NAME) -> str:
    """A phone's name, checked as any new name (`clean_name`), without the separators the
    lists of a side's phones put between names."""
    name = clean_name(raw, what)
    for separator in _PHONE_SEPARATORS:
        if separator in name:
            raise TextError(
                "{what} cannot hold {separator!r}: the lists of phones put it between names",
                what=what,
                separator=separator,
            )
    return name


def clean_sides(raw: object, where: Message) -> SidesNamed | None:
    """Each side's phones as a document writes them, {"a": [names], "b": [names]} (None:
    none written): a side's phones at most `MOST_PHONES`, each a phone's name as a phone is
    given one, or "" for a phone without one."""
    if raw is None:
        return None
    shape = TextError(
        '{where} must be {{"a": [names], "b": [names]}} (a side no phone held left out)',
        where=where,
    )
    if not isinstance(raw, dict) or not set(raw) <= {side.value for side in Player}:
        raise shape
    sides: dict[Player, tuple[str, ...]] = {}
    for letter, names in sorted(raw.items()):
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise shape
        if not names:
            raise TextError(
                "{where} lists no phone on side {side}", where=where, side=letter.upper()
            )
        if len(names) > MOST_PHONES:
            raise TextError(
                "{where} has {count} phones on side {side}; at most {most}",
                where=where,
                count=len(names),
                side=letter.upper(),
                most=MOST_PHONES,
            )
        what = Message("{where}: {name}", where=where, name=PHONE_NAME)
        sides[Player(letter)] = tuple(
            clean_phone_name(name, what) if name.strip() else "" for name in names
        )
    return sides
