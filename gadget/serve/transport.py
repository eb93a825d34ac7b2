"""Flet's web transport (flet-web 1.0.5) wrote every message it sent into a debug line,
whether or not anyone logs them: the whole patch, every control in it, as text. That was
2-3% of a served process's CPU at every move (docs/benchmarks.md, the sixth pass). Here the
line is written only when its logger would keep it; the bytes sent are Flet's own (packed by
`serve/packing.py`, which reads each control class's tables once). And a
phone's late answer to a control the server no longer holds is dropped, not an error that
ends the phone's connection."""

from __future__ import annotations

import logging
from typing import Any, Final

import msgpack  # type: ignore[import-untyped]
from flet.messaging.protocol import Message
from flet.messaging.session import Session
from flet_web.fastapi import flet_app  # type: ignore[import-untyped]

from gadget.serve import packing

#: The flet-web whose `FletApp.send_message` this copies (tests/test_transport.py checks).
FLET_WEB_VERSION: Final = "1.0.5"
#: Flet's own, kept (the test compares the bytes both queue).
FLETS_SEND_MESSAGE: Final = flet_app.FletApp.send_message
#: Flet's own, kept: what answers a control the session holds.
FLETS_INVOKE_RESULTS: Final = Session.handle_invoke_method_results
#: What a call to a control that went is answered with (as Flet's closed session says).
CONTROL_GONE: Final = "Control gone"


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
    body = msgpack.packb([message.action, message.body], default=packing.encode)
    queue.put_nowait(b"\x00" + body)


def invoke_results(
    self: Any, control_id: int, call_id: str, result: object, error: str | None
) -> None:
    """Flet's `Session.handle_invoke_method_results`, an answer for a control the session no
    longer holds taken as that call's end: Flet raised, which ended the phone's receive loop
    and so its connection (an outsider's, in a server's log: likely the sound of a turn
    timer run out, asked of a service gone by the time the browser answered)."""
    if control_id in self._Session__index:
        FLETS_INVOKE_RESULTS(self, control_id, call_id, result, error)
        return
    waiting = self._Session__method_calls.pop(call_id, None)
    if waiting is not None:  # its caller, if it still waits, is told the control went
        self._Session__method_call_results[waiting] = (None, CONTROL_GONE)
        waiting.set()


def install() -> None:
    """Install both (once a process; the server does, before any phone)."""
    flet_app.FletApp.send_message = send_message
    Session.handle_invoke_method_results = invoke_results  # type: ignore[method-assign]
