"""`station sign` for a later sheet carries over what the sheet before it gave (the
place, the agent, the observers) and the command line did not, as the window's dialog
fills them in; what the command line gives wins."""

import json
from pathlib import Path

from station.domain import Call, ElectionSetup
from station.journal import Journal
from station.journal.session import CountSession
from tests.cli_helpers import station_here

F, A, C = Call.FOR, Call.AGAINST, Call.CHALLENGE


def decided(tmp_path: Path) -> Path:
    path = tmp_path / "count.station"
    setup = ElectionSetup(
        case_number="10-RC-269250", employer="Acme", union="Local 9", eligible=20,
        ballots=5, agent="R. Agent", pile=0,
    )  # fmt: skip
    Journal.create(path, setup)
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        for call in (F, F, A, C, C):
            session.record(call)
    finally:
        journal.close()
    first = (
        "sign", path, "--agent", "B. Agent", "--place", "Region 10, Atlanta",
        "--observer", "Employer:Jane Roe", "--observer", "Union:John Doe",
    )  # fmt: skip
    assert station_here(*first).returncode == 0
    assert station_here("decide", path, "--open", "1,2", "--by", "RD").returncode == 0
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        session.record(F)
        session.record(A)
    finally:
        journal.close()
    return path


def sheet_of(path: Path, tmp_path: Path) -> dict[str, object]:
    out = tmp_path / "export"
    assert station_here("export", path, "--out", out).returncode == 0
    return json.loads((out / "tally.json").read_bytes())["sheet"]  # type: ignore[no-any-return]


def test_the_revised_sheet_keeps_the_place_agent_and_observers_not_given(
    tmp_path: Path, qapp: object
) -> None:
    path = decided(tmp_path)
    done = station_here("sign", path)
    assert done.returncode == 0, done.stderr
    assert "Region 10, Atlanta" in done.stdout  # says what it carried over
    sheet = sheet_of(path, tmp_path)
    assert sheet["place"] == "Region 10, Atlanta" and sheet["agent"] == "B. Agent"
    names = [observer["name"] for observer in sheet["observers"]]  # type: ignore[attr-defined]
    assert names == ["Jane Roe", "John Doe"]


def test_what_the_command_line_gives_wins(tmp_path: Path, qapp: object) -> None:
    path = decided(tmp_path)
    done = station_here("sign", path, "--observer", "Employer:Ann Lee", "--place", "Online")
    assert done.returncode == 0, done.stderr
    sheet = sheet_of(path, tmp_path)
    assert sheet["place"] == "Online" and sheet["agent"] == "B. Agent"
    names = [observer["name"] for observer in sheet["observers"]]  # type: ignore[attr-defined]
    assert names == ["Ann Lee"]
