"""The app's files gzipped once per server process, off the event loop: Starlette's GZip
compressed every 64 KiB piece of every file on the loop, again for each phone that opened
the app (2 s of the loop every phone shares per opening, docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import zlib
from typing import Final

from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SMALLEST: Final = 1024  # bytes: a smaller body is sent as it is
ON_THE_LOOP: Final = 64 * 1024  # bytes: a larger body is compressed on a worker thread
KEPT_AT_MOST: Final = 64 * 1024 * 1024  # compressed bytes kept; past that, compressed each time
NOT_COMPRESSED: Final = tuple(kind.split("/*")[0] for kind in DEFAULT_EXCLUDED_CONTENT_TYPES)


def gzipped(body: bytes) -> bytes:
    """The body as a gzip stream (the best compression: it is done once a file)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return compressor.compress(body) + compressor.flush()


class CompressedOnce:
    """Every response a browser may take gzipped is compressed whole; a file (a response with
    an ETag) is compressed the first time only, and its compressed bytes are kept by path and
    ETag. A changed file has another ETag, so an old copy is never sent for it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.kept: dict[tuple[str, str], bytes] = {}
        self.kept_bytes = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or "gzip" not in Headers(scope=scope).get("accept-encoding", ""):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        pieces: list[bytes] = []

        async def compressing(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = Headers(raw=message["headers"])
                kind = headers.get("content-type", "").split(";")[0].strip().lower()
                if (
                    message["status"] == 200
                    and "content-encoding" not in headers
                    and not kind.startswith(NOT_COMPRESSED)
                ):
                    start = message  # held until the whole body is here
                    return
            elif message["type"] == "http.response.body" and start is not None:
                pieces.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                body = b"".join(pieces)
                if len(body) >= SMALLEST:
                    etag = Headers(raw=start["headers"]).get("etag")
                    body = await self._compressed(str(scope["path"]), etag, body, start)
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            elif start is not None:  # another kind of body (a path to send): as it is
                await send(start)
                start = None
            await send(message)

        await self.app(scope, receive, compressing)

    async def _compressed(self, path: str, etag: str | None, body: bytes, start: Message) -> bytes:
        """The body gzipped (kept for a file), and the response's headers saying so."""
        key = (path, etag) if etag else None
        packed = self.kept.get(key) if key else None
        if packed is None:
            if len(body) > ON_THE_LOOP:
                packed = await asyncio.to_thread(gzipped, body)
            else:
                packed = gzipped(body)
            if key and self.kept_bytes + len(packed) <= KEPT_AT_MOST:
                self.kept[key] = packed
                self.kept_bytes += len(packed)
        headers = MutableHeaders(raw=list(start["headers"]))
        headers["content-encoding"] = "gzip"
        headers["content-length"] = str(len(packed))
        headers.add_vary_header("Accept-Encoding")
        start["headers"] = headers.raw
        return packed
