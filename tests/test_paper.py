"""The PDFs as a reader sees them: pages, words and places, through poppler."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.units import cm

from gadget.cli import main
from gadget.engine import Player
from gadget.missions import default_map
from gadget.services.printing import keycards
from gadget.services.printing.booklets import print_booklets
from gadget.services.printing.keycards import CARD_H, CARD_W, CELL, print_keycards
from gadget.services.printing.map_pdf import print_map
from gadget.services.printing.paper import PrintError, paper_games, word_list


@pytest.fixture(autouse=True)
def poppler() -> None:
    if shutil.which("pdftoppm") is None:
        if os.environ.get("GADGET_REQUIRE_POPPLER") == "1":
            pytest.fail("poppler-utils is required here")
        pytest.skip("no poppler-utils (apt-get install poppler-utils)")


def _save(tmp_path: Path, name: str, pdf: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(pdf)
    return path


def _info(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return {
        k.strip(): v.strip() for k, v in (line.split(":", 1) for line in out.stdout.splitlines())
    }


def _text(path: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    out = subprocess.run(
        ["pdftotext", *pages, str(path), "-"], capture_output=True, text=True, check=True
    )
    return out.stdout


def _boxes(path: Path) -> dict[str, tuple[float, float]]:
    """Each word's top-left corner, in points from the page's top-left."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return {
        m.group(3): (float(m.group(1)), float(m.group(2)))
        for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)</word>', out)
    }


def _words_on(path: Path, page: int) -> list[tuple[str, float, float]]:
    """Every word of a page with its left and top, in reading order of the file."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return [
        (m.group(3), float(m.group(1)), float(m.group(2)))
        for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)</word>', out)
    ]


def _listed(words: list[tuple[str, float, float]], label: str, following: str) -> set[str]:
    """The words right of a colour's label, from its line down to the next label's."""
    (top,) = [y for w, _, y in words if w == label]
    (bottom,) = [y for w, _, y in words if w == following] or [10_000.0]
    (left,) = [x for w, x, _ in words if w == label]
    return {w for w, x, y in words if top - 2 <= y < bottom - 2 and x > left + 60}


def _image(path: Path, tmp_path: Path, dpi: int = 72) -> Image.Image:
    stem = tmp_path / "page"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(path), str(stem)], check=True
    )
    return Image.open(next(tmp_path.glob("page*.png"))).convert("RGB")


# --- The map -------------------------------------------------------------------------------


@pytest.mark.process
def test_the_map_has_every_city_its_parameters_a_team_box_and_notes(tmp_path: Path) -> None:
    path = _save(tmp_path, "map.pdf", print_map(default_map()))
    info = _info(path)
    assert info["Pages"] == "1"
    assert info["Page size"].startswith("841.89 x 595.2")  # A4, landscape
    text = _text(path)
    for mission in default_map().missions:
        assert mission.name.split()[0] in text
        assert mission.parameters in text
    assert "Team" in text and "Notes" in text
    assert "completed" not in text


@pytest.mark.process
def test_the_map_is_laid_out_like_the_world(tmp_path: Path) -> None:
    boxes = _boxes(_save(tmp_path, "map.pdf", print_map(default_map())))
    assert boxes["London"][0] < boxes["Prague"][0] < boxes["Moscow"][0] < boxes["Tokyo"][0]
    assert boxes["Moscow"][1] < boxes["Cairo"][1] < boxes["Sydney"][1]  # north is up
    assert boxes["Team"][0] > 595 and boxes["Team"][1] < 80  # the Team box, top right
    assert boxes["Notes"][1] > 450  # notes at the foot


@pytest.mark.process
def test_a_teams_map_marks_its_completed_missions_on_letter_paper(tmp_path: Path) -> None:
    pdf = print_map(default_map(), "letter", "Owls", frozenset({"prague", "cairo"}))
    path = _save(tmp_path, "owls.pdf", pdf)
    assert _info(path)["Page size"].startswith("792 x 612")
    text = _text(path)
    assert "Owls" in text
    assert "9-9 completed" in text and "9-5 completed" in text
    assert text.count("completed") == 2
    with pytest.raises(PrintError, match="--size a3: choose a4 or letter"):
        print_map(default_map(), "a3")


# --- Booklets ------------------------------------------------------------------------------


def test_the_word_lists_have_400_common_nouns_each() -> None:
    for language in ("en", "fr"):
        words = word_list(language)
        assert len(words) >= 400
        assert len(set(words)) == len(words)
    assert "cœur" in word_list("fr") and "éléphant" in word_list("fr")
    with pytest.raises(PrintError, match="language “de”"):
        word_list("de")


@pytest.mark.process
def test_booklets_have_the_rules_then_a_page_per_game_for_each_player(tmp_path: Path) -> None:
    path = _save(tmp_path, "booklet.pdf", print_booklets(7, 3))
    assert _info(path)["Pages"] == str(2 * (1 + 3))
    rules = _text(path, 1)
    assert "booklet of player 1" in rules and "seed 7" in rules
    assert "+1 per target found, +3 per unused turn box, -2 per mistake" in rules
    assert "booklet of player 2" in _text(path, 5)
    games = paper_games(7, 3)
    for index, game in enumerate(games):
        for player, page in ((Player.A, 2 + index), (Player.B, 6 + index)):
            text = _text(path, page)
            assert f"Game {index + 1} of 3" in text
            assert f"Player {1 if player is Player.A else 2}" in text
            assert "Turns (9)" in text and "Mistakes (5)" in text and "Targets (15)" in text
            for word in game.words:
                assert text.count(word.upper()) >= 2  # in the upper list and in the lower
            side = game.card.side(player)
            words = _words_on(path, page)
            for colour, label, following in (("G", "Green", "Tan"), ("-", "Tan", "Black"),
                                              ("X", "Black", "")):  # fmt: skip
                expected = {game.words[c].upper() for c in range(25) if side[c] == colour}
                assert _listed(words, label, following) == expected, (player, label)


@pytest.mark.process
def test_the_same_seed_prints_the_same_games_in_french_too(tmp_path: Path) -> None:
    first = _text(_save(tmp_path, "a.pdf", print_booklets(11, 2, "fr")), 2)
    again = _text(_save(tmp_path, "b.pdf", print_booklets(11, 2, "fr")), 2)
    other = _text(_save(tmp_path, "c.pdf", print_booklets(12, 2, "fr")), 2)
    assert first == again != other
    french = {w.upper() for w in word_list("fr")}
    words = {w for w in first.split() if w.isupper() and len(w) > 1} - {"GAME", "PLAYER"}
    assert words & french
    with pytest.raises(PrintError, match="--games 0"):
        print_booklets(1, 0)


# --- Key cards -----------------------------------------------------------------------------

RGB = {"G": (46, 125, 50), "X": (33, 33, 33), "-": (215, 196, 163)}


def _colour_at(image: Image.Image, x: float, y: float) -> str:
    """The key colour nearest the pixel at PDF point (x, y) (origin bottom left)."""
    pixel = image.getpixel((round(x), round(image.height - y)))
    assert isinstance(pixel, tuple)
    return min(RGB, key=lambda c: sum((a - b) ** 2 for a, b in zip(pixel, RGB[c], strict=True)))


@pytest.mark.process
def test_each_key_card_shows_side_a_upright_and_side_b_upside_down(tmp_path: Path) -> None:
    path = _save(tmp_path, "cards.pdf", print_keycards(5, 8))
    assert _info(path)["Pages"] == "2"  # six cards a page
    image = _image(path, tmp_path)
    game = paper_games(5, 8)[0]
    x0, y0 = next(keycards._positions())
    left = (CARD_W - 5 * CELL) / 2
    for player in Player:
        seen = game.card.seen_from(player)
        for index, colour in enumerate(seen):
            row, column = divmod(index, 5)
            # A corner of the cell, clear of its symbol, in the half's own upright frame.
            lx = left + column * CELL + 0.2 * CELL
            ly = CARD_H / 2 - 0.8 * cm - (row + 1) * CELL + 0.2 * CELL
            if player is Player.A:
                x, y = x0 + lx, y0 + ly
            else:  # drawn turned half way round, from the card's top right corner
                x, y = x0 + CARD_W - lx, y0 + CARD_H - ly
            assert _colour_at(image, x, y) == colour, (player, row, column)


@pytest.mark.process
def test_the_key_cards_heading_is_one_line_above_the_cut_marks(tmp_path: Path) -> None:
    """French with a ten-digit seed (the paper screen's) wrapped onto the top cards' marks."""
    path = _save(tmp_path, "cards.pdf", print_keycards(4_000_000_000, 1, "fr"))
    first_line = _text(path).splitlines()[0]
    assert first_line.startswith("Cartes Clé, graine 4000000000 : ")
    assert first_line.endswith("le côté B face à B).")


@pytest.mark.process
def test_the_print_commands_write_pdfs_and_refuse_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GADGET_DATABASE_URL", f"sqlite:///{tmp_path / 'gadget.db'}")
    assert main(["print", "map", "-o", str(tmp_path / "map.pdf")]) == 0
    assert (
        main(["print", "booklet", "--games", "2", "--seed", "3", "-o", str(tmp_path / "b.pdf")])
        == 0
    )
    assert main(["print", "keycards", "--games", "7", "-o", str(tmp_path / "k.pdf")]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "(seed 3)" in out
    assert _info(tmp_path / "k.pdf")["Pages"] == "2"
    assert main(["print", "map", "--team", "Bats", "-o", str(tmp_path / "x.pdf")]) == 2
    assert capsys.readouterr().err == "gadget: no team named “Bats”\n"
    assert main(["print", "booklet", "--games", "2", "--lang", "de", "-o", "x.pdf"]) == 2
