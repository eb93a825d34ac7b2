"""Files a player saves or picks: downloads in a browser, uploads read once."""

from __future__ import annotations

import asyncio
from typing import Final

import flet as ft

from gadget.engine.errors import Message
from gadget.services import addresses
from gadget.services.uploads import (
    INBOX,
    check_size,
    not_arrived,
    read_upload,
    too_large,
)
from gadget.views.parts.language import _, ngettext, number
from gadget.views.parts.link import current_link


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
    (a ValueError) for one too large, not UTF-8, or that did not arrive."""
    return await pick_text(what, ("json",))


async def pick_text(what: Message, extensions: tuple[str, ...]) -> str | None:
    """The text of a file of those kinds the player picks, or None when they cancel;
    UploadError (a ValueError) for one too large, not UTF-8, or that did not arrive."""
    if current_link() is None:  # the static site or the tests' phones: the file is read here
        picked = await ft.FilePicker().pick_files(
            allowed_extensions=list(extensions), with_data=True
        )
        return read_upload(picked[0].bytes, what) if picked else None
    return await _upload_text(what, extensions)


UPLOADING: Final = 120.0  # seconds a phone has to send a picked file


async def _upload_text(what: Message, extensions: tuple[str, ...]) -> str | None:
    """On a server, the file's size is checked before any of it is sent, and it is sent by
    HTTP beside the WebSocket: a file too large is refused in one line, the screen as it was."""
    name, arrived = INBOX.expect()
    try:
        failed: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()

        def progress(event: ft.FilePickerUploadEvent) -> None:
            if event.error and not failed.done():
                failed.set_result(None)

        picker = ft.FilePicker(on_upload=progress)
        files = await picker.pick_files(allowed_extensions=list(extensions))
        if not files:
            return None
        if files[0].bytes is not None:  # a phone that sent the file with the pick after all
            return read_upload(files[0].bytes, what)
        check_size(files[0].size, what)
        address = ft.FilePickerUploadFile(upload_url=addresses.UPLOAD + name, id=files[0].id)
        await picker.upload([address])
        waiting: list[asyncio.Future[bytes | None]] = [arrived, failed]
        done, _ = await asyncio.wait(
            waiting, timeout=UPLOADING, return_when=asyncio.FIRST_COMPLETED
        )
        if arrived not in done:
            raise not_arrived(what)
        data = arrived.result()
        if data is None:
            raise too_large(what)
        return read_upload(data, what)
    finally:
        INBOX.forget(name)


def safe_file_name(name: str) -> str:
    """A team's name as part of a download's file name: letters, digits, - and _ only."""
    kept = "".join(c if c.isalnum() or c in "-_" else "-" for c in name).strip("-")
    return kept[:40] or "team"
