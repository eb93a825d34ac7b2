"""What every command shares: the parser that refuses in one line, reading and writing files."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from gadget.engine import GadgetError
from gadget.language import ENGLISH, Language

# The command line's language: LANG and its kin (main sets it once; one command, one user).
_speaking: list[Language] = [ENGLISH]


def speak(language: Language) -> None:
    """Say everything from now on in this language, argparse's own words too."""
    _speaking[0] = language
    argparse._ = gettext  # type: ignore[attr-defined]  # argparse looks its words up here
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def spoken() -> Language:
    """The language the command line speaks."""
    return _speaking[0]


def gettext(message: str) -> str:
    """A message in the command line's language."""
    return _speaking[0].gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, count: int) -> str:
    """Words that depend on a count, in the command line's language."""
    return _speaking[0].ngettext(singular, plural, count)


def say(message: object) -> str:
    """An error or a Message from any layer, in the command line's language."""
    return _speaking[0].say(message)


class UsageError(GadgetError):
    """Words on the command line, or a file named there, that the command cannot take."""


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line and exit status 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def read_input(path: str) -> str:
    """A file's text (or standard input's, for -), or one line saying why it cannot be read."""
    if path == "-":
        try:
            return sys.stdin.read()
        except UnicodeDecodeError:
            raise UsageError("standard input: not UTF-8 text") from None
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        raise UsageError("{path}: no such file", path=path) from None
    except IsADirectoryError:
        raise UsageError("{path}: is a folder, not a file", path=path) from None
    except UnicodeDecodeError:
        raise UsageError("{path}: not UTF-8 text", path=path) from None
    except OSError as failed:
        raise UsageError("{path}: {strerror}", path=path, strerror=failed.strerror) from None


def write_output(path: str, text: str) -> None:
    """Write text to a file, or say in one line why it could not be written."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str, data: bytes) -> None:
    """Write a file, or say in one line why it could not be written."""
    try:
        with open(path, "wb") as file:
            file.write(data)
    except OSError as failed:
        raise UsageError("{path}: {strerror}", path=path, strerror=failed.strerror) from None


def one_line(error: BaseException) -> str:
    """A message on one line in the command line's language, whatever the input put in it."""
    return " ".join(say(error).split())[:500]
