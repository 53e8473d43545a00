"""Tables of one count, counted through the count session, signed and exported."""

import dataclasses
from pathlib import Path

from station.domain import Call, SheetKind
from station.domain.tally_sheet import Observer
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.conftest import JFK8
from tests.test_cli import NEW as JFK8_NEW

NEW = [*JFK8_NEW, "--eligible", "8325"]
TABLE_SETUP = dataclasses.replace(JFK8, ballots=None, table="2")
CALLS = {"F": Call.FOR, "A": Call.AGAINST, "V": Call.VOID, "C": Call.CHALLENGE}


def table_file(folder: Path, label: str, calls: str, **changes: object) -> Path:
    """A table's election file with `calls` ("FFAVC") recorded through the count session."""
    path = folder / f"table-{label}.station"
    fields: dict[str, object] = {"table": label, "ballots": len(calls) or None, **changes}
    setup = dataclasses.replace(TABLE_SETUP, **fields)  # type: ignore[arg-type]
    Journal.create(path, setup)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for letter in calls:
            session.record(CALLS[letter])
    return path


def sign_and_export(
    path: Path, out: Path, key: StationKey | None = None, kind: SheetKind = SheetKind.FINAL
) -> Path:
    """Prepare the file's sheet (final unless `kind`) and export it into `out`."""
    key = key or key_for_signing()
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        prepare_sheet(
            session,
            SheetRequest(
                kind=kind,
                agent=f"Agent of {path.stem}",
                observers=[Observer("employer", "Jane Roe"), Observer("petitioner", "John Doe")],
                place="Staten Island, NY",
            ),
            key_fingerprint=key.fingerprint,
        )
        export_sheet(journal, journal.restore(trust_snapshots=False), out, key)
    return out


def table_export(
    folder: Path, label: str, calls: str, key: StationKey | None = None, **changes: object
) -> Path:
    """Table `label`'s file, counted, signed and exported into `folder/export-LABEL`."""
    path = table_file(folder, label, calls, **changes)
    return sign_and_export(path, folder / f"export-{label}", key)
