"""`gadget new --game classic|pictures` and `gadget keycard` with a classic or Pictures code:
the one card both spymasters see, its code, the team that starts and a legend; Duet's options
refused in one line where they mean nothing."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from gadget.cli import main
from gadget.engine.classic import LAYOUTS, ClassicCard, Game, Team, deal


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


LEGEND = "R red agent   B blue agent   - bystander   X assassin"
# tests/test_classic.py's golden vectors: the cards these codes make, forever.
CLASSIC_CODE, CLASSIC_CELLS = "38N6C-EVTHE", "BRRBBXBB--RB----BR-RBRRRB"
PICTURES_CODE, PICTURES_CELLS = "4002S-MAYSE", "-B-RBBBR--BRRBBBRRRX"


@pytest.mark.parametrize("game", list(Game))
def test_new_deals_a_classic_card_whose_code_makes_the_card_it_prints(
    capsys: pytest.CaptureFixture[str], game: Game
) -> None:
    status, out, err = run(capsys, "new", "--game", game.value)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    card = ClassicCard.from_code(lines[0])
    assert card.game is game
    layout = LAYOUTS[game]
    title = "Classic Codenames key card" if game is Game.CLASSIC else "Codenames Pictures key card"
    first, second = card.starting.value, card.starting.other.value
    assert lines[1:4] == [
        "",
        title,
        f"The {first} team starts: {layout.starting_agents} {first} agents,"
        f" {layout.other_agents} {second} agents.",
    ]
    grid = lines[4 : 4 + layout.rows]
    assert [row.replace(" ", "") for row in grid] == card.rows()
    assert {len(row) for row in grid} == {2 * layout.columns - 1}
    assert lines[4 + layout.rows :] == ["", LEGEND]
    _, again, _ = run(capsys, "new", "--game", game.value)
    assert again.splitlines()[0] != lines[0]  # a fresh seed each time


def test_new_as_json_is_the_code_the_game_the_starting_team_and_the_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "new", "--game", "pictures", "--json")
    data = json.loads(out)
    assert status == 0 and set(data) == {"code", "game", "starting", "rows"}
    card = ClassicCard.from_code(data["code"])
    assert (data["game"], data["starting"], data["rows"]) == (
        "pictures",
        card.starting.value,
        card.rows(),
    )
    counts = Counter("".join(data["rows"]))
    assert counts == Counter({"R": 8, "B": 7, "-": 4, "X": 1}) or counts == Counter(
        {"B": 8, "R": 7, "-": 4, "X": 1}
    )


def test_new_with_no_game_named_still_deals_duet(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "new", "--json")
    data = json.loads(out)
    assert status == 0 and data["code"].startswith("2")
    assert (data["tokens"], data["mistakes"]) == (9, 9)
    _, out, _ = run(capsys, "new", "--game", "duet", "--tokens", "7")
    assert out.splitlines()[2] == "Side A, yours (the code makes side B):"


@pytest.mark.parametrize("game", ["classic", "pictures"])
@pytest.mark.parametrize(("option", "value"), [("--tokens", "9"), ("--mistakes", "0")])
def test_duets_time_bank_is_refused_in_one_line_for_a_classic_game(
    capsys: pytest.CaptureFixture[str], game: str, option: str, value: str
) -> None:
    status, out, err = run(capsys, "new", "--game", game, option, value)
    name = "classic Codenames" if game == "classic" else "Codenames Pictures"
    assert (status, out) == (2, "")
    assert err == f"gadget: {option} sets Codenames: Duet's time bank; {name} has none\n"


def test_keycard_prints_the_card_a_classic_code_makes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "keycard", CLASSIC_CODE.lower().replace("-", " "))
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        CLASSIC_CODE,
        "",
        "Classic Codenames key card",
        "The blue team starts: 9 blue agents, 8 red agents.",
        "B R R B B",
        "X B B - -",
        "R B - - -",
        "- B R - R",
        "B R R R B",
        "",
        LEGEND,
    ]
    assert "".join(out.splitlines()[4:9]).replace(" ", "") == CLASSIC_CELLS


def test_keycard_as_json_reads_a_pictures_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "keycard", PICTURES_CODE, "--json")
    assert status == 0
    assert json.loads(out) == {
        "code": PICTURES_CODE,
        "game": "pictures",
        "starting": "blue",
        "rows": [PICTURES_CELLS[i : i + 5] for i in range(0, 20, 5)],
    }
    assert deal(Game.PICTURES, 1).starting is Team.BLUE  # the golden seed behind the code


@pytest.mark.parametrize("side", ["a", "b"])
@pytest.mark.parametrize(
    ("code", "name"), [(CLASSIC_CODE, "classic Codenames"), (PICTURES_CODE, "Codenames Pictures")]
)
def test_a_side_is_refused_in_one_line_for_a_classic_code(
    capsys: pytest.CaptureFixture[str], side: str, code: str, name: str
) -> None:
    status, out, err = run(capsys, "keycard", code, "--side", side)
    assert (status, out) == (2, "")
    assert err == f"gadget: a {name} code makes the one card both spymasters see: it has no sides\n"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["keycard", "38N6C-EVTHF"], "gadget: “38N6C-EVTHF” is not a valid code: check for a typo"),
        (["keycard", "38N6CEVTH"], "gadget: the code has 9 characters; a code has 10"),
        (["keycard", "38N6C-EVTHE", "--side", "a", "--json"], "gadget: a classic Codenames code"),
        (["new", "--game", "chess"], "gadget: argument --game: invalid choice: 'chess'"),
    ],
)
def test_a_typo_or_a_wrong_word_is_one_line_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith(line) and err.count("\n") == 1


def test_an_option_is_never_guessed_from_its_first_letters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The outsider's `print booklet --game classic`: argparse read it as `--games` and said
    "invalid int value: 'classic'"; booklets have no --game, and are told so."""
    pdf = tmp_path / "booklet.pdf"
    status, out, err = run(
        capsys, "print", "booklet", "--game", "classic", "--games", "2", "-o", str(pdf)
    )
    assert (status, out) == (2, "") and not pdf.exists()
    assert err == "gadget: unrecognized arguments: --game classic\n", err


def test_a_pdf_to_dash_goes_to_standard_output_and_its_seed_to_standard_error(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-o -` wrote a file named "-" (and said "wrote -"), where `-` reads standard input."""
    monkeypatch.chdir(tmp_path)
    argv = ["print", "keycards", "--game", "pictures", "--games", "1", "--seed", "3", "-o", "-"]
    assert main(argv) == 0
    captured = capsysbinary.readouterr()
    assert captured.out.startswith(b"%PDF-") and captured.out.rstrip().endswith(b"%%EOF")
    assert captured.err == b"the PDF went to standard output (seed 3)\n"
    assert list(tmp_path.iterdir()) == []
