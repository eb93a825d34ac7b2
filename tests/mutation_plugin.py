"""Pytest plugin for `make mutate`: Hypothesis without memory, and proof the mutant is what runs.

Loaded with `-p tests.mutation_plugin` by tools/mutate.py only. Without it a mutant could be
"killed" by an example that an earlier mutant left in the Hypothesis database, or "survive"
because the installed, unmutated package was imported instead of the worker's copy.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import settings

import gadget

settings.register_profile("mutate", database=None, derandomize=True, deadline=None)
settings.load_profile("mutate")


def pytest_sessionstart() -> None:
    """Refuse to run the tests against any gadget but the mutated copy in this folder."""
    package = Path(gadget.__file__).resolve()
    if not package.is_relative_to(Path.cwd().resolve()):
        raise RuntimeError(f"gadget was imported from {package}, not from the mutated copy")
