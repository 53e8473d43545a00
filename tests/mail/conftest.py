"""A mail-ballot election: its setup, its voter list and a file made from both."""

from pathlib import Path

import pytest

from station.domain import ElectionSetup
from station.domain.voters import Voter, VoterList
from station.journal import Journal

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


@pytest.fixture
def mail_file(tmp_path: Path) -> Path:
    """A new, empty mail-ballot election file with six voters."""
    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    return path
