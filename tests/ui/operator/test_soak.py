"""A count's worth of Qt calls in one process: the PySide6 6.12.0 / Python 3.11 trap.

That pair releases `None`, `True` or `False` once too often on every Qt call that
returns nothing or a bool, and the process aborts minutes into a count. The driver runs
in a child process so that such an abort fails this test instead of killing the run.

The default run records a few thousand calls: enough for the refcounts of `None`,
`True` and `False` to show the over-release thousands of times over (the binding
check). The soak run (`pytest -m soak tests/ui/operator/test_soak.py`) records 40,000, a long
count's worth, in one process.
"""

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

# Each call is a dozen or more Qt calls that return nothing or a bool; an over-release
# on each would drop a refcount by far more than this in even the short run.
LARGEST_FALL = 1_000


def run_driver(folder: Path, clicks: int, keys: int) -> dict[str, object]:
    """Record `clicks` calls by mouse and `keys` by keyboard in a child process; return
    what the pad and the dashboard showed at the end and what the file holds (`counted`
    says what they should), once the chain verified and no refcount fell."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, __file__, str(folder), str(clicks), str(keys)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["events"] == clicks + keys + 2  # plus the opening and the closing
    assert report["verified"]
    if sys.version_info < (3, 12):  # immortal from 3.12 on: the counts mean nothing there
        for name in ("None", "True", "False"):
            fall = report["refcounts_before"][name] - report["refcounts_after"][name]
            assert fall < LARGEST_FALL, f"refcount of {name} fell by {fall}"
    # What the file holds, read back here by `station tally --json` as an agent would.
    tally = tally_of(folder / "soak.station")
    stored = {key: tally[key] for key in ("for", "against", "counted", "void", "challenged")}
    return {"pad": report["pad"], "dashboard": report["dashboard"], "file": stored}


def counted(calls: int) -> dict[str, object]:
    """What `run_driver` must find after `calls` alternating FOR and AGAINST calls: on the
    pad the operator reads, on the observers' dashboard, and in the file."""
    each = calls // 2
    return {
        "pad": {"FOR": f"{each:,}", "AGAINST": f"{each:,}", "CHALLENGED": "0", "VOID": "0"},
        "dashboard": {"FOR": each, "AGAINST": each, "CHALLENGED": 0, "VOID": 0},
        "file": {"for": each, "against": each, "counted": calls, "void": 0, "challenged": 0},
    }


def tally_of(path: Path) -> dict[str, object]:
    """`station tally FILE --json`, run in this process on the file the child left."""
    from station.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["tally", str(path), "--json"]) == 0
    summary: dict[str, object] = json.loads(out.getvalue())
    return summary


@pytest.mark.long  # thousands of calls through the window: seconds
def test_thousands_of_calls_leave_none_true_and_false_alone() -> None:
    # What is checked is Qt's calls, not the disk: in RAM the 4,000 commits (one fsync
    # each) take a third of the time. The soak below counts on the disk.
    from tests.helpers import ram_folder  # here: the child runs this file as a script

    with ram_folder() as folder:
        assert run_driver(folder, clicks=2_000, keys=2_000) == counted(4_000)


@pytest.mark.soak
def test_forty_thousand_calls_by_click_and_key(tmp_path: Path) -> None:
    assert run_driver(tmp_path, clicks=20_000, keys=20_000) == counted(40_000)


def drive(folder: Path, clicks: int, keys: int) -> dict[str, object]:
    """Record `clicks` calls by mouse and `keys` by keyboard in a real operator window."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from station.domain import Call, ElectionSetup
    from station.journal import Journal
    from station.journal.verify import verify_journal
    from station.ui.operator.controller import CountController
    from station.ui.operator.window import OperatorWindow

    path = folder / "soak.station"
    Journal.create(path, ElectionSetup("1-RC-1", "Employer", "Union", 100_000, None))
    app = QApplication([])
    window = OperatorWindow(CountController(Journal.open(path)))
    window.show()
    window.activateWindow()
    QTest.qWaitForWindowActive(window)
    before = {
        "None": sys.getrefcount(None),
        "True": sys.getrefcount(True),
        "False": sys.getrefcount(False),
    }
    buttons = [window.pad.buttons[Call.FOR], window.pad.buttons[Call.AGAINST]]
    for i in range(clicks):
        QTest.mouseClick(buttons[i % 2], Qt.MouseButton.LeftButton)
    for i in range(keys):
        key = Qt.Key.Key_F if i % 2 == 0 else Qt.Key.Key_A
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(
                window, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, "f")
            )
        if i % 500 == 0:
            app.processEvents()
    app.processEvents()
    # The observers' dashboard opened at the end (F11): following all the calls would
    # add a second and a half to the default run; opened, it shows the count it is handed.
    window.toggle_dashboard()
    dashboard = window.dashboard
    assert dashboard is not None
    app.processEvents()
    after = {
        "None": sys.getrefcount(None),
        "True": sys.getrefcount(True),
        "False": sys.getrefcount(False),
    }
    pad = {button.call.label: button.figure() for button in window.pad.buttons.values()}
    figures = (dashboard.choice_figures[0], dashboard.choice_figures[-1])
    figures += (dashboard.challenged_figure, dashboard.void_figure)
    shown = {figure.word: figure.value() for figure in figures}
    window.close()  # closes the journal: the closing event, then the file let go
    with Journal.open(path, read_only=True) as journal:
        verdict = verify_journal(journal)
    return {
        "for": verdict.tally.for_union,
        "against": verdict.tally.against,
        "events": verdict.events,
        "verified": verdict.ok,
        "pad": pad,
        "dashboard": shown,
        "refcounts_before": before,
        "refcounts_after": after,
    }


if __name__ == "__main__":
    folder, clicks, keys = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    print(json.dumps(drive(folder, clicks, keys)))
