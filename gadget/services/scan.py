"""A photo of the partner's QR code (or of the code itself in a link) read into a share code."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image, UnidentifiedImageError

from gadget.engine import ShareCode
from gadget.engine.classic import ClassicCard
from gadget.services.links import ScanError, code_in_text


def code_in_photo(photo: bytes) -> ShareCode | ClassicCard:
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
