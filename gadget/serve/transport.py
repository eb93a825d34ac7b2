"""Flet's web transport (flet-web 1.0.5) wrote every message it sent into a debug line,
whether or not anyone logs them: the whole patch, every control in it, as text. That was
2-3% of a served process's CPU at every move (docs/benchmarks.md, the sixth pass). Here the
line is written only when its logger would keep it; the bytes sent are Flet's own."""

from __future__ import annotations

import logging
from typing import Any, Final

import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet_web.fastapi import flet_app  # type: ignore[import-untyped]

#: The flet-web whose `FletApp.send_message` this copies (tests/test_transport.py checks).
FLET_WEB_VERSION: Final = "1.0.5"
#: Flet's own, kept (the test compares the bytes both queue).
FLETS_SEND_MESSAGE: Final = flet_app.FletApp.send_message


def send_message(self: Any, message: Message) -> None:
    """Flet's `FletApp.send_message`, its debug line formatted only when it is logged, and
    nothing sent once the phone's send loop has ended (its queue gone, before Flet detaches
    the session): a row changed in place sends from inside the table's render, where Flet's
    error put up "Something went wrong" on a phone that was leaving (an outsider's flood);
    Flet's own `send_data_channel_frame` drops such a frame the same way."""
    queue = self._FletApp__send_queue
    if queue is None:
        return
    if flet_app.transport_log.isEnabledFor(logging.DEBUG):
        flet_app.transport_log.debug("send_message: %s", message)
    body = msgpack.packb(
        [message.action, message.body],
        default=configure_encode_object_for_msgpack(BaseControl),  # type: ignore[no-untyped-call]
    )
    queue.put_nowait(b"\x00" + body)


def quiet_sends() -> None:
    """Install it (once a process; the server does, before any phone)."""
    flet_app.FletApp.send_message = send_message
