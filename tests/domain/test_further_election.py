"""29 CFR 102.70(d): one further election after a split vote, and a second split ends
it; an election held again says in its setup which it is, and older files read as
reruns after objections, as they always did."""

import pytest

from station.domain.choices import Ballot, BallotError, CaseKind, PartyRole, RerunCause, Role
from station.domain.runoff import final_result, result

FIRST = {"case": "10-RC-000017", "date": "2026-12-07", "head": "33:abc"}


def test_a_split_voids_the_first_election_and_ends_the_further_one() -> None:
    # 12 / 8 / 8: the second and third choices tie.
    assert result([12, 8, 8], 2).rerun
    ended = result([12, 8, 8], 2, further=True)
    assert not ended.rerun and ended.split_again and ended.runoff is None
    assert ended.certified is None
    # Divided equally among the choices: the same.
    assert final_result([9, 9, 9], 2, 0, 30, further=True)[0].split_again


def test_a_further_election_still_has_its_runoff_and_its_majority() -> None:
    assert result([14, 10, 6], 2, further=True).runoff == (0, 1)
    assert result([20, 5, 3], 2, further=True).certified == 0


def test_a_file_without_the_cause_reads_as_a_rerun_after_objections() -> None:
    details = {"unions": ["Machinists", "Carpenters"], "rerun_of": FIRST}
    ballot = Ballot.from_details("10-RC-000017", "Fraser & Johnston", details)
    assert ballot.rerun_cause is RerunCause.OBJECTIONS and not ballot.further
    assert ballot.held_number == 2


def test_the_cause_and_the_number_are_stored_and_read_back() -> None:
    stored = {**FIRST, "cause": "nullity"}
    details = {"unions": ["Machinists", "Carpenters"], "rerun_of": stored}
    ballot = Ballot.from_details("10-RC-000017", "Fraser & Johnston", details)
    assert ballot.further and ballot.details()["rerun_of"] == stored
    third = {**FIRST, "cause": "objections", "number": "3"}
    again = Ballot.from_details("10-RC-000017", "F", {"unions": ["M"], "rerun_of": third})
    assert again.held_number == 3 and not again.further


@pytest.mark.parametrize(
    "stored",
    [
        {**FIRST, "cause": "whim"},
        {**FIRST, "number": "1"},
        {**FIRST, "number": "\u00b2"},
        {**FIRST, "voter": "Jane Roe"},
    ],
)
def test_a_malformed_rerun_is_refused(stored: dict[str, str]) -> None:
    with pytest.raises(BallotError):
        Ballot.from_details("10-RC-000017", "F", {"unions": ["M"], "rerun_of": stored})


def test_a_party_off_the_ballot_is_a_union_not_on_it() -> None:
    petitioner = PartyRole(Role.PETITIONER, "Machinists")
    ballot = Ballot(CaseKind.RC, "F", ("Carpenters",), ("Carpenters",), others=(petitioner,))
    assert ballot.parties[-1] == petitioner
    stored = ballot.details()
    assert Ballot.from_details("10-RC-000017", "F", stored) == ballot
    with pytest.raises(BallotError):
        Ballot(CaseKind.RC, "F", ("Machinists",), others=(petitioner,))
    with pytest.raises(BallotError):
        Ballot(CaseKind.RC, "F", ("Carpenters",), others=(PartyRole(Role.EMPLOYER, "X"),))
