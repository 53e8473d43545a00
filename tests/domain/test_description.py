"""The election as one description: every party challenges, disputes and signs as itself."""

import pytest

from station.domain import Action, Call, Change, Count, Event
from station.domain.changes import ReplayError
from station.domain.description import describe
from station.domain.election import ElectionSetup
from station.domain.election_facts import party_columns
from station.domain.tally_sheet import Observer, SheetError


def setup(*unions: str, case: str = "10-RC-000001", **more: object) -> ElectionSetup:
    return ElectionSetup.validated(
        case_number=case,
        employer="Acme",
        union=unions[0],
        unions=unions[1:],
        eligible=9,
        **more,  # type: ignore[arg-type]
    )


RC = setup("Local 1")
RD = setup("Local 1", case="10-RD-000001", petitioner="Ann Smith")
THREE = setup("U1", "U2", intervenors=["U3"])


class Feed:
    def __init__(self, election: ElectionSetup) -> None:
        self.count = Count.for_setup(election)

    def __call__(
        self, action: Action, call: Call | None = None, target: int | None = None, **detail: object
    ) -> Change:
        seq = self.count.last_seq + 1
        return self.count.apply(Event(seq, action, call, target, detail or None))


def test_each_party_has_its_own_key_in_the_challenge_prompt() -> None:
    keys = {
        name: [(c.key, c.short) for c in describe(kind).challengers]
        for name, kind in (("rc", RC), ("rd", RD), ("three", THREE))
    }
    assert keys["rc"] == [("E", "Employer"), ("U", "Union"), ("B", "Board agent")]
    assert keys["rd"] == [
        ("E", "Employer"),
        ("P", "Petitioner"),
        ("U", "Union"),
        ("B", "Board agent"),
    ]
    assert keys["three"] == [
        ("E", "Employer"),
        ("1", "U1"),
        ("2", "U2"),
        ("3", "U3"),
        ("B", "Board agent"),
    ]


@pytest.mark.parametrize(
    ("election", "party", "key"),
    [
        (RD, "employee petitioner", "employee petitioner"),
        (RD, "petitioner", "union"),
        (THREE, "union 3", "union 3"),
        (RC, "petitioner", "petitioner"),
    ],
)
def test_a_party_challenges_as_itself(election: ElectionSetup, party: str, key: str) -> None:
    feed = Feed(election)
    feed(Action.OPEN)
    seq = feed(Action.CALL, Call.CHALLENGE).event.seq
    feed(Action.AMEND, None, seq, party=party)
    by_party = feed.count.challenges.by_party()
    assert by_party[party] == 1 and sum(by_party.values()) == 1
    assert describe(election).challenger(party).json_key == key


def test_nobody_else_challenges() -> None:
    feed = Feed(THREE)
    feed(Action.OPEN)
    seq = feed(Action.CALL, Call.CHALLENGE).event.seq
    with pytest.raises(ReplayError, match="no party to this election"):
        feed(Action.AMEND, None, seq, party="union 4")
    rc = Feed(RC)
    rc(Action.OPEN)
    seq = rc(Action.CALL, Call.CHALLENGE).event.seq
    with pytest.raises(ReplayError, match="no party to this election"):
        rc(Action.AMEND, None, seq, party="employee petitioner")


def test_an_older_files_unnamed_union_still_reads_on_a_ballot_of_several() -> None:
    feed = Feed(THREE)
    feed(Action.OPEN)
    seq = feed(Action.CALL, Call.CHALLENGE).event.seq
    feed(Action.AMEND, None, seq, party="petitioner")
    assert feed.count.challenges.by_party()["petitioner"] == 1
    assert describe(THREE).said("petitioner") == "a Union"


def test_an_rd_petitioner_disputes_a_call_and_the_union_joins() -> None:
    feed = Feed(RD)
    feed(Action.OPEN)
    seq = feed(Action.CALL, Call.VOID).event.seq
    feed(Action.DISPUTE, Call.VOID, seq, party="employee petitioner")
    feed(Action.JOIN, None, seq, party="petitioner")
    dispute = feed.count.resolutions.disputes[seq]
    assert (dispute.party, dispute.joined) == ("employee petitioner", "petitioner")
    with pytest.raises(ReplayError, match="a party to the election"):
        Feed(RD)(Action.DISPUTE, Call.VOID, seq, party="board agent")


def test_observers_are_entered_for_their_own_party() -> None:
    rd = describe(RD)
    assert Observer.parse("Petitioner:Ann Smith", rd).party == "employee petitioner"
    assert Observer.parse("Union: Bo Chen", rd).party == "petitioner"
    assert Observer.parse("Employer:Jane Roe", rd).party == "employer"
    three = describe(THREE)
    assert Observer.parse("U3:Cy Diaz", three).party == "union 3"
    assert Observer.parse("Petitioner:Cy Diaz", three).party == "union 1"  # the one petitioner
    with pytest.raises(SheetError, match="Intervenor"):  # U2 and U3: say which, by name
        Observer.parse("Intervenor:Cy Diaz", three)
    assert Observer.parse("Union:Di Egan", three).party == "union 1"  # as files always had
    assert Observer.parse("Petitioner:Ed Fox", describe(RC)).party == "petitioner"
    with pytest.raises(SheetError, match="Employer, Petitioner, Union"):
        Observer.parse("Teamsters:Ed Fox", rd)


def test_each_observer_signs_under_its_own_party_on_the_sheet() -> None:
    sheet = {
        "case": "10-RD-000001",
        "parties": [
            {"role": "Employer", "name": "Acme"},
            {"role": "Petitioner", "name": "Ann Smith"},
            {"role": "Union", "name": "Local 1"},
        ],
        "observers": [
            {"party": "employee petitioner", "name": "Ann Smith"},
            {"party": "petitioner", "name": "Bo Chen"},
            {"party": "employer", "name": "Jane Roe"},
        ],
    }
    assert party_columns(sheet, "") == [
        ("For the Employer", ["Jane Roe"]),
        ("For the Petitioner (Ann Smith)", ["Ann Smith"]),
        ("For the Union (Local 1)", ["Bo Chen"]),
    ]


@pytest.mark.parametrize(
    ("number", "english", "spanish"),
    [
        ("2", "Rerun of the election of 2026-11-02, case 10-RC-000001", "Repetición de la"),
        ("3", "Third election: rerun of the election of", "Tercera elección: repetición de la"),
    ],
)
def test_a_windows_header_names_the_election_held_again_in_its_language(
    number: str, english: str, spanish: str
) -> None:
    from station.domain.words import in_language

    first = {"case": "10-RC-000001", "date": "2026-11-02", "head": "9:" + "0" * 64}
    election = describe(setup("Local 1", rerun_of={**first, "number": number}))
    assert english in election.parties_line
    with in_language("es"):
        line = election.parties_line
    assert f"{spanish} elección del 2026-11-02, caso 10-RC-000001" in line, line
    assert "Local 1" in line and "Acme" in line
