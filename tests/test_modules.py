"""The code's shape: each module holds one thing and is named for it (no grab bag of
unrelated helpers), and none grows past a length a newcomer reads in one sitting."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

GADGET = Path(importlib.import_module("gadget").__file__ or "").parent
LONGEST = 400  # lines

# What several screens share, each in the module named for what it holds.
HOMES = {
    "gadget.views.hooks": {
        "use_value",
        "use_data",
        "use_slow_data",
        "use_lookup",
        "use_status",
        "use_wakelock",
        "keyed",
        "Loading",
        "LOADING",
    },
    "gadget.views.layout": {
        "TEXT_MIN",
        "LABEL_SIZE",
        "PAGE_PADDING",
        "MAX_WIDTH",
        "screen",
        "content_width",
        "panel",
        "loading",
        "icon_button",
        "dead_end",
        "nowhere",
        "header",
        "share_panel",
    },
    "gadget.views.qr": {"qr_png", "qr_image"},
    "gadget.views.typed_code": {"read_code", "join_by_code"},
    "gadget.views.keycard": {"CELL_LOOK"},
    "gadget.views.fields": {"whole_number"},
    "gadget.views.files": {"safe_file_name"},
    "gadget.services.addresses": {"web_address", "secure_origin"},
    "gadget.views.shared": {"brief", "guarded"},
}


def _defined(module: str) -> set[str]:
    """The names a module defines at its top level (not those it imports)."""
    path = GADGET.parent / (module.replace(".", "/") + ".py")
    names = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


@pytest.mark.parametrize("module", sorted(HOMES))
def test_each_shared_part_is_defined_in_the_module_named_for_it(module: str) -> None:
    assert HOMES[module] <= _defined(module)


def test_views_shared_holds_only_how_a_handler_tells_a_refusal() -> None:
    """It held 25 unrelated helpers: a new one goes in a module named for what it holds."""
    assert {n for n in _defined("gadget.views.shared") if not n.startswith("_")} == {
        "brief",
        "guarded",
    }


def test_no_module_is_longer_than_a_sitting() -> None:
    longer = {
        str(path.relative_to(GADGET)): lines
        for path in GADGET.rglob("*.py")
        if (lines := len(path.read_text("utf-8").splitlines())) > LONGEST
    }
    assert longer == {}
