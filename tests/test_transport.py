"""Flet's web transport with its debug line written only when logged (`serve/transport.py`)
sends Flet's own bytes, and the server installs it."""

from __future__ import annotations

import asyncio
import logging
from importlib.metadata import version
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction
from flet_web.fastapi import flet_app  # type: ignore[import-untyped]

from gadget.serve import transport
from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store


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
