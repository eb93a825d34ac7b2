"""Files a phone uploads (team backups, maps): size, encoding and JSON checked before any
of it is believed, each problem one line."""

from __future__ import annotations

import asyncio
import secrets
from typing import Final

from gadget.engine.errors import GadgetError, Message

MAX_UPLOAD: Final = 1024 * 1024  # bytes: a 1,000-attempt backup is about a third of this


class UploadError(GadgetError):
    """A file that was not read; nothing of it was written."""


def check_size(size: int, what: Message | str) -> None:
    """Refuse a file over MAX_UPLOAD, by the size its phone gives before sending any of it."""
    if size > MAX_UPLOAD:
        raise UploadError(  # KiB: a number no language needs to group (1,025 or 1 025)
            "the {what} has {size} KiB; at most {most} KiB (1 MiB) are read",
            what=what,
            size=-(-size // 1024),
            most=MAX_UPLOAD // 1024,
        )


def too_large(what: Message | str) -> UploadError:
    """A file that turned out larger than its phone said: its size is not known, only that
    it is over the limit (the rest of it was not read)."""
    return UploadError(
        "the {what} is too large: at most {most} KiB (1 MiB) are read",
        what=what,
        most=MAX_UPLOAD // 1024,
    )


def not_arrived(what: Message | str) -> UploadError:
    """A file whose sending failed or never came (the network, a server that restarted)."""
    return UploadError("the {what} did not arrive; pick it again", what=what)


def read_upload(data: bytes | None, what: Message | str) -> str:
    """The text of an uploaded file, refused when too large or not UTF-8; the mark some
    editors write first (Excel's "CSV UTF-8", Notepad) is not part of the text."""
    if data is None:
        raise UploadError("the {what} arrived empty; pick it again", what=what)
    check_size(len(data), what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UploadError(
            "the {what} is not UTF-8 text: save it as UTF-8 and pick it again", what=what
        ) from None


class Inbox:
    """Files on their way from phones to the screens that asked for them: a browser sends a
    file by HTTP beside its WebSocket (never in one WebSocket message, which a file too large
    would close), under a one-time name no one can guess."""

    def __init__(self) -> None:
        self._waiting: dict[str, asyncio.Future[bytes | None]] = {}

    def expect(self) -> tuple[str, asyncio.Future[bytes | None]]:
        """A new name to send a file under, and where its bytes will be (None: it was over
        MAX_UPLOAD, and the rest of it was not read)."""
        name = secrets.token_urlsafe(24)
        self._waiting[name] = asyncio.get_running_loop().create_future()
        return name, self._waiting[name]

    def expects(self, name: str) -> bool:
        """Whether a screen is waiting for a file under this name."""
        return name in self._waiting

    def deliver(self, name: str, data: bytes | None) -> None:
        """The file under this name has come (None: too large): the screen gets it, once."""
        waiting = self._waiting.pop(name, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(data)

    def forget(self, name: str) -> None:
        """The screen no longer waits (it gave up, or the phone left)."""
        self._waiting.pop(name, None)


INBOX: Final = Inbox()  # this server process's: the phone's WebSocket and its uploads reach it
