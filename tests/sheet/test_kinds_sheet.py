"""The sheet, its export and `verify FOLDER` for RD cases and ballots of several unions."""

import json
from pathlib import Path

import pytest

from station.domain import ElectionSetup
from station.domain.tally_sheet import computed_facts, facts_problem
from station.journal import Journal
from station.sheet.verify_export import verify_export
from station.verification.pdf_text import pdf_problem, pdf_words
from tests.kinds_helpers import count_votes, station

pytest.importorskip("pypdf")


def signed_export(tmp_path: Path, setup: ElectionSetup, votes: list[int]) -> Path:
    path = tmp_path / "count.station"
    Journal.create(path, setup)
    count_votes(path, votes, challenged=1)
    signed = station("sign", path, "--agent", "R. Agent", "--observer", "Union:John Doe")
    assert signed.returncode == 0, signed.stderr
    folder = tmp_path / "export"
    exported = station("export", path, "--out", folder)
    assert exported.returncode == 0, exported.stderr
    return folder


def test_three_choices_line_by_line_and_verified(tmp_path: Path) -> None:
    setup = ElectionSetup.validated(
        case_number="10-RC-000017", employer="Acme", union="Machinists",
        intervenors=["Carpenters"], eligible=40, pile=0,
    )  # fmt: skip
    folder = signed_export(tmp_path, setup, [12, 10, 8])
    assert verify_export(folder).ok
    sheet = json.loads((folder / "tally.json").read_bytes())["sheet"]
    assert {k: sheet["lines"][k] for k in ("3", "3a", "3b", "4")} == {
        "3": 22, "3a": 12, "3b": 10, "4": 8,
    }  # fmt: skip
    assert sheet["choices"][2] == {"name": "Neither", "votes": 8}
    assert sheet["runoff"] == {"between": ["Machinists", "Carpenters"]}
    assert sheet["lines"]["8"] is False  # one challenge cannot lift Neither to second
    words = pdf_words((folder / "tally.pdf").read_bytes())
    for text in (
        "3a. Number of votes cast for Machinists 12",
        "3b. Number of votes cast for Carpenters 10",
        "No choice has a majority — runoff between Machinists and Carpenters"
        ", held if no objections are filed, or once those filed are resolved (29 CFR 102.70(a)).",
        "For the Petitioner (Machinists)",
        "For the Intervenor (Carpenters)",
    ):
        assert text in words, text
    document = json.loads((folder / "tally.json").read_bytes())
    document["sheet"]["statements"]["runoff"] = "a runoff between two others."
    problem = pdf_problem((folder / "tally.pdf").read_bytes(), document) or ""
    assert 'the journal gives "a runoff between two others."' in problem, problem
    assert "OK:" in station("verify", folder).stdout
    assert "12 Machinists, 10 Carpenters, 8 Neither" in station("verify", folder).stdout


def test_a_changed_choice_is_named_by_verify() -> None:
    setup = ElectionSetup.validated(
        case_number="10-RC-000017", employer="Acme", union="A", unions=["B"], eligible=40
    )
    from station.domain.changes import Sheet
    from station.domain.events import SheetKind
    from station.domain.tally import Tally

    sheet = Sheet(9, 8, SheetKind.FINAL, 0, None, Tally(5, 3, 0, 0, (2, 3, 3)))
    facts = computed_facts(setup, sheet, "ab" * 32, None)
    assert facts_problem(facts, facts) is None
    altered = {**facts, "lines": {**facts["lines"], "3a": 3}}  # type: ignore[dict-item]
    assert "line 3a" in (facts_problem(altered, facts) or "")
    swapped = {**facts, "choices": [{"name": "A", "votes": 3}, {"name": "B", "votes": 2}]}
    assert "choices" in (facts_problem(swapped, facts) or "")


def test_an_rd_sheet_never_calls_the_union_petitioner(tmp_path: Path) -> None:
    setup = ElectionSetup.validated(
        case_number="10-RD-000017", employer="Acme", union="Local 1",
        petitioner="J. Worker", eligible=40, pile=0,
    )  # fmt: skip
    folder = signed_export(tmp_path, setup, [3, 5])
    assert verify_export(folder).ok
    words = pdf_words((folder / "tally.pdf").read_bytes())
    assert "For the Union (Local 1)" in words
    assert "For the Petitioner (J. Worker)" in words
    assert "Local 1 (Union); J. Worker (Petitioner)" in words or "J. Worker (Petitioner)" in words
    assert "Petitioner (Local 1)" not in words and "Petitioner Local 1" not in words
    sheet = json.loads((folder / "tally.json").read_bytes())["sheet"]
    assert [p["role"] for p in sheet["parties"]] == ["Employer", "Petitioner", "Union"]
    assert "choices" not in sheet  # one union: lines 3 and 4 as always
