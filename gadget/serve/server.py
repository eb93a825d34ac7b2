"""Serving the app the way Python web apps are served: Flet's ASGI app under uvicorn, over
HTTPS when asked, with a health check, compressed files, and cache headers that let a
second visit load from the browser's cache."""

from __future__ import annotations

import datetime as dt
import os
import socket
import sys
from pathlib import Path
from typing import Any, Final

import flet as ft
import flet_web.fastapi  # type: ignore[import-untyped]
import uvicorn
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gadget.engine import GadgetError
from gadget.language import Language, from_environment
from gadget.serve import transport
from gadget.serve.budget import MAX_MESSAGE, ConnectionBudget
from gadget.serve.client import MADE, served_client
from gadget.serve.collector import Pace
from gadget.serve.compressed import CompressedOnce
from gadget.serve.control_ids import number_apart
from gadget.serve.kept_sessions import KEPT_SECONDS, KeptSessions
from gadget.serve.odd_paths import OddPaths
from gadget.serve.opening import served_assets
from gadget.services import addresses
from gadget.services.table import Table
from gadget.services.tls import Certificate, given, self_signed
from gadget.services.uploads import INBOX, MAX_UPLOAD
from gadget.services.worker import leave_with
from gadget.store import Store, data_folder
from gadget.views.app import main_in_turn

SUPERVISOR: Final = "GADGET_SUPERVISOR"  # the process id `--workers` processes leave with
ASSETS: Final = Path(__file__).resolve().parents[2] / "assets"  # Flet's assets: the sounds
# FastAPI's own pages (Swagger, ReDoc, the schema): Flet's inner app makes them; not served.
NOT_SERVED: Final = ("/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json")


class ServeError(GadgetError):
    """A way of serving that cannot work (several processes on SQLite, say)."""


class CacheHeaders:
    """Every file the page loads may be kept, but is checked again before use (`no-cache`
    with the ETag Starlette sends): a second visit costs a few hundred bytes a file, and a
    new version of the app is never hidden behind a stale copy."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                headers.append((b"cache-control", b"no-cache"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_header)


def asgi_app(table: Table | None = None) -> Any:
    """The whole site as one ASGI app: the health check, then the Flet app at every other
    path. Each server process makes its own (uvicorn calls this once a worker)."""
    if table is None:  # one of `--workers` processes (or uvicorn's own, run by hand)
        # A supervisor killed outright left them serving for good. Its number comes from it:
        # a process still starting when it died has init for its parent by now.
        if SUPERVISOR in os.environ:
            leave_with(int(os.environ[SUPERVISOR]))
        table = Table(Store())
        table.hub.connect(table.store)  # hear the other processes (PostgreSQL)
    transport.install()
    number_apart()  # ids no earlier process gave: a phone coming back holds those
    # Once, before any phone; kept in the data folder for the next start.
    web = Path(flet_web.get_package_web_dir())
    client = served_client(web, data_folder() / "client")
    assets = served_assets(web, ASSETS, data_folder() / "page")  # Flet's page, watched
    pace = Pace()  # the garbage collector, paced while this process serves
    kept = KeptSessions()  # the pages of phones gone, so many and so long
    site = flet_web.fastapi.FastAPI(
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        on_startup=[pace.start, kept.start],
        on_shutdown=[table.hub.close, pace.stop, kept.stop],
    )

    def health() -> JSONResponse:
        """200 while this process and its database answer; 503 otherwise (a proxy stops
        sending phones here)."""
        ok = table.store.healthy()
        return JSONResponse({"ok": ok}, status_code=200 if ok else 503)

    site.add_api_route(addresses.HEALTH, health, include_in_schema=False)
    site.add_api_route(
        addresses.UPLOAD + "{name}", receive_upload, methods=["PUT"], include_in_schema=False
    )
    for path in NOT_SERVED:
        site.add_api_route(path, not_served, include_in_schema=False)
    rewritten = StaticFiles(directory=client)  # Flet's client: no other host, no unused font
    site.router.routes += [Route(f"/{name}", rewritten) for name in MADE]

    site.add_middleware(CompressedOnce, folder=compressed_folder())
    site.add_middleware(CacheHeaders)
    site.add_middleware(ConnectionBudget)
    site.add_middleware(OddPaths)  # outermost: what the others see is the address mended

    async def opened(page: ft.Page) -> None:  # Flet awaits a coroutine function's page
        await main_in_turn(page, table)

    flet_app = flet_web.fastapi.app(
        opened, assets_dir=str(assets), no_cdn=True, session_timeout_seconds=KEPT_SECONDS
    )
    flet_app.router.routes = [
        route for route in flet_app.router.routes if getattr(route, "path", "") not in NOT_SERVED
    ]
    for app in (site, flet_app):  # the Flet app answers every path the site has no route for
        app.add_exception_handler(HTTPException, refused_plainly)
    site.mount("/", flet_app)
    return site


def compressed_folder() -> Path:
    """Where the compressed copies of the client's files are kept from one start to the next:
    the data folder's, or the one GADGET_COMPRESSED_FOLDER names (shared by a test run's
    servers, each of which has a data folder of its own)."""
    named = os.environ.get("GADGET_COMPRESSED_FOLDER")
    return Path(named) if named else data_folder() / "compressed"


async def receive_upload(name: str, request: Request) -> Response:
    """A file a screen asked for, sent by its phone's browser (Flet's upload): at most
    MAX_UPLOAD bytes are read, and only under a name a screen of this process is waiting on."""
    if not INBOX.expects(name):
        return PlainTextResponse("Not Found", status_code=404)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_UPLOAD:
        INBOX.deliver(name, None)
        return PlainTextResponse("Too Large", status_code=413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_UPLOAD:
            INBOX.deliver(name, None)
            return PlainTextResponse("Too Large", status_code=413)
    INBOX.deliver(name, bytes(data))
    return Response(status_code=200)


async def refused_plainly(_request: Request, refused: Exception) -> Response:
    """A request this server does not take (a POST to the health check...) answered in one
    plain line, as every other refusal here, not in FastAPI's JSON."""
    assert isinstance(refused, HTTPException)
    return PlainTextResponse(refused.detail, refused.status_code, headers=refused.headers)


def not_served() -> PlainTextResponse:
    """404, as for any file that is not there: FastAPI's pages show how the server is built
    (and load Swagger from a CDN), for no player's use."""
    return PlainTextResponse("Not Found", status_code=404)


def lan_address() -> str:
    """This machine's address on the local network, for the phones; loopback when there is none.

    Connecting a UDP socket only picks a route: no packet is sent.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def print_address(url: str, words: Language) -> None:
    """The address a phone should open, and the same as a QR code for its camera."""
    import qrcode  # noqa: PLC0415  (only the server needs it)

    print(
        "\n" + words.gettext("Gadget is running. On a phone on this network, open:"),
        f"\n\n    {url}\n",
        sep="",
        flush=True,
    )
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()


def certificate(
    tls: bool, certfile: Path | None, keyfile: Path | None, shown: str
) -> Certificate | None:
    """The certificate to serve with: the owner's files, else (with --tls) the self-signed
    one kept in the data folder; None for plain HTTP."""
    if certfile is not None or keyfile is not None:
        if certfile is None or keyfile is None:
            raise ServeError("--certfile and --keyfile go together")
        return given(certfile, keyfile)
    if not tls:
        return None
    addresses = sorted({shown, "127.0.0.1"})
    return self_signed(data_folder(), addresses, dt.datetime.now(dt.UTC))


def serve(
    host: str = "0.0.0.0",
    port: int = 8550,
    *,
    tls: bool = False,
    certfile: Path | None = None,
    keyfile: Path | None = None,
    workers: int = 1,
) -> None:
    """Serve the app to phones, with no CDN (works offline): one process on SQLite, or
    `workers` processes sharing a PostgreSQL database."""
    store = Store()  # opens (and migrates) the database before any phone connects
    if workers > 1 and not store.serves_several_processes:
        raise ServeError(
            "--workers {workers} needs a database server "
            "(GADGET_DATABASE_URL=postgresql+psycopg://...): SQLite's live notices "
            "stay inside one process",
            workers=workers,
        )
    shown = lan_address() if host in ("0.0.0.0", "") else host
    served = certificate(tls, certfile, keyfile, shown)
    scheme = "https" if served else "http"
    words = from_environment()  # the console speaks as the command line does: LANG
    print_address(f"{scheme}://{shown}:{port}/", words)
    if served is not None:
        made = words.gettext("made now") if served.made else words.gettext("kept")
        print(
            words.gettext(
                "HTTPS certificate ({made}): {file}\n  SHA-256 {fingerprint}\n  A phone warns once"
                " that it does not know this certificate: check the start of the fingerprint if"
                " you like, then accept it (docs/serving.md)."
            ).format(made=made, file=served.certfile, fingerprint=served.fingerprint),
            flush=True,
        )
    games = store.count_games_in_progress()
    if games:
        print(
            words.ngettext(
                "{count} game in progress resumed.", "{count} games in progress resumed.", games
            ).format(count=games),
            flush=True,
        )
    lonely = store.teams_without_phones()
    if lonely:
        print(
            words.gettext(
                "No phone is in {teams} yet: `gadget team invite TEAM` prints the link that brings"
                " one in."
            ).format(
                teams=", ".join(lonely[:5])
                + (words.gettext(" and others") if len(lonely) > 5 else "")
            ),
            flush=True,
        )
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws": "websockets-sansio",  # as Flet serves itself
        "ws_max_size": MAX_MESSAGE,  # a longer message closes its connection (1009), unread
        "log_level": os.environ.get("GADGET_LOG_LEVEL", "warning"),
        "timeout_graceful_shutdown": 5,
    }
    if served is not None:
        options |= {"ssl_certfile": str(served.certfile), "ssl_keyfile": str(served.keyfile)}
    if workers > 1:
        store.close()
        os.environ[SUPERVISOR] = str(os.getpid())  # what its workers leave with
        uvicorn.run(f"{__name__}:asgi_app", factory=True, workers=workers, **options)
    else:
        table = Table(store)
        table.hub.connect(store)
        uvicorn.run(asgi_app(table), **options)
