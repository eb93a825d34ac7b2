"""gadget serve: the app for phones on this network."""

from __future__ import annotations

import argparse
from typing import Any


def add_commands(commands: Any) -> None:
    """serve."""
    serve = commands.add_parser("serve", help="serve the app to phones on this network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (all)")
    serve.add_argument("--port", type=int, default=8550, help="port (8550)")
    serve.set_defaults(run=serve_app)


def serve_app(args: argparse.Namespace) -> str:
    """Serve until stopped; Flet loads only for this command (the others stay quick)."""
    from gadget.views.app import serve  # noqa: PLC0415

    serve(host=args.host, port=args.port)
    return ""
