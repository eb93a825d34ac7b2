"""gadget partner guess and clue: the app's Duet partner from the command line, the same
engine the app plays with, and the interface the project's own evaluation drives."""

from __future__ import annotations

import argparse
import json
import unicodedata
from collections.abc import Sequence
from typing import Any

from gadget.cli.io import UsageError, _
from gadget.engine.errors import WordListError
from gadget.engine.words import check_word, folded
from gadget.partner.clues import give_clue
from gadget.partner.guessing import ranked
from gadget.partner.lexicon import LANGUAGES, lexicon
from gadget.services.clue_check import clue_flags, clue_problem

MOST_WORDS = 25  # a Duet table's words


def add_commands(commands: Any) -> None:
    """partner guess and partner clue."""
    partner = commands.add_parser("partner", help=_("the app as your Duet partner: guess or clue"))
    verbs = partner.add_subparsers(dest="verb", required=True, parser_class=type(partner))
    guess = verbs.add_parser("guess", help=_("rank the uncovered words for a clue"))
    guess.add_argument("--clue", required=True, help=_("the clue, one word"))
    guess.add_argument("--words", nargs="+", required=True, help=_("the uncovered words"))
    _common(guess)
    guess.set_defaults(run=guess_words)
    clue = verbs.add_parser("clue", help=_("give a clue for your green words"))
    clue.add_argument("--targets", nargs="+", required=True, help=_("the green words to find"))
    clue.add_argument("--avoid", nargs="*", default=[], help=_("the assassins"))
    clue.add_argument("--bystanders", nargs="*", default=[], help=_("the bystanders"))
    clue.add_argument("--covered", nargs="*", default=[], help=_("words already covered"))
    _common(clue)
    clue.set_defaults(run=give)


def _common(command: Any) -> None:
    command.add_argument("--lang", default="en", type=str.lower, help=_("the words' language: en"))
    command.add_argument("--json", action="store_true", help=_("print a JSON object"))


def guess_words(args: argparse.Namespace) -> str:
    """The words, most likely first, one a line (JSON: {"ranked": [...]})."""
    words = _words("--words", args.words)
    _clue_word(args.clue)
    order = [item.word for item in ranked(_lexicon(args.lang), args.clue, words)]
    return json.dumps({"ranked": order}, ensure_ascii=False) if args.json else "\n".join(order)


def give(args: argparse.Namespace) -> str:
    """The clue and its number (JSON: {"clue": ..., "number": N}); covered words are out of
    play, so a clue may sound like one."""
    targets = _words("--targets", args.targets)
    avoid = _words("--avoid", args.avoid, empty=True)
    bystanders = _words("--bystanders", args.bystanders, empty=True)
    _words("--covered", args.covered, empty=True)
    uncovered = [*targets, *avoid, *bystanders]
    _distinct(uncovered, args.covered)
    _at_most("--targets, --avoid, --bystanders and --covered", len(uncovered) + len(args.covered))
    given = give_clue(
        _lexicon(args.lang),
        targets,
        avoid,
        bystanders,
        allowed=lambda word: not clue_flags(word, uncovered, args.lang),
    )
    if args.json:
        return json.dumps({"clue": given.word, "number": given.number}, ensure_ascii=False)
    return f"{given.word} {given.number}"


def _lexicon(language: str) -> Any:
    if language not in LANGUAGES:
        raise UsageError(
            "--lang {language}: the partner speaks {languages} so far",
            language=language,
            languages=", ".join(LANGUAGES),
        )
    return lexicon(language)


def _words(option: str, words: Sequence[str], empty: bool = False) -> list[str]:
    """The option's words, each checked as a list's word is (engine/words.check_word)."""
    if not words and not empty:
        raise UsageError("{option} needs at least one word", option=option)
    _at_most(option, len(words))
    for place, word in enumerate(words, start=1):
        if not word.strip():
            raise UsageError("{option} holds an empty word", option=option)
        try:
            check_word(word.strip(), place)
        except WordListError as wrong:
            raise UsageError("{option}: {wrong}", option=option, wrong=wrong.said) from None
    _distinct(words)
    return [unicodedata.normalize("NFC", word.strip()) for word in words]


def _at_most(option: str, count: int) -> None:
    """A table has 25 words: no option, and no options together, name more."""
    if count > MOST_WORDS:
        raise UsageError(
            "{option} has {count} words; a table has {most}",
            option=option,
            count=count,
            most=MOST_WORDS,
        )


def _distinct(*groups: Sequence[str]) -> None:
    """No word twice, in one option or across them (case and accents aside)."""
    seen: set[str] = set()
    for word in (word for group in groups for word in group):
        key = folded(word.strip())
        if key in seen:
            raise UsageError("{word!r} is given twice", word=word.strip())
        seen.add(key)


def _clue_word(clue: str) -> None:
    problem = clue_problem(clue)
    if problem is not None:
        raise UsageError("--clue: {problem}", problem=problem)
