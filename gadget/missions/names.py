"""Names and free text a player types (a team, its players, notes): checked once, here, before
anything is kept, by the store on a server and by the static site on a phone."""

from __future__ import annotations

import unicodedata
from typing import Final

from gadget.engine.errors import GadgetError, Message


class TextError(GadgetError):
    """A name or notes a player typed that cannot be kept as they are."""


MAX_NAME: Final = 40
MAX_PLAYERS: Final = 8
MAX_NOTES: Final = 2000
TEAM_NAME: Final = Message("a team name")
PLAYER_NAME: Final = Message("a player's name")
# Joiners are format characters that real names (and emoji sequences) use; every other
# control or format character (bidi overrides, zero-width spaces) can make two names look
# alike or a screen misread, so it is refused.
_ALLOWED_FORMAT: Final = frozenset({"\u200c", "\u200d"})


def _refused_character(text: str) -> str | None:
    for character in text:
        category = unicodedata.category(character)
        if category[0] == "C" and character not in _ALLOWED_FORMAT:
            return f"U+{ord(character):04X}"
    return None


def clean_name(raw: object, what: Message = TEAM_NAME) -> str:
    """A name with its outer spaces taken off, or TextError saying what is wrong with it."""
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
    return name


def name_key(name: str) -> str:
    """What makes two names the same name: Unicode case folding of the compatibility form,
    so "Équipe", "ÉQUIPE" and "équipe" are one team (SQL lower() folds only ASCII)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def clean_players(raw: object) -> tuple[str, ...]:
    """Player names from a list (empty entries dropped), each a name, at most a few."""
    if not isinstance(raw, list | tuple) or not all(isinstance(p, str) for p in raw):
        raise TextError("players must be a list of names")
    players = tuple(clean_name(p, PLAYER_NAME) for p in raw if p.strip())
    if len(players) > MAX_PLAYERS:
        raise TextError(
            "{length} players named; a team has at most {max_players}",
            length=len(players),
            max_players=MAX_PLAYERS,
        )
    return players


def clean_notes(raw: object) -> str:
    """Notes: any text a player writes, up to a length a screen can show."""
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
    return raw


def sort_key(name: str) -> str:
    """Where a name goes in a list: accents set aside, so "Équipe" sorts among the E's."""
    decomposed = unicodedata.normalize("NFKD", name_key(name))
    return "".join(c for c in decomposed if not unicodedata.combining(c))
