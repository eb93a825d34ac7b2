"""Addresses typed or pasted oddly open the app, which says what is wrong with them: an
outsider's `//join/CODE` drew a grey page forever (Flutter read "join" as a host), and a
page's address with a NUL or a part past a file name's length got a bare "Not Found"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store

APP_PAGE = "<!DOCTYPE html>"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("GADGET_COMPRESSED_FOLDER", str(tmp_path / "copies"))
    with TestClient(asgi_app(Table(Store(f"sqlite:///{tmp_path / 'gadget.db'}")))) as served:
        yield served


@pytest.mark.parametrize(
    ("asked", "sent_to"),
    [
        ("//join/21PK2-F2CS6", "/join/21PK2-F2CS6"),
        ("//", "/"),
        ("///game///x?a=1&b=%20", "/game/x?a=1&b=%20"),
        ("/join//21PK2-F2CS6/", "/join/21PK2-F2CS6/"),
        ("//evil.example/x", "/evil.example/x"),  # never to another host
    ],
)
def test_doubled_slashes_are_sent_to_the_address_with_one(
    client: TestClient, asked: str, sent_to: str
) -> None:
    # A whole URL: a bare "//x" is another host to the HTTP client itself.
    answer = client.get(f"http://testserver{asked}", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (308, sent_to)


@pytest.mark.parametrize(
    "asked", ["/join/%00%00", "/team/%00/invite", "/" + "a" * 1000, "/join/" + "a" * 4100]
)
def test_a_page_address_the_file_system_cannot_look_up_gets_the_app(
    client: TestClient, asked: str
) -> None:
    answer = client.get(asked)
    assert answer.status_code == 200 and answer.text.startswith(APP_PAGE), answer.text[:80]


def test_files_are_served_and_refused_as_before(client: TestClient) -> None:
    assert client.get("/join/21PK2-F2CS6").text.startswith(APP_PAGE)  # the app's own page
    assert client.get("/main.dart.js").status_code == 200
    assert client.get("/assets/x%00.png").status_code == 404  # a file, not a page
    assert client.get("/healthz").json() == {"ok": True}
