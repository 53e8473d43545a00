"""Lines 8-9 on a sheet: an interim tally says they are not yet determined."""

from pathlib import Path

import pytest

from station.domain import SheetKind
from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from tests.helpers import verify_file
from tests.sheet.helpers import count_calls, needs_poppler, pdf_text, sign


@needs_poppler
def test_an_interim_sheet_does_not_state_the_result(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    count_calls(journal, 30)
    seq = sign(journal, key, SheetKind.INTERIM)
    statements = journal.record(seq).details()["statements"]  # type: ignore[union-attr]
    assert statements["8"].endswith(
        "is not yet determined: this is an interim tally; the count goes on."
    )
    assert "is not yet determined" in statements["9"]
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "interim", key)
    text = " ".join(pdf_text(tmp_path / "interim" / "tally.pdf").split())
    assert "8. Whether challenges are sufficient" in text
    assert "Challenges are not sufficient" not in text and "Challenges are sufficient" not in text
    assert verify_export(tmp_path / "interim").ok
    # The final sheet states the result.
    final = sign(journal, key)
    assert journal.record(final).details()["statements"]["8"].startswith("Challenges")  # type: ignore[union-attr]


def test_an_interim_sheet_worded_as_before_is_still_intact(
    election_file: Path, key: StationKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Until lines 8-9 said "not yet determined", interim sheets stated the result: the
    # files counted then must still verify.
    journal = Journal.open(election_file)
    journal.start_session()
    count_calls(journal, 30)
    with monkeypatch.context() as patch:
        patch.setattr("station.domain.tally_sheet.sheet_pending_reason", lambda kind: None)
        # Nor did any sheet then state a deadline for objections (a later fact).
        patch.setattr("station.domain.tally_sheet._deadline", lambda sheet, context, pending: {})
        seq = sign(journal, key, SheetKind.INTERIM)
    journal.close()
    details = Journal.open(election_file, read_only=True)
    try:
        assert details.record(seq).details()["statements"]["8"].startswith("Challenges")  # type: ignore[union-attr]
    finally:
        details.close()
    verdict = verify_file(election_file)
    assert verdict.ok, verdict.problem
