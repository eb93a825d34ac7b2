"""Flet's web transport with its debug line written only when logged (`serve/transport.py`)
sends Flet's own bytes, a late answer for a control that went ends no connection, and the
server installs both."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session
from flet_web.fastapi import flet_app  # type: ignore[import-untyped]

from gadget.serve import transport
from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store
from tests.phones import RecordingConnection


def test_the_copy_is_of_the_flet_web_installed() -> None:
    """Another flet-web may send otherwise: copy its `send_message` again, and check."""
    assert version("flet-web") == transport.FLET_WEB_VERSION


class Said:
    """A value in a message that counts the times it was written out as text."""

    written = 0

    def __repr__(self) -> str:
        Said.written += 1
        return "said"


def patch_message() -> Message:
    """A patch as a move sends it, with controls in it."""
    controls = [ft.Text("B found an agent."), ft.Container(ft.Icon(ft.Icons.PERSON))]
    for number, control in enumerate(controls):
        control._i = 100 + number  # as a page's controls are numbered
    body = {"id": 1, "patch": [[0], [1, 0, "controls", controls]]}
    return Message(MessageAction.PATCH_CONTROL, body)


def queued(send: Any, message: Message) -> bytes:
    """The bytes `send` puts on a transport's queue for the message."""
    app = object.__new__(flet_app.FletApp)
    app._FletApp__send_queue = asyncio.Queue()
    send(app, message)
    sent: bytes = app._FletApp__send_queue.get_nowait()
    return sent


def test_the_bytes_sent_are_flets_own() -> None:
    message = patch_message()
    assert queued(transport.send_message, message) == queued(transport.FLETS_SEND_MESSAGE, message)


def test_a_message_sent_once_the_phones_send_loop_has_ended_is_dropped() -> None:
    """Between the end of Flet's send loop (its queue set to None) and the session's
    detaching, a render may still send: a row changed in place sends from inside the table's
    render, and Flet's error there put up "Something went wrong" on that phone (an outsider
    closed a flooded table's sockets while its taps were handled)."""
    app = object.__new__(flet_app.FletApp)
    app._FletApp__send_queue = None
    transport.send_message(app, patch_message())  # dropped, no error


def test_a_message_is_written_out_only_when_its_line_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Flet's wrote the whole message as text for a debug line nobody logged."""
    message = Message(MessageAction.PATCH_CONTROL, {"id": 1, "said": Said()})
    Said.written = 0
    caplog.set_level(logging.INFO, logger="flet_transport")
    with pytest.raises(TypeError):  # msgpack refuses the counter; the line came before it
        queued(transport.send_message, message)
    assert Said.written == 0
    caplog.set_level(logging.DEBUG, logger="flet_transport")
    with pytest.raises(TypeError):
        queued(transport.send_message, message)
    assert Said.written > 0 and "send_message: " in caplog.text


def test_the_server_sends_through_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flet_app.FletApp, "send_message", transport.FLETS_SEND_MESSAGE)
    asgi_app(Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}")))
    assert flet_app.FletApp.send_message is transport.send_message


def test_a_late_answer_for_a_control_that_went_ends_its_call_not_the_connection() -> None:
    """A phone answered a call (the sound of a turn timer run out) after its service was gone:
    Flet raised, which ended that phone's receive loop and its connection (an outsider's,
    in a server's log). The answer is now the call's end, and the session goes on."""

    async def answered() -> None:
        connection = RecordingConnection(asyncio.get_running_loop(), ThreadPoolExecutor(1))
        session = Session(connection)
        waiting = asyncio.Event()
        session._Session__method_calls["call 1"] = waiting
        with pytest.raises(RuntimeError, match="not registered"):  # Flet's own
            transport.FLETS_INVOKE_RESULTS(session, 424242, "call 1", None, None)
        transport.invoke_results(session, 424242, "call 1", None, None)
        assert waiting.is_set()
        assert session._Session__method_call_results[waiting] == (None, transport.CONTROL_GONE)
        transport.invoke_results(session, 424242, "no such call", None, None)  # nothing waits
        held = session.page  # a control the session holds: answered as Flet does
        held_waiting = asyncio.Event()
        session._Session__method_calls["call 2"] = held_waiting
        transport.invoke_results(session, held._i, "call 2", "played", None)
        assert session._Session__method_call_results[held_waiting] == ("played", None)

    asyncio.run(answered())


def test_the_server_takes_late_answers_through_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Session, "handle_invoke_method_results", transport.FLETS_INVOKE_RESULTS)
    asgi_app(Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}")))
    assert Session.handle_invoke_method_results is transport.invoke_results
