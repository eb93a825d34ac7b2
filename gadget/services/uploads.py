"""Files a phone uploads (team backups, maps): size, encoding and JSON checked before any
of it is believed, each problem one line."""

from __future__ import annotations

from typing import Final

from gadget.engine.errors import GadgetError, Message

MAX_UPLOAD: Final = 1024 * 1024  # bytes: a 1,000-attempt backup is about a third of this


class UploadError(GadgetError):
    """A file that was not read; nothing of it was written."""


def read_upload(data: bytes | None, what: Message | str) -> str:
    """The text of an uploaded file, refused when too large or not UTF-8."""
    if data is None:
        raise UploadError("the {what} arrived empty; pick it again", what=what)
    if len(data) > MAX_UPLOAD:
        raise UploadError(  # KiB: a number no language needs to group (1,025 or 1 025)
            "the {what} has {size} KiB; at most {most} KiB (1 MiB) are read",
            what=what,
            size=-(-len(data) // 1024),
            most=MAX_UPLOAD // 1024,
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as wrong:
        raise UploadError(
            "the {what} is not UTF-8 text (byte {start})", what=what, start=wrong.start
        ) from None
