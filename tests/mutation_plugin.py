"""Pytest plugin for `make mutate`: Hypothesis without memory, and proof the mutant is what runs.

Loaded with `-p tests.mutation_plugin` by tools/mutate.py only. Without it a mutant could be
"killed" by an example that an earlier mutant left in the Hypothesis database, or "survive"
because the installed, unmutated package was imported instead of the worker's copy.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import settings

import gadget

settings.register_profile("mutate", database=None, derandomize=True, deadline=None)
settings.load_profile("mutate")


def pytest_sessionstart() -> None:
    """Refuse to run the tests against any gadget but the mutated copy in this folder."""
    package = Path(gadget.__file__).resolve()
    if not package.is_relative_to(Path.cwd().resolve()):
        raise RuntimeError(f"gadget was imported from {package}, not from the mutated copy")


# `--mutation-map FILE`: which of the package's modules each test file runs, written once on
# the unmutated copy, so that each mutant is tested only by the test files that can reach it.
_ran: dict[str, set[str]] = {}
_running = [""]  # the test file whose test is running


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--mutation-map", help="write which gadget modules each test file runs")


def _called(frame: FrameType, event: str, _arg: object) -> None:
    """The profiler: note the module of every Python function a test calls."""
    if event == "call":
        _ran.setdefault(_running[0], set()).add(frame.f_code.co_filename)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Profile each test (only when a map is asked for: the profiler slows Python five-fold)."""
    if item.config.getoption("--mutation-map") is None:
        yield
        return
    _running[0] = item.path.resolve().relative_to(Path.cwd().resolve()).as_posix()  # collected
    sys.setprofile(_called)
    threading.setprofile(_called)  # and the threads a test starts
    try:
        yield
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the map: each test file and the modules of this copy's gadget it ran."""
    written = session.config.getoption("--mutation-map")
    if written is None:
        return
    here = Path.cwd().resolve()
    ran = {
        test_file: sorted(
            Path(name).relative_to(here).as_posix()
            for name in names
            if name.endswith(".py") and Path(name).is_relative_to(here / "gadget")
        )
        for test_file, names in _ran.items()
    }
    Path(written).write_text(json.dumps(ran, indent=1, sort_keys=True))
