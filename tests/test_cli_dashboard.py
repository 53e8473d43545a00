"""`station dashboard FILE` as a user runs it: its own process, read-only, one-line errors."""

from pathlib import Path

from station.domain import Action, Call
from station.journal import Journal
from tests.cli_helpers import first_line, start_dashboard, station_here


def test_runs_beside_the_operator_and_stays_up(election_file: Path, journal: Journal) -> None:
    with start_dashboard(election_file, "--theme", "light") as process:
        try:
            line = first_line(process)
            assert "read-only" in line and "29-RC-288020" in line, line
            assert process.poll() is None  # up, with its event loop running
            # The operator holds the writer lock and goes on counting.
            journal.append(Action.CALL, Call.FOR)
            assert process.poll() is None
        finally:
            process.kill()
            _, err = process.communicate(timeout=30)
    assert "Traceback" not in err


def test_a_bad_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.station"
    process = start_dashboard(missing)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert err.count("\n") == 1 and err.startswith("station: ") and "missing.station" in err
    assert out == ""


def test_an_unknown_theme_is_refused(election_file: Path) -> None:
    process = start_dashboard(election_file, "--theme", "pink")
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "invalid choice" in err and err.count("\n") == 1


def test_a_refused_dashboard_of_tables_leaves_the_folder_as_it_was(election_file: Path) -> None:
    # The check of each file before any window must not leave the -wal and -shm it makes
    # behind when it refuses (here a file given twice, no --table).
    before = sorted(path.name for path in election_file.parent.iterdir())
    refused = station_here("dashboard", election_file, election_file)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert sorted(path.name for path in election_file.parent.iterdir()) == before
