"""`station sign`, `reopen`, `export`, `key` and `verify FOLDER`, run as a user runs them."""

import json
import shutil
from pathlib import Path

import pytest

from station.domain import Call
from station.sheet.keys import create_key
from tests.cli_helpers import NEW, count_into, drop_events_after
from tests.cli_helpers import station_here as station

OBSERVERS = ["--observer", "Employer:Jane Roe", "--observer", "Union:John Doe"]


@pytest.fixture(scope="module")
def counted_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An election made by `station new` and counted: one start-up for the module."""
    path = tmp_path_factory.mktemp("counted") / "jfk8.station"
    assert station("new", path, *NEW, "--eligible", "8325", "--ballots", "6").returncode == 0
    count_into(path, [Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID, Call.FOR])
    return path


@pytest.fixture
def counted(tmp_path: Path, counted_once: Path) -> Path:
    """A copy of that election of this test's own (a closed station leaves one file)."""
    path = tmp_path / "jfk8.station"
    shutil.copyfile(counted_once, path)
    return path


@pytest.fixture(scope="module")
def exported_once(counted_once: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """That election signed by `station sign` and exported by `station export`, once.

    For the tests that only verify against the sheet (a sheet and its PDF cost two
    start-ups with Qt each time). Signed with a key of the module's own.
    """
    folder = tmp_path_factory.mktemp("exported")
    shutil.copyfile(counted_once, folder / "jfk8.station")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder / "home"))
        signed = station("sign", folder / "jfk8.station", "--agent", "R. Agent")
        assert signed.returncode == 0, signed.stderr
        exported = station("export", folder / "jfk8.station", "--out", folder / "sheet")
        assert exported.returncode == 0, exported.stderr
    return folder


@pytest.fixture
def exported(tmp_path: Path, exported_once: Path) -> Path:
    """A copy of the signed election (jfk8.station) and its sheet folder (sheet/)."""
    shutil.copyfile(exported_once / "jfk8.station", tmp_path / "jfk8.station")
    shutil.copytree(exported_once / "sheet", tmp_path / "sheet")
    return tmp_path / "jfk8.station"


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
    assert result.returncode == 0 and result.stdout.startswith("Corrected tally prepared")
    log = station("log", counted).stdout
    assert "Count reopened: a ballot was found under the table" in log
    assert "Corrected tally prepared; the count is locked" in log
    assert station("reopen", counted, "--reason", "x").returncode == 0
    assert station("reopen", counted, "--reason", "x").returncode == 2  # not locked now


def test_a_truncated_file_is_caught_against_the_signed_sheet(
    exported: Path, tmp_path: Path
) -> None:
    counted = exported
    summary = json.loads(station("tally", counted, "--json").stdout)
    written_down = f"{summary['events']}:{summary['head'][:16]}"
    drop_events_after(counted, 4)
    assert station("verify", counted).returncode == 0
    result = station("verify", counted, "--sheet", tmp_path / "sheet")
    assert result.returncode == 1
    assert "but the signed sheet in" in result.stderr and "events were removed" in result.stderr
    result = station("verify", counted, "--head", written_down)
    assert result.returncode == 1 and "events were removed" in result.stderr


def test_a_sheet_cut_out_and_the_count_carried_on_is_caught(exported: Path, tmp_path: Path) -> None:
    counted = exported
    sign_seq = json.loads((tmp_path / "sheet" / "tally.json").read_text())["sheet_event"]["seq"]
    drop_events_after(counted, sign_seq - 1)  # the head the sheet certifies is still there
    count_into(counted, [Call.AGAINST, Call.AGAINST])
    assert station("verify", counted).returncode == 0
    result = station("verify", counted, "--sheet", tmp_path / "sheet")
    assert result.returncode == 1
    assert f"event {sign_seq} is not the sheet that" in result.stderr


def test_another_elections_sheet_is_named_as_such(counted: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.station"
    assert station("new", other, *NEW, "--eligible", "10").returncode == 0
    count_into(other, [Call.FOR])
    assert station("sign", other, "--agent", "R. Agent").returncode == 0
    assert station("export", other, "--out", tmp_path / "other").returncode == 0
    result = station("verify", counted, "--sheet", tmp_path / "other")
    assert result.returncode == 1 and "is another election's file" in result.stderr


def test_verify_with_a_tampered_or_missing_sheet_folder(exported: Path, tmp_path: Path) -> None:
    counted = exported
    (tmp_path / "sheet" / "manifest.sig").write_text("AAAA\n")
    result = station("verify", counted, "--sheet", tmp_path / "sheet")
    assert result.returncode == 1 and result.stderr.startswith("NOT INTACT: ")
    result = station("verify", counted, "--sheet", tmp_path / "nothing")
    assert result.returncode == 2 and "no such folder" in result.stderr


def test_a_witnessed_head_written_down_from_the_dashboard(counted: Path) -> None:
    summary = json.loads(station("tally", counted, "--json").stdout)
    head = f"{summary['events']}:{summary['head'][:16]}"
    result = station("verify", counted, "--head", head)
    assert result.returncode == 0, result.stderr
    assert "as written down" in result.stdout
    result = station("verify", counted, "--head", f"{summary['events']}:deadbeefdeadbeef")
    assert result.returncode == 1 and "is not the one written down" in result.stderr


def test_a_refused_sign_or_reopen_writes_nothing(counted: Path) -> None:
    assert station("sign", counted, "--agent", "R. Agent").returncode == 0
    before = station("log", counted).stdout
    for args in (
        ["sign", counted, "--agent", "R. Agent"],  # already locked by a final sheet
        ["reopen", counted, "--reason", "  "],
    ):
        result = station(*args)
        assert result.returncode == 2, result
    assert station("log", counted).stdout == before


def test_a_name_no_font_can_print_is_refused(counted: Path) -> None:
    before = station("log", counted).stdout
    # An Egyptian hieroglyph: in none of the tests' fonts (tests/fonts).
    result = station("sign", counted, "--agent", "R. Agent", "--observer", "Union:A \U00013000")
    assert result.returncode == 2 and "can print" in result.stderr
    result = station("sign", counted, "--agent", "R. A\u202egent")
    assert result.returncode == 2 and "control characters" in result.stderr
    assert station("log", counted).stdout == before


def test_a_final_sheet_short_of_the_box_warns(tmp_path: Path) -> None:
    path = tmp_path / "short.station"
    assert station("new", path, *NEW, "--eligible", "20", "--ballots", "10").returncode == 0
    count_into(path, [Call.FOR, Call.AGAINST])
    result = station("sign", path, "--agent", "R. Agent")
    assert result.returncode == 0
    assert "warning: 2 ballots counted, but the box held 10" in result.stderr


def test_a_complete_count_signs_without_a_warning(counted: Path) -> None:
    result = station("sign", counted, "--agent", "R. Agent")
    assert result.returncode == 0 and result.stderr == ""  # 6 of 6


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
        ["export", "{file}", "--out", ""],
        ["key", "--new"],  # a key already exists after the first `station key`
    ],
)
def test_bad_sheet_arguments_give_one_line_and_exit_2(
    counted: Path, tmp_path: Path, args: list[str]
) -> None:
    create_key()  # as the first `station key` does (tested above), without a start-up
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
    # A new key made on purpose is still refused for this election until asked for.
    assert station("key", "--new").returncode == 0
    result = station("sign", counted, "--agent", "R. Agent")
    assert result.returncode == 2 and "is not the key" in result.stderr
    result = station("sign", counted, "--agent", "R. Agent", "--new-key")
    assert result.returncode == 0, result.stderr
    log = station("log", counted, "--json").stdout.splitlines()
    assert "key_changed_from" in json.loads(log[-2])["detail"]
    verified = station("verify", counted)
    assert verified.returncode == 0, verified.stdout + verified.stderr
