"""Files a player saves or picks: downloads in a browser, uploads read once."""

from __future__ import annotations

import flet as ft

from gadget.engine.errors import Message
from gadget.services.uploads import read_upload
from gadget.views.language import _, ngettext, number


async def download(name: str, data: bytes) -> str:
    """Offer a file to save (in a browser, a download), and say so: a browser may save it
    without a word, and a player must know it happened and where to look."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    return _("Downloaded {name} ({size}): it is in your browser's downloads.").format(
        name=name, size=_size(len(data))
    )


def _size(count: int) -> str:
    """A file's size as a player reads it, in the phone's language."""
    if count < 1024:
        return ngettext("{count} byte", "{count} bytes", count).format(count=count)
    if count < 1024 * 1024:
        return _("{size} KB").format(size=number(round(count / 1024)))
    return _("{size} MB").format(size=number(round(count / 1024 / 1024, 1)))


async def pick_json(what: Message) -> str | None:
    """The text of a JSON file the player picks, or None when they cancel; UploadError
    (a ValueError) for one too large or not UTF-8."""
    files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
    if not files:
        return None
    return read_upload(files[0].bytes, what)
