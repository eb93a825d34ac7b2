"""Serving: the certificate `--tls` makes and keeps, the options `gadget serve` refuses in
one line, the site's health check, compression and cache headers, and what Home says on an
address where the phone's browser forbids the camera and the wake lock."""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import gzip
import ipaddress
import os
import signal
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from cryptography import x509
from starlette.testclient import TestClient

from gadget.serve.collector import YOUNG
from gadget.serve.server import asgi_app
from gadget.services.addresses import secure_origin
from gadget.services.table import Table
from gadget.services.tls import CertificateError, given, self_signed
from gadget.store import Store
from tests.conftest import empty_postgres
from tests.phones import Phone
from tests.processes import _free_port, holds_port
from tests.screens import at_the_table
from tests.test_cli import run

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
NOW = dt.datetime(2026, 11, 22, 12, 0, tzinfo=dt.UTC)
NOTICE = "This address starts with http://, not https://"


def _ips(path: Path) -> set[str]:
    certificate = x509.load_pem_x509_certificate(path.read_bytes())
    names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {str(a) for a in names.get_values_for_type(x509.IPAddress)} | set(
        names.get_values_for_type(x509.DNSName)
    )


def test_the_certificate_is_made_once_with_the_lan_address_and_its_key_kept_private(
    tmp_path: Path,
) -> None:
    made = self_signed(tmp_path, ["192.168.1.20", "127.0.0.1"], NOW)
    assert made.made
    assert _ips(made.certfile) == {"192.168.1.20", "127.0.0.1", "gadget.local", "localhost"}
    assert stat.S_IMODE(made.keyfile.stat().st_mode) == 0o600
    again = self_signed(tmp_path, ["127.0.0.1", "192.168.1.20"], NOW + dt.timedelta(days=300))
    assert not again.made and again.fingerprint == made.fingerprint  # phones accepted it once
    assert len(made.fingerprint.split(":")) == 32


def test_the_certificate_is_made_again_on_a_new_network_or_near_its_end(tmp_path: Path) -> None:
    first = self_signed(tmp_path, ["192.168.1.20"], NOW)
    moved = self_signed(tmp_path, ["10.0.0.7"], NOW)
    assert moved.made and moved.fingerprint != first.fingerprint
    assert "10.0.0.7" in _ips(moved.certfile)
    ending = self_signed(tmp_path, ["10.0.0.7"], NOW + dt.timedelta(days=397 - 29))
    assert ending.made
    certificate = x509.load_pem_x509_certificate(ending.certfile.read_bytes())
    assert certificate.not_valid_after_utc > NOW + dt.timedelta(days=397)


def test_a_damaged_certificate_is_replaced(tmp_path: Path) -> None:
    self_signed(tmp_path, ["127.0.0.1"], NOW)
    (tmp_path / "gadget-cert.pem").write_text("not a certificate")
    assert self_signed(tmp_path, ["127.0.0.1"], NOW).made


def test_the_owners_certificate_is_checked_before_serving(tmp_path: Path) -> None:
    made = self_signed(tmp_path, [str(ipaddress.ip_address("127.0.0.1"))], NOW)
    assert given(made.certfile, made.keyfile).fingerprint == made.fingerprint
    with pytest.raises(CertificateError, match="no such file"):
        given(tmp_path / "missing.pem", made.keyfile)
    junk = tmp_path / "junk.pem"
    junk.write_text("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
    with pytest.raises(CertificateError, match="not a PEM certificate"):
        given(junk, made.keyfile)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--workers", "2"], "--workers 2 needs a database server"),
        (["--workers", "0"], "--workers 0: 1 to 64"),
        (["--certfile", "cert.pem"], "--certfile and --keyfile go together"),
        (["--certfile", "nothing.pem", "--keyfile", "k.pem"], "nothing.pem: no such file"),
    ],
)
def test_serve_refuses_what_cannot_work_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    said: str,
) -> None:
    monkeypatch.setenv("GADGET_DATABASE_URL", f"sqlite:///{tmp_path / 'gadget.db'}")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    # Port 1: uvicorn could not start there if a check let these through. The address is
    # checked first, by the command line (tests/test_cli_bad_surroundings.py), and only root
    # may bind port 1: that check is passed over here.
    monkeypatch.setattr("gadget.cli.server.check_address", lambda host, port: None)
    status, _, err = run(capsys, "serve", "--port", "1", *options)
    assert status == 2
    assert said in err and len(err.strip().splitlines()) == 1, err


def test_the_site_answers_its_health_check_and_sends_files_compressed_and_revalidated(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    thresholds = gc.get_threshold()
    with TestClient(asgi_app(Table(store))) as client:
        # Full collections at the server's pace, not Python's (the load test's long tail).
        assert gc.get_threshold() == (YOUNG, thresholds[1], 1_000_000)
        assert gc.isenabled() and gc.get_freeze_count() > 0
        gc.set_threshold(*thresholds)  # the rest of this test run keeps Python's own
        gc.unfreeze()
        health = client.get("/healthz")
        assert health.status_code == 200 and health.json() == {"ok": True}
        for method, path in (("POST", "/healthz"), ("DELETE", "/upload/x"), ("POST", "/")):
            wrong = client.request(method, path)  # one plain line, as every refusal here
            assert (wrong.status_code, wrong.text) == (405, "Method Not Allowed"), path
            assert wrong.headers["content-type"].startswith("text/plain"), path
        script = client.get("/main.dart.js", headers={"Accept-Encoding": "gzip"})
        assert script.status_code == 200
        assert script.headers["content-encoding"] == "gzip"
        assert script.headers["cache-control"] == "no-cache"
        raw = int(script.headers.get("content-length", len(gzip.compress(script.content))))
        assert raw < len(script.content) / 2  # sent at under half its size
        again = client.get("/main.dart.js", headers={"If-None-Match": script.headers["etag"]})
        assert again.status_code == 304 and again.content == b""  # a second visit: cached
        page = client.get("/game/AAAAAAAAAAAAAAAAAAAAAA")
        assert page.status_code == 200 and b"<html" in page.content.lower()  # the app's page
        store.healthy = lambda: False  # type: ignore[method-assign]  # the database is gone
        down = client.get("/healthz")
        assert down.status_code == 503 and down.json() == {"ok": False}  # the proxy moves on
    store.close()


@pytest.mark.parametrize(
    ("page_url", "secure"),
    [
        ("wss://gadget.example/ws", True),
        ("https://gadget.example/", True),
        ("ws://127.0.0.1:8550/ws", True),
        ("ws://localhost:8550/ws", True),
        ("ws://[::1]:8550/ws", True),
        ("ws://192.168.1.20:8550/ws", False),
        ("http://gadget.local/", False),
        ("ws://127.0.0.1.evil.example/ws", False),
    ],
)
def test_a_secure_origin_is_https_or_this_machine(page_url: str, secure: bool) -> None:
    assert secure_origin(page_url) is secure


def test_home_says_why_the_camera_and_the_awake_screen_are_off_on_http(tmp_path: Path) -> None:
    @at_the_table
    async def scenario(table: Table) -> None:
        for page_url, warned in (("ws://192.168.1.20:8550/ws", True), ("wss://g.example", False)):
            phone = Phone("/")
            phone.connection.page_url = page_url
            await phone.open()
            assert phone.says(NOTICE) is warned, page_url
            assert phone.says("gadget serve --tls") is warned
            phone.close()

    scenario(tmp_path)


@pytest.mark.process
def test_several_workers_serve_one_address_on_postgresql(tmp_path: Path) -> None:
    url = empty_postgres()
    port = _free_port()
    gadget = Path(sys.executable).with_name("gadget")
    server = subprocess.Popen(
        [str(gadget), "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"],
        env={**os.environ, "GADGET_DATABASE_URL": url, "FLET_APP_STORAGE_DATA": str(tmp_path)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    children: list[str] = []
    try:
        deadline = time.monotonic() + 300  # two workers starting on a busy machine
        answer = None
        while time.monotonic() < deadline and answer is None and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    if holds_port(server.pid, port):  # not another worker's server on it
                        answer = (r.status, r.read())
            except OSError:
                pass
            if answer is None:
                time.sleep(0.3)
        assert answer == (200, b'{"ok":true}')
        children = subprocess.run(
            ["pgrep", "-P", str(server.pid)], capture_output=True, text=True, check=False
        ).stdout.split()
        assert len(children) >= 2  # uvicorn's workers (and its own helper, if any)
        # The supervisor killed outright (out of memory): its workers went on serving, and a
        # new start was refused the port (an outsider's). They leave with it now.
        server.kill()
        server.wait(timeout=20)
        gone = time.monotonic() + 30  # each looks once a second; a busy machine is slower
        while any(Path(f"/proc/{pid}").exists() for pid in children):
            assert time.monotonic() < gone, f"workers {children} outlived their supervisor"
            time.sleep(0.2)
        with pytest.raises(OSError):  # nothing answers at the address any more
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
    finally:
        for pid in children:  # never left behind by a test
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGKILL)
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:  # killed, so that what went wrong first is shown
            server.kill()
            server.wait(timeout=20)
