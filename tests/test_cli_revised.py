"""`station challenges` and `station decide`, and `tally --json` after a decision (in-process:
these commands need no window)."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.journal import Journal
from station.sheet.prepare import prepare_sheet
from tests.helpers import JFK8, SIGN, A, C, F, session_on


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_challenges_lists_every_challenge_by_its_register_number(
    first_count: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "challenges", first_count, "--json")
    rows = json.loads(out)["challenges"]
    assert code == 0
    assert [(r["number"], r["status"], r["stage"], r["voter"]) for r in rows] == [
        (1, "open", "ballot", None),
        (2, "withdrawn", "ballot", None),
        (3, "sustained", "ballot", None),
        (4, "open", "ballot", None),
        (5, "open", "ballot", None),
        (6, "open", "ballot", None),
    ]
    assert (rows[0]["party"], rows[0]["reason"]) == ("employer", "supervisor")
    assert rows[5]["disputed"] == {"call": "for", "party": "petitioner", "joined": "employer"}
    code, out, _ = run(capsys, "challenges", first_count)
    assert code == 0 and out.splitlines()[2].split()[:2] == ["3", "sustained"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--open", "7"], "there is no challenge 7 in the register"),
        (["--open", "1,4", "--sustain", "4"], "challenge 4 appears twice"),
        (["--open", "2"], "challenge 2 is not open (withdrawn)"),
        (["--sustain", "3"], "challenge 3 is not open (sustained)"),
        (["--open", "one"], "--open: 'one' is not a register number"),
        ([], "a decision opens or sustains at least one challenge"),
    ],
)
def test_decide_refuses_in_one_line_and_writes_nothing(
    first_count: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    before = first_count.read_bytes()
    code, out, err = run(capsys, "decide", first_count, *args, "--by", "Regional Director")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err, err
    assert first_count.read_bytes() == before


def test_decide_needs_a_final_tally(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.station"
    Journal.create(path, JFK8)
    journal, session = session_on(path)
    session.record(C)
    journal.close()
    code, _, err = run(capsys, "decide", path, "--open", "1", "--by", "RD")
    assert code == 2 and "once a final tally is prepared" in err


def test_the_decision_then_the_revised_count_in_tally_json(
    first_count: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    code, out, err = run(
        capsys, "decide", first_count, "--open", "1,4,6", "--sustain", "5", "--by", "RD, Region 29"
    )
    assert code == 0 and "3 to open, 1 sustained, by RD, Region 29" in out and err == ""
    code, out, _ = run(capsys, "challenges", first_count, "--json")
    assert [r["status"] for r in json.loads(out)["challenges"]] == [
        "ordered opened", "withdrawn", "sustained", "ordered opened", "sustained", "ordered opened"
    ]  # fmt: skip
    journal, session = session_on(first_count)
    try:
        for call in (F, A, F):
            session.record(call)
        with pytest.raises(ValueError, match="only 3 challenged ballots"):
            session.record(F)
        prepare_sheet(session, SIGN, key_fingerprint="0" * 64, key_changed_from=None)
    finally:
        journal.close()
    code, out, _ = run(capsys, "tally", first_count, "--json")
    summary = json.loads(out)
    # The first count: 4 FOR (one the withdrawn ballot's call, one disputed and carried
    # as challenged), 3 AGAINST, 4 challenged (6 made, one withdrawn, one sustained).
    assert {k: summary["original"][k] for k in ("for", "against", "void", "challenged")} == {
        "for": 4, "against": 3, "void": 0, "challenged": 4
    }  # fmt: skip
    assert summary["challenged_counted"] == {
        "for": 2, "against": 1, "void": 0, "challenged": -4, "valid": 3, "valid_plus_challenged": -1
    }  # fmt: skip
    assert (summary["for"], summary["against"], summary["challenged"]) == (6, 4, 0)
    assert summary["challenges_determinative"] is False and summary["majority_for_union"] is True
    assert summary["locked"] == "revised" and summary["counted"] == 12  # the twelve in the box
    # Every challenge is resolved: none is left on line 6, so none is counted by party.
    assert summary["challenges_by_party"] == {"employer": 0, "petitioner": 0, "board agent": 0}
    code, out, _ = run(capsys, "challenges", first_count, "--json")
    assert json.loads(out)["challenges"][0]["status"] == "counted"


def test_dashboard_hide_challenges_reaches_the_dashboard(
    first_count: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import station.app

    seen: list[tuple[Path, bool]] = []
    monkeypatch.setattr(
        station.app,
        "run_dashboard",
        lambda path, theme, *, hide_challenges=False: seen.append((path, hide_challenges)) or 0,
    )
    assert main(["dashboard", str(first_count), "--hide-challenges"]) == 0
    assert main(["dashboard", str(first_count)]) == 0
    assert seen == [(first_count, True), (first_count, False)]
