"""An election of voting groups counted at several tables: each table counts every
group's pile it holds, and `consolidate` sums the tables group by group, states each
unit's result on the sums (the Sonotone rule applied to the summed inclusion vote) and
refuses tables whose groups differ."""

import dataclasses
import json
from pathlib import Path

import pytest

from station.domain import Call, ElectionSetup
from station.domain.description import Vote
from station.domain.election import voting_groups
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import StationKey, create_key, key_for_signing
from station.sheet.verify_consolidation import verify_consolidation
from station.verification.document import canonical_json
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import station
from tests.tables.helpers import refused, resign, run, sign_and_export

pytestmark = pytest.mark.long  # tables signed and consolidated by the command: seconds

Ballot = tuple[str, Call, str | None]
SONOTONE = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
    eligible=1, groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"],
        ["A=30", "B=80"], sonotone=["A"],
    ),
)  # fmt: skip


def table(folder: Path, label: str, ballots: list[Ballot], key: StationKey, setup: ElectionSetup = SONOTONE) -> Path:  # fmt: skip
    path = folder / f"table-{label}.station"
    Journal.create(path, dataclasses.replace(setup, table=label))
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for group, call, answer in ballots:
            session.record(Vote(call, group=group, inclusion=answer))
    return sign_and_export(path, folder / f"export-{label}", key)


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("groups-key") / "signing-key.pem")


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory, key: StationKey, qapp: object) -> list[Path]:
    """Table 1: 2 yes (FOR) professionals, 1 FOR and 1 AGAINST nonprofessionals. Table 2:
    2 no (AGAINST) professionals, 1 yes (AGAINST), 3 AGAINST nonprofessionals. Neither
    table says anything of the result; together question 1 is 3 yes to 2 no (pooled)."""
    folder = tmp_path_factory.mktemp("groups-tables")
    F, A = Call.FOR, Call.AGAINST
    return [
        table(folder, "1", [("A", F, "yes"), ("A", F, "yes"), ("B", F, None), ("B", A, None)], key),
        table(
            folder,
            "2",
            [("A", A, "no"), ("A", A, "no"), ("A", A, "yes"), *[("B", A, None)] * 3],
            key,
        ),
    ]


def test_the_tables_are_summed_group_by_group_and_the_units_stated_on_the_sums(
    tables: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], key: StationKey
) -> None:
    out = tmp_path / "together"
    code, _, err = run(capsys, "consolidate", "--out", out, *tables)
    assert code == 0, err
    document = json.loads((out / "tally.json").read_text())
    group_a, group_b = document["groups"]
    assert (group_a["key"], group_a["lines"]["3"], group_a["lines"]["4"]) == ("A", 2, 3)
    assert (group_a["inclusion"]["yes"], group_a["inclusion"]["no"]) == (3, 2)
    assert (group_b["key"], group_b["lines"]["3"], group_b["lines"]["4"]) == ("B", 1, 4)
    assert group_a["lines"]["1"] == 30 and group_b["lines"]["1"] == 80  # each group's own
    (unit,) = document["units"]  # 3 yes to 2: pooled, 3 FOR to 7 AGAINST
    assert unit["groups"] == ["A", "B"]
    assert (unit["lines"]["3"], unit["lines"]["4"], unit["lines"]["9"]) == (3, 7, False)
    assert "has not been cast" in unit["statements"]["9"]
    verdict = verify_consolidation(out, expected_key=key_for_signing().fingerprint)
    assert verdict.ok, verdict.problem
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "Tally of Ballots \u2014 unit of groups A + B" in words


def test_a_sum_changed_in_a_group_is_named_by_verify(
    tables: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], key: StationKey
) -> None:
    out = tmp_path / "together"
    code, _, err = run(capsys, "consolidate", "--out", out, *tables)
    assert code == 0, err
    document = json.loads((out / "tally.json").read_text())
    document["groups"][1]["lines"]["4"] = 3
    (out / "tally.json").write_bytes(canonical_json(document))
    resign(out, key_for_signing())  # by the station that signed it: only a sum is wrong
    verdict = verify_consolidation(out)
    assert not verdict.ok and "groups" in str(verdict.problem)


def test_tables_whose_groups_differ_are_refused(
    tables: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], key: StationKey
) -> None:
    other = ElectionSetup.validated(
        case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
        eligible=1, groups=voting_groups(
            ["A=Professional employees", "B=Technical employees"], ["A=30", "B=80"],
            sonotone=["A"],
        ),
    )  # fmt: skip
    stray = table(tmp_path, "3", [("B", Call.FOR, None)], key, other)
    err = refused(capsys, tmp_path / "together", tables[0], stray)
    assert "voting groups are" in err and "Technical employees" in err


def test_a_table_of_groups_is_made_with_each_groups_box(tmp_path: Path) -> None:
    path = tmp_path / "table.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "Mercy Hospital",
        "--union", "Nurses United", "--group", "A=Professional employees",
        "--group", "B=Nonprofessional employees", "--eligible", "A=30", "--eligible", "B=80",
        "--ballots", "A=4", "--ballots", "B=9", "--table", "North",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    summary = json.loads(station("tally", path, "--json").stdout)
    assert [(g["key"], g["eligible"], g["ballots"]) for g in summary["groups"]] == [
        ("A", 30, 4),
        ("B", 80, 9),
    ]
    assert summary["table"] == "North"


def test_consolidate_says_each_group_and_unit_on_the_sums(
    tables: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, printed, err = run(capsys, "consolidate", "--out", tmp_path / "j", *tables, "--json")
    assert code == 0, err
    summary = json.loads(printed)
    assert [(g["key"], g["for"], g["against"]) for g in summary["groups"]] == [
        ("A", 2, 3),
        ("B", 1, 4),
    ]
    assert summary["groups"][0]["inclusion"] == {
        "yes": 3, "no": 2, "void": 0, "blank": 0, "challenged": 0,
    }  # fmt: skip
    assert [(u["groups"], u["majority_for"], u["result_decided"]) for u in summary["units"]] == [
        (["A", "B"], False, True)
    ]
    code, printed, err = run(capsys, "consolidate", "--out", tmp_path / "t", *tables)
    assert code == 0, err
    assert "Group A voted for inclusion: its votes are pooled" in printed
    assert "\nUnit A + B (Professional employees and Nonprofessional employees):" in printed


def test_each_groups_box_on_the_sums_is_every_tables_box_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: StationKey, qapp: object
) -> None:
    # Two units, each table's box 2 ballots of A and 3 of B: 4 and 6 in all.
    boxed = ElectionSetup.validated(
        case_number="10-RC-000050", employer="Mercy", union="NU", eligible=1,
        groups=voting_groups(
            ["A=Drivers", "B=Mechanics"], ["A=10", "B=10"], ["A=2", "B=3"],
        ),
    )  # fmt: skip
    F, A = Call.FOR, Call.AGAINST
    ballots: list[Ballot] = [("A", F, None), ("A", A, None), *[("B", F, None)] * 2, ("B", A, None)]
    tables = [table(tmp_path, label, ballots, key, boxed) for label in ("1", "2")]
    code, printed, err = run(capsys, "consolidate", "--out", tmp_path / "t", *tables)
    assert code == 0, err
    assert (
        "\nGroup A: FOR 2 \u00b7 AGAINST 2 \u2014 void 0 \u2014 challenged 0 \u2014 4 of 4"
        in printed
    )
    assert (
        "\nGroup B: FOR 4 \u00b7 AGAINST 2 \u2014 void 0 \u2014 challenged 0 \u2014 6 of 6"
        in printed
    )
    code, printed, err = run(capsys, "consolidate", "--out", tmp_path / "j", *tables, "--json")
    assert code == 0, err
    assert [g["ballots"] for g in json.loads(printed)["groups"]] == [4, 6]
    code, printed, err = run(capsys, "verify", tmp_path / "t")
    assert code == 0, err
    assert printed.splitlines()[-2:] == [
        "  Unit A (Drivers): 2 FOR, 2 AGAINST, 0 void, 0 challenged. Challenges are not"
        " sufficient in number to affect the results of the election. A majority of the valid"
        " votes counted plus challenged ballots has not been cast for NU.",
        "  Unit B (Mechanics): 4 FOR, 2 AGAINST, 0 void, 0 challenged. Challenges are not"
        " sufficient in number to affect the results of the election. A majority of the valid"
        " votes counted plus challenged ballots has been cast for NU.",
    ]
