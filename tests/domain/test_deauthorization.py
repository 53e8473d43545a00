"""A UD election's description and arithmetic: one question, YES and NO, decided by a
majority of the employees eligible to vote (NLRA 8(a)(3), 9(e)(1))."""

from dataclasses import replace

from station.domain import Call, Count, ElectionSetup
from station.domain.choices import Role
from station.domain.description import QuestionKind, describe
from station.domain.election_facts import party_columns, party_facts, party_ids
from station.domain.tally_form import eligible_determinative, rescinded
from station.domain.tally_sheet import Observer


def ud_setup() -> ElectionSetup:
    return ElectionSetup.validated(
        case_number="10-UD-254001",
        employer="Acme",
        union="Local 1",
        petitioner="J. Worker",
        eligible=20,
    )


def test_the_description_asks_whether_to_rescind_with_yes_and_no() -> None:
    election = describe(ud_setup())
    question = election.ballot
    assert question.kind is QuestionKind.DEAUTHORIZATION and question.majority_of_eligible
    assert not question.several and question.about == "Local 1"
    assert [(c.label, c.key, c.call) for c in question.choices] == [
        ("YES", "Y", Call.FOR),
        ("NO", "N", Call.AGAINST),
    ]
    assert question.words.startswith("Do you wish to rescind the authority of your employer")
    assert [party.role for party in election.parties] == [
        Role.EMPLOYER,
        Role.PETITIONER,
        Role.UNION,
    ]


def test_challenges_are_determinative_exactly_when_some_of_them_could_rescind() -> None:
    """Each way of resolving `swing` ballots (any number of them YES) against the closed
    form, over small counts."""
    for eligible in range(1, 12):
        for yes in range(eligible + 1):
            for swing in range(eligible - yes + 1):
                now = rescinded(yes, eligible)
                some = any(rescinded(yes + k, eligible) != now for k in range(swing + 1))
                assert eligible_determinative(yes, eligible, swing) == some


def test_a_tie_with_the_eligible_is_no_majority() -> None:
    assert not rescinded(10, 20) and rescinded(11, 20) and rescinded(11, 21)
    assert not rescinded(10, 21)


def test_the_sheet_files_each_observer_under_the_party_it_was_entered_for() -> None:
    """The employee Petitioner and the Union each sign under their own heading: the
    sheet reads back from its roles the ids the description gave the parties."""
    setup = ud_setup()
    election = describe(setup)
    sheet = {
        "case": setup.case_number,
        "parties": party_facts(setup.ballot),
        "observers": [
            {"party": Observer.parse(text, election).party, "name": text.split(":")[1]}
            for text in ("Petitioner:Pat Obs", "Employer:Emp Obs", "Union:Un Obs")
        ],
    }
    assert party_ids(sheet) == [party.challenger.id for party in election.parties]
    assert party_columns(sheet, "") == [
        ("For the Employer", ["Emp Obs"]),
        ("For the Petitioner (J. Worker)", ["Pat Obs"]),
        ("For the Union (Local 1)", ["Un Obs"]),
    ]


def test_the_piles_are_yes_and_no_piles() -> None:
    count = Count.for_setup(replace(ud_setup(), pile=50))
    assert count.piles.ref(Call.FOR, 1).title == "YES pile 1"
    assert count.piles.ref(Call.AGAINST, 2).title == "NO pile 2"
    assert count.piles.ref(Call.VOID, 1).title == "VOID pile 1"
    assert count.vote_words == ("YES", "NO")
