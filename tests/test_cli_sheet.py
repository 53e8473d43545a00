"""`station sign`, `reopen`, `export`, `key` and `verify FOLDER`, run as a user runs them."""

import sqlite3
from pathlib import Path

import pytest

from station.domain import Call
from tests.test_cli import NEW, count_into, station

OBSERVERS = ["--observer", "Employer:Jane Roe", "--observer", "Union:John Doe"]


@pytest.fixture
def counted(tmp_path: Path) -> Path:
    path = tmp_path / "jfk8.station"
    assert station("new", path, *NEW, "--eligible", "8325", "--ballots", "6").returncode == 0
    count_into(path, [Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID, Call.FOR])
    return path


def test_sign_export_verify(counted: Path, tmp_path: Path) -> None:
    result = station("sign", counted, "--agent", "R. Agent", *OBSERVERS, "--place", "Room 3")
    assert result.returncode == 0, result.stderr
    assert "Final tally prepared at event" in result.stdout and "locked" in result.stdout
    key = station("key")
    assert key.returncode == 0
    fingerprint = key.stdout.split()[-1]
    result = station("export", counted, "--out", tmp_path / "sheet", "--paper", "a4")
    assert result.returncode == 0, result.stderr
    assert fingerprint in result.stdout
    result = station("verify", tmp_path / "sheet", "--key", fingerprint)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("OK: ") and "Final tally" in result.stdout
    result = station("verify", counted, "--sheet", tmp_path / "sheet", "--key", fingerprint)
    assert result.returncode == 0, result.stderr
    wrong = "0000-" + fingerprint[5:]
    result = station("verify", tmp_path / "sheet", "--key", wrong)
    assert result.returncode == 1
    assert "not by the expected key" in result.stderr


def test_calls_after_sign_off_need_a_reopen_with_a_reason(counted: Path) -> None:
    assert station("sign", counted, "--agent", "R. Agent").returncode == 0
    again = station("sign", counted, "--agent", "R. Agent")
    assert again.returncode == 2
    assert "reopened before another sheet" in again.stderr
    assert station("reopen", counted).returncode == 2  # --reason is required
    result = station("reopen", counted, "--reason", "a ballot was found under the table")
    assert result.returncode == 0, result.stderr
    count_into(counted, [Call.AGAINST])
    result = station("sign", counted, "--agent", "R. Agent")
    assert result.returncode == 0 and result.stdout.startswith("Revision 1 tally prepared")
    log = station("log", counted).stdout
    assert "Count reopened: a ballot was found under the table" in log
    assert "Revision 1 tally prepared; the count is locked" in log
    assert station("reopen", counted, "--reason", "x").returncode == 0
    assert station("reopen", counted, "--reason", "x").returncode == 2  # not locked now


def test_a_truncated_file_is_caught_against_the_signed_sheet(counted: Path, tmp_path: Path) -> None:
    assert station("sign", counted, "--agent", "R. Agent").returncode == 0
    assert station("export", counted, "--out", tmp_path / "sheet").returncode == 0
    head = station("tally", counted, "--json").stdout
    # A forger deletes the sheet and the calls before it, then puts the guards back:
    # the file alone still verifies, but not against the signed sheet.
    conn = sqlite3.connect(counted)
    conn.execute("DROP TRIGGER events_no_delete")
    conn.execute("DELETE FROM events WHERE seq > 4")
    conn.execute(
        "CREATE TRIGGER events_no_delete BEFORE DELETE ON events"
        " BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END"
    )
    conn.commit()
    conn.close()
    assert station("verify", counted).returncode == 0
    result = station("verify", counted, "--sheet", tmp_path / "sheet")
    assert result.returncode == 1
    assert "but the signed sheet in" in result.stderr and "events were removed" in result.stderr
    assert head  # the head an observer wrote down catches it too
    result = station("verify", counted, "--head", "9:00000000")
    assert result.returncode == 1 and "events were removed" in result.stderr


def test_a_witnessed_head_written_down_from_the_dashboard(counted: Path) -> None:
    tally = station("tally", counted, "--json").stdout
    import json

    summary = json.loads(tally)
    head = f"{summary['events']}:{summary['head'][:12]}"
    result = station("verify", counted, "--head", head)
    assert result.returncode == 0, result.stderr
    assert "as the head written down says" in result.stdout
    result = station("verify", counted, "--head", f"{summary['events']}:deadbeefdeadbeef")
    assert (
        result.returncode == 1 and "is not the one the head written down certifies" in result.stderr
    )


@pytest.mark.parametrize(
    "args",
    [
        ["export", "{file}"],  # --out missing
        ["export", "{file}", "--out", "{tmp}/x", "--paper", "a3"],
        ["export", "{file}", "--out", "{tmp}/x"],  # no sheet prepared yet
        ["export", "{file}", "--out", "{tmp}/x", "--sheet", "999"],
        ["sign", "{file}", "--observer", "Judge:Someone"],
        ["sign", "{file}", "--observer", "Employer:"],
        ["sign", "{file}", "--agent", ""],
        ["sign", "{tmp}/missing.station"],
        ["verify", "{tmp}", "--head", "1:abc"],
        ["verify", "{file}", "--head", "x:12345678"],
        ["verify", "{file}", "--key", "abcd"],
        ["key", "--new"],  # a key already exists after the first `station key`
    ],
)
def test_bad_sheet_arguments_give_one_line_and_exit_2(
    counted: Path, tmp_path: Path, args: list[str]
) -> None:
    assert station("key").returncode == 0
    before = counted.read_bytes()
    argv = [a.format(file=counted, tmp=tmp_path) for a in args]
    result = station(*argv)
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "x").exists()
    assert counted.read_bytes() == before


def test_export_without_the_key_is_refused(
    counted: Path, tmp_path: Path, station_home: Path
) -> None:
    assert station("sign", counted, "--agent", "R. Agent").returncode == 0
    (station_home / "station" / "signing-key.pem").unlink()
    result = station("export", counted, "--out", tmp_path / "sheet")
    assert result.returncode == 2 and "signing key is missing" in result.stderr
    result = station("reopen", counted, "--reason", "more ballots")
    assert result.returncode == 0
    result = station("sign", counted, "--agent", "R. Agent")
    assert result.returncode == 2 and "earlier sheets were signed by key" in result.stderr
    assert not (station_home / "station" / "signing-key.pem").exists()
