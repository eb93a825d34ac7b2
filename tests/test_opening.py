"""The served page's watch over its opening (gadget/serve/opening.py): put in once, before
Flet's scripts, into Flet's own page; a page it does not know is refused; Gadget's assets
beside it, made once and made again when they change."""

from __future__ import annotations

from pathlib import Path

import flet_web  # type: ignore[import-untyped]
import pytest

from gadget.serve.opening import BEFORE, INDEX, WATCH, OpeningError, served_assets, watched
from gadget.serve.server import ASSETS

WEB = Path(flet_web.get_package_web_dir())


def test_flets_page_is_watched_before_its_scripts_and_is_otherwise_the_same() -> None:
    page = (WEB / INDEX).read_bytes()
    made = watched(page)
    assert made.count(WATCH) == 1
    assert made.index(WATCH) < made.index(BEFORE) < made.index(b"flutter_bootstrap.js")
    assert made.replace(WATCH, b"") == page


def test_a_page_without_flets_script_is_refused() -> None:
    with pytest.raises(OpeningError, match=r"python\.js"):
        watched(b"<html><head></head><body></body></html>")


def test_the_assets_are_made_once_beside_the_page_and_again_when_they_change(
    tmp_path: Path,
) -> None:
    assets = tmp_path / "assets"
    (assets / "sounds").mkdir(parents=True)
    (assets / "sounds" / "bell.wav").write_bytes(b"RIFF")
    made = served_assets(WEB, assets, tmp_path / "cache")
    assert (made / "sounds" / "bell.wav").read_bytes() == b"RIFF"
    assert WATCH in (made / INDEX).read_bytes()
    assert served_assets(WEB, assets, tmp_path / "cache") == made
    (assets / "sounds" / "bell.wav").write_bytes(b"RIFX")  # the same size
    again = served_assets(WEB, assets, tmp_path / "cache")
    assert again != made and (again / "sounds" / "bell.wav").read_bytes() == b"RIFX"


def test_gadgets_own_assets_are_served_beside_the_watched_page(tmp_path: Path) -> None:
    made = served_assets(WEB, ASSETS, tmp_path)
    assert {p.relative_to(ASSETS) for p in ASSETS.rglob("*") if p.is_file()} <= {
        p.relative_to(made) for p in made.rglob("*") if p.is_file()
    }
