"""Long work reports progress: the core calls back, the terminal and the window show it."""

import io
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import SheetKind
from station.journal import Journal
from station.journal.verify import verify_journal
from station.progress import EVERY, TerminalProgress
from station.sheet.export import export_sheet
from station.sheet.keys import key_for_signing
from station.sheet.verify_export import verify_export
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow
from tests.helpers import built_in_ram
from tests.sheet.helpers import count_calls, sign

CALLS = 3 * EVERY


@pytest.fixture
def big_file(election_file: Path) -> Path:
    with built_in_ram(election_file) as scratch, Journal.open(scratch) as journal:
        journal.start_session()
        count_calls(journal, CALLS)
    return election_file


def rising(reports: list[tuple[int, int]]) -> bool:
    done = [d for d, _ in reports]
    return done == sorted(done) and all(0 <= d <= t for d, t in reports)


def test_verify_reports_progress_up_to_every_event(big_file: Path) -> None:
    reports: list[tuple[int, int]] = []
    journal = Journal.open(big_file, read_only=True)
    try:
        verdict = verify_journal(journal, lambda done, total: reports.append((done, total)))
    finally:
        journal.close()
    assert verdict.ok
    assert len(reports) >= CALLS // EVERY
    assert rising(reports)
    assert reports[-1] == (verdict.events, verdict.events)
    assert {total for _, total in reports} == {verdict.events}


def test_export_and_its_check_report_progress(big_file: Path, tmp_path: Path, qapp: object) -> None:
    journal = Journal.open(big_file)
    try:
        journal.start_session()
        key = key_for_signing()
        seq = sign(journal, key, SheetKind.FINAL)
        exported: list[tuple[int, int]] = []
        export_sheet(
            journal,
            journal.restore(trust_snapshots=False),
            tmp_path / "out",
            key,
            progress=lambda d, t: exported.append((d, t)),
        )
    finally:
        journal.close()
    assert len(exported) >= CALLS // EVERY and rising(exported)
    assert exported[-1][0] == exported[-1][1] > seq
    checked: list[tuple[int, int]] = []
    verdict = verify_export(tmp_path / "out", progress=lambda d, t: checked.append((d, t)))
    assert verdict.ok and rising(checked) and checked[-1] == (seq, seq)


def test_the_terminal_line_shows_only_on_a_terminal_and_ends_cleanly() -> None:
    quiet = io.StringIO()
    progress = TerminalProgress("verifying", quiet, delay=0)  # a pipe: nothing
    progress(5, 10)
    progress.finish()
    assert quiet.getvalue() == ""

    shown = io.StringIO()
    progress = TerminalProgress("verifying x", shown, delay=0, interval=0, force=True)
    progress(500, 2000)
    progress(2000, 2000)
    progress.finish()
    assert shown.getvalue() == (
        "\rverifying x: 500 of 2,000 (25%)\rverifying x: 2,000 of 2,000 (100%)\n"
    )

    late = io.StringIO()
    progress = TerminalProgress("x", late, delay=60, force=True)  # quick work: no line
    progress(1, 2)
    progress.finish()
    assert late.getvalue() == ""


def test_station_verify_output_is_unchanged_in_a_pipe(
    big_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(big_file)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("OK: ") and err == ""


def test_the_window_shows_a_progress_dialog_while_it_checks_the_record(
    qtbot: QtBot, big_file: Path
) -> None:
    window = OperatorWindow(CountController(Journal.open(big_file)))
    qtbot.addWidget(window)
    window.show()
    try:
        window.verify_action.trigger()
        progress = window.last_progress
        assert progress is not None
        assert len(progress.reports) >= CALLS // EVERY and rising(progress.reports)
        assert progress.dialog.maximum() == progress.reports[-1][1]
        assert not progress.dialog.isVisible()  # closed when done
        assert window.last_notice is not None and "Record intact" in window.last_notice
    finally:
        window.close()
