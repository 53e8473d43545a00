"""Preparing a sheet locks the count; a reopen is recorded with its reason; revisions chain."""

import time
from pathlib import Path

import pytest

from station.domain import Action, Call, SheetKind
from station.domain.tally_sheet import SheetError
from station.journal import CorruptJournal, Journal, WriteFailed
from station.journal.session import CountSession
from station.sheet.keys import StationKey
from station.sheet.prepare import SheetRequest, earlier_key, prepare_sheet, reopen_count
from tests.helpers import verify_file
from tests.sheet.helpers import OBSERVERS, count_calls, sign


def test_the_sign_event_holds_every_fact_of_the_sheet(signed: Journal, key: StationKey) -> None:
    record = signed.last_records(1)[0]
    detail = record.details()
    tally = signed.restore(trust_snapshots=False).sheets[-1].tally
    assert record.action == "sign" and record.target == record.seq - 1
    assert detail["head"] == {"seq": record.seq - 1, "hash": record.prev_hash}
    assert detail["lines"]["3"] == tally.for_union and detail["lines"]["6"] == tally.challenged
    assert detail["title"] == "Final" and detail["supersedes"] is None
    assert detail["agent"] == "R. Agent" and detail["key"] == key.fingerprint
    assert detail["observers"] == [
        {"party": "employer", "name": "Jane Roe"},
        {"party": "petitioner", "name": "John Doe"},
        {"party": "petitioner", "name": "Ann Smith"},
    ]
    assert detail["statements"]["9"].endswith("been cast for Amazon Labor Union.")


def test_calls_after_sign_off_need_a_reopen(signed: Journal, key: StationKey) -> None:
    count = signed.restore(trust_snapshots=False)
    assert count.locked_by is not None
    with pytest.raises(SheetError, match="reopened before another sheet"):
        prepare_sheet(
            CountSession(signed, count),
            SheetRequest(kind=SheetKind.FINAL, agent="R. Agent", observers=[], place=None),
            key_fingerprint=key.fingerprint,
        )
    # A call written behind the rules' back is in the file, but no replay accepts it.
    signed.append(Action.CALL, Call.FOR)
    with pytest.raises(CorruptJournal, match="locked by the tally sheet"):
        signed.restore(trust_snapshots=False)


def test_a_revision_supersedes_and_names_its_predecessor(signed: Journal, key: StationKey) -> None:
    first = signed.last_records(1)[0]
    count = signed.restore(trust_snapshots=False)
    reopen_count(CountSession(signed, count), "a ballot was found in the box")
    count_calls(signed, 3, seed=2)
    seq = sign(signed, key)
    detail = signed.record(seq).details()  # type: ignore[union-attr]
    assert detail["title"] == "Corrected"
    assert detail["supersedes"] == {"seq": first.seq, "hash": first.hash}
    reasons = [r.details().get("reason") for r in signed.records() if r.action == "reopen"]
    assert reasons == ["a ballot was found in the box"]
    verdict = verify_file(signed.path)
    assert verdict.ok, verdict.problem


def test_reopening_an_unlocked_count_or_without_a_reason_is_refused(journal: Journal) -> None:
    count_calls(journal, 3)
    with pytest.raises(SheetError, match="not locked"):
        reopen_count(CountSession(journal, journal.restore(trust_snapshots=False)), "why not")
    journal.append(Action.SIGN, target=journal.head_seq, detail={"kind": "interim"})
    with pytest.raises(SheetError, match="reason"):
        reopen_count(CountSession(journal, journal.restore(trust_snapshots=False)), "   ")


def test_an_interim_sheet_then_the_final_one(journal: Journal, key: StationKey) -> None:
    count_calls(journal, 10)
    sign(journal, key, SheetKind.INTERIM)
    seq = sign(journal, key, SheetKind.FINAL)
    assert journal.record(seq).details()["title"] == "Final"  # type: ignore[union-attr]
    assert [s.title for s in journal.restore(trust_snapshots=False).sheets] == ["Interim", "Final"]
    assert earlier_key(journal, journal.restore(trust_snapshots=False)) == key.fingerprint


def test_a_sheet_with_a_forged_line_fails_verify(election_file: Path, key: StationKey) -> None:
    journal = Journal.open(election_file)
    journal.start_session()
    count_calls(journal, 20)
    change = prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        SheetRequest(kind=SheetKind.FINAL, agent="R. Agent", observers=OBSERVERS, place=None),
        key_fingerprint=key.fingerprint,
    )
    journal.close()
    detail = dict(change.event.detail or {})
    assert isinstance(detail["lines"], dict)
    # A station that wrote a different number into its SIGN event would be caught.
    detail["lines"]["3"] += 1
    forged = Journal.open(election_file)
    forged.start_session()
    forged.append(Action.REOPEN, detail={"reason": "test"})
    forged.append(Action.SIGN, target=forged.head_seq, detail=detail)
    forged.close()
    verdict = verify_file(election_file)
    assert not verdict.ok
    assert "line 3 (Number of votes cast for Amazon Labor Union) says" in str(verdict.problem)


def test_a_read_only_journal_cannot_prepare_a_sheet(election_file: Path, key: StationKey) -> None:
    reader = Journal.open(election_file, read_only=True)
    try:
        with pytest.raises(WriteFailed):
            prepare_sheet(
                CountSession(reader, reader.restore(trust_snapshots=False)),
                SheetRequest(kind=SheetKind.FINAL, agent="R. Agent", observers=[], place=None),
                key_fingerprint=key.fingerprint,
            )
    finally:
        reader.close()


def test_the_sheet_is_dated_by_its_own_events_reading_of_the_clock(
    journal: Journal, key: StationKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One reading of the clock stamps the SIGN event and dates the sheet: a sheet
    prepared a moment before midnight is not dated the day before its own event."""
    readings = iter(["2026-11-03T04:59:59.999999+00:00", "2026-11-03T05:00:00.000001+00:00"])
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        monkeypatch.setattr("station.sheet.prepare.utc_now", lambda: next(readings))
        seq = sign(journal, key)
    finally:
        monkeypatch.undo()
        time.tzset()
    record = journal.record(seq)
    assert record is not None and record.utc == "2026-11-03T04:59:59.999999+00:00"
    assert record.details()["prepared"] == "2026-11-02T23:59:59-05:00"
    assert verify_file(journal.path).ok
