"""Published tallies of real elections, entered as a count would enter them, give the
Board's published figures and result on the sheet.

`tests/fixtures/real_tallies.csv` holds each tally's figures, its published result and
its sources, and how Station enters it (its `station` column), or why it cannot. Each
election is made with `station new` as the guides say. Every tally Station can
represent goes through the count session the windows write through (`CountSession`):
each envelope ruled, each ballot called, the Amazon counts' thousands included. The
small ones are also typed into the real windows under Xvfb, a mail count's envelopes
in the envelope window, then its ballots in the operator window (marked `long`: run by
`.ci/run`, outside the README's test command). The tally is then prepared (`station
sign`) and exported: `tally.json`'s lines 1-9 and statements, and the PDF's text, must
give the published figures and result. Skipped where Xvfb or xdotool is missing.
"""

import csv
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from station.domain import Call
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import station
from tests.xvfb_helpers import (
    display,
    focused_window,
    operator_window_after,
    pytestmark,
    running_station,
    type_keys,
    wait_for,
    xdotool,
)

__all__ = ["display", "pytestmark"]

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "real_tallies.csv"
ROWS = {
    row["case"]: row for row in csv.DictReader(FIXTURE.read_text(encoding="utf-8").splitlines())
}


@dataclass(frozen=True)
class Published:
    """One published tally as Station enters it, and what the Board published.

    `votes` are each union's votes in ballot order, then Neither's (AGAINST on a ballot
    of one union). `void` are ballots called VOID; `envelopes_void`, mail envelopes
    ruled void before any was opened (line 2 counts both). `eligible`, line 1: with
    `mail`, the size of the voter list.
    """

    row: str
    case: str
    unions: tuple[str, ...]
    votes: tuple[int, ...]
    void: int
    challenged: int
    eligible: int
    determinative: bool
    majority_for: str | None
    mail: bool = False
    envelopes_void: int = 0
    more: tuple[str, ...] = ()  # `station new` options besides the parties
    runoff: tuple[str, str] | None = None  # the runoff 29 CFR 102.70 calls for

    @property
    def line_2(self) -> int:
        return self.void + self.envelopes_void

    @property
    def choices(self) -> list[str]:
        return [*self.unions, "Neither"]


JFK8 = Published(
    "Amazon JFK8 Staten Island NY", "29-RC-288020", ("Amazon Labor Union",),
    (2654, 2131), void=17, challenged=67, eligible=8325, determinative=False,
    majority_for="Amazon Labor Union", more=("--ballots", "4869"),
)  # fmt: skip
BHM1 = Published(
    "Amazon BHM1 Bessemer AL (1st)", "10-RC-269250", ("RWDSU",), (738, 1798), void=76,
    challenged=505, eligible=5867, determinative=False, majority_for=None, mail=True,
)  # fmt: skip
BHM1_RERUN = Published(
    "Amazon BHM1 Bessemer AL (rerun)", "10-RC-269250", ("RWDSU",), (875, 993), void=59,
    challenged=416, eligible=6153, determinative=True, majority_for=None, mail=True,
)  # fmt: skip
LDJ5 = Published(
    "Amazon LDJ5 Staten Island NY", "29-RC-000005", ("Amazon Labor Union",), (380, 618),
    void=0, challenged=0, eligible=1633, determinative=False, majority_for=None,
)  # fmt: skip
ELMWOOD = Published(
    "Starbucks Elmwood Ave Buffalo", "03-RC-000001", ("Workers United",), (19, 8), void=0,
    challenged=0, eligible=27, determinative=False, majority_for="Workers United", mail=True,
)  # fmt: skip
CAMP_ROAD = Published(
    "Starbucks Camp Road Hamburg", "03-RC-000002", ("Workers United",), (8, 12), void=0,
    challenged=2, eligible=30, determinative=False, majority_for=None, mail=True,
    envelopes_void=1,
)  # fmt: skip
GENESEE = Published(
    "Starbucks Genesee St Cheektowaga", "03-RC-000003", ("Workers United",), (15, 9),
    void=0, challenged=7, eligible=45, determinative=True, majority_for=None, mail=True,
)  # fmt: skip
FRASER = Published(
    "Fraser & Johnston (Supp. Dec. 1953)", "30-RC-000821", ("UAW-CIO", "Intervenor"),
    (45, 9, 33), void=1, challenged=7, eligible=104, determinative=True, majority_for=None,
    more=("--ballots", "95"),
)  # fmt: skip
SHANHOUSE = Published(
    "W. Shanhouse Sons 100 NLRB 604 (revised tally)", "15-RC-000627",
    ("ACWA", "UGW"), (36, 0, 36), void=0, challenged=0, eligible=77, determinative=False,
    majority_for=None, runoff=("ACWA", "Neither"),
)  # fmt: skip

NOT_REPRESENTED = {
    "American Medical Response 344 NLRB 1406",
    "Western Electric Decatur (runoff)",
}


def _figure(text: str) -> int:
    """The figure a cell of the fixture states: "Petitioner 45" 45, "35->36" (revised)
    36, "2 (a 3rd challenge agreed ineligible)" 2, "" 0."""
    found = re.findall(r"\d+", text.replace(",", "").split("->")[-1])
    return int(found[0]) if found else 0


def test_the_fixture_holds_each_case_and_says_how_it_is_entered() -> None:
    cases = (JFK8, BHM1, BHM1_RERUN, LDJ5, ELMWOOD, CAMP_ROAD, GENESEE, FRASER, SHANHOUSE)
    assert {case.row for case in cases} | NOT_REPRESENTED == set(ROWS)
    for case in cases:
        row = ROWS[case.row]
        assert case.votes[0] == _figure(row["for"]), case.row
        assert case.votes[-1] == _figure(row["against"]), case.row
        if len(case.votes) == 3:
            assert case.votes[1] == _figure(row["other_choices"]), case.row
        if row["void"][:1].isdigit():  # LDJ5's are not published
            assert case.line_2 == _figure(row["void"]), case.row
        assert case.challenged == _figure(row["challenged"]), case.row
        if row["eligible"][:1].isdigit():  # Elmwood's are not published
            assert case.eligible == _figure(row["eligible"]), case.row
        assert row["station"].startswith(("typed:", "session:")), case.row
    for name in NOT_REPRESENTED:
        assert ROWS[name]["station"].startswith("not represented: "), name


def make(path: Path, case: Published, rerun_of: Path | None = None) -> None:
    """The election, made with `station new` as the guides say (a rerun from the first
    election's file, which gives its case, parties and ballot)."""
    options = ["--agent", "R. Agent", "--pile", "0", *case.more]
    if rerun_of is None:
        options += ["--case", case.case, "--employer", case.row.split(" (")[0]]
        for number, union in enumerate(case.unions):
            options += ["--union" if number == 0 else "--intervenor", union]
    else:
        options += ["--rerun-of", str(rerun_of)]
    if case.mail:
        voters = path.with_suffix(".csv")
        voters.write_text(
            "id,name\n" + "".join(f"{1000 + n},Voter {n}\n" for n in range(case.eligible)),
            encoding="utf-8",
        )
        options += ["--mail", "--voters", str(voters)]
    else:
        options += ["--eligible", str(case.eligible)]
    made = station("new", path, *options)
    assert made.returncode == 0, made.stderr


@dataclass
class Keys:
    """The keys of one count: the envelopes' rulings, then the ballots' calls."""

    envelopes: list[str] = field(default_factory=list)
    envelope_events: int = 0
    calls: list[str] = field(default_factory=list)


def keys_of(case: Published) -> Keys:
    """Every key a count of `case` takes, one event a key.

    A mail ballot's envelopes: each voter looked up by id, then A (accepted), C and
    Enter (challenged) or V (void). The ballots: F and A on a ballot of one union, 1, 2
    … and 0 for Neither on a ballot of several; V; C and the reason's letter at a poll.
    """
    keys = Keys()
    one_union = len(case.unions) == 1
    vote_keys = ["f", "a"] if one_union else [*(str(n) for n in range(1, len(case.votes))), "0"]
    ballots = [key for key, votes in zip(vote_keys, case.votes, strict=True) for _ in range(votes)]
    ballots += ["v"] * case.void
    if case.mail:
        rulings = ["a"] * len(ballots) + ["c"] * case.challenged + ["v"] * case.envelopes_void
        for number, ruling in enumerate(rulings):
            keys.envelopes += [*str(1000 + number), "Return", ruling]
            keys.envelopes += ["Return"] if ruling == "c" else []
        keys.envelope_events = len(rulings)
    else:
        for _ in range(case.challenged):
            ballots += ["c", "i"]  # the reason: not on the eligibility list
    keys.calls = ballots
    return keys


def typed_count(path: Path, case: Published, tmp_path: Path, display: str, keys: Keys) -> None:
    """The keys typed into the windows of `station FILE` on the test's display."""
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    log = tmp_path / f"{path.stem}.log"
    before = _events(path)
    with running_station(path, env, log) as app:
        if case.mail and keys.envelopes:
            envelopes = focused_window(env, f"Station .* envelopes .* {case.case}", log)
            for start in range(0, len(keys.envelopes), 60):
                xdotool(env, "key", "--delay", "12", *keys.envelopes[start : start + 60])
            wait_for(path, before + 1 + keys.envelope_events)  # the opening, the rulings
            xdotool(env, "key", "--delay", "50", "ctrl+shift+b", "Return")
            wait_for(path, before + 2 + keys.envelope_events)
            operator_window_after(env, case.case, envelopes, log)
            start = before + 2 + keys.envelope_events
        else:
            focused_window(env, f"Station .* {case.case}", log)
            wait_for(path, before + 1)
            start = before + 1
        type_keys(env, path, keys.calls, start, batch=60, delay="8")
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, log.read_text()


def _events(path: Path) -> int:
    journal = Journal.open(path)
    try:
        return journal.head_seq
    finally:
        journal.close()


def session_count(path: Path, case: Published) -> None:
    """The same count through the session the operator and envelope windows write
    through: each envelope ruled, the stage ended, each ballot called."""
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        one_union = len(case.unions) == 1
        ballots = sum(case.votes) + case.void
        if case.mail:
            voter = iter(range(1000, 1000 + case.eligible))
            for ruling, number in (
                (Ruling.ACCEPTED, ballots),
                (Ruling.CHALLENGED, case.challenged),
                (Ruling.VOID, case.envelopes_void),
            ):
                for _ in range(number):
                    session.rule_envelope(ruling, voter=str(next(voter)))
            session.end_envelopes()
        for choice, votes in enumerate(case.votes, start=1):
            neither = choice == len(case.votes)
            for _ in range(votes):
                if neither:
                    session.record(Call.AGAINST)
                else:
                    session.record(Vote(Call.FOR, choice=None if one_union else choice))
        for _ in range(case.void):
            session.record(Call.VOID)
        if not case.mail:
            for _ in range(case.challenged):
                session.record(Call.CHALLENGE)
    finally:
        journal.close()


def sheet_of(path: Path, out: Path) -> tuple[dict[str, object], str]:
    """The tally prepared and exported: `tally.json`'s sheet and the PDF's words."""
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    done = station("export", path, "--out", out)
    assert done.returncode == 0, done.stderr
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert station("verify", out).returncode == 0
    return sheet, pdf_words((out / "tally.pdf").read_bytes())


def assert_published(case: Published, sheet: dict[str, object], words: str) -> None:
    """Lines 1-9 and the result, in `tally.json` and on the page, as published."""
    lines = sheet["lines"]
    assert isinstance(lines, dict)
    valid = sum(case.votes)
    expected: dict[str, object] = {
        "1": case.eligible,
        "2": case.line_2,
        "4": case.votes[-1],
        "5": valid,
        "6": case.challenged,
        "7": valid + case.challenged,
        "8": case.determinative,
    }
    if len(case.unions) == 1:
        expected["3"] = case.votes[0]
    else:
        for letter, votes in zip("abcdefghi", case.votes[:-1], strict=False):
            expected[f"3{letter}"] = votes
    assert {number: lines[number] for number in expected} == expected, case.row
    statements = sheet["statements"]
    assert isinstance(statements, dict)
    sufficient = "are sufficient" if case.determinative else "are not sufficient"
    assert (
        statements["8"]
        == f"Challenges {sufficient} in number to affect the results of the election."
    )
    if case.majority_for is not None:
        assert statements["9"] == (
            "A majority of the valid votes counted plus challenged ballots has been cast for"
            f" {case.majority_for}."
        )
    elif len(case.unions) == 1:
        assert " has not been cast for " in str(statements["9"]), statements
    else:
        assert statements["9"].startswith("No choice has received a majority")  # type: ignore[union-attr]
    if case.runoff is not None:
        assert f"runoff between {case.runoff[0]} and {case.runoff[1]}" in str(
            statements.get("runoff")
        ), statements
    for number, figure in expected.items():
        if number != "8":
            assert re.search(rf"\b{number}\. .*? {int(figure):,}\b", words), (number, figure)  # type: ignore[call-overload]
    assert str(statements["8"]) in words and str(statements["9"]) in words


SMALL = [
    ELMWOOD,
    CAMP_ROAD,
    GENESEE,
    FRASER,
    LDJ5,
]


def _id(case: object) -> str:
    return case.case if isinstance(case, Published) else str(case)


@pytest.mark.long  # about 6 s each under Xvfb: outside the README's test command
@pytest.mark.parametrize("case", SMALL, ids=_id)
def test_each_small_published_tally_typed_into_the_windows(
    case: Published, tmp_path: Path, display: str
) -> None:
    path = tmp_path / "count.station"
    make(path, case)
    typed_count(path, case, tmp_path, display, keys_of(case))
    assert_published(case, *sheet_of(path, tmp_path / "sheet"))


@pytest.mark.long  # about 5 s under Xvfb
def test_shanhouse_the_revised_tally_typed_into_the_window(tmp_path: Path, display: str) -> None:
    # The first count: 36 for ACWA, none for UGW, 35 against, 1 challenged; the
    # challenged ballot opened by the decision and called against: 36 / 0 / 36.
    path = tmp_path / "count.station"
    make(path, SHANHOUSE)
    first = Published(**{**SHANHOUSE.__dict__, "votes": (36, 0, 35), "challenged": 1})
    typed_count(path, first, tmp_path, display, keys_of(first))
    decide_shanhouse(path)
    typed_count(path, SHANHOUSE, tmp_path, display, Keys(calls=["0"]))
    sheet, words = sheet_of(path, tmp_path / "sheet")
    assert sheet["title"] == "Revised"
    assert_published(SHANHOUSE, sheet, words)


def decide_shanhouse(path: Path) -> None:
    """The first tally prepared, then the decision that opens the one challenged ballot."""
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    # One ballot opened alone shows how its voter voted: the Board opened it all the same.
    decided = station("decide", path, "--open", "1", "--by", "Regional Director", "--reveal-ok")
    assert decided.returncode == 0, decided.stderr


# The same tallies, every call through the count session the windows write through:
# fast enough for the README's test command (the Amazon counts' thousands of calls too).
@pytest.mark.parametrize(
    "case",
    [JFK8, BHM1, *SMALL],
    ids=_id,
)
def test_each_published_tally_through_the_session(case: Published, tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    make(path, case)
    session_count(path, case)
    assert_published(case, *sheet_of(path, tmp_path / "sheet"))


@pytest.mark.long  # two elections counted through the session: seconds
def test_bessemer_rerun_through_the_session(tmp_path: Path) -> None:
    first = tmp_path / "bhm1.station"
    make(first, BHM1)
    session_count(first, BHM1)
    sheet_of(first, tmp_path / "sheet")
    rerun = tmp_path / "bhm1-rerun.station"
    make(rerun, BHM1_RERUN, rerun_of=first)
    session_count(rerun, BHM1_RERUN)
    sheet, words = sheet_of(rerun, tmp_path / "rerun-sheet")
    assert sheet["rerun_of"]
    assert_published(BHM1_RERUN, sheet, words)


def test_shanhouse_the_revised_tally_through_the_session(tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    make(path, SHANHOUSE)
    first = Published(**{**SHANHOUSE.__dict__, "votes": (36, 0, 35), "challenged": 1})
    session_count(path, first)
    decide_shanhouse(path)
    journal = Journal.open(path)
    try:
        CountSession.resume(journal, keep=0).record(Call.AGAINST)
    finally:
        journal.close()
    sheet, words = sheet_of(path, tmp_path / "sheet")
    assert sheet["title"] == "Revised"
    assert_published(SHANHOUSE, sheet, words)
