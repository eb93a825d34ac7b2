"""A link as a QR code, for the partner's camera: PNG bytes made once per link, and the image
on screen."""

from __future__ import annotations

import base64
import functools
import io

import flet as ft
import qrcode
from qrcode.image.pure import PyPNGImage


@functools.lru_cache(maxsize=64)
def qr_png(text: str) -> bytes:
    """A QR code of the text as PNG bytes, for the partner's camera (made once per link)."""
    image = qrcode.make(text, image_factory=PyPNGImage, border=2, box_size=8)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


def qr_image(text: str, size: int) -> ft.Image:
    """The QR code of the text on screen, its PNG given as base64 text: WebKit (Safari, every
    browser on an iPhone) draws nothing for an image Flet sends as bytes, and draws this."""
    return ft.Image(src=base64.b64encode(qr_png(text)).decode("ascii"), width=size, height=size)
