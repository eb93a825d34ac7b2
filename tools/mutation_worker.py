"""The worker of `make mutate`: which tests a mutant gets, and how they run on it.

Each worker is a process in its own copy of the project that takes one mutant a request,
applies it with Cosmic Ray's code, runs the test files that can reach the mutant's module,
and puts the file back. The tests run in a child forked from the worker, which imported
pytest, Hypothesis and the libraries the tests use once (but never `gadget` or `tests`, which
each child imports from the mutated copy), and they keep their compiled files from one
mutant to the next (but the mutated packages never do): about four seconds a mutant less
than starting Python and pytest again.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import importlib
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import cosmic_ray.mutating
from aiohttp import web
from cosmic_ray.mutating import mutate_and_test
from cosmic_ray.work_item import MutationSpec, TestOutcome
from mutation_guard import MUTANT_TIMEOUT, refusal

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutate"
# What every child would import anyway: imported once, before any fork.
PRELOADED = ("pytest", "hypothesis", "hypothesis.strategies", "hypothesis.stateful", "flet",
             "sqlalchemy", "sqlmodel", "alembic", "babel", "qrcode")  # fmt: skip

# Each package and the tests that may kill its mutants. The quickest killers come first, since
# `-x` stops at the first failure; the slow statistical and state-machine tests come last. A
# mutant is tested only by the files that run its module or import it by name (the map written
# on the unmutated copy, `--mutation-map`): the engine's tests never reach the missions, the
# classic game's never reach Duet's rules.
SUITES: dict[str, tuple[str, ...]] = {
    "gadget/engine": (
        "tests/test_rules.py",
        "tests/test_told_results.py",
        "tests/test_messages.py",
        "tests/test_sharecode.py",
        "tests/test_prng.py",
        "tests/test_view.py",
        "tests/test_gamelog.py",
        "tests/test_jsontext.py",
        "tests/test_countdown.py",
        "tests/test_team_timer.py",
        "tests/test_classic.py",
        "tests/test_tally.py",
        "tests/test_classic_game.py",
        "tests/test_card_words.py",
        "tests/test_packed_words.py",
        "tests/test_values.py",
        "tests/test_keycard.py",
        "tests/test_rules_machine.py",
        "tests/test_clue_rule.py",
        "tests/test_clue_check.py",
    ),
    "gadget/missions": (
        "tests/test_missions.py",
        "tests/test_told_results.py",
        "tests/test_names.py",
        "tests/test_layout.py",
        "tests/test_campaign_record.py",
        "tests/test_times.py",
        "tests/test_team_document_rules.py",
        "tests/test_values.py",
        "tests/test_team_document.py",
        "tests/test_team_word_lists.py",
    ),
}
# Tests that need the project's fixtures (a store on SQLite): a mutant tested by none of them
# runs with `--noconftest`, which saves it the store's imports.
WITH_FIXTURES = frozenset({"tests/test_team_document.py", "tests/test_team_word_lists.py"})


def test_command(package: str, files: tuple[str, ...] | None = None) -> str:
    """The command a worker runs on a mutant of this package, from inside its copy: the whole
    suite, or only these of its files."""
    chosen = SUITES[package] if files is None else files
    return " ".join(
        [
            sys.executable,
            "-m",
            "pytest",
            "-x",
            "-q",
            *(() if WITH_FIXTURES.intersection(chosen) else ("--noconftest",)),
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.mutation_plugin",
            *chosen,
        ]
    )


def map_of(package: str) -> Path:
    """Which modules each of the package's test files runs (written by `baseline`)."""
    return WORK / f"{package.replace('/', '.')}.map.json"


def named_modules(test_file: Path) -> set[str]:
    """The gadget modules a test file imports by name (a dataclass built by a test runs no
    function of its module that the map could see); a package imported whole (`import
    gadget.engine`, to walk its modules) names each of its modules, as a folder."""
    named = set()
    for node in ast.walk(ast.parse(test_file.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gadget"):
            named.add(node.module.replace(".", "/") + ".py")
            named.update(
                f"{node.module}.{alias.name}".replace(".", "/") + ".py" for alias in node.names
            )
        elif isinstance(node, ast.Import):
            for alias in node.names:
                named.add(alias.name.replace(".", "/") + ".py")
                named.add(alias.name.replace(".", "/") + "/")
    return named


def tests_for(package: str, module: str, copy: Path) -> tuple[str, ...]:
    """The package's test files that run this module or import it, in the suite's order; the
    whole suite when none does (a module only read at import time)."""
    ran: dict[str, list[str]] = json.loads(map_of(package).read_text())
    chosen = tuple(
        test_file
        for test_file in SUITES[package]
        if module in ran.get(test_file, ())
        or any(
            module == name or (name.endswith("/") and module.startswith(name))
            for name in named_modules(copy / test_file)
        )
    )
    return chosen or SUITES[package]


def forked_tests(command: str, timeout: float) -> tuple[TestOutcome, str]:
    """Run pytest with the arguments of this command (one `test_command` built) in a child
    of this worker; killed past `timeout` seconds (an endless loop), as Cosmic Ray's own
    runner does with a subprocess."""
    arguments = command.split()[3:]  # after "python -m pytest"
    # The tests' and the other packages' compiled files are kept from one mutant to the next
    # (two seconds a mutant, compiling and rewriting them again); never those of the packages
    # that are mutated: a mutant written in the second its file was restored, at the same
    # size, would be loaded from the last one's.
    for package in SUITES:
        for compiled in (Path.cwd() / package).rglob("*.pyc"):
            compiled.unlink()
    with tempfile.TemporaryFile() as output:
        child = os.fork()
        if child == 0:  # the child: the tests, then exit without the parent's cleanup
            code = 3
            try:
                os.setsid()
                os.dup2(output.fileno(), 1)
                os.dup2(output.fileno(), 2)
                asyncio.events._set_running_loop(None)  # the worker's loop is not the child's
                sys.path.insert(0, str(Path.cwd()))
                sys.dont_write_bytecode = False
                import pytest  # noqa: PLC0415  (imported already: the worker's)

                code = int(pytest.main(arguments))
            finally:
                os._exit(code)
        deadline = time.monotonic() + timeout
        status = None
        while status is None:
            done, waited = os.waitpid(child, os.WNOHANG)
            if done:
                status = waited
            elif time.monotonic() > deadline:
                with contextlib.suppress(OSError):
                    os.killpg(child, signal.SIGKILL)
                os.waitpid(child, 0)
                return TestOutcome.KILLED, f"timeout after {timeout} s"
            else:
                time.sleep(0.005)
        output.seek(0)
        said = output.read().decode(errors="replace")
    passed = os.waitstatus_to_exitcode(status) == 0
    return (TestOutcome.SURVIVED if passed else TestOutcome.KILLED), said


def serve_worker(port: int) -> None:
    """Cosmic Ray's HTTP worker, but on loopback only and running only our test command.

    `cosmic-ray http-worker` listens on every interface and runs whatever command a request
    names: anyone on the network, or a web page posting to localhost, could run a program here.
    """
    for name in PRELOADED:
        importlib.import_module(name)
    cosmic_ray.mutating.run_tests = forked_tests  # type: ignore[attr-defined]

    copy = Path.cwd()

    async def guarded(request: web.Request) -> web.StreamResponse:
        # A browser cannot post application/json across origins without a preflight, which
        # this server never grants.
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType()
        asked = await request.json()
        packages = [
            name
            for name in SUITES
            if isinstance(asked, dict) and asked.get("test_command") == test_command(name)
        ]
        refused = refusal(asked, request.headers.get("Host"), port, copy, packages)
        if refused is not None or len(packages) != 1:
            raise web.HTTPForbidden(text=refused or "not the tests of a package")
        (mutation,) = asked["mutations"]
        module = Path(mutation["module_path"])
        result = mutate_and_test(
            mutations=[
                MutationSpec(  # as Cosmic Ray's own worker builds it (positions unused)
                    module_path=module,
                    operator_name=mutation["operator"],
                    occurrence=mutation["occurrence"],
                    start_pos=(0, 0),
                    end_pos=(0, 1),
                )
            ],
            test_command=test_command(packages[0], tests_for(packages[0], module.as_posix(), copy)),
            timeout=MUTANT_TIMEOUT,  # the tool's, whatever a request says
        )
        return web.json_response(
            {
                "worker_outcome": result.worker_outcome.value,
                "output": result.output,
                "test_outcome": None if result.test_outcome is None else result.test_outcome.value,
                "diff": result.diff,
            }
        )

    app = web.Application()
    app.add_routes([web.post("/", guarded)])
    web.run_app(app, host="127.0.0.1", port=port, print=None)


def worker_environment() -> dict[str, str]:
    """This environment without the test database: two workers would share it."""
    dropped = ("GADGET_TEST_POSTGRES_URL", "GADGET_REQUIRE_POSTGRES", "GADGET_REQUIRE_BROWSER")
    return {
        **{name: value for name, value in os.environ.items() if name not in dropped},
        "PYTHONDONTWRITEBYTECODE": "1",
    }
