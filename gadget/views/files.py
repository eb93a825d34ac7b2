"""Files a player saves or picks: downloads in a browser, uploads read once."""

from __future__ import annotations

import flet as ft

from gadget.services.uploads import read_upload


async def download(name: str, data: bytes) -> str:
    """Offer a file to save (in a browser, a download), and say so: a browser may save it
    without a word, and a player must know it happened and where to look."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    return f"Downloaded {name} ({_size(len(data))}): it is in your browser's downloads."


def _size(count: int) -> str:
    """A file's size as a player reads it."""
    if count < 1024:
        return f"{count} bytes"
    if count < 1024 * 1024:
        return f"{count / 1024:.0f} KB"
    return f"{count / 1024 / 1024:.1f} MB"


async def pick_json(what: str) -> str | None:
    """The text of a JSON file the player picks, or None when they cancel; UploadError
    (a ValueError) for one too large or not UTF-8."""
    files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
    if not files:
        return None
    return read_upload(files[0].bytes, what)
