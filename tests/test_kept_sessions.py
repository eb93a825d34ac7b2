"""A server process keeps the pages of phones gone only so long and only so many
(`serve/kept_sessions.py`): Flet kept each an hour, and phones that came and went grew a
process for that hour (an outsider: 100 phones opened and closed three times, 133 to 183
MiB), a script's pages without bound. The real app under uvicorn, in this process (so
that the most kept can be made small), phones' sockets, Flet's own pages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pytest
import uvicorn
import websockets
from flet_web.fastapi.flet_app_manager import app_manager  # type: ignore[import-untyped]

from gadget.serve import kept_sessions
from gadget.serve.kept_sessions import KEPT_SECONDS, _sessions, let_go
from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store
from tests.processes import _free_port
from tests.test_frames import REGISTER

pytestmark = pytest.mark.process
PATIENCE = 30.0


def _pages() -> dict[str, Any]:
    """The pages Flet keeps in this process, by their session's id."""
    return {page.id: page for page in _sessions(app_manager).values()}


async def _until(condition: Callable[[], bool]) -> bool:
    deadline = asyncio.get_running_loop().time() + PATIENCE
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


async def _registered(socket: Any) -> str:
    """Register a page on this socket, as a phone's browser does; its session's id."""
    await socket.send(REGISTER)
    action, body = msgpack.unpackb((await socket.recv())[1:], strict_map_key=False)
    assert action == 1 and body["session_id"], body  # Flet's answer to a register
    return str(body["session_id"])


async def _phones_come_and_go(app: Any) -> None:
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    serving = asyncio.create_task(server.serve())
    assert await _until(lambda: server.started)
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as staying:
            here = await _registered(staying)
            gone = []
            for _phone in range(5):
                async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as leaving:
                    gone.append(await _registered(leaving))
                assert await _until(lambda: _pages()[gone[-1]].connection is None)
            assert await _until(lambda: not set(gone[:3]) & set(_pages()))  # the longest gone
            pages = _pages()
            assert {here, *gone[3:]} <= set(pages)  # the two gone last, and the phone here
            waits = pages[gone[4]].expires_at - datetime.now(UTC)
            assert KEPT_SECONDS - 60 < waits.total_seconds() <= KEPT_SECONDS  # not Flet's hour
        await let_go(app_manager, 0)  # nothing of this test left in Flet's table
    finally:
        server.should_exit = True
        await serving


def test_pages_of_phones_gone_past_the_most_kept_are_let_go_the_longest_gone_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_sessions, "KEPT_MOST", 2)
    monkeypatch.setattr(kept_sessions, "LOOK_SECONDS", 0.05)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    app = asgi_app(Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}")))
    asyncio.run(_phones_come_and_go(app))
