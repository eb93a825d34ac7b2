"""What a worker of `make mutate` takes: one mutant of a file of the packages it mutates, in
its own copy, asked by the tool itself on this machine. Anything else is refused: a page in
a browser, or any program here, could otherwise have the worker rewrite a file of its
choosing (`../../gadget/...` reached the working tree, an outsider found) or hold it busy."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Final

MUTANT_TIMEOUT: Final = 60.0  # s: a mutant's tests take 1-10 s, 20 s with both cores busy


def refusal(
    asked: object, host: str | None, port: int, copy: Path, packages: Iterable[str]
) -> str | None:
    """Why this request is not one the tool sends (None: it is). `host` is the request's Host
    header: a page that reached 127.0.0.1 under another name (DNS rebinding) is refused."""
    if host != f"127.0.0.1:{port}":
        return "not asked at 127.0.0.1"
    if not isinstance(asked, dict):
        return "not a request of the tool"
    mutations = asked.get("mutations")
    if not isinstance(mutations, list) or len(mutations) != 1 or not isinstance(mutations[0], dict):
        return "not one mutant"
    (mutation,) = mutations
    path = mutation.get("module_path")
    if not isinstance(path, str) or not isinstance(mutation.get("operator"), str):
        return "not a mutant"
    if not isinstance(mutation.get("occurrence"), int) or isinstance(
        mutation.get("occurrence"), bool
    ):
        return "not a mutant"
    module = PurePosixPath(path)
    if module.is_absolute() or ".." in module.parts or module.suffix != ".py":
        return "not a module of the copy"
    if not any(module.is_relative_to(package) for package in packages):
        return "not a module of the packages mutated"
    found = (copy / module).resolve()
    if not found.is_file() or not found.is_relative_to(copy.resolve()):
        return "not a module of the copy"
    return None
