"""gadget partner guess and clue: the app's Duet partner from the command line, the same
engine the app plays with, and the interface the project's own evaluation drives."""

from __future__ import annotations

import argparse
import json
import unicodedata
from collections.abc import Sequence
from typing import Any

from gadget.cli.io import UsageError, _
from gadget.engine.words import LONGEST_WORD, folded
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
    command.add_argument("--lang", default="en", help=_("the words' language: en"))
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
    """The option's words, each checked: text that shows, at most LONGEST_WORD characters."""
    if not words and not empty:
        raise UsageError("{option} needs at least one word", option=option)
    if len(words) > MOST_WORDS:
        raise UsageError(
            "{option} has {count} words; a table has {most}",
            option=option,
            count=len(words),
            most=MOST_WORDS,
        )
    for word in words:
        if not word.strip():
            raise UsageError("{option} holds an empty word", option=option)
        if len(word) > LONGEST_WORD:
            raise UsageError(
                "{option}: {word!r} is longer than {longest} characters",
                option=option,
                word=word[:LONGEST_WORD] + "...",
                longest=LONGEST_WORD,
            )
        control = next((char for char in word if unicodedata.category(char).startswith("C")), None)
        if control is not None:
            raise UsageError(
                "{option}: a word holds the control character {code}",
                option=option,
                code=f"U+{ord(control):04X}",
            )
    _distinct(words)
    return [word.strip() for word in words]


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
