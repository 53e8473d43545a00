"""The Bessemer mail-ballot election (BHM1), its voters, and a count session on it."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.envelopes import Ruling
from station.domain.tally_sheet import SheetError
from station.domain.voters import Voter, VoterList
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet

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
