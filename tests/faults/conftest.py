"""Folders on the disk for the fault tests, and a signed election to tamper with."""

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import Action, Call, SheetKind
from station.domain.tally_sheet import Observer
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.display import ensure_offscreen_app
from tests.faults.tampering import Pristine, setup


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    """A folder on the disk (the system's temporary folder), not in RAM as elsewhere.

    These tests break the station's environment, and the file system is part of it:
    an immutable file (chattr +i) still takes writes through an open handle on tmpfs,
    not on ext4. See `pytest_configure` in tests/conftest.py.
    """
    folder = Path(tempfile.mkdtemp(prefix="station-faults-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pristine]:
    folder = tmp_path_factory.mktemp("pristine")
    ensure_offscreen_app()  # the export draws its PDF (run alone, no test made one before)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder / "home"))
        path = folder / "jfk8.station"
        Journal.create(path, setup())
        journal = Journal.open(path)
        journal.start_session()  # 1
        for call in (Call.FOR, Call.AGAINST, Call.FOR, Call.CHALLENGE, Call.VOID, Call.FOR):
            journal.append(Action.CALL, call)  # 2..7
        journal.append(Action.UNDO, Call.FOR, target=7)  # 8
        journal.append(Action.REDO, Call.FOR, target=7)  # 9
        journal.append(Action.AMEND, None, 5, {"party": "employer", "reason": "supervisor"})  # 10
        for call in (Call.AGAINST, Call.FOR):
            journal.append(Action.CALL, call)  # 11, 12
        key = key_for_signing()
        request = SheetRequest(SheetKind.FINAL, "R. Agent", [Observer("petitioner", "Ann")], None)
        sign = prepare_sheet(
            CountSession(journal, journal.restore(trust_snapshots=False)),
            request,
            key_fingerprint=key.fingerprint,
        )
        export_sheet(journal, journal.restore(trust_snapshots=False), folder / "sheet", key)
        journal.close()  # 14: the closing, after the sheet
        reader = Journal.open(path, read_only=True)
        head = f"{reader.head_seq}:{reader.head_hash[:16]}"
        events = reader.head_seq
        reader.close()
        yield Pristine(path, folder / "sheet", key.fingerprint, head, sign.event.seq, events)


@pytest.fixture
def election(pristine: Pristine, tmp_path: Path) -> Pristine:
    """A fresh copy of the pristine election to alter."""
    shutil.copy(pristine.file, tmp_path / pristine.file.name)
    shutil.copytree(pristine.sheet, tmp_path / "sheet")
    return Pristine(
        tmp_path / pristine.file.name,
        tmp_path / "sheet",
        pristine.key,
        pristine.head,
        pristine.sign_seq,
        pristine.events,
    )
