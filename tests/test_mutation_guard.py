"""A worker of `make mutate` rewrites the file a request names: only a mutant of the packages
it mutates, in its own copy, asked at 127.0.0.1 (an outsider had one rewrite a file outside
its copy, with a forged Host header)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.mutation_guard import refusal

PORT = 47123
HERE = f"127.0.0.1:{PORT}"  # the Host header of the tool's own requests
PACKAGES = ("gadget/engine", "gadget/missions")


def _asked(path: object = "gadget/engine/rules.py", occurrence: object = 0) -> dict[str, object]:
    mutation = {"module_path": path, "operator": "core/NumberReplacer", "occurrence": occurrence}
    return {"mutations": [mutation], "test_command": "python -m pytest", "timeout": 10**9}


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    for package in PACKAGES:
        (tmp_path / package).mkdir(parents=True)
    (tmp_path / "gadget/engine/rules.py").write_text("LIMIT = 40\n")
    (tmp_path / "gadget/views").mkdir()
    (tmp_path / "gadget/views/app.py").write_text("")
    (tmp_path.parent / "outside.py").write_text("LIMIT = 40\n")
    (tmp_path / "gadget/engine/link.py").symlink_to(tmp_path.parent / "outside.py")
    return tmp_path


def test_the_tools_own_request_is_taken(copy: Path) -> None:
    assert refusal(_asked(), HERE, PORT, copy, PACKAGES) is None


@pytest.mark.parametrize(
    ("asked", "host", "reason"),
    [
        (_asked(), "attacker.example:47123", "not asked at 127.0.0.1"),
        (_asked(), None, "not asked at 127.0.0.1"),
        (_asked(), "127.0.0.1:1", "not asked at 127.0.0.1"),
        (["x"], HERE, "not a request of the tool"),
        ({"mutations": []}, HERE, "not one mutant"),
        ({"mutations": [_asked()["mutations"][0]] * 2}, HERE, "not one mutant"),
        (_asked(7), HERE, "not a mutant"),
        (_asked(occurrence="0"), HERE, "not a mutant"),
        (_asked(occurrence=True), HERE, "not a mutant"),
        (_asked("../outside.py"), HERE, "not a module of the copy"),
        (_asked("gadget/engine/../../../outside.py"), HERE, "not a module of the copy"),
        (_asked("/etc/passwd"), HERE, "not a module of the copy"),
        (_asked("gadget/engine/link.py"), HERE, "not a module of the copy"),  # leads outside
        (_asked("gadget/engine/missing.py"), HERE, "not a module of the copy"),
        (_asked("gadget/engine/rules.txt"), HERE, "not a module of the copy"),
        (_asked("gadget/views/app.py"), HERE, "not a module of the packages mutated"),
    ],
)
def test_anything_else_is_refused_naming_why(
    copy: Path, asked: object, host: str | None, reason: str
) -> None:
    asked_at = host if host is not None or reason == "not asked at 127.0.0.1" else None
    shown = (
        f"127.0.0.1:{PORT}" if asked_at is None and reason != "not asked at 127.0.0.1" else asked_at
    )
    assert refusal(asked, shown, PORT, copy, PACKAGES) == reason
