"""The first wait for the browser is one wait: what the app reads of the phone before its
first screen (the served app: the phone's identity, the language chosen, the browser's
languages; the site: the language chosen and the browser's languages) is asked all at once,
not one answer after another (each answer is a round trip to a phone's browser)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from unittest.mock import patch

from gadget.services.phones import STORAGE_KEY as PHONE_KEY
from gadget.services.table import Table
from gadget.store import Store
from gadget.views.language import STORAGE_KEY as LANGUAGE_KEY
from tests.phones import Phone, RecordingConnection
from tests.test_site_screens import alone


async def asked_before_any_answer(
    route: str, site: bool, table: Table | None = None
) -> set[tuple[str, Any]]:
    """What a phone's app asks of the browser while the browser answers nothing."""
    asked: set[tuple[str, Any]] = set()

    async def answer_nothing(_connection: RecordingConnection, call: Any) -> None:
        asked.add((call.name, (call.args or {}).get("key")))

    with patch.object(RecordingConnection, "_answer", answer_nothing):
        await Phone(route, site=site, table=table).open()
    return asked


def test_the_served_app_asks_the_identity_and_the_language_at_once(tmp_path: Path) -> None:
    table = Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}"))
    asked = asyncio.run(asked_before_any_answer("/", site=False, table=table))
    assert {("get", PHONE_KEY), ("get", LANGUAGE_KEY), ("get_device_info", None)} <= asked


@alone
async def test_the_site_asks_the_language_chosen_and_the_browsers_at_once() -> None:
    asked = await asked_before_any_answer("/", site=True)
    assert {("get", LANGUAGE_KEY), ("get_device_info", None)} <= asked
