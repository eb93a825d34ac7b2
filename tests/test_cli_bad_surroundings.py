"""Bad input from what surrounds a command, once a bug (exit 70), a traceback or a wrong
success: the address `gadget serve` is given, the certificate files and the data folder,
and standard output that cannot take the output (a full disk, a closed descriptor, a pipe
whose reader left, a file name of bytes the locale cannot say).

Each case asserts its exact outcome: exit 2 and one line that says what is wrong (no
server started), or, for what is right after all, the success."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gadget.services.uploads import MAX_UPLOAD
from tests.expected import TOO_LARGE, owls_database, refused, run

GADGET = Path(sys.executable).with_name("gadget")


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return owls_database(tmp_path, monkeypatch)


def test_a_certificate_file_of_any_size_is_refused_before_serving(
    database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("gadget.serve.server.uvicorn.run", _never_served)
    huge = tmp_path / "huge.pem"
    huge.write_bytes(b"-" * (2 * MAX_UPLOAD))
    said = refused(
        capsys, "serve", "--host", "127.0.0.1", "--port", str(_free_port()),
        "--certfile", str(huge), "--keyfile", str(huge),
    )  # fmt: skip
    assert said == f"{huge}: {TOO_LARGE}"


# --- gadget serve: the address, before anything starts ----------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _never_served(*_args: Any, **_options: Any) -> None:
    raise AssertionError("a server was started")


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, database: str) -> list[dict[str, Any]]:
    """What `gadget serve` would have served with: no server starts in these tests."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr("gadget.serve.server.serve", lambda **options: calls.append(options))
    return calls


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "99999"], "--port 99999 is outside 1..65535"),
        (["--port", "65536"], "--port 65536 is outside 1..65535"),
        (["--port", "-1"], "--port -1 is outside 1..65535"),
        (["--port", "0"], "--port 0 is outside 1..65535"),  # "any port": not the one printed
        (["--host", "999.1.1.1"], "--host 999.1.1.1 is not an address of this machine"),
        (["--host", "192.0.2.1"], "--host 192.0.2.1 is not an address of this machine"),
        (["--host", "x" * 300], f"--host {'x' * 300} is not an address of this machine"),
        (["--host", "bad host\x1b"], "--host bad host\\x1b is not an address of this machine"),
    ],
)
def test_serve_refuses_an_address_it_cannot_listen_on_before_anything_starts(
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    said: str,
) -> None:
    assert refused(capsys, "serve", "--host", "127.0.0.1", "--port", "8550", *options) == said
    assert served == []


def test_serve_says_a_port_in_use_in_one_line(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        said = refused(capsys, "serve", "--host", "127.0.0.1", "--port", str(port))
    advice = "stop what uses it, or choose another --port"
    assert said == f"--port {port} is already in use on 127.0.0.1: {advice}"
    assert served == []


def test_serve_goes_on_with_an_address_it_can_listen_on(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    port = _free_port()
    status, _, err = run(capsys, "serve", "--host", "127.0.0.1", "--port", str(port))
    assert (status, err) == (0, "")
    assert [(call["host"], call["port"]) for call in served] == [("127.0.0.1", port)]


# --- Standard output that cannot take the output -----------------------------------------


@pytest.mark.process
def test_output_to_a_full_disk_is_one_line_and_not_a_success(database: str) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [str(GADGET), "export", "Owls"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert (done.returncode, done.stderr) == (
        2,
        "gadget: standard output: No space left on device\n",
    )


@pytest.mark.process
def test_output_to_a_closed_descriptor_is_one_line_and_not_a_silent_success(
    database: str,
) -> None:
    done = subprocess.run(
        ["/bin/sh", "-c", f"exec '{GADGET}' export Owls >&-"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (2, "gadget: standard output: Bad file descriptor\n")


@pytest.mark.process
def test_output_to_a_pipe_whose_reader_left_is_one_line(database: str) -> None:
    reader = subprocess.Popen(
        [str(GADGET), "map", "export", "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert reader.stdout is not None
    reader.stdout.close()  # the reader leaves before a byte is written
    _, err = reader.communicate(timeout=60)
    assert (reader.returncode, err) == (2, "gadget: standard output: Broken pipe\n")


# --- Folders the environment names --------------------------------------------------------


def test_a_data_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("GADGET_DATABASE_URL", raising=False)
    (tmp_path / "a file").write_text("")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "a file" / "gadget"))
    said = refused(capsys, "team", "list")
    assert said == f"cannot make the data folder {tmp_path / 'a file' / 'gadget'}: Not a directory"


def test_a_certificate_that_cannot_be_kept_is_one_line_before_serving(
    database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("gadget.serve.server.uvicorn.run", _never_served)
    monkeypatch.setattr("gadget.serve.server.data_folder", lambda: tmp_path / "a file" / "tls")
    (tmp_path / "a file").write_text("")
    port = str(_free_port())
    said = refused(capsys, "serve", "--host", "127.0.0.1", "--port", port, "--tls")
    assert said == f"{tmp_path / 'a file' / 'tls'}: Not a directory"


@pytest.mark.process
def test_a_file_name_of_undecodable_bytes_is_said_not_a_traceback(tmp_path: Path) -> None:
    pdf = os.fsencode(tmp_path) + b"/\xff.pdf"  # Latin-1 "ÿ" in a UTF-8 terminal's argv
    done = subprocess.run(
        [GADGET, b"print", b"keycards", b"--games", b"1", b"--seed", b"7", b"-o", pdf],
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},  # as under en_US.UTF-8
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == b"wrote " + os.fsencode(tmp_path) + b"/\\udcff.pdf (seed 7)\n"
    assert Path(os.fsdecode(pdf)).read_bytes()[:4] == b"%PDF"
