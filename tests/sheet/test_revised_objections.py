"""A Revised Tally opens no new time for objections: they run from the tally of ballots.

*Remington Rand, Inc.*, Case 20-R-2191, Supplemental Decision and Order of February 16,
1948: the election was held on March 25, 1947; on July 22, 1947 the Regional Director,
having opened and counted challenged ballots, served a Revised Tally (of about 30
eligible voters, 12 for the Petitioner, 13 against, 1 void); the Petitioner's objections
of July 28 were overruled as untimely (citing *Lenox Furnace*, 64 NLRB 669). Five business
days after July 22 is July 29: a sheet stating that as the deadline would have told the
Petitioner its objections were timely.
"""

import json
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.domain.result_statements import objections_statement
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from station.verification.pdf_text import pdf_words
from tests.helpers import verify_file
from tests.sheet.helpers import sign

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE

_CLOCK_READERS = (
    "station.journal.creating.utc_now",
    "station.journal.store.utc_now",
    "station.journal.clock.utc_now",
    "station.sheet.prepare.utc_now",
)


class Clock:
    """The station's clock, set by the test: each reading a microsecond after the last."""

    def __init__(self, utc: str) -> None:
        self.set(utc)

    def set(self, utc: str) -> None:
        self.base, self.ticks = utc, 0

    def __call__(self) -> str:
        self.ticks += 1
        return f"{self.base}.{self.ticks:06d}+00:00"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    """Region 20's clock (San Francisco), set to the day of the election."""
    clock = Clock("1947-03-25T23:00:00")
    for reader in _CLOCK_READERS:
        monkeypatch.setattr(reader, clock)
    monkeypatch.setenv("TZ", "America/Los_Angeles")
    time.tzset()
    yield clock
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def remington_rand(tmp_path: Path, clock: Clock, key: StationKey) -> Iterator[Journal]:
    """The count of March 25, 1947 (4 challenges determinative) and, on July 22, the
    Revised Tally after the decision opened 3 of them; the fourth, which could not
    affect the result, stays challenged."""
    from station.domain.election import ElectionSetup

    path = tmp_path / "remington.station"
    Journal.create(
        path,
        ElectionSetup(
            case_number="20-RC-2191",
            employer="Remington Rand, Inc.",
            union="American Federation of Labor",
            eligible=30,
            ballots=27,
            agent="R. Agent",
        ),
    )
    journal = Journal.open(path)
    journal.start_session()
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    for call in [F] * 11 + [A] * 11 + [V] + [C] * 4:
        session.record(call)
    sign(journal, key)
    clock.set("1947-07-22T18:00:00")
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    session.decide([1, 2, 3], [], "Regional Director, Region 20")
    for call in (F, A, A):
        session.record(call)
    sign(journal, key)
    yield journal
    journal.close()


def _sheet(journal: Journal) -> dict[str, object]:
    record = journal.record(journal.head_seq)
    assert record is not None
    return record.details()


def test_the_revised_tally_states_the_deadline_of_the_tally_of_ballots(
    remington_rand: Journal,
) -> None:
    sheet = _sheet(remington_rand)
    assert sheet["title"] == "Revised" and str(sheet["prepared"]).startswith("1947-07-22")
    lines = sheet["lines"]
    assert isinstance(lines, dict)
    figures = {"1": 30, "2": 1, "3": 12, "4": 13, "5": 25, "6": 1, "7": 26}
    assert {n: v for n, v in lines.items() if n not in ("8", "9")} == figures
    assert lines["8"] is False  # the one left challenged cannot change it
    # Five business days after March 25, 1947, never after July 22 (that gave July 29).
    assert sheet["objections_from"] == "1947-03-25"
    assert sheet["objections_due"] == "1947-04-01"
    words = objections_statement(sheet)
    assert words is not None
    assert "July" not in words
    assert "no new time for objections" in words
    assert "March 25, 1947" in words and "April 1, 1947" in words
    assert "Regional Director, with an offer of proof" in words and "102.69(a)(8)" in words
    assert verify_file(remington_rand.path).ok


def test_the_first_tally_states_its_own_deadline_and_where_objections_go(
    remington_rand: Journal,
) -> None:
    first = remington_rand.first_record(Action.SIGN)  # before the decision
    assert first is not None and first.details()["title"] == "Final"
    facts = first.details()
    assert facts["objections_due"] == "1947-04-01" and "objections_from" not in facts
    words = objections_statement(facts)
    assert words is not None and "April 1, 1947" in words
    assert "filed with the Regional Director, with an offer of proof" in words
    assert "102.69(a)(8)" in words


def test_the_revised_export_prints_it_and_verify_holds_it(
    remington_rand: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = tmp_path / "revised"
    export_sheet(remington_rand, remington_rand.restore(trust_snapshots=False), folder, key)
    verdict = verify_export(folder, expected_key=None)
    assert verdict.ok, verdict.problem
    words = pdf_words((folder / "tally.pdf").read_bytes())
    assert "This revised tally opens no new time for objections" in words
    assert "July 29, 1947" not in words


def test_a_revised_tally_stating_a_deadline_from_itself_is_not_intact(
    remington_rand: Journal, key: StationKey, tmp_path: Path
) -> None:
    """The deadline Station used to print on a revised tally, restated and re-signed."""
    from station.verification.document import canonical_json
    from tests.sheet.helpers import resign

    folder = tmp_path / "revised"
    export_sheet(remington_rand, remington_rand.restore(trust_snapshots=False), folder, key)
    document = json.loads((folder / "tally.json").read_bytes())
    document["sheet"]["objections_due"] = date(1947, 7, 29).isoformat()
    (folder / "tally.json").write_bytes(canonical_json(document))
    resign(folder, key)
    verdict = verify_export(folder, expected_key=None)
    assert not verdict.ok and verdict.problem is not None
    assert "objections_due" in verdict.problem


def test_tally_json_the_dashboard_and_tally_say_it(remington_rand: Journal) -> None:
    from station.journal.follow import Follower, objections_at
    from tests.kinds_helpers import station, tally

    summary = tally(remington_rand.path)
    assert summary["objections_from"] == "1947-03-25"
    assert summary["objections_due"] == "1947-04-01"
    words = objections_at(remington_rand, remington_rand.restore(trust_snapshots=False))
    assert words == objections_statement(_sheet(remington_rand))
    assert words is not None and words in station("tally", remington_rand.path).stdout
    # A dashboard following the file, its SIGN events one by one (the ticker's path).
    follower = Follower(remington_rand.path, retry_s=0)
    try:
        follower.poll()
        assert follower.objections == words
    finally:
        follower.close()


def test_a_revised_sheet_states_both_dates_or_is_in_0_2_0s_form(remington_rand: Journal) -> None:
    """One form, whole: a revised sheet that states a deadline states the day it ran from;
    one that states none of the later facts is one Station 0.2.0 signed."""
    from station.domain.tally_sheet import LATER_FACTS, RECORDED_FACTS, wrong_fact

    stated = _sheet(remington_rand)
    computed = {k: v for k, v in stated.items() if k not in RECORDED_FACTS}
    assert wrong_fact(stated, computed) is None
    without = {k: v for k, v in stated.items() if k != "objections_from"}
    wrong = wrong_fact(without, computed)
    assert wrong is not None and wrong[0] == "objections_from"
    assert "the journal gives 1947-03-25" in wrong[1]
    as_0_2 = {k: v for k, v in stated.items() if k not in LATER_FACTS}
    assert wrong_fact(as_0_2, computed) is None
