"""A count's figures name a one-union ballot's choices FOR and AGAINST, as the Tally of
Ballots does: "Neither" is a word of a ballot of two or more unions only."""

from station.domain.choices import Ballot, CaseKind
from station.domain.election import MAIL_RULES, ElectionSetup
from station.domain.election_statements import choices_phrase, votes_phrase
from station.domain.group_statements import group_figures_statement, unit_statement
from station.domain.groups import GroupSpec, GroupTally, UnitResult
from station.domain.tally import Tally

ONE = Ballot(CaseKind.RC, "Mercy Hospital", ("Nurses United",))
SEVERAL = Ballot(CaseKind.RC, "Acme", ("Machinists", "Carpenters"))


def test_a_one_union_ballots_figures_say_for_and_against() -> None:
    assert ONE.choices == ("Nurses United", "Neither")  # what the file stores
    assert ONE.choice_words == ("FOR", "AGAINST")
    assert SEVERAL.choice_words == ("Machinists", "Carpenters", "Neither")
    assert choices_phrase(ONE) == "FOR (Nurses United), AGAINST"
    assert choices_phrase(SEVERAL) == "Machinists, Carpenters, Neither"


def test_a_groups_line_beside_the_for_and_against_buttons_uses_their_words() -> None:
    spec = GroupSpec("A", "Professional employees", 30, None)
    tally = GroupTally(votes=(7, 3), void=1, challenged=0)
    line = group_figures_statement(spec, tally, ONE.choice_words)
    assert line.startswith("A: FOR 7 \u00b7 AGAINST 3 \u2014 void 1")
    assert "Neither" not in line


def test_a_units_figures_and_result_on_a_one_union_ballot_say_no_neither() -> None:
    against = UnitResult("Nonprofessional employees", ("B",), (2, 9), 0, 1, False, True, void=1)
    said = unit_statement(against, ONE.choices, 1, figures=True)
    assert said == (
        "Unit B: FOR 2 \u00b7 AGAINST 9 \u00b7 void 1 \u00b7 challenged 0 \u2014"
        " a majority AGAINST (no union)"
    )
    union = UnitResult("Professional employees", ("A",), (9, 2), 0, 0, False, True)
    assert unit_statement(union, ONE.choices, 1).endswith("a majority for Nurses United")
    several = UnitResult("Unit", ("A",), (1, 2, 9), 0, 2, False, True)
    assert unit_statement(several, SEVERAL.choices, 2, figures=True) == (
        "Unit A: Machinists 1 \u00b7 Carpenters 2 \u00b7 Neither 9 \u00b7 void 0 \u00b7"
        " challenged 0 \u2014 a majority for Neither (no union)"
    )


def test_a_one_union_mail_counts_votes_phrase_says_for_and_against() -> None:
    setup = ElectionSetup("10-RC-1", "E", "Nurses United", 10, mail=True, mail_rules=MAIL_RULES)
    tally = Tally(for_union=7, against=3, choices=(7, 3))
    assert votes_phrase(setup.ballot, tally) == "7 FOR, 3 AGAINST"
