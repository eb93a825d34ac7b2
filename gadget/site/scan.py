"""Reading the partner's QR code on the static site: the camera's picture is read in the
browser by jsQR (from the npm registry, shipped in the site as vendor/jsQR.js), which Python
calls through Pyodide. No image library is packed: the browser decodes the picture."""

from __future__ import annotations

import importlib
import re
from typing import Any, Final

from gadget.engine import Player
from gadget.engine.classic import ClassicCard
from gadget.services import addresses
from gadget.services.links import ScanError, code_in_text

JSQR: Final = "vendor/jsQR.js"  # beside python-worker.js, whose address the worker has

# The picture drawn on a canvas of the worker's own, its pixels given to jsQR.
READ: Final = """
async (photo) => {
  if (typeof self.jsQR !== "function") {
    await import(new URL("JSQR", self.location.href).href);
  }
  const bitmap = await createImageBitmap(new Blob([photo]));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const image = context.getImageData(0, 0, bitmap.width, bitmap.height);
  const found = self.jsQR(image.data, image.width, image.height);
  return found ? found.data : "";
}
""".replace("JSQR", JSQR)


def route_of_text(text: str) -> str:
    """Where a QR code of the site leads: a team's link to its import (asked there), or a
    game's link or bare code to side B (with the words the link carries); anything else
    is refused in one line."""
    packed = addresses.packed_team_in_link(text)
    if packed is not None:
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,3000}", packed):
            raise ScanError("that QR code is not a Gadget team ({text!r})", text=text[:60])
        return addresses.import_team(packed)
    code = code_in_text(text)
    if isinstance(code, ClassicCard):
        return addresses.classic(code)
    return addresses.play(code, Player.B, addresses.in_query(text, addresses.WORDS_QUERY))


async def route_of_picture(photo: bytes) -> str:
    """Where the QR code in the camera's picture leads, read by jsQR in this browser."""
    code: Any = importlib.import_module("pyodide.code")  # only in the browser
    ffi: Any = importlib.import_module("pyodide.ffi")
    try:
        text = await code.run_js(READ)(ffi.to_js(photo))
    except Exception:  # the browser could not read the picture at all
        raise ScanError("the camera gave no picture: try again or type the code") from None
    if not text:
        raise ScanError("no QR code in the picture: hold the phone closer, or type the code")
    return route_of_text(str(text))
