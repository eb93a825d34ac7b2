"""`make site`: build/site/, Gadget as a static web app that runs on each phone (no server).

What `flet publish --no-cdn` does, done here with flet-web's own functions, because
`flet publish` in flet 1.0.5 cannot build offline: it downloads Pyodide even though
flet-web ships it (the shipped pyodide-lock.json has no version for it to recognise), and
it asks micropip to install the app's dependencies from PyPI in the browser. Here:

- the web client and the Pyodide runtime come from the installed flet-web wheel;
- the app archive (app.tar.gz) holds the site's entry point, only the modules of `gadget`
  that `gadget.site.app` imports (never the store), and the pure-Python packages it needs
  (PACKAGES below; Babel with English and French data only), so nothing is installed in
  the browser and nothing is fetched from another host;
- Flet's client asks the site's own host, not jsDelivr, for Rive's animation runtime (which
  the app never uses: the request fails, as it always did offline; gadget/serve/client.py);
- jsQR (from the npm registry, `npm ci`) reads QR codes in the browser: vendor/jsQR.js;
- Gadget's own icons are drawn (Pillow) in place of Flet's;
- a service worker (in place of Flutter's, which only unregisters itself) keeps every file
  of the site, so that after one visit it opens with the network off;
- routes are after a # (any static host serves the site; a reload opens the same screen).

Usage: python tools/build_site.py [--out build/site] [--base /path/]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

from site_snapshot import NAME as SNAPSHOT_NAME
from site_snapshot import (
    boot_settings,
    early_start,
    imports,
    make_snapshot,
    patched,
    start_python_early,
)

from gadget.serve.client import FONT_MANIFEST, fonts_drawn, without_other_hosts

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "tools" / "site"  # the site's own scripts: the service worker, the Python worker
EPOCH = 1_700_000_000  # every file in the archive has this time: the same build, the same bytes

# The web client's files a phone never loads with the CanvasKit renderer and Pyodide.
SKIPPED = (
    "*.symbols",
    "*.map",
    "*.d.ts",
    "canvaskit/skwasm*",
    "canvaskit/wimp*",
    "canvaskit/experimental_webparagraph",
    "main.dart.wasm",
    "main.dart.mjs",
    "pyodide/python",
    "pyodide/python.bat",
    "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs",
    "pyodide/*.whl",  # micropip is never loaded: the archive brings every package
    "assets/NOTICES",
    "katex_fonts/fonts/*",  # math fonts (Markdown's TeX) and Cupertino's icons: never drawn
    "cupertino_icons/assets/*",
)
# Third-party packages the site imports, as the archive's __pypackages__ holds them.
PACKAGES = (
    "flet",
    "flet_audio",
    "flet_camera",
    "msgpack",
    "repath",
    "six",
    "babel",
    "qrcode",
    "png",
    "snowballstemmer",  # the table's clue rule (services/clue_check.py), for the app's game
)
# Modules the site imports when first needed, not as it starts: in the archive, not in the
# Python snapshot (the clue checker's stemmers, 0.9 MB of it, for the game with the app).
LATER = ("gadget.services.clue_check",)
OPTIONAL = ("PIL",)  # qrcode uses Pillow only where it is installed; it imports PyPNG if there
LOCALES = ("root", "en", "fr")  # babel's data for the languages the app speaks


ENTRY = '''"""The static site's entry point: Pyodide runs this module in the browser."""

from gadget.site.app import run

run()
'''


def skipped(relative: Path) -> bool:
    """A web client file the site does without."""
    return any(relative.match(pattern) or relative.parent.match(pattern) for pattern in SKIPPED)


def site_modules() -> list[str]:
    """The modules of `gadget` that the site imports, asked of a fresh interpreter (so the
    archive holds exactly them), refusing any that would bring a database or a server, and
    any third-party package the archive would lack."""
    probe = (
        "import sys, gadget.site.app, gadget.site.awake, flet.components.router, msgpack; "
        f"import {', '.join(LATER)}; "
        "print('\\n'.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "MSGPACK_PUREPYTHON": "1"},  # as in the browser: no C extension
    ).stdout.split()
    found = [m for m in loaded if m == "gadget" or m.startswith("gadget.")]
    forbidden = [m for m in found if m.startswith(("gadget.store", "gadget.cli"))]
    if forbidden:
        raise SystemExit(f"the site must not import {', '.join(forbidden)}")
    outside = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"gadget"}
    missing = sorted(
        name
        for name in outside - set(PACKAGES) - set(OPTIONAL)
        if not name.startswith("_") and name not in sys.builtin_module_names
    )
    if missing:
        raise SystemExit(f"the site imports {', '.join(missing)}: add it to PACKAGES")
    return found


def module_files(modules: list[str]) -> Iterator[tuple[Path, str]]:
    """Each module's source (a package's __init__), with its path in the archive."""
    for name in modules:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        origin = Path(spec.origin)
        yield origin, str(origin.relative_to(ROOT))
    yield from (
        (data, str(data.relative_to(ROOT)))
        for data in sorted((ROOT / "gadget/missions/data").glob("*.json"))
    )
    yield from (  # the app as a partner, in the browser (gadget/partner/pocket.py)
        (data, str(data.relative_to(ROOT)))
        for data in sorted((ROOT / "gadget/partner/pockets").glob("*.bin"))
    )
    for catalogue in sorted((ROOT / "gadget/locale").glob("*/LC_MESSAGES/gadget.*")):
        if catalogue.suffix in (".po", ".mo"):
            yield catalogue, str(catalogue.relative_to(ROOT))


def package_files(name: str) -> Iterator[tuple[Path, str]]:
    """A third-party package's pure-Python files (and babel's data for our languages only)."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, name
    origin = Path(spec.origin)
    if origin.name != "__init__.py":  # a single module: repath.py, png.py
        yield origin, f"__pypackages__/{origin.name}"
        return
    folder = origin.parent
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder.parent)
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".so", ".pyc"):
            continue
        if name == "babel" and path.parent.name == "locale-data" and path.stem not in LOCALES:
            continue
        if name == "flet" and relative.parts[1:2] == ("testing",):
            continue
        yield path, f"__pypackages__/{relative}"


# The icon: a key card's 5x5 grid (9 agents, 3 assassins, 13 bystanders) on a pale tile.
ICON_CARD = "-G-X-G-G---XG-GG--G--G-XG"


def draw_icons(out: Path) -> None:
    """Gadget's own icons for the home screen, the browser tab and the loading screen, in
    place of Flet's logo (Pillow draws them: no image is kept in the repository)."""
    from PIL import Image, ImageDraw  # noqa: PLC0415  (a build tool: Pillow only when building)

    from gadget.services import palette  # noqa: PLC0415

    look = {"G": palette.AGENT, "X": palette.ASSASSIN, "-": palette.BYSTANDER}

    def icon(size: int, maskable: bool, transparent: bool = False) -> Image.Image:
        image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        if maskable:  # full bleed: the launcher cuts its own shape; the grid in the safe 80%
            draw.rectangle((0, 0, size, size), fill=palette.BACKDROP)
            margin = size * 0.22
        elif transparent:
            margin = size * 0.06
        else:
            draw.rounded_rectangle(
                (0, 0, size - 1, size - 1), radius=size * 0.18, fill=palette.BACKDROP
            )
            margin = size * 0.14
        cell = (size - 2 * margin) / 5
        gap = cell * 0.12
        for index, kind in enumerate(ICON_CARD):
            row, column = divmod(index, 5)
            left, top = margin + column * cell, margin + row * cell
            draw.rounded_rectangle(
                (left + gap, top + gap, left + cell - gap, top + cell - gap),
                radius=cell * 0.15,
                fill=look[kind],
            )
        return image

    icons = out / "icons"
    icon(192, False).save(icons / "icon-192.png")
    icon(512, False).save(icons / "icon-512.png")
    icon(192, True).convert("RGB").save(icons / "icon-maskable-192.png")
    icon(512, True).convert("RGB").save(icons / "icon-maskable-512.png")
    icon(192, True).convert("RGB").save(icons / "apple-touch-icon-192.png")
    icon(512, False, transparent=True).save(icons / "loading-animation.png")
    icon(32, False).save(out / "favicon.png")


def copy_client(web: Path, out: Path) -> None:
    """Flet's web client and Pyodide into `out`, but the files a phone never loads."""
    for path in sorted(web.rglob("*")):
        relative = path.relative_to(web)
        if path.is_file() and not skipped(relative):
            (out / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out / relative)
    # Flet's client asks jsDelivr for Rive's runtime, which the app never uses: it asks here.
    script = out / "main.dart.js"
    script.write_bytes(without_other_hosts(script.read_bytes(), script.name))


def python_page(out: Path, base: str, name: str, pyodide: str) -> str:
    """Flet's page for a Pyodide app at `out`, as `flet publish --no-cdn` writes it, with
    flet 1.0.5's bare "pyodide/pyodide.mjs" made "./pyodide/..." (a module worker's import()
    refuses a bare specifier); returns its text (bench/site_floor.py writes it as it is)."""
    import flet_web  # noqa: PLC0415  (a build tool: flet-web only when building)
    from flet.controls.types import RouteUrlStrategy, WebRenderer  # noqa: PLC0415

    flet_web.patch_index_html(
        index_path=str(out / "index.html"),
        base_href=base,
        app_name=name,
        app_description="Codenames: Duet key cards on two phones, no server needed.",
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version=pyodide,
        app_package_url="app.tar.gz",
        web_renderer=WebRenderer.CANVAS_KIT,
        route_url_strategy=RouteUrlStrategy.HASH,
        no_cdn=True,
    )
    index = (out / "index.html").read_text(encoding="utf-8")
    return patched(index, 'flet.pyodideUrl="pyodide/', 'flet.pyodideUrl="./pyodide/', "index.html")


def write_archive(target: Path, files: list[tuple[Path | bytes, str]]) -> None:
    """A gzipped tar with the same bytes for the same files: sorted, one time, no owners."""
    with (
        open(target, "wb") as raw,
        tarfile.open(fileobj=raw, mode="w:gz", format=tarfile.GNU_FORMAT, compresslevel=9) as tar,
    ):
        for source, name in sorted(files, key=lambda item: item[1]):
            data = source if isinstance(source, bytes) else source.read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), EPOCH, 0o644
            tar.addfile(info, io.BytesIO(data))
    # gzip writes the time into its header: set it so two builds are byte for byte equal
    data = bytearray(target.read_bytes())
    data[4:8] = EPOCH.to_bytes(4, "little")
    target.write_bytes(bytes(data))


def build(out: Path, base: str) -> dict[str, object]:
    """Build the site into `out`; returns what was built (for the benchmark)."""
    import flet_web  # noqa: PLC0415  (a build tool: flet-web only when building)

    started = time.perf_counter()
    web = Path(flet_web.get_package_web_dir())
    if out.exists() and any(out.iterdir()) and not (out / "app.tar.gz").exists():
        raise SystemExit(f"{out} holds files but no site build: not emptied (name another --out)")
    if out.exists():
        shutil.rmtree(out)
    copy_client(web, out)
    start_python_early(out)  # our Python worker, started as the page loads (site_snapshot.py)
    shutil.copytree(ROOT / "assets", out, dirs_exist_ok=True)  # the timer's sound
    draw_icons(out)
    jsqr = ROOT / "node_modules" / "jsqr"  # `make install` runs `npm ci` (package-lock.json)
    if not (jsqr / "dist" / "jsQR.js").exists():
        raise SystemExit("jsQR is missing (node_modules/jsqr): run `make install`, which needs npm")
    (out / "vendor").mkdir()
    shutil.copy2(jsqr / "dist" / "jsQR.js", out / "vendor" / "jsQR.js")
    shutil.copy2(jsqr / "LICENSE", out / "vendor" / "jsQR.LICENSE")
    pyodide = json.loads((web / "pyodide/package.json").read_text())["version"]

    modules = site_modules()
    files: list[tuple[Path | bytes, str]] = [(ENTRY.encode(), "main.py")]
    files += list(module_files(modules))
    for name in PACKAGES:
        files += list(package_files(name))
    write_archive(out / "app.tar.gz", files)
    imported = imports([path for path, name in module_files(modules) if name.endswith(".py")])
    make_snapshot(out, imported)

    index = python_page(out, base, "Gadget", pyodide)
    # Asked for none (flutter_bootstrap.js below), Flutter's loader registers no service
    # worker: the page registers the site's own.
    index = patched(
        index,
        '<script src="python.js"></script>',
        early_start(boot_settings(imported)) + '<script src="python.js"></script>\n  <script>\n'
        "    // Once Python runs (the app's files are in the browser's cache by then), the\n"
        "    // service worker keeps them: a phone downloads each file once.\n"
        "    const connectPython = globalThis.jsConnect;\n"
        "    globalThis.jsConnect = async (...args) => {\n"
        "      await connectPython(...args);\n"
        '      if ("serviceWorker" in navigator) {\n'
        '        navigator.serviceWorker.register("flutter_service_worker.js");\n'
        "      }\n"
        "    };\n  </script>",
        "index.html",
    )
    (out / "index.html").write_text(index, encoding="utf-8")
    # Flutter's loader would wait up to 4 s for a service worker to take over at the first
    # visit (ours is busy keeping 25 MB then): it is not asked to.
    bootstrap = (out / "flutter_bootstrap.js").read_text(encoding="utf-8")
    waiting = re.compile(r"\n\s*serviceWorkerSettings: \{[^}]*\},")
    if not waiting.search(bootstrap):
        raise SystemExit("flutter_bootstrap.js changed: look again at its serviceWorkerSettings")
    (out / "flutter_bootstrap.js").write_text(waiting.sub("", bootstrap), encoding="utf-8")
    flet_web.patch_manifest_json(
        manifest_path=str(out / "manifest.json"),
        app_name="Gadget",
        app_short_name="Gadget",
        app_description="Codenames: Duet key cards on two phones, no server needed.",
        background_color="#FFFFFF",
        theme_color="#1B5E20",
    )
    # The fonts Gadget draws, no more: Flutter reads every listed font before its first frame.
    (out / FONT_MANIFEST).write_bytes(fonts_drawn((web / FONT_MANIFEST).read_bytes()))
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is

    kept = sorted(
        str(p.relative_to(out)).replace(os.sep, "/")
        for p in out.rglob("*")
        if p.is_file()
        and p.name not in ("flutter_service_worker.js", ".nojekyll")
        and not p.relative_to(out).match("canvaskit/*")
        and not p.relative_to(out).match("canvaskit/chromium/*")
    )
    digest = hashlib.sha256()
    canvaskit = [str(p.relative_to(out)) for p in sorted(out.glob("canvaskit/**/*")) if p.is_file()]
    for name in (*kept, *canvaskit):
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    worker = (
        (HERE / "service-worker.js")
        .read_text(encoding="utf-8")
        .replace("__VERSION__", digest.hexdigest()[:16])
        .replace("__FILES__", json.dumps(["./", *kept], indent=2))
    )
    # Ours takes the name of Flutter's (which only unregisters itself), so that a loader that
    # registers Flutter's would register ours.
    (out / "flutter_service_worker.js").write_text(worker, encoding="utf-8")
    return {"seconds": round(time.perf_counter() - started, 1), **figures(out)}


def figures(out: Path) -> dict[str, int]:
    """What a built site holds: its size, the addresses its service worker lists (CanvasKit
    aside: it keeps the one build its browser runs), its app archive, its Python snapshot,
    and how many modules of gadget the archive carries."""
    with tarfile.open(out / "app.tar.gz") as archive:
        modules = [n for n in archive.getnames() if n.startswith("gadget/") and n.endswith(".py")]
    worker = (out / "flutter_service_worker.js").read_text(encoding="utf-8")
    return {
        "bytes": sum(p.stat().st_size for p in out.rglob("*") if p.is_file()),
        "files": len(json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])),
        "archive_bytes": (out / "app.tar.gz").stat().st_size,
        "snapshot_bytes": (out / SNAPSHOT_NAME).stat().st_size,
        "modules": len(modules),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--base", default="/", help="the path the site is served at")
    options = parser.parse_args()
    built = build(options.out.resolve(), options.base)
    megabytes, kilobytes = int(built["bytes"]) / 1e6, int(built["archive_bytes"]) / 1e3
    print(
        f"built {options.out} in {built['seconds']} s: {built['files']} files, {megabytes:.1f} MB"
        f" (app archive {kilobytes:.0f} kB, {built['modules']} modules of gadget)"
    )


if __name__ == "__main__":
    main()
