"""`station witness` and `verify --witness`: a user's mistake is one line and exit 2."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import ElectionSetup
from station.journal import Journal
from station.witness.store import WitnessFile
from tests.witness.conftest import Served


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
