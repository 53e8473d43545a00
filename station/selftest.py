"""`station --self-test`: prove that this installation (or bundle) can run a count.

Everything happens offscreen in a temporary folder that is removed afterwards, with the
data and configuration folders pointed there too, so the self-test never sees the
user's election files, signing key or settings. The sheet is signed with a key made for
the test in that folder.
"""

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from station import __version__


class SelfTestFailed(Exception):
    """One check did not hold (one-line message)."""


def run_self_test(out: Callable[[str], None] | None = None) -> int:
    """Run every check; 0 if all held, else 1 with one line on stderr."""
    say = out or (lambda line: print(line, flush=True))
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="station-self-test-") as temp:
        folder = Path(temp)
        # Before any Qt or platformdirs use: no display needed, no real key or settings.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        os.environ.update(own_folders(folder))
        try:
            _checks(folder, say)
        except SelfTestFailed as error:
            print(f"station: self-test failed: {error}", file=sys.stderr)
            return 1
        except Exception as error:  # our bug: still one line, with what it was
            print(f"station: self-test failed: {type(error).__name__}: {error}", file=sys.stderr)
            return 1
    say(f"self-test passed: station {__version__} ({time.monotonic() - started:.1f} s)")
    return 0


def own_folders(folder: Path) -> dict[str, str]:
    """The environment that points platformdirs' data and configuration folders (the
    key, the seal secret, the settings) into `folder`, on each platform."""
    return {
        "XDG_DATA_HOME": str(folder / "data"),  # Linux, and macOS since platformdirs 4.6
        "XDG_CONFIG_HOME": str(folder / "config"),
        "WIN_PD_OVERRIDE_LOCAL_APPDATA": str(folder / "data"),  # Windows: both, 4.8
    }


def _check(condition: bool, problem: str) -> None:
    if not condition:
        raise SelfTestFailed(problem)


def _checks(folder: Path, say: Callable[[str], None]) -> None:
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from station.app import ensure_app
    from station.demo import create_demo
    from station.domain import Call, SheetKind
    from station.journal import Journal
    from station.journal.chain_check import ChainCheck
    from station.journal.session import CountSession
    from station.journal.verify import verify_journal
    from station.resources import resource_path
    from station.sheet.export import export_sheet
    from station.sheet.keys import create_key, existing_fingerprint
    from station.sheet.prepare import SheetRequest, checked_request, prepare_sheet
    from station.sheet.verify_export import verify_export
    from station.ui.operator.controller import CountController
    from station.ui.operator.window import OperatorWindow

    _check(__version__ != "0.0.0+source", "the package metadata (version) is missing")
    for name in ("operator.qss", "station.svg"):
        _check(resource_path(name).is_file(), f"resource {name} not found in {resource_path('')}")
    say(f"ok  version {__version__}, resources in {resource_path('')}")

    def on_qt_message(kind: QtMsgType, _context: object, message: str) -> None:
        # The offscreen platform's notes on what it cannot do are no failure.
        if "This plugin does not support" not in message:
            print(f"qt: {message}", file=sys.stderr)

    qInstallMessageHandler(on_qt_message)
    app = ensure_app()
    path = create_demo(folder / "self-test.station")
    journal = Journal.open(path)
    controller = CountController(journal)
    window = OperatorWindow(controller, key_fingerprint=existing_fingerprint)
    window.show()
    window.toggle_dashboard()
    QApplication.processEvents()
    _check(window.isVisible(), "the operator window did not open")
    _check(
        window.dashboard is not None and window.dashboard.isVisible(), "the dashboard did not open"
    )
    say("ok  operator window and dashboard open (offscreen)")

    before = controller.count.tally.for_union
    _check(controller.record(Call.FOR), "a FOR call was not recorded")
    _check(controller.count.tally.for_union == before + 1, "the FOR call did not count")
    _check(window.pad.buttons[Call.FOR].figure() == f"{before + 1:,}", "the window did not show it")
    _check(controller.undo(), "the call was not undone")
    _check(controller.count.tally.for_union == before, "the undo did not take the call back")
    QApplication.processEvents()
    window.close()
    app.processEvents()
    say("ok  a call recorded and undone in a temporary journal")

    key = create_key(folder / "key" / "signing-key.pem")
    journal = Journal.open(path)
    try:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        request = SheetRequest(SheetKind.FINAL, "Self Test", [], "self-test")
        checked_request(journal, session.count, request)
        prepare_sheet(session, request, key_fingerprint=key.fingerprint)
        verdict = verify_journal(journal)
        _check(verdict.ok, f"the journal does not verify: {verdict.problem}")
        # What `verify` does on a long journal: check hashes in another process
        # (in the bundle, that process is this very program, started anew).
        chain = ChainCheck(path, journal.head_seq, journal.hash_of, workers=1)
        _check(
            chain.first_break(journal.connection) is None, "the chain checked in two halves broke"
        )
        _check(chain.in_other_processes, "no other process could check the chain")
        exported = export_sheet(journal, session.count, folder / "export", key)
    finally:
        journal.close()
    say(
        f"ok  sheet prepared and exported ({verdict.events} events; chain checked in two processes)"
    )

    checked = verify_export(exported.folder, expected_key=key.fingerprint)
    _check(checked.ok, f"the exported sheet does not verify: {checked.problem}")
    _check(
        (exported.folder / "tally.pdf").stat().st_size > 1000, "the sheet's PDF is (nearly) empty"
    )
    say("ok  exported sheet verified: signature, files, journal and every line")
