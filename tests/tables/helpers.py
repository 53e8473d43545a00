"""Tables of one count, counted through the count session, signed, exported and
consolidated with `station consolidate`."""

import base64
import dataclasses
import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call, ElectionSetup, SheetKind
from station.domain.choices import Ballot, CaseKind
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.domain.tally_sheet import Observer
from station.domain.voters import Voter, VoterList
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing, public_key_text
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.verification.document import canonical_json
from tests.cli_helpers import NEW as JFK8_NEW
from tests.helpers import JFK8

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


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], out: Path, *args: object) -> str:
    """A refusal: exit 2, one line, and nothing written beside the folder asked for."""
    before = sorted(out.parent.iterdir())
    code, _, err = run(capsys, "consolidate", "--out", out, *args)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()
    assert sorted(out.parent.iterdir()) == before  # no staging folder left either
    return err


Script = Callable[[CountSession], None]


EMPLOYER = "Fraser & Johnston"


SEVERAL = ElectionSetup(
    case_number="10-RC-000017",
    employer=EMPLOYER,
    union="Machinists",
    eligible=120,
    pile=0,
    choices=Ballot(CaseKind.RC, EMPLOYER, ("Machinists", "Carpenters"), ("Carpenters",)),
)


def calls(letters: str) -> Script:
    """Record "FFAVC"; on a ballot of several unions "1", "2" name the union's FOR."""

    def run_calls(session: CountSession) -> None:
        for letter in letters:
            if letter.isdigit():
                session.record(Vote(Call.FOR, choice=int(letter)))
            else:
                session.record(
                    {"F": Call.FOR, "A": Call.AGAINST, "V": Call.VOID}[letter]
                    if letter != "C"
                    else Call.CHALLENGE
                )

    return run_calls


def table(
    folder: Path,
    setup: ElectionSetup,
    label: str,
    script: Script,
    key: StationKey,
    voters: VoterList | None = None,
) -> Path:
    """Table `label` of the election `setup`, counted by `script`, signed and exported."""
    path = folder / f"{setup.case_number}-{label}.station"
    Journal.create(path, dataclasses.replace(setup, table=label), voters)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        script(session)
    return sign_and_export(path, folder / f"export-{setup.case_number}-{label}", key)


def changed_sum(
    out: Path, key: StationKey, change: Callable[[dict[str, object]], None],
    capsys: pytest.CaptureFixture[str],
) -> str:  # fmt: skip
    """The problem `station verify FOLDER --key` names once `change` was made to
    tally.json and the consolidation re-signed with its own key (so that only the sums
    can be wrong): exit 1, one line, found at V11 (the consolidation)."""
    document = json.loads((out / "tally.json").read_bytes())
    change(document)
    (out / "tally.json").write_bytes(canonical_json(document))
    resign(out, key)
    code, _, err = run(capsys, "verify", out, "--key", key.fingerprint)
    assert code == 1 and err.count("\n") == 1, err
    prefix = f"NOT INTACT: {out}: (V11, the consolidation) "
    assert err.startswith(prefix), err
    return err[len(prefix) :].rstrip("\n")


def resign(folder: Path, key: StationKey) -> None:
    """The manifest recomputed over the files as they are and signed with `key`."""
    manifest = json.loads((folder / "manifest.json").read_bytes())
    for name in manifest["files"]:
        manifest["files"][name] = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    manifest["public_key"], manifest["key"] = public_key_text(key.public_key), key.fingerprint
    data = canonical_json(manifest)
    (folder / "manifest.json").write_bytes(data)
    (folder / "manifest.sig").write_bytes(base64.b64encode(key.sign(data)) + b"\n")


MAIL = ElectionSetup(
    case_number="10-RC-269250",
    employer="Amazon.com Services LLC",
    union="RWDSU",
    eligible=6,
    pile=0,
    mail=True,
)
VOTERS = VoterList.of(tuple(Voter(str(100 + n), name) for n, name in enumerate("ABCDEF")), ())


def envelopes(accepted: str, then: str, challenged: str = "") -> Script:
    """Accept the voters `accepted` ("012": 100, 101, 102), challenge `challenged`, end
    the envelope stage and record the calls `then`."""

    def run_mail(session: CountSession) -> None:
        for digit in accepted:
            session.rule_envelope(Ruling.ACCEPTED, voter=str(100 + int(digit)))
        for digit in challenged:
            session.rule_envelope(Ruling.CHALLENGED, voter=str(100 + int(digit)))
        session.end_envelopes()
        calls(then)(session)

    return run_mail
