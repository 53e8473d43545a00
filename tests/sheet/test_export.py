"""The export: five files, written all at once, never over anything, readable back."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from station.domain import SheetKind
from station.journal import Journal
from station.sheet.export import ExportError, export_sheet, write_folder
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from station.verification.export_files import ALL_FILES, LOG_FOLDER
from tests.sheet.helpers import count_calls, needs_poppler, pdf_text, sign


def test_the_export_holds_the_five_files_and_verifies(exported: Path, signed: Journal) -> None:
    assert sorted(p.name for p in exported.iterdir()) == sorted([*ALL_FILES, LOG_FOLDER])
    verdict = verify_export(exported)
    assert verdict.ok, verdict.problem
    assert verdict.title == "Final"
    assert verdict.head_seq == signed.head_seq - 1


def test_tally_json_round_trips(exported: Path, signed: Journal) -> None:
    data = (exported / "tally.json").read_bytes()
    document = json.loads(data)
    again = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert (again + "\n").encode() == data  # canonical: what is read is what was written
    sign = signed.last_records(1)[0]
    assert document["sheet"] == sign.details()
    assert document["sheet_event"] == {"seq": sign.seq, "hash": sign.hash}
    tally = signed.restore(trust_snapshots=False).tally
    assert document["sheet"]["lines"]["4"] == tally.against


def test_journal_jsonl_has_the_setup_then_every_event_to_the_sheet(
    exported: Path, signed: Journal
) -> None:
    lines = (exported / "journal.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["election"]["case_number"] == "29-RC-288020"
    events = [json.loads(line) for line in lines[1:]]
    assert [e["seq"] for e in events] == list(range(1, signed.head_seq + 1))
    assert events[-1]["hash"] == signed.head_hash


@needs_poppler
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_pdf_carries_every_line_and_name(
    signed: Journal, key: StationKey, tmp_path: Path, paper: str
) -> None:
    folder = tmp_path / paper
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key, paper=paper)
    text = " ".join(pdf_text(folder / "tally.pdf").split())
    sheet = json.loads((folder / "tally.json").read_bytes())["sheet"]
    tally = signed.restore(trust_snapshots=False).tally
    for words in (
        "Tally of Ballots",
        "FINAL TALLY",
        "29-RC-288020",
        "Amazon.com Services LLC",
        "Amazon Labor Union",
        "Staten Island, NY",
        "Approximate number of eligible voters 8,325",
        f"Number of void ballots {tally.void:,}",
        f"Number of votes cast for Amazon Labor Union {tally.for_union:,}",
        f"against participating labor organization(s) {tally.against:,}",
        f"(lines 3 + 4) {tally.valid:,}",
        f"Number of challenged ballots {tally.challenged:,}",
        f"(lines 5 + 6) {tally.valid_plus_challenged:,}",
        sheet["statements"]["8"],
        sheet["statements"]["9"],
        "Certification of the Board agent",
        "R. Agent",
        "Certification of the observers",
        "Jane Roe",
        "For the Employer",
        "John Doe",
        "For the Petitioner (Amazon Labor Union)",
        "Ann Smith",
        sheet["head"]["hash"],
        sheet["key"],
    ):
        assert words in text, words  # also proves there are no ligatures in the text
    size = subprocess.run(
        ["pdfinfo", str(folder / "tally.pdf")], capture_output=True, text=True, check=True
    ).stdout
    assert ("A4" in size) == (paper == "a4")
    assert "Pages:           1" in size


@needs_poppler
def test_interim_and_revision_sheets_say_what_they_are(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    from station.journal.session import CountSession
    from station.sheet.prepare import reopen_count

    count_calls(journal, 5)
    sign(journal, key, SheetKind.INTERIM)
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "interim", key)
    assert "INTERIM TALLY" in pdf_text(tmp_path / "interim" / "tally.pdf")
    first = sign(journal, key)
    reopen_count(
        CountSession(journal, journal.restore(trust_snapshots=False)), "recount of the FOR pile"
    )
    count_calls(journal, 1, seed=3)
    sign(journal, key)
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "revision", key)
    text = " ".join(pdf_text(tmp_path / "revision" / "tally.pdf").split())
    assert "CORRECTED TALLY" in text and "Corrected Tally of Ballots" in text
    assert f"supersedes the final tally prepared at journal event {first}," in text
    # The superseded sheet stays valid for its own head.
    export_sheet(
        journal, journal.restore(trust_snapshots=False), tmp_path / "first", key, sheet_seq=first
    )
    for name in ("interim", "revision", "first"):
        verdict = verify_export(tmp_path / name)
        assert verdict.ok, (name, verdict.problem)


def test_an_existing_file_is_never_overwritten(
    exported: Path, signed: Journal, key: StationKey
) -> None:
    before = {p: p.read_bytes() for p in exported.rglob("*") if p.is_file()}
    with pytest.raises(ExportError, match="never overwrites"):
        export_sheet(signed, signed.restore(trust_snapshots=False), exported, key)
    assert {p: p.read_bytes() for p in exported.rglob("*") if p.is_file()} == before


def test_an_export_into_an_existing_folder_refuses_other_files(
    signed: Journal, key: StationKey, tmp_path: Path
) -> None:
    """An export folder holds only what Station wrote (`verify FOLDER` fails otherwise)."""
    folder = tmp_path / "usb"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(ExportError, match=r"already holds notes.txt; .* new or empty folder"):
        export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    (folder / "notes.txt").unlink()
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)  # empty: fine
    assert verify_export(folder).ok
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


def test_a_file_added_to_a_verified_export_fails_it(
    signed: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = tmp_path / "sheet"
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)
    assert verify_export(folder).ok
    (folder / "tally (corrected).pdf").write_bytes((folder / "tally.pdf").read_bytes())
    verdict = verify_export(folder)
    assert not verdict.ok
    assert verdict.problem is not None
    assert "'tally (corrected).pdf' is not part of the signed export" in verdict.problem
    (folder / "tally (corrected).pdf").unlink()
    (folder / ".hidden").mkdir()  # a folder, hidden, counts as much as a file
    assert "'.hidden' is not part of the signed export" in (verify_export(folder).problem or "")
    (folder / ".hidden").rmdir()
    # A sheet under an export's staging name (a power cut's leftover, or put there) is
    # refused like any other, named by the file in it: whoever opens the folder sees it.
    staging = folder / ".station-export-0123abcd"
    staging.mkdir()
    problem = verify_export(folder).problem or ""
    assert "'.station-export-0123abcd' is not part of the signed export" in problem
    (staging / "tally.pdf").write_bytes(b"%PDF other figures")
    problem = verify_export(folder).problem or ""
    assert "'.station-export-0123abcd/tally.pdf' is not part of the signed export" in problem
    # Said for what it is, with what to do; done, the folder verifies again.
    assert problem.endswith(
        "; '.station-export-0123abcd' is the staging folder of an export that was"
        " interrupted: delete it, then verify again"
    ), problem
    shutil.rmtree(staging)
    assert verify_export(folder).ok
    # A file under the name is no staging folder: named, and nothing more said of it.
    staging.write_bytes(b"notes")
    problem = verify_export(folder).problem or ""
    assert (
        problem.startswith("'.station-export-0123abcd' is not part of") and "delete" not in problem
    )


def test_a_failed_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0
    real_write = os.write

    def full_disk(fd: int, data: bytes | memoryview) -> int:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full_disk)
    files = {name: b"x" * 10 for name in ALL_FILES}
    for folder in (tmp_path / "new", tmp_path):
        with pytest.raises(ExportError, match="the disk is full"):
            write_folder(folder, files)
        calls = 0
    assert list(tmp_path.iterdir()) == []


def test_exporting_without_a_sheet_or_with_another_key_is_refused(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    with pytest.raises(ExportError, match="no tally sheet has been prepared"):
        export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "x", key)
    sign(journal, key)
    from station.sheet.keys import create_key

    other = create_key(tmp_path / "other.pem")
    with pytest.raises(ExportError, match="names signing key"):
        export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "x", other)
    assert not (tmp_path / "x").exists()


def test_an_export_onto_a_stick_without_hard_links(
    signed: Journal, key: StationKey, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, target: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    stick = tmp_path / "stick"
    stick.mkdir()
    export_sheet(signed, signed.restore(trust_snapshots=False), stick, key)
    assert verify_export(stick).ok
    with pytest.raises(ExportError, match="never overwrites"):
        export_sheet(signed, signed.restore(trust_snapshots=False), stick, key)


def test_what_a_crash_left_half_written_is_cleared_next_time(
    signed: Journal, key: StationKey, tmp_path: Path
) -> None:
    leftover = tmp_path / ".station-export-deadbeef"
    leftover.mkdir()
    (leftover / "journal.jsonl").write_bytes(b"")
    (leftover / "log/tile/entries").mkdir(parents=True)  # its log, half written
    (leftover / "log/tile/entries/000.p/3").parent.mkdir()
    (leftover / "log/tile/entries/000.p/3").write_bytes(b"")
    os.utime(leftover, (0, 0))
    export_sheet(signed, signed.restore(trust_snapshots=False), tmp_path / "sheet", key)
    assert not leftover.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@needs_poppler
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_three_observers_a_side_fit_on_one_page(
    journal: Journal, key: StationKey, tmp_path: Path, paper: str
) -> None:
    from station.domain.tally_sheet import Observer
    from station.journal.session import CountSession
    from station.sheet.prepare import SheetRequest, prepare_sheet

    count_calls(journal, 30)
    names = ["Jane Roe", "Marcus Brown", "Li Wei", "John Doe", "Ann Smith", "Chris Smalls"]
    observers = [Observer("employer", n) for n in names[:3]]
    observers += [Observer("petitioner", n) for n in names[3:]]
    request = SheetRequest(SheetKind.FINAL, "R. Agent", observers, "Staten Island, NY")
    prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        request,
        key_fingerprint=key.fingerprint,
    )
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "x", key, paper=paper)
    info = subprocess.run(
        ["pdfinfo", str(tmp_path / "x" / "tally.pdf")], capture_output=True, text=True
    ).stdout
    assert "Pages:           1" in info
    text = " ".join(pdf_text(tmp_path / "x" / "tally.pdf").split())
    assert all(name in text for name in names)
    assert "page 1 of 1" in text
