"""A phone's identity is never written over because its storage failed to answer: a read
that failed once (a server restarting under the phone) made a new identity and wrote it
over the one kept, and the phone lost its seats for good."""

from __future__ import annotations

import asyncio
from typing import Any
from unittest.mock import patch

from gadget.services.phones import STORAGE_KEY
from gadget.services.table import Table
from tests.phones import Phone, RecordingConnection, device_of, new_device
from tests.screens import at_the_table

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


async def _home(table: Table, failures: int) -> tuple[Phone, dict[str, Any]]:
    """A phone with a practice game of its own, opening Home while its storage fails the
    first `failures` reads of its identity."""
    device = new_device()
    table.deal(tokens=11, phone=device_of(device))
    phone = Phone("/", storage=dict(device))
    with patch.object(RecordingConnection, "_answer", _failing(failures)):
        await phone.open()
        for _ in range(100):  # the tries are 0.3 s apart: Home within 0.6 s
            if phone.says("New game"):
                break
            await asyncio.sleep(0.05)
            await phone.settle()
    return phone, device


@at_the_table
async def test_a_read_that_fails_once_is_asked_again_and_the_phone_keeps_its_games(
    table: Table,
) -> None:
    phone, device = await _home(table, failures=1)
    assert phone.storage[STORAGE_KEY] == device[STORAGE_KEY]
    assert phone.says("Resume")  # its practice game, on Home


@at_the_table
async def test_a_storage_that_never_answers_never_loses_the_identity_it_keeps(
    table: Table,
) -> None:
    phone, device = await _home(table, failures=1_000)
    assert phone.says("New game")  # Home, as a phone new for this visit
    assert phone.storage[STORAGE_KEY] == device[STORAGE_KEY]  # kept for the next visit
