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
import re
import shutil
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web
from cosmic_ray.distribution.http import handle_mutate_and_test
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutate"
DOC = ROOT / "docs" / "mutation.md"
EQUIVALENTS = ROOT / "tools" / "equivalent_mutants.toml"
TARGET = 0.98
ANNOTATION = "in an annotation, never evaluated"

# Each package and its fast tests: pure Python, no Flet, no database. The missions' mutants
# need only the missions' tests (the engine's tests never import them). The quickest killers
# come first, since `-x` stops at the first failure; the slow statistical and state-machine
# tests come last.
SUITES: dict[str, tuple[str, ...]] = {
    "gadget/engine": (
        "tests/test_rules.py",
        "tests/test_told_results.py",
        "tests/test_messages.py",
        "tests/test_sharecode.py",
        "tests/test_prng.py",
        "tests/test_view.py",
        "tests/test_gamelog.py",
        "tests/test_countdown.py",
        "tests/test_team_timer.py",
        "tests/test_classic_table.py",
        "tests/test_values.py",
        "tests/test_keycard.py",
        "tests/test_rules_machine.py",
    ),
    "gadget/missions": (
        "tests/test_missions.py",
        "tests/test_told_results.py",
        "tests/test_names.py",
        "tests/test_layout.py",
        "tests/test_values.py",
    ),
}

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


def test_command(package: str) -> str:
    """The command a worker runs on a mutant of this package, from inside its copy."""
    return " ".join(
        [
            sys.executable,
            "-m",
            "pytest",
            "-x",
            "-q",
            "--noconftest",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.mutation_plugin",
            *SUITES[package],
        ]
    )


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
                "timeout = 20.0",  # the fast tests take 5 s; a mutant that loops forever ends here
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


def serve_worker(port: int) -> None:
    """Cosmic Ray's HTTP worker, but on loopback only and running only our test command.

    `cosmic-ray http-worker` listens on every interface and runs whatever command a request
    names: anyone on the network, or a web page posting to localhost, could run a program here.
    """

    async def guarded(request: web.Request) -> web.StreamResponse:
        # A browser cannot post application/json across origins without a preflight, which
        # this server never grants.
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType()
        asked = await request.json()
        if asked.get("test_command") not in {test_command(package) for package in SUITES}:
            raise web.HTTPForbidden(text="not the fast tests")
        return await handle_mutate_and_test(request)

    app = web.Application()
    app.add_routes([web.post("/", guarded)])
    web.run_app(app, host="127.0.0.1", port=port, print=None)


@contextlib.contextmanager
def running_workers(copies: list[tuple[Path, int]]) -> Iterator[None]:
    """One worker per copy, each working in its copy, stopped however the run ends."""
    processes = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", str(port)],
            cwd=copy,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
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
    """The unmutated copy must pass the fast tests, or every mutant would look killed."""
    run = subprocess.run(
        test_command(package).split(), cwd=copy, capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")
        raise SystemExit("the fast tests fail on the unmutated code: fix them first")


@dataclass(frozen=True)
class Mutant:
    """One mutation that was tested, as the report needs it."""

    module: str
    operator: str
    line: int
    original: str
    mutated: str
    killed: bool
    diff: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        """What names a mutant across runs: its file, operator and the line before and after."""
        return (self.module, self.operator, self.original, self.mutated)


@dataclass
class FileResult:
    """How one file's mutants ended."""

    mutants: int = 0
    killed: int = 0
    equivalent: int = 0
    survivors: list[Mutant] = field(default_factory=list)
    matched: list[tuple[str, str, str, str]] = field(default_factory=list)

    @property
    def score(self) -> float:
        """Killed, out of the mutants that are not equivalent."""
        counted = self.mutants - self.equivalent
        return self.killed / counted if counted else 1.0


def changed_lines(diff: str) -> tuple[str, str]:
    """The line a mutant changed, before and after, without indentation."""
    removed = [line[1:].strip() for line in diff.splitlines() if re.match(r"-(?!--)", line)]
    added = [line[1:].strip() for line in diff.splitlines() if re.match(r"\+(?!\+\+)", line)]
    return " / ".join(removed), " / ".join(added)


def read_session(session: Path) -> list[Mutant]:
    """Every mutant a session tested (skipped operators and impossible mutations left out)."""
    mutants = []
    with use_db(str(session), WorkDB.Mode.open) as database:
        for item, result in database.completed_work_items:
            if result.worker_outcome in (WorkerOutcome.SKIPPED, WorkerOutcome.NO_TEST):
                continue
            if result.worker_outcome is not WorkerOutcome.NORMAL:
                raise SystemExit(f"a worker failed on {item.job_id}: {result.output}")
            (spec,) = item.mutations
            original, mutated = changed_lines(result.diff or "")
            mutants.append(
                Mutant(
                    module=spec.module_path.as_posix(),
                    operator=spec.operator_name.removeprefix("core/"),
                    line=spec.start_pos[0],
                    original=original,
                    mutated=mutated,
                    killed=result.test_outcome is not TestOutcome.SURVIVED,
                    diff=result.diff or "",
                )
            )
    return mutants


def load_equivalents() -> dict[tuple[str, str, str, str], str]:
    """The survivors that no test can kill, each with the reason it behaves as the original."""
    entries = tomllib.loads(EQUIVALENTS.read_text())["mutant"]
    return {
        (entry["file"], entry["operator"], entry["line"], entry["mutated"]): entry["reason"]
        for entry in entries
    }


def tally(
    mutants: list[Mutant], equivalents: dict[tuple[str, str, str, str], str]
) -> dict[str, FileResult]:
    """Results per file, survivors that are listed as equivalent counted apart (and noted in
    `matched`, so that an entry whose line has changed since is reported as stale)."""
    results: dict[str, FileResult] = {}
    for mutant in sorted(mutants, key=lambda mutant: (mutant.module, mutant.line)):
        result = results.setdefault(mutant.module, FileResult())
        result.mutants += 1
        if mutant.killed:
            result.killed += 1
        elif mutant.key in equivalents:
            result.equivalent += 1
            result.matched.append(mutant.key)
        else:
            result.survivors.append(mutant)
    return results


def cell(text: str) -> str:
    """Source text made safe inside a Markdown table cell."""
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`" if text else "(nothing)"


def report(results: dict[str, FileResult], equivalents: dict[tuple[str, ...], str]) -> str:
    """The Markdown that goes between docs/mutation.md's result markers."""
    lines = [
        "| file | mutants | killed | equivalent | survived | score |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for module, result in sorted(results.items()):
        lines.append(
            f"| {module} | {result.mutants} | {result.killed} | {result.equivalent} "
            f"| {len(result.survivors)} | {result.score:.1%} |"
        )
    total = FileResult(
        mutants=sum(result.mutants for result in results.values()),
        killed=sum(result.killed for result in results.values()),
        equivalent=sum(result.equivalent for result in results.values()),
    )
    survivors = sum(len(result.survivors) for result in results.values())
    lines.append(
        f"| **all** | {total.mutants} | {total.killed} | {total.equivalent} "
        f"| {survivors} | {total.score:.1%} |"
    )
    lines += ["", "### Equivalent mutants", ""]
    lines += ["| file | line | mutated to | why no test can tell |", "|---|---|---|---|"]
    matched = sorted({key for result in results.values() for key in result.matched})
    for module, operator, original, mutated in matched:
        reason = equivalents[(module, operator, original, mutated)]
        lines.append(f"| {module} | {cell(original)} | {cell(mutated)} | {reason} |")
    if survivors:
        lines += ["", "### Survivors not yet killed", ""]
        for result in results.values():
            for mutant in result.survivors:
                lines.append(
                    f"- {mutant.module}:{mutant.line} {mutant.operator}: "
                    f"{cell(mutant.original)} to {cell(mutant.mutated)}"
                )
    return "\n".join(lines)


def write_report(markdown: str, seconds: float | None) -> None:
    """Replace the results in docs/mutation.md, keeping everything around them."""
    text = DOC.read_text()
    start, end = "<!-- results: written by tools/mutate.py -->", "<!-- end of results -->"
    before, rest = text.split(start)
    _, after = rest.split(end)
    stamp = f"Last run: {time.strftime('%Y-%m-%d')}"
    if seconds is not None:
        stamp += f", {seconds / 60:.0f} minutes with {os.cpu_count()} cores."
    DOC.write_text(f"{before}{start}\n{stamp}\n\n{markdown}\n{end}{after}")


def main() -> int:
    """Run the session (or only report on the last one) and say whether the target is met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", default=[], help="files to mutate (a quick check)")
    parser.add_argument("--report", action="store_true", help="report on the last session")
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
            baseline(package, copies[0][0])
            configure(package, modules, copies)
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
