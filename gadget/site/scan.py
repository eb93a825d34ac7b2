"""Reading the partner's QR code on the static site: the camera's picture is read in the
browser by jsQR (from the npm registry, shipped in the site as vendor/jsQR.js), which Python
calls through Pyodide. No image library is packed: the browser decodes the picture."""

from __future__ import annotations

import importlib
from typing import Any, Final

from gadget.engine import ShareCode
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


async def read_in_the_browser(photo: bytes) -> ShareCode:
    """The share code in the camera's picture, read by jsQR in this browser."""
    code: Any = importlib.import_module("pyodide.code")  # only in the browser
    ffi: Any = importlib.import_module("pyodide.ffi")
    try:
        text = await code.run_js(READ)(ffi.to_js(photo))
    except Exception:  # the browser could not read the picture at all
        raise ScanError("the camera gave no picture: try again or type the code") from None
    if not text:
        raise ScanError("no QR code in the picture: hold the phone closer, or type the code")
    return code_in_text(str(text))
