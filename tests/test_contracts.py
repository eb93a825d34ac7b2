"""The import contracts hold, and each new one fails when broken: a copy of the code with one
forbidden import planted is checked with the project's own import-linter settings."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on a tree, with the project's contracts."""
    return subprocess.run(
        [str(LINT), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = tmp_path_factory.mktemp("contracts")
    shutil.copytree(ROOT / "gadget", tree / "gadget", ignore=shutil.ignore_patterns("*.pyc"))
    return tree


def test_the_code_keeps_every_contract(copy: Path) -> None:
    kept = _lint(copy)
    assert kept.returncode == 0, kept.stdout[-3000:]
    said = " ".join(kept.stdout.split())  # wrapped lines joined
    assert "Screens see the services alone: no view imports the store KEPT" in said
    assert "no campaign rule, no service KEPT" in said


@pytest.mark.parametrize(
    ("module", "planted", "broken"),
    [
        ("gadget/views/screens/home.py", "import gadget.store.games", "no view imports the store"),
        ("gadget/services/words.py", "import gadget.site.app", "Dependencies point one way"),
        ("gadget/store/games.py", "import gadget.language", "Dependencies point one way"),
        ("gadget/cli/codes.py", "import gadget.site.play", "Dependencies point one way"),
        # The store plays no game: a rule imported, or reached through the engine's package
        # (which names them all), or the campaign's rule, or a service.
        ("gadget/store/unit.py", "import gadget.engine.rules", "The store keeps rows"),
        ("gadget/store/games.py", "from gadget.engine import apply", "The store keeps rows"),
        ("gadget/store/history.py", "import gadget.missions.progress", "The store keeps rows"),
        ("gadget/store/home.py", "import gadget.services.games", "The store keeps rows"),
        # The engine keeps no clock: time is given to it.
        ("gadget/engine/rules.py", "import time", "The engine and the missions are pure"),
        ("gadget/engine/countdown.py", "import calendar", "The engine and the missions are"),
        # Nor does it play the classic game, score or time (an outsider's plants, issue 35).
        ("gadget/store/unit.py", "from gadget.engine.classic_game import after", "The store keeps"),
        ("gadget/store/unit.py", "from gadget.engine.score import score", "The store keeps rows"),
        ("gadget/store/unit.py", "from gadget.engine.tally import Tally", "The store keeps rows"),
        # The clue's rule is the engine's; Snowball is the services' (issue 35).
        ("gadget/engine/clue_rule.py", "import snowballstemmer", "The engine and the missions"),
        # The site draws the parts both apps draw, never a served screen or part; the parts
        # stand alone; two screens share a part, never each other (issue 35).
        ("gadget/site/play.py", "import gadget.views.screens.home", "The static site runs"),
        ("gadget/site/play.py", "import gadget.views.served.live", "The static site runs"),
        ("gadget/views/parts/layout.py", "import gadget.views.served.story", "The parts both"),
        ("gadget/views/screens/join.py", "import gadget.views.screens.game", "A screen is no part"),
        # The partner is handed what its side's phone shows: it reads no store, no game kept
        # by a service, and the store and missions never reach it (issue 38).
        ("gadget/partner/player.py", "import gadget.store.games", "The partner knows what"),
        ("gadget/partner/seat.py", "import gadget.services.games", "The partner knows what"),
        ("gadget/missions/map.py", "import gadget.partner.seat", "Dependencies point one way"),
    ],
)
def test_a_planted_import_breaks_its_contract(
    copy: Path, module: str, planted: str, broken: str
) -> None:
    path = copy / module
    original = path.read_text(encoding="utf-8")
    path.write_text(original + f"\n{planted}  # planted\n", encoding="utf-8")
    try:
        result = _lint(copy)
    finally:
        path.write_text(original, encoding="utf-8")
    assert result.returncode != 0
    assert "Broken contracts" in result.stdout
    said = " ".join(result.stdout.split("Broken contracts")[-1].split())  # wrapped lines joined
    assert broken in said, said[:2000]
