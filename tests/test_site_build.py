"""`make site`'s build, without a browser: what the archive holds and leaves out, the same
bytes twice, the page's fixes, the service worker's list, every address under the path the
site is served at, and a folder it will not empty."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from site_snapshot import MAGIC  # tools/site_snapshot.py
from site_snapshot import NAME as SNAPSHOT

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "tools" / "build_site.py"
pytestmark = [
    pytest.mark.site,
    pytest.mark.xdist_group("site_build"),  # one worker builds the module's site, not each
    pytest.mark.skipif(
        not (ROOT / "node_modules" / "jsqr").exists(), reason="no jsQR: `make install` runs npm ci"
    ),
]


BASE = "/gadget/"  # as GitHub Pages serves a project's site: under the repository's name


def build(
    out: Path, *options: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BUILD), "--out", str(out), *options],
        env=env,
        check=False,
        capture_output=True,
        text=True,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    assert build(out, "--base", BASE).returncode == 0
    return out


def test_the_archive_holds_the_site_and_pure_packages_never_the_store(site: Path) -> None:
    with tarfile.open(site / "app.tar.gz") as archive:
        names = set(archive.getnames())
    assert "main.py" in names and "gadget/site/app.py" in names
    for classic in (
        "site/classic.py",
        "site/kept_classic.py",
        "engine/classic.py",
        "engine/tally.py",
    ):
        assert f"gadget/{classic}" in names  # a classic card, its count and where it is kept
    for shared in (
        "engine/classic_game.py",
        "engine/team_timer.py",
        "views/parts/classic_game.py",
    ):
        assert f"gadget/{shared}" in names  # the steps and the screen both apps share
    assert "gadget/missions/data/mission-map.json" in names
    assert "gadget/locale/fr/LC_MESSAGES/gadget.mo" in names
    for package in ("flet", "msgpack", "babel", "qrcode", "flet_camera"):
        assert f"__pypackages__/{package}/__init__.py" in names
    assert not any(
        n.startswith(("gadget/store", "gadget/cli", "gadget/services/table")) for n in names
    )
    assert not any(n.endswith((".so", ".pyc")) or "sqlmodel" in n for n in names)
    locales = {n.rsplit("/", 1)[1] for n in names if "babel/locale-data/" in n}
    assert locales == {"root.dat", "en.dat", "fr.dat"}


def test_two_builds_make_the_same_archive_and_snapshot_whatever_the_builders_zone(
    site: Path, tmp_path: Path
) -> None:
    again = tmp_path / "again"
    assert build(again, env={**os.environ, "TZ": "Pacific/Chatham"}).returncode == 0
    for name in ("app.tar.gz", SNAPSHOT):
        assert (again / name).read_bytes() == (site / name).read_bytes(), name


def test_the_snapshot_says_what_it_was_made_from_and_holds_that_memory(site: Path) -> None:
    data = (site / SNAPSHOT).read_bytes()
    assert data[:16] == MAGIC
    length = int.from_bytes(data[16:20], "little")
    made = json.loads(data[20 : 20 + length])
    assert made["pyodide"] == json.loads((site / "pyodide/package.json").read_text())["version"]
    assert made["archive"] == hashlib.sha256((site / "app.tar.gz").read_bytes()).hexdigest()
    memory = gzip.decompress(data[20 + length :])
    assert len(memory) == made["bytes"] > 10_000_000
    # Pyodide's own header: its build id, which Pyodide checks again against its runtime
    runtime = (site / "pyodide" / "pyodide.mjs").read_text()
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', runtime)
    assert build_id
    words = [bytes.fromhex(build_id[1][i : i + 8])[::-1] for i in range(0, 64, 8)]  # u32 LE
    assert memory[16:48] == b"".join(words)


def test_the_site_lists_and_keeps_only_the_fonts_it_draws(site: Path) -> None:
    """Flutter reads every font listed before its first frame: KaTeX's twenty and
    Cupertino's icons were read and kept (0.9 MB) for nothing."""
    listed = json.loads((site / "assets" / "FontManifest.json").read_text())
    assert [family["family"] for family in listed] == ["MaterialIcons", "Roboto"]
    for family in listed:
        assert all((site / "assets" / font["asset"]).is_file() for font in family["fonts"])
    assert not list(site.rglob("KaTeX*")) and not list(site.rglob("CupertinoIcons*"))


def test_the_page_starts_python_early_from_the_snapshot(site: Path) -> None:
    index = (site / "index.html").read_text()
    early, python = index.index("gadgetBoot"), index.index('<script src="python.js">')
    assert early < python < index.index("flutter_bootstrap.js")  # before Flutter is asked
    assert f'snapshot: "{SNAPSHOT}"' in index and 'key.startsWith("flutter.gadget.")' in index
    assert "gadgetTakePython?.() || new Worker(" in (site / "python.js").read_text()
    assert "Module.growMemory(t.length)" in (site / "pyodide" / "pyodide.asm.mjs").read_text()
    worker = (site / "python-worker.js").read_text()
    assert "_loadSnapshot" in worker and "after_snapshot()" in worker


def test_the_page_runs_python_from_its_own_folder_with_hash_routes(site: Path) -> None:
    index = (site / "index.html").read_text()
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in index  # not flet's bare specifier
    assert 'flet.routeUrlStrategy="hash"' in index and "flet.noCdn=true" in index
    assert 'navigator.serviceWorker.register("flutter_service_worker.js")' in index
    bootstrap = (site / "flutter_bootstrap.js").read_text()  # the loader waits for no worker
    assert "serviceWorkerSettings: {" not in bootstrap and "_flutter.loader.load({" in bootstrap
    assert json.loads((site / "manifest.json").read_text())["name"] == "Gadget"
    assert (site / "vendor" / "jsQR.js").exists() and (site / "vendor" / "jsQR.LICENSE").exists()
    assert (site / "sounds" / "time-up.wav").exists()  # the timer's sound, where it asks


def test_the_service_worker_keeps_every_file_but_the_other_canvaskit(site: Path) -> None:
    worker = (site / "flutter_service_worker.js").read_text()
    kept = json.loads(worker.split("const FILES = ", 1)[1].split(";", 1)[0])
    files = {
        str(p.relative_to(site))
        for p in site.rglob("*")
        if p.is_file() and "canvaskit" not in p.parts
    }
    assert set(kept) == {"./"} | files - {"flutter_service_worker.js", ".nojekyll"}
    assert "canvaskit/chromium/canvaskit.wasm" in worker and "canvaskit/canvaskit.wasm" in worker


def under_base(site: Path, address: str) -> Path:
    """The file of the site an address names, read as the browser reads it under BASE; an
    address elsewhere (another path of the host, another host) fails the test."""
    assert "://" not in address and not address.startswith("//"), address
    path = address if address.startswith("/") else BASE + address.removeprefix("./")
    assert path.startswith(BASE), address
    return site / path.removeprefix(BASE)


def test_every_address_of_the_page_its_manifest_and_its_worker_is_under_the_base(
    site: Path,
) -> None:
    index = (site / "index.html").read_text()
    assert re.findall(r'<base href="([^"]*)"', index) == [BASE]
    linked = re.findall(r'\b(?:href|src)="([^"]*)"', index)
    flet = dict(re.findall(r'flet\.(\w+)\s*=\s*"([^"]*)"', index))
    assert {flet["entrypointBaseUrl"], flet["assetBase"]} == {BASE}  # the Python worker's
    addresses = [value for key, value in flet.items() if key.endswith(("Url", "Base"))]
    assert len(addresses) == 6  # the Python worker, Pyodide, the app, CanvasKit, fonts, assets
    assert all(under_base(site, address).exists() for address in [*linked, *addresses])
    manifest = json.loads((site / "manifest.json").read_text())  # relative to its own address
    assert under_base(site, manifest["start_url"]) == site / "."
    assert all(under_base(site, icon["src"]).is_file() for icon in manifest["icons"])
    worker = (site / "flutter_service_worker.js").read_text()
    kept = json.loads(worker.split("const FILES = ", 1)[1].split(";", 1)[0])
    assert all(under_base(site, name).exists() for name in kept)


def test_a_folder_that_is_not_a_site_build_is_never_emptied(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    refused = build(tmp_path)
    assert refused.returncode != 0
    assert refused.stderr.strip().splitlines() == [
        f"{tmp_path} holds files but no site build: not emptied (name another --out)"
    ]
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize(
    "zone", ["UTC", "Europe/Paris", "Australia/Sydney", "America/St_Johns", "Asia/Kolkata"]
)
def test_a_restored_python_works_out_its_zone_as_cpython_does_at_start(zone: str) -> None:
    """The snapshot's zone is the build's (UTC): the phone's is worked out again, and must be
    what CPython itself computes on that phone (gadget/site/awake.py)."""
    told = subprocess.run(
        [sys.executable, "-c", "import time; from gadget.site.awake import clock_zone;"
         "print(clock_zone(time.time()) == (time.timezone, time.altzone, time.daylight,"
         " time.tzname))"],
        env={**os.environ, "TZ": zone},
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )  # fmt: skip
    assert told.stdout.strip() == "True", told
