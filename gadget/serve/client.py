"""Flet's web client with nothing in it from another host, and no font Gadget never draws: its
one address elsewhere is Rive's animation runtime on jsDelivr, which the client asks for at
every page load although Gadget draws no animation; it now asks the page's own server, which
answers 404 (as the blocked request failed before: the app never waits on it). Its font list
names KaTeX's twenty math fonts and Cupertino's icons, which Flutter downloads and reads
before its first frame; Gadget's lists Material's icons and Roboto alone. Both apps use this:
the served one once at start, the static site once at build (tools/build_site.py)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Final

from gadget.engine import GadgetError

# The Rive runtime's address, in the JavaScript client and as a string constant of the
# WebAssembly one (Chromium loads that one): the version is Rive's, not Flet's.
RIVE_CDN: Final = re.compile(
    rb"https://cdn\.jsdelivr\.net/npm/@rive-app/flutter-native-wasm@[0-9.]+/"
)
NOT_SERVED: Final = b"rive-not-served/"  # a folder under the page's address that no file is in
CLIENT_FILES: Final = ("main.dart.js", "main.dart.wasm")  # the two builds of Flet's client


FONT_MANIFEST: Final = "assets/FontManifest.json"  # the fonts Flutter loads before drawing
FONTS_DRAWN: Final = ("MaterialIcons", "Roboto")  # every icon, every text (Flet adds Roboto)
ROBOTO: Final = {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}  # as Flet's
MADE: Final = (*CLIENT_FILES, FONT_MANIFEST)  # what rewritten_client makes
REWRITE: Final = "fonts-1"  # what this module does to a client: a new one is made again


class ClientError(GadgetError):
    """Flet's web client is not the one this module knows how to change."""


def here_instead(address: bytes) -> bytes:
    """A relative address under the page's own, exactly as long as `address` (so a WebAssembly
    module's string table keeps its byte counts): "./" segments, which a browser drops."""
    padding = len(address) - len(NOT_SERVED)
    if padding < 0 or padding % 2:
        raise ClientError("no address of the same length for {address}", address=address.decode())
    return b"./" * (padding // 2) + NOT_SERVED


def without_other_hosts(client: bytes, name: str) -> bytes:
    """The client file `name` with Rive's address on jsDelivr pointed at the page's own server;
    a client with no such address (another Flet) is refused, so that a new host is looked at."""
    found = RIVE_CDN.findall(client)
    if not found:
        raise ClientError(
            "{name} does not ask jsDelivr for Rive: look at Flet's client again", name=name
        )
    return RIVE_CDN.sub(lambda seen: here_instead(seen.group()), client)


def fonts_drawn(manifest: bytes) -> bytes:
    """Flutter's font list with only the fonts Gadget draws (Roboto added, as Flet adds it
    for a client that asks no CDN); a list without Material's icons is refused, so that
    another Flet's fonts are looked at."""
    listed = json.loads(manifest)
    kept = [family for family in listed if family.get("family") in FONTS_DRAWN]
    if not any(family["family"] == "MaterialIcons" for family in kept):
        raise ClientError(
            "{name} lists no MaterialIcons: look at its fonts again", name=FONT_MANIFEST
        )
    if not any(family["family"] == "Roboto" for family in kept):
        kept.append(ROBOTO)
    return json.dumps(kept).encode()


def rewritten_client(web: Path, into: Path) -> Path:
    """The client files of Flet's web folder `web`, rewritten into the folder `into`."""
    into.mkdir(parents=True, exist_ok=True)
    for name in CLIENT_FILES:
        (into / name).write_bytes(without_other_hosts((web / name).read_bytes(), name))
    (into / FONT_MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    (into / FONT_MANIFEST).write_bytes(fonts_drawn((web / FONT_MANIFEST).read_bytes()))
    return into


def served_client(web: Path, cache: Path) -> Path:
    """The rewritten client, made once for this Flet client and kept in the folder `cache`
    (the app's own data folder: a shared temporary folder would let another user of the
    machine put a client there first, and every phone would run it), under a name that is
    this client's (every server process and every restart share it; a process killed
    mid-way leaves nothing behind)."""
    sources = [web / name for name in MADE]
    stamp = hashlib.sha256(
        "|".join(
            [REWRITE, *(f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in sources)]
        ).encode()
    ).hexdigest()[:16]
    folder = cache / stamp
    if all((folder / name).is_file() for name in MADE):
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"{stamp}-", dir=cache))
    rewritten_client(web, staging)
    try:
        staging.rename(folder)  # whole or not at all: another process may make it meanwhile
    except OSError:  # another process made it first
        shutil.rmtree(staging, ignore_errors=True)
    return folder
