"""A phone's identity is never written over because its storage failed to answer: a read
that failed once (a server restarting under the phone) made a new identity and wrote it
over the one kept, and the phone lost its seats for good."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from unittest.mock import patch

from gadget.services.phones import STORAGE_KEY
from gadget.services.table import Table
from gadget.store import Store
from tests.phones import Phone, RecordingConnection, device_of, new_device

_answer = RecordingConnection._answer  # the browser as it answers


def _failing(times: int) -> Any:
    """A browser whose storage fails the first `times` reads of the phone's identity."""
    failures = [times]

    async def answer(connection: RecordingConnection, call: Any) -> None:
        if call.name == "get" and (call.args or {}).get("key") == STORAGE_KEY and failures[0]:
            failures[0] -= 1
            assert connection.session is not None
            connection.session.handle_invoke_method_results(
                call.control_id, call.call_id, None, "SecurityError: storage is unavailable"
            )
            return
        await _answer(connection, call)

    return answer


def _home(tmp_path: Path, failures: int) -> tuple[Phone, dict[str, Any], Table]:
    table = Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}"))
    device = new_device()
    table.deal(tokens=11, phone=device_of(device))

    async def scenario() -> Phone:
        phone = Phone("/", storage=dict(device), table=table)
        with patch.object(RecordingConnection, "_answer", _failing(failures)):
            await phone.open()
            for _ in range(100):  # the tries are 0.3 s apart
                if phone.says("New game"):
                    break
                await asyncio.sleep(0.05)
                await phone.settle()
        return phone

    return asyncio.run(scenario()), device, table


def test_a_read_that_fails_once_is_asked_again_and_the_phone_keeps_its_games(
    tmp_path: Path,
) -> None:
    phone, device, _table = _home(tmp_path, failures=1)
    assert phone.storage[STORAGE_KEY] == device[STORAGE_KEY]
    assert phone.says("Resume")  # its practice game, on Home


def test_a_storage_that_never_answers_never_loses_the_identity_it_keeps(
    tmp_path: Path,
) -> None:
    phone, device, _table = _home(tmp_path, failures=1_000)
    assert phone.says("New game")  # Home, as a phone new for this visit
    assert phone.storage[STORAGE_KEY] == device[STORAGE_KEY]  # kept for the next visit
