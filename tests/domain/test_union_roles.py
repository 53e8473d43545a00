"""Only the petitioner is the Petitioner: every other union on an RC ballot intervened."""

from station.domain.choices import Role
from station.domain.description import describe
from station.domain.election import ElectionSetup


def _setup(case: str, **more: object) -> ElectionSetup:
    return ElectionSetup.validated(
        case_number=case, employer="Harbor", union="Teamsters", eligible=40, **more
    )


def test_a_second_union_of_an_rc_ballot_is_the_intervenor() -> None:
    election = describe(_setup("10-RC-301717", unions=["Warehouse Workers"]))
    roles = {party.name: party.role for party in election.parties}
    assert roles == {
        "Harbor": Role.EMPLOYER,
        "Teamsters": Role.PETITIONER,
        "Warehouse Workers": Role.INTERVENOR,
    }
    assert "Teamsters (Petitioner); Warehouse Workers (Intervenor)" in election.parties_line


def test_unions_and_intervenors_named_as_such_keep_their_ballot_order() -> None:
    setup = _setup("10-RC-301717", unions=["Warehouse Workers"], intervenors=["Carpenters"])
    assert setup.ballot.unions == ("Teamsters", "Warehouse Workers", "Carpenters")
    assert [setup.ballot.union_role(i) for i in range(3)] == [
        Role.PETITIONER,
        Role.INTERVENOR,
        Role.INTERVENOR,
    ]
