"""`verify FOLDER` passes on a fresh export and names the first thing wrong in a changed one."""

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from station.journal import Journal
from station.sheet.keys import StationKey, create_key
from station.sheet.verify_export import verify_export
from tests.sheet.helpers import (
    bump_for,
    edit_events,
    edit_json,
    resign,
    resign_with_other_key,
    switch_call,
)


def test_a_fresh_export_verifies_against_the_written_down_key(
    exported: Path, key: StationKey
) -> None:
    verdict = verify_export(exported, expected_key=key.fingerprint.upper().replace("-", " "))
    assert verdict.ok, verdict.problem
    assert verdict.key == key.fingerprint


def test_a_changed_number_in_tally_json(exported: Path) -> None:
    edit_json(exported / "tally.json", bump_for)
    verdict = verify_export(exported)
    assert verdict.problem == "tally.json was changed after it was signed (its hash does not match)"


def test_a_changed_number_re_signed_by_the_key_is_still_caught(
    exported: Path, key: StationKey
) -> None:
    edit_json(exported / "tally.json", bump_for)
    resign(exported, key)
    problem = str(verify_export(exported).problem)
    assert problem.startswith(
        "tally.json: line 3 (Number of votes cast for Amazon Labor Union) says"
    )
    assert "the journal gives" in problem


def test_a_changed_observer_re_signed_is_caught(exported: Path, key: StationKey) -> None:
    edit_json(exported / "tally.json", lambda d: d["sheet"]["observers"].pop())
    resign(exported, key)
    assert "its observers differs from the sheet recorded at event" in str(
        verify_export(exported).problem
    )


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda events: [events[0], switch_call(events[1]), *events[2:]],
            "journal.jsonl: event 2 was altered (its hash does not match)",
        ),
        (lambda events: events[:4] + events[5:], "journal.jsonl: event 5 is missing"),
        (
            lambda events: [events[0], events[2], events[1], *events[3:]],
            "journal.jsonl: event 2 is missing (the next one found is 3)",
        ),
        (
            lambda events: [*events, events[-1].replace('"seq":', '"seq":1')],
            "journal.jsonl: event",  # extra: its seq or chain is wrong
        ),
        (lambda events: events[:-10], "journal.jsonl: ends at event"),
        (
            lambda events: [*events[:3], "not json", *events[3:]],
            "journal.jsonl: line 5 is not a journal event",
        ),
    ],
    ids=["changed", "missing", "reordered", "extra", "truncated", "garbage"],
)
def test_a_changed_journal_jsonl_is_named(
    exported: Path,
    key: StationKey,
    change: Callable[[list[str]], list[str]],
    expected: str,
) -> None:
    edit_events(exported, change)
    assert verify_export(exported).problem == (
        "journal.jsonl was changed after it was signed (its hash does not match)"
    )
    resign(exported, key)  # the forger holds the key: the chain still tells
    problem = str(verify_export(exported).problem)
    assert problem.startswith(expected), problem


def test_a_truncated_journal_re_signed_is_caught_against_the_signed_head(
    exported: Path, key: StationKey
) -> None:
    edit_events(exported, lambda events: events[:-2])
    resign(exported, key)
    problem = str(verify_export(exported).problem)
    assert "before the sheet's own event" in problem and "events were removed" in problem


def test_an_event_added_after_the_sheet(exported: Path, key: StationKey, signed: Journal) -> None:
    from station.domain import Action
    from station.journal.records import EVENT_FIELDS
    from station.verification.document import canonical_json

    signed.append(Action.CLOSE)
    extra = (
        canonical_json({field: getattr(signed.last_records(1)[0], field) for field in EVENT_FIELDS})
        .decode()
        .strip()
    )
    edit_events(exported, lambda events: [*events, extra])
    resign(exported, key)
    assert "has events after the sheet's own event" in str(verify_export(exported).problem)


def test_a_changed_pdf(exported: Path) -> None:
    pdf = exported / "tally.pdf"
    pdf.write_bytes(pdf.read_bytes().replace(b"Tally", b"Tallx", 1))
    assert verify_export(exported).problem == (
        "tally.pdf was changed after it was signed (its hash does not match)"
    )


def test_a_changed_manifest_breaks_the_signature(exported: Path) -> None:
    edit_json(exported / "manifest.json", lambda m: m.update(case="1-RC-1"))
    assert "the signature does not match manifest.json" in str(verify_export(exported).problem)


def test_another_key_fails_against_the_expected_fingerprint(
    exported: Path, key: StationKey, tmp_path: Path
) -> None:
    forger = create_key(tmp_path / "forger.pem")
    resign_with_other_key(exported, forger)
    verdict = verify_export(exported, expected_key=key.fingerprint)
    assert verdict.problem == (
        f"signed by key {forger.fingerprint}, not by the expected key {key.fingerprint}"
    )
    # Without the fingerprint, the sheet still names the key that prepared it.
    assert "names key" in str(verify_export(exported).problem)


@pytest.mark.parametrize("name", ["manifest.sig", "manifest.json", "tally.pdf", "journal.jsonl"])
def test_a_missing_file_is_named(exported: Path, name: str) -> None:
    (exported / name).unlink()
    assert verify_export(exported).problem == f"{name} is missing"


def test_not_a_folder(tmp_path: Path) -> None:
    assert "is not a folder" in str(verify_export(tmp_path / "nothing").problem)


def test_a_pdf_redrawn_with_other_numbers_and_re_signed_is_caught(
    exported: Path, key: StationKey
) -> None:
    from station.sheet.pdf import render_pdf

    document = json.loads((exported / "tally.json").read_bytes())
    document["sheet"]["lines"]["3"] += 10
    (exported / "tally.pdf").write_bytes(render_pdf(document))
    resign(exported, key)
    problem = str(verify_export(exported).problem)
    given = document["sheet"]["lines"]["3"] - 10
    assert problem.startswith("tally.pdf: line "), problem
    assert problem.endswith(f'says "{given + 10}"; the journal gives "{given}"'), problem


def test_tally_json_with_a_key_given_twice_is_refused(exported: Path, key: StationKey) -> None:
    path = exported / "tally.json"
    text = path.read_text()
    path.write_text(text.replace('"lines":{', '"lines":{"3":999,', 1))
    resign(exported, key)
    assert "is not in its canonical form" in str(verify_export(exported).problem)


def test_a_sheet_naming_no_event_is_refused_without_a_crash(
    exported: Path, key: StationKey
) -> None:
    edit_json(exported / "tally.json", lambda d: d["sheet_event"].update(seq=0))
    edit_json(exported / "manifest.json", lambda m: m["sheet_event"].update(seq=0))
    resign(exported, key)
    assert verify_export(exported).problem == "tally.json: names no journal event"


def test_a_huge_signed_journal_is_refused_without_being_held_whole(
    exported: Path, key: StationKey
) -> None:
    """A forger holding the key signs a journal of one endless line: it is hashed and
    refused a window at a time, never read into memory whole."""
    import tracemalloc

    journal = exported / "journal.jsonl"
    first = journal.read_bytes().split(b"\n", 1)[0] + b"\n"
    with journal.open("wb") as file:
        file.write(first)
        for _ in range(64):
            file.write(b"x" * (1 << 20))
    resign(exported, key)

    tracemalloc.start()
    try:
        verdict = verify_export(exported)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()

    assert verdict.problem == "journal.jsonl: line 2 is not a journal event"
    assert peak < 32 << 20, f"{peak:,} bytes held at once"
