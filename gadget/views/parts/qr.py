"""A link as a QR code, for the partner's camera: PNG bytes made once per link, the image on
screen, and whether a link is short enough for a camera to read it.

The limit was measured with the site's own reader (jsQR) on a 720x480 picture, the size the
site's camera takes (ResolutionPreset.MEDIUM), the code filling 300 to 440 pixels of it and
softly blurred, as a phone held at arm's length films another's screen: up to version 13
(73 modules with the border, about 330 characters of link) jsQR read 28 to 30 of 30 pictures;
version 14 read 25, version 16 24, version 17 and above half or fewer.
"""

from __future__ import annotations

import base64
import functools
import struct
import zlib
from typing import Final

import flet as ft
import qrcode
from qrcode.constants import ERROR_CORRECT_M
from qrcode.exceptions import DataOverflowError

CORRECTION: Final = ERROR_CORRECT_M  # 15% of the code may be lost: a glare, a thumb
BORDER: Final = 2  # modules of white around the code (the panel around it is white too)
LARGEST_VERSION: Final = 13  # the largest QR code a phone's camera reads on the site (above)
MODULE_PIXELS: Final = 4  # screen pixels a module, at least: a camera reads it at arm's length
BOX_PIXELS: Final = 8  # a module's pixels a side in the PNG: one byte of a 1-bit row


def _modules(text: str) -> list[list[bool]]:
    """The text's QR code as every phone draws it (the smallest version that holds it), its
    border included: True for a dark module."""
    code: qrcode.QRCode[object] = qrcode.QRCode(error_correction=CORRECTION, border=BORDER)
    code.add_data(text)
    code.make(fit=True)
    matrix: list[list[bool]] = code.get_matrix()
    return matrix


@functools.lru_cache(maxsize=64)
def qr_version(text: str) -> int:
    """The version (1..40) of the text's QR code: 17 + 4 x version modules a side; a
    DataOverflowError or a ValueError past 40 (only the size is worked out, not the code)."""
    code = qrcode.QRCode(error_correction=CORRECTION)
    code.add_data(text)
    return int(code.best_fit())


def fits_qr(text: str) -> bool:
    """Whether a phone's camera reads the text's QR code (LARGEST_VERSION, measured)."""
    try:
        return qr_version(text) <= LARGEST_VERSION
    except (DataOverflowError, ValueError):  # more than any QR code holds
        return False


def qr_side(text: str, least: int) -> int:
    """Pixels a side the text's QR code is drawn at: `least`, or more for a long link, so
    that each module keeps MODULE_PIXELS."""
    return max(least, MODULE_PIXELS * (17 + 4 * qr_version(text) + 2 * BORDER))


@functools.lru_cache(maxsize=64)
def qr_png(text: str) -> bytes:
    """A QR code of the text as PNG bytes, for the partner's camera (made once per link), each
    module one byte of a 1-bit grey row compressed by zlib: PyPNG packed the same picture's
    bits one by one in Python, half of a QR code's 10 ms on the event loop (issue 36)."""
    rows = [bytes(0x00 if dark else 0xFF for dark in row) for row in _modules(text)]
    side = len(rows) * BOX_PIXELS
    raw = b"".join(b"\x00" + row for row in rows for _ in range(BOX_PIXELS))  # filter 0: none
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)  # 1-bit grey, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw))
        + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, kind, data and the CRC of kind and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def qr_image(text: str, size: int) -> ft.Image:
    """The QR code of the text on screen, its PNG given as base64 text: WebKit (Safari, every
    browser on an iPhone) draws nothing for an image Flet sends as bytes, and draws this."""
    return ft.Image(src=base64.b64encode(qr_png(text)).decode("ascii"), width=size, height=size)
