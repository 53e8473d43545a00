"""`station witness` and `verify --witness`: a user's mistake is one line and exit 2."""

import json
import os
import signal
import sqlite3
from pathlib import Path

import pytest

from station.cli import main
from station.domain import ElectionSetup
from station.journal import Journal
from station.witness.cosigner import open_state
from station.witness.store import WitnessFile
from tests.witness.helpers import Running, Served, station


def one_line_exit_2(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    assert main([str(arg) for arg in args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_witness_needs_a_feed_address(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "w.witness"
    assert "is not a feed address" in one_line_exit_2(
        capsys, "witness", "jfk8.station", "--out", out
    )
    assert not out.exists()


def test_a_wrong_token_makes_no_witness_file(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "w.witness"
    wrong = served.url.split("?")[0] + "?token=0123456789"
    assert "refused the access token" in one_line_exit_2(capsys, "witness", wrong, "--out", out)
    assert not out.exists()


def test_a_witness_file_of_another_election_is_not_resumed(
    served: Served, tmp_path: Path, setup: ElectionSetup, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.station"
    Journal.create(other, setup)
    with Journal.open(other, read_only=True) as journal:
        row = journal.election.row
    out = tmp_path / "w.witness"
    WitnessFile.create(
        out,
        {
            "election": json.dumps(row),
            "public_key": served.source.setup_doc["public_key"],
            "url": "",
        },
    ).close()
    err = one_line_exit_2(capsys, "witness", served.url, "--out", out)
    assert "serves another election" in err


def test_verify_names_a_missing_witness_file(
    election_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_line_exit_2(capsys, "verify", election_file, "--witness", tmp_path / "none.witness")
    assert "no such witness file" in err


def test_a_mistyped_key_is_said_before_anything_is_made(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "w.witness"
    err = one_line_exit_2(capsys, "witness", served.url, "--out", out, "--key", "12ab-34")
    assert "is not a key fingerprint" in err
    assert not out.exists()


def test_a_witness_refuses_a_feed_signed_by_another_key(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "w.witness"
    other = "0123-4567-89ab-cdef-0123-4567-89ab-cdef"
    err = one_line_exit_2(capsys, "witness", served.url, "--out", out, "--key", other)
    assert f"not by the expected key {other}" in err
    assert not out.exists()


def test_a_second_witness_on_one_file_is_refused_and_the_file_kept(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two `station witness` writing one file would each store every head, and `verify
    --witness` would then refuse the file for good as replaying heads."""
    out = tmp_path / "w.witness"
    first = WitnessFile.create(
        out,
        {
            "election": json.dumps(served.journal.election.row),
            "public_key": served.source.setup_doc["public_key"],
            "url": "",
        },
    )
    try:
        before = out.read_bytes()
        err = one_line_exit_2(capsys, "witness", served.url, "--out", out)
        assert "another `station witness` is writing this file" in err
        assert out.read_bytes() == before
    finally:
        first.close()


@pytest.mark.parametrize("content", [b"", b"not a witness file at all\n"])
def test_an_empty_or_foreign_out_file_is_refused_untouched(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    """A refused --out file is left as it was: an empty one stays empty, never 4,096
    bytes long."""
    out = tmp_path / "w.witness"
    out.write_bytes(content)
    assert "is not a witness file" in one_line_exit_2(capsys, "witness", served.url, "--out", out)
    assert out.read_bytes() == content


def test_verify_with_an_election_file_as_witness_is_a_usage_error(
    election_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another kind of file where the witness file goes is a mistake (exit 2, as
    `station witness --out` says it), not NOT INTACT."""
    other = tmp_path / "other.station"
    other.write_bytes(election_file.read_bytes())
    before = other.read_bytes()
    err = one_line_exit_2(capsys, "verify", election_file, "--witness", other)
    assert "is not a witness file" in err
    assert other.read_bytes() == before


@pytest.mark.parametrize("command", ["verify", "witness"])
def test_a_cosigning_witnesss_state_given_as_witness_file_says_what_it_is(
    election_file: Path,
    served: Served,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    state = tmp_path / "employer-witness.db"
    open_state(state, "employer.example/w").close()
    before = state.read_bytes()
    args = ["--witness", state] if command == "verify" else ["--out", state]
    where = election_file if command == "verify" else served.url
    err = one_line_exit_2(capsys, command, where, *args)
    assert err.rstrip("\n").endswith(
        "employer-witness.db: is the state of a cosigning witness (station witness --cosign),"
        " not a follower's witness file (--out FILE): a cosigning witness keeps only the"
        " latest checkpoint it cosigned, not the events"
    )
    assert state.read_bytes() == before


def test_a_witness_file_of_an_earlier_station_is_refused_saying_what_to_do(
    witnessed: tuple[Path, Path], served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file whose heads named chain hashes cannot be resumed or checked by roots."""
    folder, wfile = witnessed
    conn = sqlite3.connect(wfile)
    try:
        conn.execute("DROP TRIGGER meta_no_update")
        conn.execute("UPDATE meta SET value = 'station-witness-v1' WHERE name = 'format'")
        conn.commit()
    finally:
        conn.close()
    before = wfile.read_bytes()
    for args in (("verify", folder, "--witness", wfile), ("witness", served.url, "--out", wfile)):
        err = one_line_exit_2(capsys, *args)
        assert "made by an earlier Station" in err and "into a new file (--out)" in err
    assert wfile.read_bytes() == before


def test_the_followers_lines_are_written_at_once_when_its_output_is_piped(
    served: Served, tmp_path: Path
) -> None:
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    child = Running(*station("witness", served.url, "--out", tmp_path / "w"), env=buffered)
    try:
        assert child.wait_for(lambda line: line.startswith("witnessing case"), timeout=10)
    finally:
        child.stop(signal.SIGTERM)
