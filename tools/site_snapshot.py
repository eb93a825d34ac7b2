"""The site's Python started from a memory snapshot: Pyodide's own boot and the app's imports
(5-7 s on a phone) done once, at build time, under Node, and restored by each phone in a
fraction of a second (tools/site/python-worker.js).

The snapshot file: 16 bytes of magic, a 4-byte little-endian length, that many bytes of JSON
saying what it was made from (the Pyodide version, the SHA-256 of the app archive, the
memory's size), then the memory gzipped. The page uses it only when all three match what it
was given, and Pyodide checks its own build id again; otherwise Python starts the slow way.
The same inputs make the same bytes: under Node the clock, the time zone and every source
of entropy are fixed (tools/site/snapshot.mjs), and after restoring, each phone reseeds its
random generators and reads its own time zone.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "site"
MAGIC = b"GADGET-SNAPSHOT1"
NAME = "python.snapshot"

# What the snapshot holds imported: the site, Flet's session, protocol and Pyodide connection,
# and every Flet name the site's modules use (Flet imports each control's module when it is
# first named: on a phone, each module imported after the snapshot is compiled there).
IMPORTS = """\
import gadget.site.app, gadget.site.awake, flet.components.router, msgpack
import flet.messaging.session, flet.messaging.protocol, flet.messaging.pyodide_connection
"""
FLET_NAME = re.compile(r"\bft\.([A-Za-z_]\w*)")


def imports(sources: list[Path]) -> str:
    """IMPORTS, then each Flet name the given modules write as `ft.<name>`, asked of Flet."""
    names = sorted({name for path in sources for name in FLET_NAME.findall(path.read_text())})
    return IMPORTS + f"import flet\nfor _name in {names!r}:\n    getattr(flet, _name, None)\n"


# Pyodide 314's restore writes the memory into a heap that has not grown to hold it
# ("offset is out of bounds"): it grows it first.
RESTORE = "return Module.HEAP8.set(t),l}"
GROWN = "Module.HEAP8.length<t.length&&Module.growMemory(t.length),"


def patched(text: str, old: str, new: str, where: str) -> str:
    """`text` with `old` replaced once; a build that no longer finds it stops, saying where
    (a newer Flet changed the file: the patch must be looked at again, not skipped)."""
    if text.count(old) != 1:
        raise SystemExit(f"{where} changed: {old!r} is not there once; look at the patch again")
    return text.replace(old, new)


def start_python_early(site: Path) -> None:
    """Our Python worker in place of Flet's, which python.js (Dart's jsConnect) takes from
    the page instead of starting one; Pyodide's restore that grows memory first."""
    shutil.copy2(HERE / "python-worker.js", site / "python-worker.js")
    python_js = site / "python.js"
    python_js.write_text(
        patched(
            python_js.read_text(encoding="utf-8"),
            "app.worker = new Worker(",
            "app.worker = globalThis.gadgetTakePython?.() || new Worker(",
            "python.js",
        ),
        encoding="utf-8",
    )
    runtime = site / "pyodide" / "pyodide.asm.mjs"
    runtime.write_text(
        patched(
            runtime.read_text(encoding="utf-8"),
            RESTORE,
            RESTORE.replace("return ", "return " + GROWN),
            "pyodide.asm.mjs",
        ),
        encoding="utf-8",
    )


def make_snapshot(site: Path, imported: str) -> int:
    """Write the site's snapshot, made after `imported` ran, next to its app archive; returns
    its size in bytes."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is missing: the site's Python snapshot is made with it")
    version = json.loads((site / "pyodide" / "package.json").read_text())["version"]
    archive = site / "app.tar.gz"
    with tempfile.TemporaryDirectory() as scratch:
        imports, memory = Path(scratch) / "imports.py", Path(scratch) / "memory"
        imports.write_text(imported, encoding="utf-8")
        script = HERE / "snapshot.mjs"
        made = subprocess.run(
            [node, str(script), str(site / "pyodide"), str(archive), str(imports), str(memory)],
            check=False,
            capture_output=True,
            text=True,
            timeout=600,
            env={**os.environ, "TZ": "UTC"},
        )
        if made.returncode != 0:
            said = [line for line in made.stderr.splitlines() if line.strip()]
            raise SystemExit(f"the Python snapshot was not made: {said[-1] if said else ''}")
        image = memory.read_bytes()
    header = json.dumps(
        {
            "pyodide": version,
            "archive": hashlib.sha256(archive.read_bytes()).hexdigest(),
            "bytes": len(image),
        },
        sort_keys=True,
    ).encode()
    body = gzip.compress(image, compresslevel=9, mtime=0)
    target = site / NAME
    target.write_bytes(MAGIC + len(header).to_bytes(4, "little") + header + body)
    return target.stat().st_size


def early_start(base_settings: str) -> str:
    """The page's script that starts Python as the page loads; Dart's jsConnect then takes
    this worker (python.js) instead of starting one after Flutter's first frame."""
    return (
        "<script>\n"
        "    // Python starts now, in parallel with Flutter: jsConnect (python.js) takes it.\n"
        "    (() => {\n"
        '      const base = flet.entrypointBaseUrl.replace(/\\/?$/, "/");\n'
        + KEPT
        + '      let early = new Worker(base + "python-worker.js", { type: "module" });\n'
        f"      early.postMessage({{ gadgetBoot: {base_settings} }});\n"
        "      globalThis.gadgetTakePython = () => {\n"
        "        const taken = early;\n"
        "        early = null;\n"
        "        return taken;\n"
        "      };\n"
        "    })();\n"
        "  </script>\n  "
    )


def boot_settings(imported: str) -> str:
    """What the early worker is told: where Pyodide, the archive and the snapshot are, what
    to import when it must start without the snapshot, and what the page reads at once of
    the phone's storage (this app's keys, as Flutter keeps them) and of its browser's
    languages, so that the first screen waits for no reply from the browser
    (gadget/views/parts/storage.py)."""
    return (
        "{ pyodideUrl: flet.pyodideUrl, archive: flet.appPackageUrl, "
        f"snapshot: {json.dumps(NAME)}, imports: {json.dumps(imported)}, "
        f"kept: gadgetKept(), languages: Array.from(navigator.languages || []) }}"
    )


# The page's reading of its storage: null where the browser keeps nothing (then Python asks).
KEPT = """\
      const gadgetKept = () => {
        try {
          const kept = {};
          for (let i = 0; i < localStorage.length; i++) {
            const key = localStorage.key(i);
            if (key.startsWith("flutter.gadget.")) {
              kept[key] = localStorage.getItem(key);
            }
          }
          return kept;
        } catch (error) {
          return null;
        }
      };
"""
