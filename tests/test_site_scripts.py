"""The static site's own scripts (tools/site/*.js) run Python of their own: what they import
is checked here, in-process, with no build and no browser."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_module_the_sites_scripts_name_is_there_with_the_names_they_import() -> None:
    """The page's scripts run Python of their own (`from gadget.x import y`): a module moved
    without them left a phone with "Error running app" (an outsider's finding, issue 35).
    In-process: no build, no browser."""
    named = [
        (module, names)
        for script in sorted((ROOT / "tools" / "site").glob("*.js"))
        for module, names in re.findall(
            r"from (gadget(?:\.\w+)+) import (\w+(?:, \w+)*)", script.read_text("utf-8")
        )
    ]
    assert ("gadget.site.awake", "after_snapshot") in named  # the finding's neighbour
    for module, names in named:
        imported = importlib.import_module(module)
        assert all(hasattr(imported, name) for name in names.split(", ")), (module, names)
