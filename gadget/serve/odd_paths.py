"""Addresses typed or pasted oddly still open the app, which says what is wrong with them:
a doubled slash is taken out (Flutter read `//join/CODE` as a host named "join" and drew a
grey page forever), and a page's address the file system cannot look up (a NUL, a name past
its length) gets the app's page, not a bare "Not Found" (an outsider's)."""

from __future__ import annotations

import re
from typing import Final
from urllib.parse import quote

from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

SLASHES: Final = re.compile(r"/{2,}")
NAME_BYTES: Final = 255  # the longest file name most file systems look up
UNFIT: Final = re.compile(r"[\x00-\x1f\x7f]")


def one_slash(path: str) -> str:
    """The path with each run of slashes made one."""
    return SLASHES.sub("/", path)


def a_page(path: str) -> bool:
    """Whether the path names a screen of the app, not a file: its last part has no
    extension (as Flet's own fallback to the app's page judges)."""
    last = path.rsplit("/", 1)[-1]
    return "." not in last


def unfit_for_files(path: str) -> bool:
    """Whether looking the path up as a file fails before it can find nothing: a control
    character, or a part longer than a file's name may be."""
    return bool(UNFIT.search(path)) or any(
        len(part.encode()) > NAME_BYTES for part in path.split("/")
    )


class OddPaths:
    """The middleware: a GET with doubled slashes is sent to its address with one (308), and
    a page's address unfit for the file system is served the app's page, whose router then
    reads the address as the phone shows it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if "//" in path:
            query = scope.get("query_string", b"").decode("latin-1")
            target = quote(one_slash(path), safe="/") + (f"?{query}" if query else "")
            await RedirectResponse(target, status_code=308)(scope, receive, send)
            return
        if a_page(path) and unfit_for_files(path):
            scope = {**scope, "path": "/", "raw_path": b"/"}
        await self.app(scope, receive, send)
