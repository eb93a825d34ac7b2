"""Flet's own floor for a static site: an empty Flet app (one Text) built as `flet publish`
builds one, with Flet's web client, Flet's Python worker and Pyodide started the Flet way
(after Flutter's first frame, no snapshot). bench/bench_site.py measures ours against it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from build_site import PACKAGES, copy_client, package_files, python_page, write_archive

GREETING = "Hello"
EMPTY_APP = f'''import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Text("{GREETING}"))


ft.run(main)
'''
FLET_NEEDS = ("flet", "msgpack", "repath", "six")  # what `import flet` brings


def build_floor(out: Path) -> None:
    """The empty app's site in `out` (emptied first)."""
    import flet_web  # noqa: PLC0415  (a benchmark: flet-web only when building)

    assert set(FLET_NEEDS) <= set(PACKAGES)
    web = Path(flet_web.get_package_web_dir())
    if out.exists():
        shutil.rmtree(out)
    copy_client(web, out)  # as ours: no request to another host
    files: list[tuple[Path | bytes, str]] = [(EMPTY_APP.encode(), "main.py")]
    for name in FLET_NEEDS:
        files += list(package_files(name))
    write_archive(out / "app.tar.gz", files)
    pyodide = json.loads((web / "pyodide/package.json").read_text())["version"]
    index = python_page(out, "/", "Empty", pyodide)  # as ours: the same page and its fix
    (out / "index.html").write_text(index, encoding="utf-8")
