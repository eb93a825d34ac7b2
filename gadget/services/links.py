"""What a QR code or a link carries: the share code in it (no image library: the static site
reads the picture in the browser, the server with zxing-cpp, and both end here)."""

from __future__ import annotations

from gadget.engine import ShareCode, ShareCodeError
from gadget.engine.classic import ClassicCard, parse_any
from gadget.engine.errors import GadgetError
from gadget.services import addresses


class ScanError(GadgetError):
    """The picture holds no share code; the message says what to try instead."""


def code_in_text(text: str) -> ShareCode | ClassicCard:
    """A share code from what a QR code holds: a join link (…/join/CODE, or …#/join/CODE on
    the static site; a classic card's …/classic/CODE) or the bare code."""
    candidate = addresses.code_in_link(text)
    try:
        return parse_any(candidate)
    except ShareCodeError:
        raise ScanError("that QR code is not a Gadget game ({text!r})", text=text[:60]) from None
