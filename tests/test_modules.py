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
    "gadget.views.parts.hooks": {
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
    "gadget.views.parts.layout": {
        "TEXT_MIN",
        "LABEL_SIZE",
        "PAGE_PADDING",
        "MAX_WIDTH",
        "screen",
        "content_width",
        "panel",
        "loading",
        "opening",
        "icon_button",
        "dead_end",
        "nowhere",
        "share_panel",
    },
    "gadget.views.parts.card_header": {"header", "Header"},
    "gadget.views.parts.qr": {"qr_png", "qr_image"},
    "gadget.views.parts.typed_code": {"read_code", "join_by_code"},
    "gadget.views.parts.cell_face": {"CELL_LOOK", "CellLook", "FaceLook"},
    "gadget.views.parts.fields": {"whole_number"},
    "gadget.views.parts.files": {"safe_file_name"},
    "gadget.services.addresses": {"web_address", "secure_origin"},
    "gadget.views.parts.shared": {"brief", "guarded"},
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
    assert {n for n in _defined("gadget.views.parts.shared") if not n.startswith("_")} == {
        "brief",
        "guarded",
    }


# Data, not code to read in a sitting: the shipped word lists, one word a line.
WORD_LISTS = GADGET / "engine" / "wordlists"


def test_no_module_is_longer_than_a_sitting() -> None:
    longer = {
        str(path.relative_to(GADGET)): lines
        for path in GADGET.rglob("*.py")
        if path.parent != WORD_LISTS
        and (lines := len(path.read_text("utf-8").splitlines())) > LONGEST
    }
    assert longer == {}


# Where a screen's code may still say Any, and why: TextField's own keyword options passed
# through (Flet types each); a timer setting as typed, which TimerSettings refuses in words
# when it is text; a refusal's handler, whatever control it is put on; Flet's own untyped
# diff builder, whose method is replaced.
LOOSE = {
    ("views/parts/flet_internals.py", "configure"),
    ("views/parts/flet_internals.py", "_configure"),
    ("views/parts/fields.py", "typed_field"),
    ("views/screens/settings.py", "change"),
    ("views/parts/shared.py", "guarded"),
    ("views/parts/shared.py", "handler"),
}


def _loose(source: str) -> set[str]:
    """The functions (or lines) of a module whose annotations say Any."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            annotations = [
                a.annotation
                for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
                + [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            ] + [node.returns]
            if any(a is not None and "Any" in ast.unparse(a) for a in annotations):
                found.add(node.name)
        elif isinstance(node, ast.AnnAssign) and "Any" in ast.unparse(node.annotation):
            found.add(f"line {node.lineno}")
    return found


def test_the_screens_callbacks_are_typed_and_any_is_left_only_where_it_is_said_why() -> None:
    loose = {
        (str(path.relative_to(GADGET)), name)
        for path in sorted((GADGET / "views").rglob("*.py"))
        for name in _loose(path.read_text("utf-8"))
    }
    assert loose == LOOSE


def test_the_check_finds_a_loose_callback() -> None:
    assert _loose("def f(on_click: Callable[[Any], Any]) -> None: ...") == {"f"}
    assert _loose("x: Any = ft.use_ref(None)") == {"line 1"}
    assert _loose("def f(on_click: Callable[[Tap], None]) -> None: ...") == set()


def _store_handles(tree: ast.Module) -> set[str]:
    """The names a module imports that are the store's own handles on the database (the
    store, a unit of work, a repository): what the store's records and errors are not."""
    from gadget.store import Store  # noqa: PLC0415 - what is compared, for this check only
    from gadget.store.repository import Repository  # noqa: PLC0415
    from gadget.store.unit import Unit  # noqa: PLC0415

    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gadget"):
            module = importlib.import_module(node.module)
            for alias in node.names:
                value = getattr(module, alias.name, None)
                if isinstance(value, type) and issubclass(value, (Store, Repository, Unit)):
                    found.add(f"{node.module}.{alias.name}")
    return found


def test_no_screen_takes_the_store_through_a_service_that_imports_it() -> None:
    """The contract allows indirect imports (a screen imports services, which import the
    store), so `from gadget.services.table import Store` passed it: an outsider's finding."""
    taken = {
        str(path.relative_to(GADGET)): _store_handles(ast.parse(path.read_text("utf-8")))
        for path in sorted((GADGET / "views").rglob("*.py"))
    }
    assert {path: names for path, names in taken.items() if names} == {}
    planted = ast.parse("from gadget.services.table import Store\nfrom gadget.store import Team")
    assert _store_handles(planted) == {"gadget.services.table.Store"}
