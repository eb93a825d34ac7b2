"""`make mutate`: mutation testing of the engine and the missions with Cosmic Ray.

Each worker gets its own copy of the project under build/mutate/, so the working tree is never
mutated in place and the workers never see each other's mutants. Cosmic Ray's HTTP distributor
hands one mutant at a time to each worker, which runs the fast tests on it. The results, per
file, are written into docs/mutation.md between its result markers; survivors that are not in
tools/equivalent_mutants.toml are printed with their diffs and make the run fail.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import WorkerOutcome, WorkResult
from mutation_guard import MUTANT_TIMEOUT
from mutation_report import (
    EQUIVALENTS,
    load_equivalents,
    read_session,
    report,
    tally,
    write_report,
)
from mutation_worker import (
    SUITES,
    WORK,
    map_of,
    serve_worker,
    test_command,
    worker_environment,
)

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.98
ANNOTATION = "in an annotation, never evaluated"

# Cosmic Ray replaces each binary operator with every other one (`|` by `**`, `>>`, `%`...),
# which multiplies the run time by five and adds nothing a nearer swap does not test. Each
# operator keeps its natural counterparts; comparisons keep every swap except `is` turned into
# an ordering (`<` on two enums or None is a TypeError, killed by any test that runs the line).
COUNTERPARTS = {
    "Add": ("Sub", "Mul"),
    "Sub": ("Add",),
    "Mul": ("Add", "FloorDiv"),
    "Div": ("Mul",),
    "FloorDiv": ("Mul", "Mod"),
    "Mod": ("FloorDiv",),
    "Pow": ("Mul",),
    "LShift": ("RShift",),
    "RShift": ("LShift",),
    "BitOr": ("BitAnd", "BitXor"),
    "BitAnd": ("BitOr", "BitXor"),
    "BitXor": ("BitOr", "BitAnd"),
}
BINARY = (*COUNTERPARTS, "MatMul")


def excluded_operators() -> list[str]:
    """Regular expressions of the Cosmic Ray operators this run leaves out."""
    patterns = []
    for source, kept in COUNTERPARTS.items():
        dropped = [target for target in BINARY if target != source and target not in kept]
        patterns.append(f"core/ReplaceBinaryOperator_{source}_({'|'.join(dropped)})$")
    patterns.append("core/ReplaceComparisonOperator_(Is|IsNot)_(Lt|LtE|Gt|GtE)$")
    # `is` for `==` and back: every such comparison here is between enum members, None or
    # small integers, where CPython's `is` and `==` agree; no test can tell them apart.
    patterns.append("core/ReplaceComparisonOperator_(Is_Eq|IsNot_NotEq|Eq_Is|NotEq_IsNot)$")
    return patterns


def annotation_spans(module: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where a module's annotations are, if it never evaluates them (`from __future__ import
    annotations`): a mutant there (`int | None` to `int & None`) cannot change what runs."""
    tree = ast.parse(module.read_text())
    postponed = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )
    if not postponed:
        return []
    annotations: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
            annotations.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            annotations.append(node.returns)
    return [
        ((node.lineno, node.col_offset), (node.end_lineno or 0, node.end_col_offset or 0))
        for node in annotations
    ]


def skip_annotations(session: Path, root: Path) -> int:
    """Mark the session's mutants inside never-evaluated annotations as skipped; how many."""
    spans: dict[Path, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    skipped = 0
    with use_db(str(session), WorkDB.Mode.open) as database:
        for item in list(database.pending_work_items):
            (spec,) = item.mutations
            module = root / spec.module_path
            if module not in spans:
                spans[module] = annotation_spans(module)
            if any(start <= tuple(spec.start_pos) < end for start, end in spans[module]):
                database.set_result(
                    item.job_id,
                    WorkResult(output=ANNOTATION, worker_outcome=WorkerOutcome.SKIPPED),
                )
                skipped += 1
    return skipped


def free_port() -> int:
    """A TCP port nobody listens on, for one worker."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def toml_list(values: list[str]) -> str:
    """A TOML array of strings (each a literal string, so backslashes stay as they are)."""
    return "[" + ", ".join(f"'{value}'" for value in values) + "]"


def session_of(package: str) -> Path:
    """The Cosmic Ray session file of one package's mutants."""
    return WORK / f"{package.replace('/', '.')}.sqlite"


def config_of(package: str) -> Path:
    """The Cosmic Ray configuration of one package's session."""
    return WORK / f"{package.replace('/', '.')}.toml"


def copy_project(workers: int) -> list[tuple[Path, int]]:
    """Fresh copies of the project, one per worker, each with a port for its worker (the
    sessions beside them are kept: `--only` one package leaves the other's results for
    `--report`)."""
    for old in WORK.glob("worker-*"):
        shutil.rmtree(old, ignore_errors=True)
    copies = []
    for number in range(workers):
        copy = WORK / f"worker-{number}"
        for folder in ("gadget", "tests"):
            shutil.copytree(
                ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__")
            )
        shutil.copy2(ROOT / "pyproject.toml", copy / "pyproject.toml")
        copies.append((copy, free_port()))
    return copies


def configure(package: str, modules: list[str], copies: list[tuple[Path, int]]) -> None:
    """One package's session configuration: its files, its tests, the workers, the filters."""
    config_of(package).write_text(
        "\n".join(
            [
                "[cosmic-ray]",
                f"module-path = {toml_list(modules)}",
                f"timeout = {MUTANT_TIMEOUT}",
                "excluded-modules = []",
                f"test-command = '{test_command(package)}'",
                "",
                "[cosmic-ray.distributor]",
                "name = 'http'",
                "",
                "[cosmic-ray.distributor.http]",
                f"worker-urls = {toml_list([f'http://127.0.0.1:{port}' for _, port in copies])}",
                "",
                "[cosmic-ray.filters.operators-filter]",
                f"exclude-operators = {toml_list(excluded_operators())}",
                "",
            ]
        )
    )


def cosmic_ray(*arguments: str | Path, cwd: Path = WORK) -> None:
    """Run one Cosmic Ray command, its chatter kept in build/mutate/cosmic-ray.log."""
    tool = Path(sys.executable).parent / "cosmic-ray"
    with (WORK / "cosmic-ray.log").open("a") as log:
        run = subprocess.run(
            [str(tool), *map(str, arguments)], cwd=cwd, stdout=log, stderr=log, check=False
        )
    if run.returncode:
        raise SystemExit(f"cosmic-ray {arguments[0]} failed: see {WORK / 'cosmic-ray.log'}")


@contextlib.contextmanager
def running_workers(copies: list[tuple[Path, int]]) -> Iterator[None]:
    """One worker per copy, each working in its copy, stopped however the run ends."""
    processes = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", str(port)],
            cwd=copy,
            env=worker_environment(),
        )
        for copy, port in copies
    ]
    try:
        for _, port in copies:
            wait_for(port)
        yield
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def wait_for(port: int) -> None:
    """Return once a worker accepts connections."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.2)
    raise SystemExit(f"the worker on port {port} never started")


def baseline(package: str, copy: Path) -> None:
    """The unmutated copy must pass the fast tests, or every mutant would look killed; this run
    also writes which modules each test file runs."""
    command = [*test_command(package).split(), f"--mutation-map={map_of(package)}"]
    run = subprocess.run(
        command, cwd=copy, capture_output=True, text=True, check=False, env=worker_environment()
    )
    if run.returncode != 0:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")
        raise SystemExit("the fast tests fail on the unmutated code: fix them first")


def main() -> int:
    """Run the session (or only report on the last one) and say whether the target is met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", default=[], help="files to mutate (a quick check)")
    parser.add_argument("--report", action="store_true", help="report on the last session")
    parser.add_argument(
        "--resume", action="store_true", help="test the mutants the last session left untested"
    )
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        serve_worker(arguments.worker)
        return 0
    started = time.monotonic()
    chosen = {
        package: [path for path in arguments.only if path.startswith(package + "/")] or [package]
        for package in SUITES
        if not arguments.only or any(path.startswith(package + "/") for path in arguments.only)
    }
    if not arguments.report:
        copies = copy_project(arguments.workers)
        filters = Path(sys.executable).parent / "cr-filter-operators"
        for package, modules in chosen.items():
            configure(package, modules, copies)  # the new workers' addresses
            baseline(package, copies[0][0])  # and the map, of the tests as they are now
            if arguments.resume:  # its untested mutants only
                continue
            session_of(package).unlink(missing_ok=True)  # this package is run again
            cosmic_ray("init", config_of(package), session_of(package), cwd=copies[0][0])
            subprocess.run(
                [str(filters), str(session_of(package)), str(config_of(package))],
                capture_output=True,
                check=True,
            )
            skipped = skip_annotations(session_of(package), copies[0][0])
            print(f"{package}: {skipped} mutants in annotations skipped", flush=True)
        with running_workers(copies):
            for package in chosen:
                cosmic_ray("exec", config_of(package), session_of(package))
    equivalents = load_equivalents()
    mutants = [mutant for package in chosen for mutant in read_session(session_of(package))]
    results = tally(mutants, equivalents)
    seconds = None if arguments.report else time.monotonic() - started
    if not arguments.only:
        write_report(report(results, equivalents), seconds)
    failed = False
    matched = {key for result in results.values() for key in result.matched}
    tested = {mutant.module for mutant in mutants}
    for key in sorted(set(equivalents) - matched):
        if key[0] in tested:
            print(f"stale entry in {EQUIVALENTS.name} (its line changed or was killed): {key}")
    for module, result in sorted(results.items()):
        print(f"{module}: {result.killed}/{result.mutants - result.equivalent} {result.score:.1%}")
        for mutant in result.survivors:
            print(f"  survived {mutant.module}:{mutant.line} {mutant.operator}\n{mutant.diff}")
        failed |= result.score < TARGET
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
