"""A counted, signed and exported election to check and tamper with."""

import base64
import random
from pathlib import Path

import pytest

from station.domain import Action, Call, SheetKind
from station.domain.tally_sheet import Observer
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.document import canonical_json
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet

OBSERVERS = [
    Observer("employer", "Jane Roe"),
    Observer("petitioner", "John Doe"),
    Observer("petitioner", "Ann Smith"),
]


def count_calls(journal: Journal, calls: int, seed: int = 8) -> None:
    """Record `calls` random calls, with an undo every so often."""
    rng = random.Random(seed)
    weights = [Call.FOR] * 5 + [Call.AGAINST] * 4 + [Call.VOID, Call.CHALLENGE]
    for n in range(calls):
        record = journal.append(Action.CALL, rng.choice(weights))
        if n % 37 == 5:
            journal.append(Action.UNDO, Call(record.call), target=record.seq)


def sign(journal: Journal, key: StationKey, kind: SheetKind = SheetKind.FINAL) -> int:
    """Prepare a sheet at the journal's head; return its SIGN event's seq."""
    record = prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        SheetRequest(kind=kind, agent="R. Agent", observers=OBSERVERS, place="Staten Island, NY"),
        key_fingerprint=key.fingerprint,
    )
    return record.event.seq


@pytest.fixture
def key() -> StationKey:
    return key_for_signing()


@pytest.fixture
def signed(journal: Journal, key: StationKey) -> Journal:
    """An election of 120 calls with a final sheet prepared (the journal stays open)."""
    count_calls(journal, 120)
    sign(journal, key)
    return journal


@pytest.fixture
def exported(signed: Journal, key: StationKey, tmp_path: Path) -> Path:
    """The signed export of the final sheet."""
    folder = tmp_path / "export"
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)
    return folder


def resign(folder: Path, key: StationKey) -> None:
    """Recompute the manifest over the files as they now are and sign it with `key`.

    What a forger holding the key (or a buggy station) could do: only the checks of
    the content against the journal can catch what follows.
    """
    import hashlib
    import json

    manifest = json.loads((folder / "manifest.json").read_bytes())
    for name in manifest["files"]:
        manifest["files"][name] = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    data = canonical_json(manifest)
    (folder / "manifest.json").write_bytes(data)
    (folder / "manifest.sig").write_bytes(base64.b64encode(key.sign(data)) + b"\n")


@pytest.fixture(autouse=True)
def _gui(qapp: object) -> None:
    """Sheets are drawn with Qt: the application object the station's caller would make."""
