"""The results of `make mutate`: each mutant as the report needs it, the equivalents, the
score per file, and the page docs/mutation.md shows them on."""

from __future__ import annotations

import os
import re
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "mutation.md"
EQUIVALENTS = ROOT / "tools" / "equivalent_mutants.toml"
UNMADE = "object has no attribute 'value'"  # Cosmic Ray's operator failing on a dotted name


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
            if result.worker_outcome is WorkerOutcome.EXCEPTION and UNMADE in (result.output or ""):
                # Cosmic Ray's ExceptionReplacer cannot rename a dotted exception
                # (`binascii.Error`): no mutant was made, so there is nothing to test.
                (spec,) = item.mutations
                print(f"not made by Cosmic Ray: {spec.module_path}:{spec.start_pos[0]}")
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
