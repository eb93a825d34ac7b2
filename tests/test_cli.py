"""The `gadget` command as a person or a script uses it: output, exit status, one-line errors."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gadget.cli import main
from gadget.engine import GameLog, Guess, KeyCard, Player, Setup, ShareCode, Stop
from gadget.engine.state import Clue
from tests.cards import TEST_CARD

A, B = Player.A, Player.B
GADGET = Path(sys.executable).with_name("gadget")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_new_prints_a_fresh_code_that_decodes_to_a_standard_bank(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "new")
    assert status == 0
    lines = out.splitlines()
    code = ShareCode.parse(lines[0])
    assert (code.tokens, code.mistakes) == (9, 9)
    assert lines[1:3] == ["", "Side A, yours (the code makes side B):"]
    side_a = "".join(lines[3:]).replace(" ", "")
    assert KeyCard(side_a, code.side_b)  # the dealer's side A and the code's B: one real card
    _, again, _ = run(capsys, "new")
    assert again != out


def test_new_as_json_carries_the_mission_bank(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "new", "--tokens", "9", "--mistakes", "5", "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["tokens"], data["mistakes"]) == (9, 5)
    code = ShareCode.parse(data["code"])
    assert code.mistakes == 5
    assert data["side"] == "a" and KeyCard(data["grid"], code.side_b)


def test_keycard_shows_side_b_turned_the_way_b_sees_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out_b, _ = run(capsys, "keycard", "21pk2 f2cs6", "--side", "b", "--json")
    _, out_old, _ = run(capsys, "keycard", "1000 0000 04SK", "--json")  # an old code: the same B
    side_b = "G-----XGG---G-GGX-GG-G--X"  # tests/test_sharecode.py's golden codes
    assert json.loads(out_b) == json.loads(out_old) == {
        "code": "21PK2-F2CS6", "side": "b", "grid": side_b[::-1], "tokens": 9, "mistakes": 9
    }  # fmt: skip


@pytest.mark.parametrize("code", ["21PK2-F2CS6", "1000-0000-04SK", "27QNQ-VJMSW"])
def test_keycard_never_makes_side_a_from_a_code_old_or_new(
    capsys: pytest.CaptureFixture[str], code: str
) -> None:
    status, out, err = run(capsys, "keycard", code, "--side", "a")
    assert (status, out) == (2, "")
    assert err == (
        "gadget: a share code makes side B only: side A is shown where the card was dealt"
        " (gadget new shows it once)\n"
    )


def test_keycard_as_text_is_a_five_by_five_grid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "keycard", "21PK2-F2CS6")
    assert status == 0
    # Side B of this golden code (tests/test_sharecode.py), G-----XGG---G-GGX-GG-G--X, as B
    # sees it from across the table.
    assert out.splitlines() == ["X - - G -", "G G - X G", "G - G - -", "- G G X -", "- - - - G"]


def test_replay_prints_the_state_a_log_leads_to(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = GameLog(TEST_CARD, Setup(), (Clue(A, "salad", 3), Guess(B, 4), Stop(B)))
    path = tmp_path / "game.json"
    path.write_text(log.to_json())
    status, out, err = run(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert (result["tokens_left"], result["stops"], result["next_clue_giver"]) == (8, 1, "b")


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = json.dumps({"format": "gadget-game/1", "code": "1000-0000-04SK", "actions": []})
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, out, _ = run(capsys, "replay", "-")
    assert status == 0
    assert json.loads(out)["phase"] == "clue"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["keycard", "1000-0000-04SM", "--side", "b"],
            "gadget: “1000-0000-04SM” is not a valid code",
        ),
        (["keycard", "1000-0000-04SK", "--side", "c"], "gadget: argument --side: invalid choice"),
        (["keycard"], "gadget: the following arguments are required: code"),
        (["new", "--tokens", "0"], "gadget: --tokens 0 is outside 1..15"),
        (["new", "--tokens", "9", "--mistakes", "10"], "gadget: --mistakes 10 is outside 0..9"),
        (["new", "--tokens", "nine"], "gadget: argument --tokens: 'nine' is not a whole number"),
        # an outsider's: Python reads 1_0 as 10; here it is a typo
        (["new", "--tokens", "1_0"], "gadget: argument --tokens: '1_0' is not a whole number"),
        (  # an outsider's: argparse quoted all 5,000 digits (and Python refused them as
            # past its own limit); one short line
            ["print", "keycards", "--games", "9" * 5000, "-o", "cards.pdf"],
            "gadget: argument --games: 999999999999... has 5000 characters: not a number this"
            " command takes\n",
        ),
        (["replay", "/no/such/game.json"], "gadget: /no/such/game.json: no such file"),
        (["frobnicate"], "gadget: argument command: invalid choice: 'frobnicate'"),
        ([], "gadget: the following arguments are required: command"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith(line)
    assert err.count("\n") == 1


def test_a_broken_or_illegal_log_names_where_it_goes_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "gadget-game/1", "code": "1000-0000-04SK", "actions": [}')
    assert run(capsys, "replay", str(broken))[2].startswith(f"gadget: {broken}: not valid JSON")
    illegal = tmp_path / "illegal.json"
    log = GameLog(TEST_CARD, Setup(), (Clue(A), Guess(B, 12), Clue(B), Guess(A, 0), Stop(A),
                                       Clue(A), Guess(B, 12)))  # fmt: skip
    illegal.write_text(log.to_json())
    status, out, err = run(capsys, "replay", str(illegal))
    assert (status, out) == (2, "")
    assert err == "gadget: action 6: player b already hit cell 12 as a bystander\n"


@pytest.mark.process
def test_the_installed_command_never_shows_a_traceback(tmp_path: Path) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    for argv in (
        ["replay", str(binary)],
        ["replay", str(tmp_path)],
        ["keycard", "x", "--side", "a"],
    ):
        result = subprocess.run([str(GADGET), *argv], capture_output=True, text=True, check=False)
        assert result.returncode == 2, result
        assert result.stdout == ""
        assert "Traceback" not in result.stderr
        assert len(result.stderr.splitlines()) == 1
    new = subprocess.run([str(GADGET), "new"], capture_output=True, text=True, check=True)
    assert ShareCode.parse(new.stdout.splitlines()[0])
