"""The deployment in deploy/ holds together: Caddy accepts its Caddyfile, the compose file
runs two replicas on PostgreSQL behind Caddy, and the image starts `gadget serve` as the
command line understands it. (No container is started here: the topology test runs the
same thing without containers.)"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from gadget.cli.main import parser

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
REQUIRED = os.environ.get("GADGET_REQUIRE_BROWSER") == "1"  # CI: caddy is installed


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
