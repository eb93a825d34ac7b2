"""A screen's first wait for the browser is one wait: what the app reads of the phone before
its first screen (the served app: the phone's identity, its language choice, its browser's
languages; the site: the language and the team) is asked all at once, not one answer after
another (each answer is a round trip to a phone's browser, over a slow network at times)."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

from gadget.services.phones import STORAGE_KEY as PHONE_KEY
from gadget.services.table import Table
from gadget.site.hold import TEAM_KEY
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.phones import Phone, RecordingConnection
from tests.screens import at_the_table
from tests.test_site_screens import alone


async def asked_before_any_answer(route: str, site: bool) -> set[tuple[str, Any]]:
    """What a phone's app asks of the browser while the browser answers nothing."""
    asked: set[tuple[str, Any]] = set()

    async def answer_nothing(_connection: RecordingConnection, call: Any) -> None:
        asked.add((call.name, (call.args or {}).get("key")))

    with patch.object(RecordingConnection, "_answer", answer_nothing):
        await Phone(route, site=site).open()
    return asked


@at_the_table
async def test_the_served_app_asks_the_identity_and_the_language_at_once(table: Table) -> None:
    asked = await asked_before_any_answer("/", site=False)
    assert {("get", PHONE_KEY), ("get", LANGUAGE_KEY), ("get_device_info", None)} <= asked


@alone
async def test_the_site_asks_the_language_and_the_team_at_once() -> None:
    asked = await asked_before_any_answer("/", site=True)
    assert {("get", LANGUAGE_KEY), ("get_device_info", None), ("get", TEAM_KEY)} <= asked
