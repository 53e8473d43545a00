"""The Revised Tally of Ballots: its columns exported, drawn, signed and verified."""

import json
from pathlib import Path

import pytest

from station.domain import Call
from station.domain.parties import Party
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from station.verification.pdf_text import pdf_words
from tests.sheet.helpers import resign, sign

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE


def revised(journal: Journal, key: StationKey) -> int:
    """A count of 14 with 5 challenges; 2 settled at the table; a decision opens 2."""
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    seqs = [session.record(call).event.seq for call in (C, F, A, F, C, A, C, F, V, C, A, F, C, A)]
    session.settle(seqs[4], "withdrawn")
    session.record(A)
    session.dispute(seqs[7], F, Party.EMPLOYER, left_as_called=True)
    session.settle(seqs[6], "sustained")
    sign(journal, key)
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    session.decide([1, 4], [], "Regional Director, Region 29")
    session.record(F)
    session.record(V)
    return sign(journal, key)


@pytest.fixture
def revised_export(journal: Journal, key: StationKey, tmp_path: Path) -> Path:
    revised(journal, key)
    folder = tmp_path / "revised"
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder


def test_the_revised_sheet_has_its_columns_and_verifies(revised_export: Path) -> None:
    sheet = json.loads((revised_export / "tally.json").read_bytes())["sheet"]
    columns = sheet["columns"]
    assert sheet["title"] == "Revised" and sheet["unresolved_challenges"] == [5]
    assert [columns[c]["3"] for c in ("original", "challenged_counted", "final")] == [4, 1, 5]
    assert [columns[c]["6"] for c in ("original", "challenged_counted", "final")] == [3, -2, 1]
    assert [columns[c]["2"] for c in ("original", "challenged_counted", "final")] == [1, 1, 2]
    assert columns["final"] == sheet["lines"]
    verdict = verify_export(revised_export, expected_key=None)
    assert verdict.ok, verdict.problem
    assert verdict.title == "Revised"
    from pypdf import PdfReader

    assert len(PdfReader(revised_export / "tally.pdf").pages) == 1  # signed on one page
    words = pdf_words((revised_export / "tally.pdf").read_bytes())
    assert "Revised Tally of Ballots" in words and "REVISED TALLY" in words
    assert "Original tally Challenged ballots counted Challenges sustained (set aside)" in words
    assert "Decision by Regional Director, Region 29" in words
    assert "still challenged (register numbers): 5." in words


@pytest.mark.parametrize(
    ("column", "line"), [("original", "3"), ("challenged_counted", "6"), ("final", "4")]
)
def test_verify_checks_every_column(
    revised_export: Path, key: StationKey, column: str, line: str
) -> None:
    path = revised_export / "tally.json"
    document = json.loads(path.read_bytes())
    document["sheet"]["columns"][column][line] += 1
    from station.verification.document import canonical_json

    path.write_bytes(canonical_json(document))
    resign(revised_export, key)
    verdict = verify_export(revised_export, expected_key=None)
    assert not verdict.ok and verdict.problem is not None
    title = {"original": "Original tally", "challenged_counted": "Challenged ballots counted"}
    assert f"line {line} of the {title.get(column, 'Final tally')} column says" in verdict.problem
