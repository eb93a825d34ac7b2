"""gadget serve: the app for phones on this network, or for every table at one address."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gadget.cli.io import UsageError, _


def add_commands(commands: Any) -> None:
    """serve."""
    serve = commands.add_parser("serve", help=_("serve the app to phones on this network"))
    serve.add_argument("--host", default="0.0.0.0", help=_("address to listen on (all)"))
    serve.add_argument("--port", type=int, default=8550, help=_("port (8550)"))
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
        type=int,
        default=1,
        help=_("server processes (more than 1 needs PostgreSQL: GADGET_DATABASE_URL)"),
    )
    serve.set_defaults(run=serve_app)


def serve_app(args: argparse.Namespace) -> str:
    """Serve until stopped; Flet loads only for this command (the others stay quick)."""
    from gadget.views.server import serve  # noqa: PLC0415

    if not 1 <= args.workers <= 64:
        raise UsageError("--workers {workers}: 1 to 64", workers=args.workers)
    serve(
        host=args.host,
        port=args.port,
        tls=args.tls,
        certfile=args.certfile,
        keyfile=args.keyfile,
        workers=args.workers,
    )
    return ""
