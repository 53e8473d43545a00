"""Elections of voting groups made and counted for the tests: `station new` with two
groups, their ballots' calls, and the Sonotone setup the windows' tests count."""

from pathlib import Path

from station.domain import Action, Call, ElectionSetup
from station.domain.election import voting_groups
from station.journal import Journal
from tests.kinds_helpers import station

GROUPS = [
    "--group", "A=Professional employees", "--group", "B=Nonprofessional employees",
    "--eligible", "A=30", "--eligible", "B=80",
]  # fmt: skip


def new(path: Path, *args: str) -> None:
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "Mercy Hospital",
        "--union", "Nurses United", *GROUPS, *args,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr


def calls(path: Path, *ballots: tuple[str, Call, str | None]) -> None:
    journal = Journal.open(path)
    journal.start_session()
    for group, call, answer in ballots:
        detail: dict[str, object] = {"group": group}
        if answer is not None:
            detail["inclusion"] = answer
        journal.append(Action.CALL, call, detail=detail)
    journal.close()


# Professionals (A, Sonotone) and nonprofessionals (B), each box known.
SONOTONE = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United", eligible=1,
    groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"],
        ["A=30", "B=80"], ["A=4", "B=3"], sonotone=["A"],
    ),
)  # fmt: skip
