from station.domain import Tally
from station.domain.statements import (
    challenges_statement,
    decision_statement,
    majority_statement,
)


def test_jfk8_statements() -> None:
    tally = Tally(for_union=2654, against=2131, challenged=67)
    assert challenges_statement(tally) == (
        "Challenges are not sufficient in number to affect the results of the election."
    )
    assert majority_statement(tally, "Amazon Labor Union") == (
        "A majority of the valid votes counted plus challenged ballots has"
        " been cast for Amazon Labor Union."
    )


def test_a_tie_is_not_a_majority() -> None:
    tally = Tally(for_union=10, against=10)
    assert "has not been cast" in majority_statement(tally, "U")
    assert decision_statement(tally, 20, "U") == "Result decided: U loses."


def test_determinative_challenges_are_stated() -> None:
    tally = Tally(for_union=12, against=10, challenged=2)
    assert challenges_statement(tally).startswith("Challenges are sufficient")
    assert decision_statement(tally, 24, "U") is None


def test_decided_while_counting() -> None:
    assert (
        decision_statement(Tally(for_union=60, against=10), 100, "U") == "Result decided: U wins."
    )
    assert decision_statement(Tally(for_union=60, against=10), None, "U") is None
