"""A sheet's `key_changed_from` is what the journal gives: the key of the last sheet
before it, exactly when this one was signed by another."""

from pathlib import Path

import pytest

from station.domain import Call, SheetKind
from station.journal import Journal
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.helpers import JFK8, SIGN, session_on, verify_file

A, B = "aaaa-aaaa", "bbbb-bbbb"


@pytest.fixture(autouse=True)
def _drawing(qapp: object) -> None:
    """Preparing a sheet measures its names in the sheet's font."""


INTERIM = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)


def signed_twice(path: Path, second_key: str, changed_from: str | None) -> None:
    """An interim sheet signed by key A, then a final one by `second_key`."""
    Journal.create(path, JFK8)
    journal, session = session_on(path)
    with journal:
        session.start()
        session.record(Call.FOR)
        prepare_sheet(session, INTERIM, key_fingerprint=A)
        prepare_sheet(session, SIGN, key_fingerprint=second_key, key_changed_from=changed_from)


@pytest.mark.parametrize(("second_key", "changed_from"), [(B, A), (A, None)])
def test_a_key_changed_as_station_sign_records_it_verifies(
    tmp_path: Path, second_key: str, changed_from: str | None
) -> None:
    signed_twice(tmp_path / "count.station", second_key, changed_from)
    assert verify_file(tmp_path / "count.station").ok


@pytest.mark.parametrize(
    ("second_key", "changed_from", "gives"),
    [
        (B, None, f"says nothing; the journal gives {A}"),  # a change of key hidden
        (B, "cccc-cccc", f"says cccc-cccc; the journal gives {A}"),  # another key named
        (A, B, "says bbbb-bbbb; the journal gives nothing"),  # a change that never was
    ],
)
def test_a_key_change_the_journal_does_not_give_is_refused(
    tmp_path: Path, second_key: str, changed_from: str | None, gives: str
) -> None:
    signed_twice(tmp_path / "count.station", second_key, changed_from)
    verdict = verify_file(tmp_path / "count.station")
    assert not verdict.ok and verdict.seq == 5
    assert verdict.problem is not None
    assert f"(the final tally sheet) its key_changed_from {gives}" in verdict.problem


def test_the_first_sheet_changed_from_no_key(tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    Journal.create(path, JFK8)
    journal, session = session_on(path)
    with journal:
        session.start()
        session.record(Call.FOR)
        prepare_sheet(session, SIGN, key_fingerprint=A, key_changed_from=B)
    verdict = verify_file(path)
    assert verdict.problem is not None
    assert "its key_changed_from says bbbb-bbbb; the journal gives nothing" in verdict.problem
