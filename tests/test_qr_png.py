"""A QR code's PNG is written by Gadget's own few lines over zlib, not by PyPNG: PyPNG packed
the picture's bits one by one in Python, half of a QR code's 10 ms on the event loop every
phone of a process shares (a deal, a restart's waiting phone A: issue 36)."""

from __future__ import annotations

import io

import png
import pytest
import qrcode
from PIL import Image
from qrcode.image.pure import PyPNGImage

from gadget.views.parts.qr import BORDER, CORRECTION, qr_png, qr_version

LINKS = [
    "A",  # the smallest code
    "https://192.168.1.20:8550/join/ABCD-1234-WXYZ",
    "https://gadget.example.org/#/join/ABCD-1234-WXYZ?words=" + "quokka," * 38,  # version 13
]


def _pypng(text: str) -> bytes:
    """The same QR code as qrcode's own PyPNG writer draws it, eight pixels a module."""
    code = qrcode.QRCode(
        error_correction=CORRECTION, border=BORDER, box_size=8, image_factory=PyPNGImage
    )
    code.add_data(text)
    code.make(fit=True)
    out = io.BytesIO()
    code.make_image().save(out)
    return out.getvalue()


@pytest.mark.parametrize("link", LINKS)
def test_a_qr_code_is_the_picture_pypng_draws_byte_for_byte(link: str) -> None:
    qr_png.cache_clear()
    ours = qr_png(link)
    assert ours == _pypng(link)
    picture = Image.open(io.BytesIO(ours))
    side = 8 * (17 + 4 * qr_version(link) + 2 * BORDER)
    assert (picture.mode, picture.size) == ("1", (side, side))


def test_a_qr_code_is_written_without_pypng(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a QR code's PNG written by PyPNG's pure-Python packing")

    monkeypatch.setattr(png.Writer, "write", refuse)
    qr_png.cache_clear()
    assert qr_png(LINKS[1]).startswith(b"\x89PNG\r\n\x1a\n")
    qr_png.cache_clear()
