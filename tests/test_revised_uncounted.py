"""A Revised Tally never states a result while ballots the decision ordered opened are
uncounted: they stay on line 6 until each is called, lines 8-9 say "not yet determined",
a final sheet is refused in one line, and `verify` holds every revised sheet to it."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def record(path: Path, *calls: Call, undo: int = 0) -> None:
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        for call in calls:
            session.record(call)
        for _ in range(undo):
            session.undo()
    finally:
        journal.close()


@pytest.fixture
def decided(tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object) -> Path:
    """F A C C F signed; the decision opens both challenges."""
    path = tmp_path / "r.station"
    new = ["new", path, "--case", "29-RC-288022", "--employer", "Acme", "--union", "ALU"]
    assert run(capsys, *new, "--eligible", "50", "--ballots", "5", "--agent", "R. Agent")[0] == 0
    record(path, F, A, C, C, F)
    code, _, err = run(capsys, "sign", path)
    assert code == 0, err
    assert run(capsys, "decide", path, "--open", "1,2", "--by", "RD")[0] == 0
    return path


def tally(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    code, out, _ = run(capsys, "tally", "--json", path)
    assert code == 0
    return json.loads(out)


def test_opened_ballots_stay_challenged_until_called(
    decided: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    now = tally(capsys, decided)
    assert (now["for"], now["against"], now["challenged"], now["remaining"]) == (2, 1, 2, 2)
    assert now["valid_plus_challenged"] == 5
    statements = now["statements"]
    assert isinstance(statements, dict)
    assert "not yet determined" in statements["8"] and "not yet determined" in statements["9"]
    record(decided, F)
    now = tally(capsys, decided)
    assert (now["for"], now["challenged"], now["remaining"]) == (3, 1, 1)
    assert "not yet determined" in str(now["statements"])


def test_a_revised_tally_is_refused_while_opened_ballots_are_uncounted(
    decided: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = decided.read_bytes()
    code, out, err = run(capsys, "sign", decided)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "2 of the 2 ballots the decision ordered opened" in err
    assert "not yet counted" in err
    assert decided.read_bytes() == before
    record(decided, A, F)
    code, out, err = run(capsys, "sign", decided)
    assert (code, err) == (0, "")
    now = tally(capsys, decided)
    assert (now["for"], now["against"], now["challenged"], now["remaining"]) == (3, 2, 0, 0)
    assert now["statements"] == {
        "8": "Challenges are not sufficient in number to affect the results of the election.",
        "9": "A majority of the valid votes counted plus challenged ballots has been cast for ALU.",
    }


def test_an_opened_ballot_undone_is_refused_again_and_stays_countable(
    decided: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(decided, A, F, undo=1)
    code, _, err = run(capsys, "sign", decided)
    assert code == 2 and "1 of the 2 ballots" in err
    record(decided, V)
    assert run(capsys, "sign", decided)[0] == 0
    code, _, err = run(capsys, "verify", decided)
    assert (code, err) == (0, "")


def test_a_revised_tally_signed_with_opened_ballots_uncounted_is_not_intact(
    decided: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As Station 0.2 let it be signed (2 FOR, 1 AGAINST, 0 challenged, a result stated):
    `verify` of the file and of its export refuses it, naming the sheet."""
    from station.domain.resolution import Resolutions

    with monkeypatch.context() as patch:
        patch.setattr(Resolutions, "uncounted", lambda self, count: 0)
        code, _, err = run(capsys, "sign", decided)
        assert code == 0, err
        code, _, err = run(capsys, "export", decided, "--out", tmp_path / "sheet")
        assert code == 0, err
        facts = json.loads((tmp_path / "sheet" / "tally.json").read_text())
        assert facts["sheet"]["lines"]["6"] == 0  # what that sheet certified
    code, out, err = run(capsys, "verify", decided)
    assert code == 1 and out == "" and err.startswith("NOT INTACT")
    assert "event 15 breaks the rules" in err and "not yet counted" in err
    key = run(capsys, "key")[1].split()[-1]
    code, out, err = run(capsys, "verify", tmp_path / "sheet", "--key", key)
    assert code == 1 and "not yet counted" in err, err
