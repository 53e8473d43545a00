"""The Revised Tally shows the ballots the decision opened and counted apart from the
challenges it sustained (set aside, never counted): each column adds up, and a sheet
signed with three columns (Station 0.2) still verifies."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from station.verification.document import canonical_json
from station.verification.pdf_text import pdf_words
from tests.sheet.helpers import resign, sign

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
FOUR = ("original", "challenged_counted", "set_aside", "final")


@pytest.fixture
def revised_export(journal: Journal, key: StationKey, tmp_path: Path) -> Path:
    """Six challenges: a decision opens three (F, A, V) and sustains two; one stays."""
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    for call in (F, F, A, C, C, C, C, C, C, F):
        session.record(call)
    sign(journal, key)
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    session.decide([1, 2, 3], [4, 5], "Regional Director")
    for call in (F, A, V):
        session.record(call)
    sign(journal, key)
    folder = tmp_path / "revised"
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder


def test_opened_and_sustained_are_apart_and_each_column_adds_up(revised_export: Path) -> None:
    sheet = json.loads((revised_export / "tally.json").read_bytes())["sheet"]
    columns = sheet["columns"]
    assert list(columns) == sorted(FOUR)
    assert [columns[c]["6"] for c in FOUR] == [6, -3, -2, 1]
    assert [columns[c]["7"] for c in FOUR] == [10, -1, -2, 7]
    assert [columns[c]["2"] for c in FOUR] == [0, 1, 0, 1]
    assert [columns[c]["5"] for c in FOUR] == [4, 2, 0, 6]
    for line in ("2", "3", "4", "5", "6", "7"):
        parts = [columns[c][line] for c in FOUR[:3]]
        assert sum(parts) == columns["final"][line], line
    verdict = verify_export(revised_export, expected_key=None)
    assert verdict.ok, verdict.problem
    words = pdf_words((revised_export / "tally.pdf").read_bytes())
    assert "Challenged ballots counted Challenges sustained (set aside) Final tally" in words
    assert "6. Number of challenged ballots 6 -3 -2 1" in words


def test_a_set_aside_figure_altered_is_named(revised_export: Path, key: StationKey) -> None:
    path = revised_export / "tally.json"
    document = json.loads(path.read_bytes())
    document["sheet"]["columns"]["set_aside"]["6"] = 0
    document["sheet"]["columns"]["challenged_counted"]["6"] = -5
    path.write_bytes(canonical_json(document))
    resign(revised_export, key)
    verdict = verify_export(revised_export, expected_key=None)
    assert not verdict.ok and verdict.problem is not None
    assert "line 6 of the Challenged ballots counted column says -5" in verdict.problem


def test_tally_json_adds_set_aside_and_keeps_the_rest(
    revised_export: Path, journal: Journal, capsys: pytest.CaptureFixture[str]
) -> None:
    path = journal.path
    journal.close()
    assert main(["tally", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["challenged_counted"]["challenged"] == -5  # as before: final less original
    assert out["set_aside"] == {"numbers": [4, 5], "challenged": -2, "valid_plus_challenged": -2}
    assert out["challenged"] == 1
