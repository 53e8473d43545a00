"""The Bessemer mail-ballot election (BHM1), its voters, and a count session on it."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.domain.tally_sheet import SheetError
from station.domain.voters import Voter, VoterList
from station.journal import Journal
from station.journal.seal import station_secret
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.kinds_helpers import station

BESSEMER = ElectionSetup(
    case_number="10-RC-269250",
    employer="Amazon.com Services LLC",
    union="RWDSU",
    eligible=6,
    agent="R. Agent",
    pile=0,
    mail=True,
)


VOTERS = VoterList.of(
    tuple(
        Voter(str(100 + n), name, (("dept", "BHM1"),))
        for n, name in enumerate(
            [
                "Ada Lovelace",
                "Charles Babbage",
                "Grace Hopper",
                "Alan Turing",
                "Edsger Dijkstra",
                "Ada Yonath",
            ]
        )
    ),
    ("dept",),
)


# One envelope of each of the six voters: every ruling, three of them accepted.
SIX_RULINGS = [("100", Ruling.ACCEPTED), ("101", Ruling.ACCEPTED),
               ("102", Ruling.CHALLENGED), ("103", Ruling.VOID),
               ("104", Ruling.LATE), ("105", Ruling.ACCEPTED)]  # fmt: skip


@contextmanager
def counting(
    path: Path, *, new: bool = False, seal_secret: bytes | None = None
) -> Iterator[CountSession]:
    """A count session on the mail election at `path` (made first if `new`), closed after."""
    if new:
        Journal.create(path, BESSEMER, VOTERS)
    journal = Journal.open(path, seal_secret=seal_secret)
    try:
        yield CountSession.resume(journal, keep=0)
    finally:
        journal.close()


def counted(path: Path) -> None:
    with counting(path) as session:
        for voter, ruling in SIX_RULINGS:
            session.rule_envelope(ruling, voter)
        with pytest.raises(SheetError, match="before the envelope stage ends"):
            prepare_sheet(
                session, SheetRequest(SheetKind.INTERIM, "R. Agent", [], None), key_fingerprint="x"
            )
        session.end_envelopes()
        for call in (Call.FOR, Call.FOR, Call.AGAINST):
            session.record(call)


# A mail election of voting groups, counted and decided for the verifier and live pages.
GROUP_VOTERS = """id,name,group
100,Ada Lovelace,A
101,Grace Hopper,A
102,Alan Turing,A
103,Edsger Dijkstra,B
104,Ada Yonath,B
105,Barbara Liskov,B
106,Frances Allen,B
"""


def resumed(path: Path) -> CountSession:
    return CountSession.resume(Journal.open(path, seal_secret=station_secret()), keep=5)


def groups_counted(path: Path) -> None:
    """Group A (Sonotone): 100 and 101 accepted and called FOR, yes; 102 challenged.
    Group B: 103-105 accepted, called FOR, AGAINST, AGAINST; 106 void; a written-in
    voter of group B challenged. The final tally is signed."""
    listed = path.parent / "voters.csv"
    listed.write_text(GROUP_VOTERS, encoding="utf-8")
    made = station(
        "new", path, "--case", "10-RC-000031", "--employer", "Mercy Hospital",
        "--union", "Nurses United", "--mail", "--voters", listed,
        "--group", "A=Professional employees", "--group", "B=Nonprofessional employees",
        "--sonotone", "A",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    counting = resumed(path)
    try:
        for voter, ruling in [
            ("100", Ruling.ACCEPTED), ("101", Ruling.ACCEPTED), ("102", Ruling.CHALLENGED),
            ("103", Ruling.ACCEPTED), ("104", Ruling.ACCEPTED), ("105", Ruling.ACCEPTED),
            ("106", Ruling.VOID),
        ]:  # fmt: skip
            counting.rule_envelope(ruling, voter)
        counting.rule_envelope(Ruling.CHALLENGED, write_in="Ken Thompson", group="B")
        counting.end_envelopes()
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        counting.record(Vote(Call.FOR, group="A", inclusion="yes"))
        for call in (Call.FOR, Call.AGAINST, Call.AGAINST):
            counting.record(Vote(call, group="B"))
    finally:
        counting.journal.close()
    assert station("sign", path, "--agent", "R. Agent").returncode == 0


def groups_decided(path: Path) -> None:
    """The hearing: group A's envelope (challenge 1) opened, B's (2) sustained; the
    opened ballot is called AGAINST, no, in group A; the Revised Tally is signed."""
    done = station(
        "decide", path, "--open", "1", "--sustain", "2", "--by", "R. Director", "--reveal-ok"
    )
    assert done.returncode == 0, done.stderr
    counting = resumed(path)
    try:
        counting.record(Vote(Call.AGAINST, group="A", inclusion="no"))
    finally:
        counting.journal.close()
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
