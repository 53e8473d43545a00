"""`station decide` that would open one ballot alone: refused in one line, nothing
recorded, until the agent says `--reveal-ok`; the warning then comes before the record."""

from pathlib import Path

from station.domain import Call, ElectionSetup, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.cli_helpers import one_line_refusal, station_here

F, A, C = Call.FOR, Call.AGAINST, Call.CHALLENGE


def counted(tmp_path: Path, calls: list[Call]) -> Path:
    path = tmp_path / "count.station"
    setup = ElectionSetup(
        case_number="10-RC-269250", employer="Acme", union="Local 9", eligible=20,
        ballots=len(calls), agent="R. Agent", pile=0,
    )  # fmt: skip
    Journal.create(path, setup)
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        for call in calls:
            session.record(call)
        prepare_sheet(
            session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="0"
        )
    finally:
        journal.close()
    return path


def test_decide_refuses_to_reveal_a_vote_unless_told(tmp_path: Path, qapp: object) -> None:
    path = counted(tmp_path, [F, F, A, C])  # one challenge, determinative
    before = path.read_bytes()
    refusal = one_line_refusal(station_here("decide", path, "--open", "1", "--by", "RD"))
    assert "alone shows how that voter voted" in refusal and "--reveal-ok" in refusal
    assert path.read_bytes() == before
    done = station_here("decide", path, "--open", "1", "--by", "RD", "--reveal-ok")
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("warning: Opening 1 ballot alone")
    assert "decision recorded" in done.stdout


def test_two_ballots_opened_together_need_no_flag(tmp_path: Path, qapp: object) -> None:
    path = counted(tmp_path, [F, F, A, C, C])
    done = station_here("decide", path, "--open", "1,2", "--by", "RD")
    assert done.returncode == 0 and "warning" not in done.stderr, done.stderr
