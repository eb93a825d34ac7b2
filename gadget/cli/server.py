"""gadget serve: the app for phones on this network, or for every table at one address."""

from __future__ import annotations

import argparse
import errno
import socket
from pathlib import Path
from typing import Any, Final

from gadget.cli.io import UsageError, _, whole_number

MAX_PORT: Final = 65535


def add_commands(commands: Any) -> None:
    """serve."""
    serve = commands.add_parser("serve", help=_("serve the app to phones on this network"))
    serve.add_argument("--host", default="0.0.0.0", help=_("address to listen on (all)"))
    serve.add_argument("--port", type=whole_number, default=8550, help=_("port (8550)"))
    serve.add_argument(
        "--tls",
        action="store_true",
        help=_(
            "HTTPS with a self-signed certificate kept in the data folder (phones allow the"
            " camera and keeping the screen on only over HTTPS)"
        ),
    )
    serve.add_argument("--certfile", type=Path, help=_("HTTPS with this certificate (PEM)"))
    serve.add_argument("--keyfile", type=Path, help=_("... and this private key (PEM)"))
    serve.add_argument(
        "--workers",
        type=whole_number,
        default=1,
        help=_("server processes (more than 1 needs PostgreSQL: GADGET_DATABASE_URL)"),
    )
    serve.set_defaults(run=serve_app)


def serve_app(args: argparse.Namespace) -> str:
    """Serve until stopped; Flet loads only for this command (the others stay quick)."""
    if not 1 <= args.workers <= 64:
        raise UsageError("--workers {workers}: 1 to 64", workers=args.workers)
    check_address(args.host, args.port)
    from gadget.serve.server import serve  # noqa: PLC0415  (after the checks: they are quick)

    serve(
        host=args.host,
        port=args.port,
        tls=args.tls,
        certfile=args.certfile,
        keyfile=args.keyfile,
        workers=args.workers,
    )
    return ""


def check_address(host: str, port: int) -> None:
    """Refuse, in one line and before anything starts, an address the server cannot listen
    on: a port outside 1..65535 (the printed address must be the one served, so 0, "any
    port", is refused too), a host that is no address of this machine, a port in use.

    The probe binds as uvicorn will (the same family, SO_REUSEADDR) and lets go at once.
    """
    if not 1 <= port <= MAX_PORT:
        raise UsageError("--port {port} is outside 1..{most}", port=port, most=MAX_PORT)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except (socket.gaierror, UnicodeError, ValueError):  # no such name, or no name at all
        raise UsageError("--host {host} is not an address of this machine", host=host) from None
    except OSError as failed:
        if failed.errno == errno.EADDRINUSE:
            raise UsageError(
                "--port {port} is already in use on {host}: stop what uses it, or choose"
                " another --port",
                port=port,
                host=host,
            ) from None
        if failed.errno == errno.EADDRNOTAVAIL:
            raise UsageError("--host {host} is not an address of this machine", host=host) from None
        raise UsageError(
            "--host {host} --port {port}: {strerror}",
            host=host,
            port=port,
            strerror=failed.strerror,
        ) from None
