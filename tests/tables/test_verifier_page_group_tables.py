"""A consolidation of an election of voting groups gets `station verify`'s verdict in the
page, word for word: each table's groups summed group by group, each unit stated on the
sums (the Sonotone rule applied to the summed inclusion vote), and tables whose groups
differ only in their own boxes are one election.

A true consolidation passes; one a forger holding the key changed (only the sums can
tell) is named by the page as `station verify
FOLDER --key` names it.
"""

import dataclasses
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Call, ElectionSetup
from station.domain.description import Vote
from station.domain.election import voting_groups
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.consolidate import consolidate
from station.sheet.keys import StationKey, create_key
from station.verification.document import canonical_json
from tests.tables.helpers import resign, sign_and_export
from tests.verifier.picked import assert_same_verdict as assert_same_consolidation

pytestmark = pytest.mark.long  # tables signed and consolidated by the command: seconds

Ballot = tuple[str, Call, str | None]
F, A = Call.FOR, Call.AGAINST


def setup(boxes: list[str]) -> ElectionSetup:
    return ElectionSetup.validated(
        case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
        eligible=1, groups=voting_groups(
            ["A=Professional employees", "B=Nonprofessional employees"],
            ["A=30", "B=80"], boxes, sonotone=["A"],
        ),
    )  # fmt: skip


def table(folder: Path, label: str, boxes: list[str], ballots: list[Ballot], key: StationKey) -> Path:  # fmt: skip
    path = folder / f"table-{label}.station"
    Journal.create(path, dataclasses.replace(setup(boxes), table=label))
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for group, call, answer in ballots:
            session.record(Vote(call, group=group, inclusion=answer))
    return sign_and_export(path, folder / f"export-{label}", key)


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("group-tables-key") / "signing-key.pem")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, qapp: object, key: StationKey) -> Path:
    """Table 1 (its boxes 2 and 2): 2 yes (FOR) professionals, 1 FOR and 1 AGAINST
    nonprofessionals. Table 2 (boxes 3 and 3): 2 no (AGAINST) professionals, 1 yes
    (AGAINST), 3 AGAINST nonprofessionals. Together question 1 is 3 yes to 2 no: one
    unit, which neither table's own inclusion vote says."""
    folder = tmp_path_factory.mktemp("group-tables")
    tables = [
        table(folder, "1", ["A=2", "B=2"], [("A", F, "yes"), ("A", F, "yes"), ("B", F, None), ("B", A, None)], key),
        table(folder, "2", ["A=3", "B=3"], [("A", A, "no"), ("A", A, "no"), ("A", A, "yes"), *[("B", A, None)] * 3], key),
    ]  # fmt: skip
    out = folder / "together"
    consolidate(tables, out, key)
    return out


def test_a_true_consolidation_of_voting_groups_passes_in_the_page_as_in_verify(
    made: Path, key: StationKey
) -> None:
    verdict = assert_same_consolidation(made, key.fingerprint)
    assert verdict["ok"], verdict


def test_a_consolidation_of_units_decided_apart_states_each_in_the_page_as_in_verify(
    tmp_path: Path, qapp: object, key: StationKey
) -> None:
    """Question 1 is 1 yes to 4 no: the professionals (3 FOR, 2 AGAINST) a unit of their
    own, apart from the nonprofessionals (1 FOR, 4 AGAINST); the OK line's 4 to 6 decides
    neither, and the page, as verify, states each after it."""
    tables = [
        table(tmp_path, "1", ["A=2", "B=2"], [("A", F, "no"), ("A", F, "no"), ("B", F, None), ("B", A, None)], key),
        table(tmp_path, "2", ["A=3", "B=3"], [("A", A, "no"), ("A", F, "no"), ("A", A, "yes"), *[("B", A, None)] * 3], key),
    ]  # fmt: skip
    consolidate(tables, tmp_path / "together", key)
    verdict = assert_same_consolidation(tmp_path / "together", key.fingerprint)
    assert verdict["lines"][-3].startswith("2 units, each decided on its own"), verdict
    assert verdict["lines"][-2].startswith("  Unit A (Professional employees): 3 FOR, 2 AGAINST")


def edited(change: Callable[[dict[str, Any]], None]) -> Callable[[Path, StationKey], None]:
    """tally.json changed, and the consolidation signed again with its own key."""

    def forge(folder: Path, key: StationKey) -> None:
        document = json.loads((folder / "tally.json").read_bytes())
        change(document)
        (folder / "tally.json").write_bytes(canonical_json(document))
        resign(folder, key)

    return forge


FORGED: dict[str, Callable[[Path, StationKey], None]] = {
    "group-sum": edited(lambda d: d["groups"][1]["lines"].update({"4": 3})),
    "inclusion-sum": edited(lambda d: d["groups"][0]["inclusion"].update({"yes": 2})),
    "unit-dropped": edited(lambda d: d.update(units=[])),
}


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_consolidation_of_voting_groups_is_named_in_the_page_as_in_verify(
    made: Path, key: StationKey, tmp_path: Path, case: str
) -> None:
    folder = tmp_path / "together"
    shutil.copytree(made, folder)
    FORGED[case](folder, key)
    verdict = assert_same_consolidation(folder, key.fingerprint)
    assert not verdict["ok"], verdict
