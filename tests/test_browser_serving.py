"""HTTPS as a phone's browser sees it: `gadget serve --tls` gives a secure context (the
camera and the wake lock are allowed there); a plain http:// address at a network name
does not, and Home says why and what to do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browsers import NAME, Browser, Page, _phone
from tests.processes import _start_server, patience_ms, stop

pytestmark = pytest.mark.browser
NOTICE = "This address starts with http://, not https://"


def _open(browser: Browser, url: str) -> Page:
    """A phone that accepted the self-signed certificate once, reaching only this machine."""
    page = _phone(
        browser, url, (390, 844), rf"https?://(127\.0\.0\.1|{NAME})", ignore_https_errors=True
    )
    page.get_by_text("Join your partner").first.wait_for(state="attached", timeout=patience_ms())
    return page


def test_https_is_a_secure_context_and_a_plain_network_address_is_not(
    tmp_path: Path, named_browser: Browser
) -> None:
    for folder in ("tls", "plain"):
        (tmp_path / folder).mkdir()
    secure_server, secure_url = _start_server(tmp_path / "tls" / "gadget.db", 0, "--tls")
    plain_server, plain_url = _start_server(tmp_path / "plain" / "gadget.db")
    try:
        assert (tmp_path / "tls" / "gadget-cert.pem").exists()  # kept in the data folder
        secure = _open(named_browser, secure_url.replace("127.0.0.1", NAME) + "/")
        assert secure.evaluate("window.isSecureContext") is True
        assert secure.get_by_text(NOTICE).count() == 0
        secure.get_by_role("button", name="New game", exact=True).click()
        secure.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first.wait_for()
        link = secure.get_by_text(re.compile(r"/join/")).first.inner_text()
        assert link.startswith("https://gadget.test:")  # the QR code's link is https too

        plain = _open(named_browser, plain_url.replace("127.0.0.1", NAME) + "/")
        assert plain.evaluate("window.isSecureContext") is False
        plain.get_by_text(NOTICE).first.wait_for(state="attached", timeout=patience_ms())
    finally:
        for process in (secure_server, plain_server):
            stop(process)
