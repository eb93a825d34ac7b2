"""Files a player saves or picks: downloads in a browser, uploads read once."""

from __future__ import annotations

import flet as ft

from gadget.services.uploads import read_upload


async def download(name: str, data: bytes) -> None:
    """Offer a file to save: in a browser, a download."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)


async def pick_json(what: str) -> str | None:
    """The text of a JSON file the player picks, or None when they cancel; UploadError
    (a ValueError) for one too large or not UTF-8."""
    files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
    if not files:
        return None
    return read_upload(files[0].bytes, what)
