"""Classic and Pictures key cards on paper, as a reader sees them through poppler: each cell's
colour and a shape for each kind of cell, the starting team's colour around both faces, the
code on the spymasters' face alone; from the command line and from the paper screen."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.colors import Color

from gadget.cli import main
from gadget.engine.classic import ClassicCard, Game, Role, Team
from gadget.services import palette
from gadget.services.printing import keycards
from gadget.services.printing.classic_keycards import (
    BORDER,
    CELL,
    FACE_H,
    GRID_LEFT,
    INSET,
    ROLE_COLOURS,
    classic_cards,
    print_classic_keycards,
)
from gadget.services.printing.keycards import CARD_H, CARD_W
from gadget.services.printing.paper import PrintError
from gadget.services.table import Table
from tests.phones import Phone
from tests.screens import at_the_table
from tests.test_campaign_screens import _saved_files
from tests.test_paper import _image, _info, _save, _text, poppler  # noqa: F401 (a fixture)

DPI = 300
SCALE = DPI / 72  # pixels a point
# The first code each seed prints, forever: a reprint of a seed must deal the same cards.
FIRST_CODES = {Game.CLASSIC: "3174Y-Q90FZ", Game.PICTURES: "4006D-MQM7S"}


def _rgb(colour: Color) -> tuple[int, int, int]:
    red, green, blue = (round(255 * part) for part in colour.rgb())
    return red, green, blue


KEY = {role: _rgb(colour) for role, colour in ROLE_COLOURS.items()}
WHITE = (255, 255, 255)
BYSTANDER_INK = tuple(int(palette.BYSTANDER_INK[i : i + 2], 16) for i in (1, 3, 5))


def _pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at PDF point (x, y), origin bottom left."""
    pixel = image.getpixel((round(x * SCALE), round(image.height - y * SCALE)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def _nearest(pixel: tuple[int, int, int], choices: dict[object, tuple[int, int, int]]) -> object:
    return min(
        choices, key=lambda c: sum((a - b) ** 2 for a, b in zip(pixel, choices[c], strict=True))
    )


def _cell_point(card: ClassicCard, cell: int, across: float, up: float) -> tuple[float, float]:
    """A point of a cell of the key face, as fractions of the cell, in the face's frame."""
    row, column = divmod(cell, card.layout.columns)
    bottom = (FACE_H - card.layout.rows * CELL) / 2 + (card.layout.rows - 1 - row) * CELL
    return GRID_LEFT + column * CELL + across * CELL, bottom + up * CELL


def _probes(image: Image.Image, x0: float, y0: float, card: ClassicCard, cell: int) -> tuple:
    """What three points of a cell show, each white, its colour or ink: a shape's signature."""
    shown = []
    for across, up in ((0.5, 0.5), (0.6125, 0.6125), (0.5, 0.65)):
        x, y = _cell_point(card, cell, across, up)
        pixel = _pixel(image, x0 + x, y0 + y)
        shown.append(_nearest(pixel, {"white": WHITE, "ink": BYSTANDER_INK, "colour": KEY[
            card.role(cell)
        ]}))  # fmt: skip
    return tuple(shown)


@pytest.mark.process
@pytest.mark.parametrize("game", list(Game))
def test_each_cell_has_its_colour_and_each_kind_its_own_shape(game: Game, tmp_path: Path) -> None:
    path = _save(tmp_path, "cards.pdf", print_classic_keycards(game, 7, 8))
    assert _info(path)["Pages"] == "2"  # six cards a page
    image = _image(path, tmp_path, DPI)
    spots = list(keycards._positions())
    signatures: dict[Role, set[tuple]] = {role: set() for role in Role}
    for (x0, y0), card in zip(spots, classic_cards(game, 7, 6), strict=True):
        for cell in range(card.layout.cells):
            x, y = _cell_point(card, cell, 0.1, 0.1)  # a corner, clear of the shape
            assert _nearest(_pixel(image, x0 + x, y0 + y), KEY) == card.role(cell), cell
            signatures[card.role(cell)].add(_probes(image, x0, y0, card, cell))
    assert all(len(found) == 1 for found in signatures.values()), signatures  # one shape a kind
    assert len({found.pop() for found in signatures.values()}) == len(Role)  # four shapes


@pytest.mark.process
@pytest.mark.parametrize("game", list(Game))
def test_both_faces_are_framed_in_the_starting_teams_colour(game: Game, tmp_path: Path) -> None:
    path = _save(tmp_path, "cards.pdf", print_classic_keycards(game, 11, 6))
    image = _image(path, tmp_path, DPI)
    teams = {team: KEY[team.agent] for team in Team}
    frame = INSET + BORDER / 2
    seen = set()
    for (x0, y0), card in zip(keycards._positions(), classic_cards(game, 11, 6), strict=True):
        for x, y in (
            (frame, FACE_H / 2),  # the key face's left edge
            (CARD_W / 2, frame),  # its bottom edge
            (CARD_W - frame, CARD_H - FACE_H / 2),  # the upside-down face's edge
            (CARD_W / 2, CARD_H - frame),  # its top edge
        ):
            assert _nearest(_pixel(image, x0 + x, y0 + y), teams) is card.starting
        seen.add(card.starting)
    assert len(seen) == 2  # seed 11 starts each team at least once on the page


@pytest.mark.process
@pytest.mark.parametrize("game", list(Game))
def test_the_code_is_on_the_spymasters_face_alone_with_the_words(
    game: Game, tmp_path: Path
) -> None:
    path = _save(tmp_path, "cards.pdf", print_classic_keycards(game, 7, 3))
    text = _text(path)
    cards = classic_cards(game, 7, 3)
    assert cards[0].code == FIRST_CODES[game]
    for number, card in enumerate(cards, start=1):
        assert text.count(card.code) == 1
        assert ClassicCard.from_code(card.code) == card
        assert text.count(f"Card {number}") == 2  # on both faces
    title = "Classic Codenames" if game is Game.CLASSIC else "Codenames Pictures"
    assert f"{title} key cards, seed 7: cut on the marks" in text
    for words in ("Spymasters only", "red agent", "blue agent", "bystander", "assassin"):
        assert text.splitlines().count(words) == 3, words  # a line of its own on each card
    starts = text.replace("\n", " ")
    layout = cards[0].layout
    for card in cards:
        first, second = card.starting.value, card.starting.other.value
        assert (
            f"The {first} team starts: {layout.starting_agents} {first} agents,"
            f" {layout.other_agents} {second} agents."
        ) in starts


def test_the_same_seed_prints_the_same_cards_and_bad_numbers_are_refused() -> None:
    assert classic_cards(Game.CLASSIC, 5, 3) == classic_cards(Game.CLASSIC, 5, 3)
    assert classic_cards(Game.CLASSIC, 5, 3) != classic_cards(Game.CLASSIC, 6, 3)
    assert [c.game for c in classic_cards(Game.PICTURES, 5, 2)] == [Game.PICTURES] * 2
    with pytest.raises(PrintError, match="--games 0: print 1 to 1000 games"):
        print_classic_keycards(Game.CLASSIC, 5, 0)
    with pytest.raises(PrintError, match="--seed -1 is outside"):
        print_classic_keycards(Game.PICTURES, -1, 1)


@pytest.mark.process
def test_a_long_heading_stays_on_one_line_above_the_cut_marks(tmp_path: Path) -> None:
    pdf = print_classic_keycards(Game.CLASSIC, 2**64 - 1, 1)
    first_line = _text(_save(tmp_path, "classic.pdf", pdf)).splitlines()[0]
    assert first_line.startswith("Classic Codenames key cards, seed 18446744073709551615: cut")
    assert first_line.endswith("with the key facing the spymasters.")


@pytest.mark.process
def test_the_command_prints_a_games_key_cards_duet_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pictures, duet = tmp_path / "p.pdf", tmp_path / "d.pdf"
    command = ["print", "keycards", "--games", "7", "--seed", "3"]
    assert main([*command, "--game", "pictures", "-o", str(pictures)]) == 0
    assert main([*command, "-o", str(duet)]) == 0
    assert capsys.readouterr().out == f"wrote {pictures} (seed 3)\nwrote {duet} (seed 3)\n"
    assert _info(pictures)["Pages"] == "2"
    assert classic_cards(Game.PICTURES, 3, 7)[6].code in _text(pictures)
    assert "side A" in _text(duet) and "Spymasters only" not in _text(duet)
    assert main([*command, "--game", "chess", "-o", str(duet)]) == 2
    assert "argument --game: invalid choice: 'chess'" in capsys.readouterr().err


@pytest.mark.process
@at_the_table
async def test_the_paper_screen_prints_the_chosen_games_key_cards(table: Table) -> None:
    paper = await Phone("/paper").open()
    await paper.type("Games", "2")
    await paper.tap("Key cards (PDF)")
    await paper.choose("Key cards for", "pictures")
    await paper.tap("Key cards (PDF)")
    saved = _saved_files(paper)
    assert len(saved) == 2
    duet = next(n for n in saved if n.startswith("duet-key-cards-"))
    name = next(n for n in saved if n.startswith("pictures-key-cards-"))
    seed = int(name.removeprefix("pictures-key-cards-").removesuffix(".pdf"))
    assert saved[name] != saved[duet]
    assert paper.says("key cards, seed") and paper.says("with its key facing the spymasters")
    expected = print_classic_keycards(Game.PICTURES, seed, 2)
    assert _pages_text(saved[name]) == _pages_text(expected)


def _pages_text(pdf: bytes) -> str:
    """What a PDF says (its bytes hold the moment it was made, so they never match)."""
    return subprocess.run(
        ["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
