"""A team's own word lists: each a name and a list of words checked as any list a game is
dealt from (`engine.words.read_word_list`), a few to a team, kept by a server and carried in
the team's document; the rules are here, for the store and the document alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from gadget.engine.errors import GadgetError, Message, WordListError
from gadget.engine.words import LONGEST_LIST, read_word_list
from gadget.missions.names import clean_name, name_key
from gadget.missions.times import is_time

MAX_WORD_LISTS: Final = 20  # lists a team keeps
# Words in all of a team's lists together: five full lists, or twenty of 500. A team's
# backup must stay far under the upload limit (1 MiB) with a long history beside them.
MAX_TEAM_WORDS: Final = 10_000
LIST_NAME: Final = Message("a word list's name")


@dataclass(frozen=True, slots=True)
class TeamWordList:
    """One of a team's lists as its document carries it: its name, its words, and when it
    was kept (ISO 8601)."""

    name: str
    words: tuple[str, ...]
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        """The list as the document writes it."""
        return {"name": self.name, "words": list(self.words), "created_at": self.created_at}


def list_name(raw: object, *, kept: bool = False) -> str:
    """A list's name as it is kept (the rules of every name: `names.clean_name`)."""
    return clean_name(raw, LIST_NAME, kept=kept)


def name_taken(name: str) -> WordListError:
    """A list's name the team keeps already (in any case of any alphabet)."""
    return WordListError(
        "the team already keeps a list named {name!r}: choose another name", name=name
    )


def check_room(kept: Sequence[tuple[str, int]], name: str, count: int) -> None:
    """Refuse a new list of `count` words named `name` that the team has no room for: `kept`
    holds the name and number of words of each list it keeps already."""
    if any(name_key(other) == name_key(name) for other, _count in kept):
        raise name_taken(name)
    if len(kept) >= MAX_WORD_LISTS:
        raise WordListError(
            "a team keeps at most {most} word lists: delete one first", most=MAX_WORD_LISTS
        )
    total = count + sum(words for _name, words in kept)
    if total > MAX_TEAM_WORDS:
        raise WordListError(
            "the team's lists would hold {total} words together; at most {most}: delete one"
            " first, or keep a shorter list",
            total=total,
            most=MAX_TEAM_WORDS,
        )


def read_team_lists(raw: object, error: type[GadgetError]) -> tuple[TeamWordList, ...]:
    """A document's word lists (none when it has none, as every document before them),
    each checked as a list a player keeps, or `error` saying which is wrong and why."""
    if not isinstance(raw, list):
        raise error("{name} must be a list", name="word_lists")
    lists: list[TeamWordList] = []
    for index, item in enumerate(raw):
        try:
            lists.append(_team_list(item, lists))
        except GadgetError as wrong:
            where = Message("word_lists {index}", index=index)
            raise error("{where}: {wrong}", where=where, wrong=wrong) from None
    return tuple(lists)


def _team_list(item: object, before: Sequence[TeamWordList]) -> TeamWordList:
    """One list of a document, with room for it beside the lists before it."""
    if not isinstance(item, Mapping):
        raise WordListError('must be {"name": ..., "words": [...], "created_at": a time}')
    words, created_at = item.get("words"), item.get("created_at")
    if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
        raise WordListError("words must be a list of words")
    if len(words) > LONGEST_LIST:  # refused before any is read
        raise WordListError("words: a list has at most {longest}", longest=LONGEST_LIST)
    read = read_word_list("\n".join(words))
    if len(read) != len(words):  # a word with a comma or a line break inside
        raise WordListError("words: one a word, with no comma or line break inside")
    if not is_time(created_at):
        raise WordListError("created_at must be a time")
    name = list_name(item.get("name"), kept=True)
    check_room([(kept.name, len(kept.words)) for kept in before], name, len(read))
    return TeamWordList(name, read, created_at)
