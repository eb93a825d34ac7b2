"""Bad input that once ended as a bug (exit 70), not in one line, or in a wrong success: JSON
Python reads but no file holds, files of any size, numbers out of range, empty names, invite
addresses no phone can open, and control characters echoed to the terminal (what surrounds
a command, the server's address and standard output, is tests/test_cli_bad_surroundings.py).

Each case asserts its exact outcome: exit 2, one line that says what is wrong, nothing
written (or, for input that is right after all, the success)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from gadget.services.backup import export_team
from gadget.services.uploads import MAX_UPLOAD
from gadget.store import Store
from tests.expected import LOG, TOO_LARGE, database_rows, owls_database, refused, run


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return owls_database(tmp_path, monkeypatch)


def _backup(url: str, **team: Any) -> dict[str, Any]:
    """The Owls' backup, its team's fields changed as given."""
    store = Store(url)
    backup = export_team(store, "Owls")
    store.close()
    return {**backup, "team": {**backup["team"], **team}}


# --- JSON that Python reads but no file of this app holds --------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" + "7" * 5000 + "]", "not a file this app reads: a number has 5000 digits"),
        (LOG.replace('"tokens": 9', '"tokens": -' + "9" * 4400), "a number has 4400 digits"),
        (LOG.replace('"tokens": 9', '"tokens": 1e999'), "a number is too large"),
        (LOG.replace('"tokens": 9', '"tokens": NaN'), "NaN is not a number JSON allows"),
        ('{"format": -Infinity}', "not valid JSON: -Infinity is not a number JSON allows"),
        ('["\\udc80"]', "its text holds the lone surrogate U+DC80"),
        ("[" * 65 + "]" * 65, "its brackets nest too deeply"),
        ('{"a":' * 65 + "1" + "}" * 65, "its brackets nest too deeply"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ("replay", "{file}"),
        ("import", "{file}"),
        ("map", "import", "{file}", "--team", "Owls"),
        ("campaign", "record", "Owls", "Berlin", "--log", "{file}"),
    ],
)
def test_json_no_file_holds_is_one_line_and_writes_nothing(
    database: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    said: str,
    command: tuple[str, ...],
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(text, "utf-8")
    before = database_rows(database)
    assert said in refused(capsys, *(part.format(file=path) for part in command))
    assert database_rows(database) == before


def test_a_lone_surrogate_in_a_backup_is_refused_not_kept(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = _backup(database)
    backup["attempts"][0]["players"] = ["Ann", "@"]  # once kept as it was, and unreadable
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup).replace('"@"', '"B\\ud800n"'))
    before = database_rows(database)
    said = refused(capsys, "import", str(path), "--as", "Hawks")
    assert said == "not a file this app reads: its text holds the lone surrogate U+D800"
    assert database_rows(database) == before


def test_a_byte_order_mark_an_editor_wrote_first_is_read_past(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, marked = tmp_path / "plain.json", tmp_path / "marked.json"
    plain.write_text(LOG, "utf-8")
    marked.write_text(LOG, "utf-8-sig")
    status, out, err = run(capsys, "replay", str(marked))
    assert (status, err) == (0, "")
    assert out == run(capsys, "replay", str(plain))[1]
    assert json.loads(out)["status"] == "won"


# --- Files of any size: at most the cap and one byte are read ----------------------------


class Counted(io.BytesIO):
    """A file that counts the bytes it hands out (text too, when opened for text)."""

    served = 0

    def read(self, size: int | None = -1) -> Any:
        data = super().read(size)
        Counted.served += len(data)
        return data.decode("utf-8") if self.text else data

    text = False


def test_a_50_mb_file_is_refused_after_reading_the_cap_and_one_byte(
    database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"format": "' + b"x" * (50 * 1024 * 1024) + b'"}')
    opened = open  # the real open, for the counting one to call

    def counting(name: Any, mode: str = "r", **options: Any) -> Any:
        with opened(name, "rb") as real:
            file = Counted(real.read())
        file.text = "b" not in mode
        return file

    for command in (
        ("replay", str(path)),
        ("import", str(path)),
        ("map", "import", str(path)),
        ("campaign", "record", "Owls", "Berlin", "--log", str(path)),
    ):
        Counted.served = 0
        monkeypatch.setattr("gadget.cli.io.open", counting, raising=False)
        assert refused(capsys, *command) == f"{path}: {TOO_LARGE}"
        assert Counted.served <= MAX_UPLOAD + 1, command
        monkeypatch.undo()


class EndlessInput:
    """Standard input that never ends (yes | gadget import -), up to a bound that keeps a
    failing test finite; it counts what it hands out, as text or as bytes (its buffer)."""

    def __init__(self) -> None:
        self.served = 0
        self.buffer = self.Bytes(self)

    def read(self, size: int = -1) -> str:
        return " " * self.count(size)

    def count(self, size: int) -> int:
        size = 64 * 1024 * 1024 if size < 0 else size
        self.served += size
        return size

    class Bytes:
        def __init__(self, owner: EndlessInput) -> None:
            self.owner = owner

        def read(self, size: int = -1) -> bytes:
            return b" " * self.owner.count(size)


def test_endless_standard_input_is_refused_after_reading_the_cap_and_one_byte(
    database: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (("replay", "-"), ("import", "-"), ("map", "import", "-")):
        endless = EndlessInput()
        monkeypatch.setattr("sys.stdin", endless)
        assert refused(capsys, *command) == f"standard input: {TOO_LARGE}"
        assert endless.served == MAX_UPLOAD + 1


# --- Numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["booklet", "keycards"])
@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--seed", "-1"], "--seed -1 is outside 0..18446744073709551615"),
        (["--seed", str(2**64)], f"--seed {2**64} is outside 0..18446744073709551615"),
        (["--games", "0"], "--games 0: print 1 to 1000 games"),
        (["--games", "1001"], "--games 1001: print 1 to 1000 games"),
        (["--games", "9" * 30], f"--games {'9' * 30}: print 1 to 1000 games"),
    ],
)
def test_paper_numbers_out_of_range_are_one_line_and_write_no_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    paper: str,
    options: list[str],
    said: str,
) -> None:
    pdf = tmp_path / "paper.pdf"
    command = ["print", paper, "--games", "2", *options, "-o", str(pdf)]
    assert refused(capsys, *command) == said
    assert not pdf.exists()


def test_the_largest_seed_prints_and_prints_the_same_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    for pdf in (first, second):
        status, out, _ = run(
            capsys, "print", "keycards", "--games", "1", "--seed", str(2**64 - 1), "-o", str(pdf)
        )
        assert (status, out) == (0, f"wrote {pdf} (seed {2**64 - 1})\n")
    assert first.read_bytes()[:4] == b"%PDF"


# --- Names and addresses ---------------------------------------------------------------


def test_an_empty_name_given_is_a_name_and_refused_not_ignored(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps(_backup(database, name="Hawks")))
    pdf = tmp_path / "map.pdf"
    before = database_rows(database)
    assert refused(capsys, "import", str(backup), "--as", "") == "a team name cannot be empty"
    assert refused(capsys, "print", "map", "--team", "", "-o", str(pdf)) == "no team named “”"
    assert refused(capsys, "map", "export", "-", "--team", "") == "no team named “”"
    shipped = Path(__file__).parent.parent / "gadget/missions/data/mission-map.json"
    assert refused(capsys, "map", "import", str(shipped), "--team", "") == "no team named “”"
    assert database_rows(database) == before
    assert not pdf.exists()


@pytest.mark.parametrize(
    ("address", "shown"),
    [
        ("-1", "-1"),
        ("\x1b[2J", "\\x1b[2J"),  # the terminal's escape quoted as text, never run
        ("http://", "http://"),
        ("ftp://host", "ftp://host"),
        ("http://a b", "http://a b"),
        ("http://h:99999", "http://h:99999"),
        ("//x", "//x"),
    ],
)
def test_an_invite_address_that_no_phone_can_open_is_refused(
    database: str, capsys: pytest.CaptureFixture[str], address: str, shown: str
) -> None:
    said = refused(capsys, "team", "invite", "Owls", "--address", address)
    example = "such as http://192.168.1.20:8550"
    assert said == f"--address “{shown}”: an http:// or https:// address, {example}"


def test_an_invite_address_that_a_phone_can_open_starts_the_link(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for address in ("http://10.0.0.2:8550/", "https://[::1]:8550", ""):
        status, out, _ = run(capsys, "team", "invite", "owls", "--address", address)
        link = out.splitlines()[0]
        assert status == 0
        assert link.startswith(f"{address.rstrip('/')}/invite/") and " " not in link


# --- What a refusal echoes to the terminal ---------------------------------------------


def test_control_characters_a_path_carries_are_shown_escaped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = refused(capsys, "replay", "\x1b[2J\x07nothing\u202e.json")
    assert said == "\\x1b[2J\\x07nothing\\u202e.json: no such file"


def test_a_line_too_long_for_a_terminal_is_cut_with_an_ellipsis(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = refused(capsys, "import", "x" * 10_000)  # a file's name is said as it is
    assert len("gadget: " + said) == 508 and said.endswith("xx…")
    assert said.startswith("xxx")
    said = refused(capsys, "export", "x" * 10_000)  # a quoted value is cut shorter still
    assert said == "no team named “" + "x" * 39 + "…”"
