"""What every command shares: the parser that refuses in one line, reading and writing files."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import IO, Any, NoReturn

from gadget.engine import GadgetError
from gadget.engine.errors import Message, visible
from gadget.language import ENGLISH, Language
from gadget.services.uploads import MAX_UPLOAD

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


STANDARD_INPUT = Message("standard input")
STANDARD_OUTPUT = Message("standard output")


class UsageError(GadgetError):
    """Words on the command line, or a file named there, that the command cannot take."""


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line and exit status 2, like every other bad input, and
    an option is never guessed from its first letters (`--game` was read as `--games`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


#: Characters a number on the command line may have (a 64-bit seed has 20 digits).
LONGEST_NUMBER = 30


def whole_number(text: str) -> int:
    """A number given on the command line, or a refusal in one short line: argparse quoted a
    wrong one whole, and one of 5,000 digits filled the terminal."""
    if len(text) > LONGEST_NUMBER:
        raise argparse.ArgumentTypeError(
            gettext("{start}... has {count} characters: not a number this command takes").format(
                start=text[:12], count=len(text)
            )
        )
    try:
        if "_" in text:  # Python's grouping (1_0 is 10) reads as a typo here
            raise ValueError(text)
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            gettext("{value!r} is not a whole number").format(value=text)
        ) from None


def read_input(path: str) -> str:
    """A file's text (or standard input's, for -), or one line saying why it cannot be read.

    At most MAX_UPLOAD bytes are read, as from a phone (every file a command reads, a log, a
    backup or a map, is far smaller): one more byte is enough to refuse a larger file, so a
    huge file or an endless stream (/dev/zero) costs neither the time nor the memory.
    """
    if path == "-":
        stream = sys.stdin  # None when the shell closed it: nothing to read
        try:
            data = _at_most(getattr(stream, "buffer", stream), STANDARD_INPUT) if stream else b""
        except OSError as failed:  # a folder given as standard input (< /tmp)
            raise UsageError(
                "{path}: {strerror}", path=STANDARD_INPUT, strerror=failed.strerror
            ) from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError("standard input: not UTF-8 text") from None
    try:
        with open(path, "rb") as file:
            data = _at_most(file, path)
    except FileNotFoundError:
        raise UsageError("{path}: no such file", path=path) from None
    except IsADirectoryError:
        raise UsageError("{path}: is a folder, not a file", path=path) from None
    except OSError as failed:
        raise UsageError("{path}: {strerror}", path=path, strerror=failed.strerror) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("{path}: not UTF-8 text", path=path) from None


def _at_most(stream: IO[Any], name: str | Message) -> bytes:
    """A stream's bytes, refused in one line past MAX_UPLOAD after reading one byte more."""
    data = stream.read(MAX_UPLOAD + 1)
    if isinstance(data, str):  # a text stream put in place of standard input
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > MAX_UPLOAD:
        raise UsageError(
            "{path}: more than {most} KiB; at most {most} KiB (1 MiB) are read",
            path=name,
            most=MAX_UPLOAD // 1024,
        )
    return bytes(data)


def write_output(path: str, text: str) -> None:
    """Write text to a file, or say in one line why it could not be written."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str, data: bytes) -> None:
    """Write a file (standard output for -, as - reads standard input), or say in one line
    why it could not be written."""
    try:
        if path == "-":
            if sys.stdout is None:  # closed by the shell (>&-)
                raise OSError(errno.EBADF, os.strerror(errno.EBADF))
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            return
        with open(path, "wb") as file:
            file.write(data)
    except OSError as failed:
        where = STANDARD_OUTPUT if path == "-" else path
        raise UsageError("{path}: {strerror}", path=where, strerror=failed.strerror) from None


LONGEST_LINE = 500


def one_line(error: BaseException) -> str:
    """A message on one line in the command line's language, whatever the input put in it:
    a control character a path or a name carried is shown as its escape (so it cannot move
    the cursor or turn the terminal's text around), and a longer line is cut with an ellipsis.
    """
    line = visible(" ".join(say(error).split())[: LONGEST_LINE + 1])
    return line if len(line) <= LONGEST_LINE else line[: LONGEST_LINE - 1] + "…"
