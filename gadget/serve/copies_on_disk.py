"""Compressed copies of the app's files kept in a folder by what they hold: a server that
starts again, or another process of the same install, sends a file's brotli copy to its
first phone instead of spending half a minute of a core making it again (issue 34: each
test server made them anew, and so did a home computer after every restart)."""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import os
import re
import threading
import time
import zlib
from pathlib import Path
from typing import Final

import brotli  # type: ignore[import-untyped]

KEPT_DAYS: Final = 30  # a copy no server has read for this long is removed (an old client's)
# The names this folder's copies have: any other file in it (a folder named by
# GADGET_COMPRESSED_FOLDER may hold some) is never removed.
_COPY: Final = re.compile(r"\.?[0-9a-f]{64}\.(br|gzip)(\.\d+\.\d+)?")
_OPENED: Final = {"br": brotli.decompress, "gzip": gzip.decompress}


def digest(body: bytes) -> str:
    """What names a file's copies: the hash of what it holds (a new client is a new name)."""
    return hashlib.sha256(body).hexdigest()


class CopiesOnDisk:
    """A folder of copies, each named by its file's digest and its coding; one that does not
    open to the file it names (cut short, edited) is never sent, and is made again."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._swept = False

    def find(self, name: str, coding: str, body: bytes) -> bytes | None:
        """The copy of `body` in this coding, if one is kept and opens to `body` (a thread's
        work: it reads and decompresses a few megabytes)."""
        if self.folder is None:
            return None
        path = self.folder / f"{name}.{coding}"
        try:
            packed = path.read_bytes()
            if _OPENED[coding](packed) != body:
                return None
            os.utime(path)  # read now: kept another KEPT_DAYS
        except (OSError, brotli.error, EOFError, gzip.BadGzipFile, zlib.error, ValueError):
            return None
        return packed

    def keep(self, name: str, coding: str, packed: bytes) -> None:
        """Keep a copy for the next start (written whole or not at all); a folder that cannot
        be written only means the next start compresses again."""
        if self.folder is None:
            return
        path = self.folder / f"{name}.{coding}"
        part = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
            self._sweep()
            part.write_bytes(packed)
            os.replace(part, path)
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)

    def _sweep(self) -> None:
        """Once a process: remove the copies nobody read for KEPT_DAYS (an earlier client's)."""
        if self._swept or self.folder is None:
            return
        self._swept = True
        oldest = time.time() - KEPT_DAYS * 86_400
        for path in self.folder.iterdir():
            with contextlib.suppress(OSError):
                if _COPY.fullmatch(path.name) and path.stat().st_mtime < oldest:
                    path.unlink()
