"""The app's files compressed once per server process, never on the event loop: Starlette's
GZip compressed every 64 KiB piece of every file on the loop, again for each phone that
opened the app (2 s of the loop every phone shares per opening, docs/benchmarks.md).

A browser that takes brotli gets it (a fifth smaller than gzip for the client's largest
files); brotli at its best takes seconds a file, so it is made once, on a thread of its own
at the lowest priority, while phones are sent the gzip copy (issue 24)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Final

import brotli  # type: ignore[import-untyped]
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gadget.serve.copies_on_disk import CopiesOnDisk, digest

SMALLEST: Final = 1024  # bytes: a smaller body is sent as it is
KEPT_AT_MOST: Final = 64 * 1024 * 1024  # compressed bytes kept; past that, compressed each time
NOT_COMPRESSED: Final = tuple(kind.split("/*")[0] for kind in DEFAULT_EXCLUDED_CONTENT_TYPES)
BROTLI_BEST: Final = 11  # a file's, made once: 12.6 -> 10.4 MB for the client's 7 largest
BROTLI_EACH_TIME: Final = 5  # a response that is no file (no ETag): compressed each time
PREFERRED: Final = ("br", "gzip")  # at equal q-values


def gzipped(body: bytes) -> bytes:
    """The body as a gzip stream (the best compression: it is done once a file)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return compressor.compress(body) + compressor.flush()


def brotlied(body: bytes, quality: int = BROTLI_BEST) -> bytes:
    """The body as a brotli stream."""
    return bytes(brotli.compress(body, quality=quality))


def accepted(header: str) -> list[str]:
    """The codings of PREFERRED an Accept-Encoding header takes, best first: by q-value, then
    brotli before gzip; one at q=0 (or unnamed when `*` is at q=0) is refused."""
    weights: dict[str, float] = {}
    for part in header.lower().split(","):
        coding, _, parameters = part.partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[coding.strip()] = weight
    ranked = [(weights.get(c, weights.get("*", 0.0)), -PREFERRED.index(c), c) for c in PREFERRED]
    return [coding for weight, _, coding in sorted(ranked, reverse=True) if weight > 0]


def tagged(etag: str, coding: str) -> str:
    """A file's ETag for one of its compressed copies: each coding of a file has its own."""
    return etag[:-1] + f'-{coding}"' if etag.endswith('"') else f"{etag}-{coding}"


def untagged(tag: str, codings: list[str]) -> str:
    """The file's own ETag for the ETag of one of its copies in a coding of `codings`; any
    other ETag as it is."""
    for coding in codings:
        if tag.endswith(f'-{coding}"'):
            return tag.removesuffix(f'-{coding}"') + '"'
    return tag


class Brotlier:
    """One thread at the lowest priority that makes the best brotli copy of each file it is
    given, one at a time: a file's first phones are sent gzip meanwhile. The thread is a
    daemon: a server that stops does not wait for a copy no phone will be sent."""

    def __init__(self) -> None:
        self.waiting: queue.SimpleQueue[Callable[[], object]] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    def make(
        self, body: bytes, done: Callable[[bytes], None], kept: Callable[[bytes], None]
    ) -> None:
        """Compress `body` on the thread, hand the copy to `kept` there (to write it to
        disk), then to `done` on the event loop."""
        loop = asyncio.get_running_loop()

        def job() -> None:
            packed = brotlied(body)
            kept(packed)
            loop.call_soon_threadsafe(done, packed)

        self.waiting.put(job)
        if self.thread is None:
            self.thread = threading.Thread(target=self._work, name="brotli", daemon=True)
            self.thread.start()

    def _work(self) -> None:
        """Copies made while the loop and the browsers' own work come first (Linux: this
        thread's own nice value; elsewhere as any thread)."""
        with contextlib.suppress(AttributeError, OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        while True:
            job = self.waiting.get()
            # A copy that cannot be made (memory) is not: the file is sent gzipped. A loop
            # that has closed has no one to tell.
            with contextlib.suppress(brotli.error, MemoryError, RuntimeError):
                job()


class CompressedOnce:
    """Every response a browser may take compressed is compressed whole; a file (a response
    with an ETag) is compressed the first time only, and its copies are kept by path, ETag and
    coding (and in `folder` by what the file holds, for the next start). A changed file has
    another ETag, so an old copy is never sent for it; each copy has its own ETag, and a
    phone's copy is found again when it asks if it is still good."""

    def __init__(self, app: ASGIApp, folder: Path | None = None) -> None:
        self.app = app
        self.kept: dict[tuple[str, str, str], bytes] = {}
        self.kept_bytes = 0
        self.asked_for: set[tuple[str, str, str]] = set()  # brotli copies made or being made
        self.brotlier = Brotlier()
        self.disk = CopiesOnDisk(folder)
        self.names: dict[tuple[str, str], str] = {}  # (path, ETag): the digest on disk
        self.looking: dict[tuple[str, str], asyncio.Future[tuple[str, dict[str, bytes]]]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        codings = (
            accepted(Headers(scope=scope).get("accept-encoding", ""))
            if scope["type"] == "http"
            else []
        )
        if not codings:
            await self.app(scope, receive, send)
            return
        scope, asked = self._asked_as_stored(scope, codings)
        start: Message | None = None
        pieces: list[bytes] = []

        async def compressing(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = Headers(raw=message["headers"])
                kind = headers.get("content-type", "").split(";")[0].strip().lower()
                if message["status"] == 304 and headers.get("etag") in asked:
                    message["headers"] = self._revalidated(message, asked)
                elif (
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
                    body = await self._compressed(str(scope["path"]), body, start, codings)
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            elif start is not None:  # another kind of body (a path to send): as it is
                await send(start)
                start = None
            await send(message)

        await self.app(scope, receive, compressing)

    @staticmethod
    def _asked_as_stored(scope: Scope, codings: list[str]) -> tuple[Scope, dict[str, str]]:
        """The request with each ETag of a compressed copy the browser may still take asked
        as the file's own (which the files know), and the copy's ETag for each."""
        asked: dict[str, str] = {}
        headers = []
        for name, value in scope["headers"]:
            if name != b"if-none-match":
                headers.append((name, value))
                continue
            tags = [tag.strip() for tag in value.decode("latin-1").split(",")]
            files = [untagged(tag, codings) for tag in tags]
            asked |= {file: tag for file, tag in zip(files, tags, strict=True) if file != tag}
            headers.append((name, ", ".join(files).encode("latin-1")))
        return ({**scope, "headers": headers} if asked else scope), asked

    @staticmethod
    def _revalidated(start: Message, asked: dict[str, str]) -> list[tuple[bytes, bytes]]:
        """A 304 for a compressed copy: named by the copy's ETag, as the browser knows it."""
        headers = MutableHeaders(raw=list(start["headers"]))
        headers["etag"] = asked[headers["etag"]]
        headers.add_vary_header("Accept-Encoding")
        return headers.raw

    async def _compressed(
        self, path: str, body: bytes, start: Message, codings: list[str]
    ) -> bytes:
        """The body in the best coding the browser takes that is ready (kept for a file), and
        the response's headers saying so; a brotli copy not made yet is asked for."""
        headers = MutableHeaders(raw=list(start["headers"]))
        etag = headers.get("etag")
        headers.add_vary_header("Accept-Encoding")
        coding, packed = await self._packed(path, etag, body, codings)
        if packed is not body:
            headers["content-encoding"] = coding
            headers["content-length"] = str(len(packed))
            if etag:
                headers["etag"] = tagged(etag, coding)
        start["headers"] = headers.raw
        return packed

    async def _packed(
        self, path: str, etag: str | None, body: bytes, codings: list[str]
    ) -> tuple[str, bytes]:
        """(coding, bytes) to send: a kept copy, else gzip made now on a worker thread (brotli
        only when gzip is refused, quickly); the body itself when nothing else is ready."""
        if etag is None:  # no file: compressed each time, off the loop
            if codings[0] == "br":
                return "br", await asyncio.to_thread(brotlied, body, BROTLI_EACH_TIME)
            return "gzip", await asyncio.to_thread(gzipped, body)
        if (path, etag) not in self.names:  # this process's first ask: what a start kept
            # One look a file, however many phones ask at once after a restart.
            looking = self.looking.get((path, etag))
            if looking is None:
                looking = asyncio.ensure_future(asyncio.to_thread(self._on_disk, body))
                self.looking[(path, etag)] = looking
            try:
                named, found = await asyncio.shield(looking)
            except BaseException:
                self.looking.pop((path, etag), None)  # asked again by the next phone
                raise
            if (path, etag) not in self.names:
                self.names[(path, etag)] = named
                for coding, packed in found.items():
                    self._keep((path, etag, coding), packed)
                self.looking.pop((path, etag), None)
        name = self.names[(path, etag)]
        for coding in codings:
            kept = self.kept.get((path, etag, coding))
            if kept is not None:
                return coding, kept
            if coding == "br":
                self._make_brotli((path, etag, coding), name, body)
            else:
                packed = await asyncio.to_thread(self._gzipped_and_kept, name, body)
                self._keep((path, etag, coding), packed)
                return coding, packed
        return "identity", body

    def _on_disk(self, body: bytes) -> tuple[str, dict[str, bytes]]:
        """The file's name on disk and the copies kept there (on a worker thread)."""
        name = digest(body)
        found = {coding: self.disk.find(name, coding, body) for coding in PREFERRED}
        return name, {coding: packed for coding, packed in found.items() if packed is not None}

    def _gzipped_and_kept(self, name: str, body: bytes) -> bytes:
        """The gzip copy, written to disk as well (on a worker thread)."""
        packed = gzipped(body)
        self.disk.keep(name, "gzip", packed)
        return packed

    def _make_brotli(self, key: tuple[str, str, str], name: str, body: bytes) -> None:
        """The file's brotli copy made once, on the brotli thread, and kept when made."""
        if key not in self.asked_for:
            self.asked_for.add(key)
            self.brotlier.make(
                body,
                lambda packed: self._keep(key, packed),
                lambda packed: self.disk.keep(name, "br", packed),
            )

    def _keep(self, key: tuple[str, str, str], packed: bytes) -> None:
        """A copy kept while the copies are under KEPT_AT_MOST bytes in all."""
        if key not in self.kept and self.kept_bytes + len(packed) <= KEPT_AT_MOST:
            self.kept[key] = packed
            self.kept_bytes += len(packed)
