"""Flet's web client as both apps serve it: its one address on another host (Rive's runtime
on jsDelivr) asks the page's own host instead, in both of its builds, and the served app
rewrites it once at start, not for each phone. The browsers' own view of every host asked:
test_browser.py and test_browser_site.py."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

import flet_web
import pytest
from starlette.testclient import TestClient

from gadget.serve import client
from gadget.serve.client import (
    CLIENT_FILES,
    FONT_MANIFEST,
    RIVE_CDN,
    ClientError,
    fonts_drawn,
    without_other_hosts,
)
from gadget.serve.server import asgi_app
from gadget.services.table import Table
from gadget.store import Store

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
WEB = Path(flet_web.get_package_web_dir())
ASKED = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"


@pytest.mark.parametrize("name", CLIENT_FILES)
def test_each_build_of_flets_client_asks_the_pages_own_host_for_rive(name: str) -> None:
    shipped = (WEB / name).read_bytes()
    assert shipped.count(ASKED.encode()) == 1  # Flet 1.0.5: once in each build
    rewritten = without_other_hosts(shipped, name)
    assert len(rewritten) == len(shipped)  # the WebAssembly module's byte counts still hold
    assert b"jsdelivr" not in rewritten and not RIVE_CDN.search(rewritten)
    at = shipped.index(ASKED.encode())
    assert rewritten[:at] == shipped[:at]
    assert rewritten[at + len(ASKED) :] == shipped[at + len(ASKED) :]
    instead = rewritten[at : at + len(ASKED)].decode()
    for page in ("http://192.168.1.20:8550/", "https://example.github.io/gadget/"):
        script = urljoin(page, instead + "wasm/rive_native.js")  # as the browser resolves it
        assert script == page + "rive-not-served/wasm/rive_native.js"


def test_a_client_that_does_not_ask_jsdelivr_is_refused_so_it_is_looked_at_again() -> None:
    with pytest.raises(ClientError, match=r"main\.dart\.js does not ask jsDelivr"):
        without_other_hosts(b'dvv(){return"https://rive.example/npm/"}', "main.dart.js")


def test_the_served_app_sends_the_rewritten_client_made_once_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rewrites: list[str] = []
    rewrite = client.without_other_hosts

    def counted(data: bytes, name: str) -> bytes:
        rewrites.append(name)
        return rewrite(data, name)

    monkeypatch.setattr(client, "without_other_hosts", counted)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    temporary = tmp_path / "data" / "client"
    store = Store(f"sqlite:///{tmp_path / 'gadget.db'}")
    with TestClient(asgi_app(Table(store))) as served:
        assert rewrites == list(CLIENT_FILES)  # at start, before any phone
        for _phone in range(2):
            for name in CLIENT_FILES:
                sent = served.get(f"/{name}")
                assert sent.status_code == 200
                assert sent.content == without_other_hosts((WEB / name).read_bytes(), name)
                again = served.get(f"/{name}", headers={"If-None-Match": sent.headers["etag"]})
                assert again.status_code == 304  # a second visit still loads from its cache
        assert rewrites == list(CLIENT_FILES)  # never again for a phone
        fonts = served.get(f"/{FONT_MANIFEST}")  # Flutter reads each font listed before drawing
        assert [family["family"] for family in fonts.json()] == ["MaterialIcons", "Roboto"]
        missing = served.get("/rive-not-served/wasm/rive_native.js")
        assert missing.status_code == 404  # the app never waited on Rive: it fails as before
    made = sorted(temporary.iterdir())
    assert len(made) == 1 and len(made[0].name) == 16  # the client's own name, nothing else
    with TestClient(asgi_app(Table(store))) as restarted:  # another process, or a restart
        assert restarted.get(f"/{CLIENT_FILES[0]}").status_code == 200
    assert rewrites == list(CLIENT_FILES)  # the client made once is used again
    assert sorted(temporary.iterdir()) == made  # and nothing more is left behind (18 MB each)
    store.close()


def test_the_font_list_keeps_the_fonts_gadget_draws_and_no_other() -> None:
    shipped = json.loads((WEB / FONT_MANIFEST).read_bytes())
    assert len(shipped) == 14  # Flet 1.0.5: Material's icons, KaTeX's 12 families, Cupertino's
    drawn = json.loads(fonts_drawn((WEB / FONT_MANIFEST).read_bytes()))
    assert drawn == [shipped[0], {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}]
    with_roboto = json.dumps([*shipped, drawn[1]]).encode()  # a list that has it: not twice
    assert json.loads(fonts_drawn(with_roboto)) == drawn
    with pytest.raises(ClientError, match="lists no MaterialIcons"):
        fonts_drawn(json.dumps(shipped[1:]).encode())
