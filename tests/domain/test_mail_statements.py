"""The warning when more envelopes were accepted than there are voters."""

from station.domain.mail_statements import over_accepted_statement


def test_no_warning_up_to_the_number_of_voters() -> None:
    assert over_accepted_statement(6, 6) == ""


def test_the_warning_counts_in_plural_and_singular() -> None:
    assert "7 envelopes accepted, more than the 6 voters on the list:" in (
        over_accepted_statement(7, 6)
    )
    # One voter is "1 eligible voter", never "the 1 eligible voters".
    assert "2 envelopes accepted, more than the 1 eligible voter (line 1):" in (
        over_accepted_statement(2, 1, "eligible voters (line 1)")
    )
    assert "more than the 1 voter on the list:" in over_accepted_statement(2, 1)
