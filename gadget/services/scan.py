"""A photo of the partner's QR code (or of the code itself in a link) read into a share code."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image, UnidentifiedImageError

from gadget.engine import ShareCode, ShareCodeError
from gadget.engine.errors import GadgetError


class ScanError(GadgetError):
    """The picture holds no share code; the message says what to try instead."""


def code_in_text(text: str) -> ShareCode:
    """A share code from what a QR code holds: a join link (…/join/CODE) or the bare code."""
    candidate = text.strip().rstrip("/").rsplit("/join/", 1)[-1]
    try:
        return ShareCode.parse(candidate)
    except ShareCodeError:
        raise ScanError("that QR code is not a Gadget game ({text!r})", text=text[:60]) from None


def code_in_photo(photo: bytes) -> ShareCode:
    """Decode the first QR code in a photo (JPEG or PNG from the camera) into a share code."""
    try:
        image = Image.open(io.BytesIO(photo))
        image.load()
    except (UnidentifiedImageError, OSError):
        raise ScanError("the camera gave no picture: try again or type the code") from None
    found = zxingcpp.read_barcodes(image.convert("L"))
    texts = [result.text for result in found if result.text]
    if not texts:
        raise ScanError("no QR code in the picture: hold the phone closer, or type the code")
    return code_in_text(texts[0])
