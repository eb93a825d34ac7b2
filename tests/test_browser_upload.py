"""A file picked in Chromium on the served app: its size is checked before any of it is sent,
and it goes by HTTP beside the WebSocket, so a file too large is refused in one line and the
screen goes on as it was (it once closed the phone's connection without a word)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bench.stall_attacks import largest_backup
from tests.browsers import Browser, Page, _phone, _see, _type
from tests.processes import patience_ms

pytestmark = pytest.mark.browser
REFUSED = (
    "That backup was not imported: the team backup has 48829 KiB;"
    " at most 1024 KiB (1 MiB) are read."
)


def _teams(browser: Browser, url: str) -> tuple[Page, float]:
    """The Teams screen on a new phone, and how long it took to show (this machine's pace)."""
    started = time.monotonic()
    page = _phone(browser, url + "/teams")
    page.get_by_text("Import a team").first.wait_for(state="attached", timeout=patience_ms())
    return page, time.monotonic() - started


def _pick(page: Page, file: Path) -> None:
    """Tap Import a team and choose this file in the browser's file chooser."""
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import a team").click()
    chooser.value.set_files(str(file))


def test_a_file_too_large_is_refused_in_one_line_and_the_screen_goes_on(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    page, opening = _teams(browser, server)
    huge = tmp_path / "holiday-video.json"
    with huge.open("wb") as file:
        file.truncate(50_000_000)  # 50 MB (of nothing: the browser says its size only)
    _type(page, page.get_by_role("textbox", name="New team"), "Owls")
    _pick(page, huge)
    refused = page.get_by_text(REFUSED)
    refused.wait_for(state="attached", timeout=max(10_000, 5_000 * opening))
    assert refused.inner_text() == REFUSED  # one line, the file's size and the limit
    # Nothing was lost: what was typed is there, and the same connection goes on.
    assert page.get_by_role("textbox", name="New team").input_value() == "Owls"
    page.get_by_role("button", name="Add team").click()
    _see(page, "Added Owls.")


def test_a_backup_is_read_by_http_beside_the_websocket(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    backup, games = largest_backup(tmp_path)  # the largest the app accepts: 1 MiB
    backup["team"]["name"] = "Owls abroad"
    file = tmp_path / "owls.gadget-team.json"
    file.write_text(json.dumps(backup, separators=(",", ":")))
    page, opening = _teams(browser, server)
    _pick(page, file)
    page.get_by_text("Imported Owls abroad.").wait_for(
        state="attached", timeout=max(20_000, 10_000 * opening)
    )
    assert games > 2_500
