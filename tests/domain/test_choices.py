"""The kinds of case and the parties by role, from the case number and the ballot."""

import pytest

from station.domain.choices import Ballot, BallotError, CaseKind, Role, case_kind


def test_the_kind_of_case_comes_from_the_case_number() -> None:
    assert case_kind("10-RC-269250") is CaseKind.RC
    assert case_kind("10-rd-269250") is CaseKind.RD
    assert case_kind("10-RM-269250") is CaseKind.RM


def test_an_rd_case_never_calls_the_union_petitioner() -> None:
    ballot = Ballot(CaseKind.RD, "Acme", ("Local 1",), petitioner="J. Worker")
    assert ballot.union_role(0) is Role.UNION
    assert [(p.role, p.name) for p in ballot.parties] == [
        (Role.EMPLOYER, "Acme"),
        (Role.PETITIONER, "J. Worker"),
        (Role.UNION, "Local 1"),
    ]
    assert ballot.union_label(0) == "the Union (Local 1)"


def test_rc_and_rm_roles_and_an_intervenor() -> None:
    rc = Ballot(CaseKind.RC, "Acme", ("A", "B"), intervenors=("B",))
    assert [p.role for p in rc.parties] == [Role.EMPLOYER, Role.PETITIONER, Role.INTERVENOR]
    assert rc.choices == ("A", "B", "Neither")
    rm = Ballot(CaseKind.RM, "Acme", ("A",))
    assert [p.role for p in rm.parties] == [Role.EMPLOYER_PETITIONER, Role.UNION]


def test_the_plain_one_union_election_stores_nothing_new() -> None:
    assert Ballot(CaseKind.RC, "Acme", ("A",)).plain
    assert not Ballot(CaseKind.RC, "Acme", ("A", "B")).plain
    assert not Ballot(CaseKind.RD, "Acme", ("A",), petitioner="P").plain


def test_a_runoff_between_two_unions_has_no_neither() -> None:
    runoff = Ballot(CaseKind.RC, "Acme", ("A", "B"), neither=None, runoff_of="12:ab")
    assert runoff.choices == ("A", "B")
    with pytest.raises(BallotError):
        Ballot(CaseKind.RC, "Acme", ("A", "B", "C"), neither=None)


@pytest.mark.parametrize(
    "bad",
    [
        {"unions": ()},
        {"unions": ("A", "a")},
        {"unions": tuple("ABCDEFGHIJ")},
        {"unions": ("A",), "intervenors": ("B",)},
        {"unions": ("A",), "petitioner": "P"},  # an RC case has no employee petitioner
        {"unions": ("Neither",)},
    ],
)
def test_impossible_ballots_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(BallotError):
        Ballot(CaseKind.RC, "Acme", **bad)  # type: ignore[arg-type]


def test_stored_and_read_back() -> None:
    ballot = Ballot(CaseKind.RD, "Acme", ("A", "B"), ("B",), "None of these", "J. Worker", "9:ff")
    assert Ballot.from_details("10-RD-000001", "Acme", ballot.details()) == ballot
    with pytest.raises(BallotError):
        Ballot.from_details("10-RD-000001", "Acme", {"unions": "A"})
