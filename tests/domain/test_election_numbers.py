"""The challenges of a count run at several tables under one numbering: a table's own
numbers repeat from table to table, the election's name each challenge once."""

from station.domain.consolidation import ElectionNumber, election_numbers


def test_tables_are_numbered_in_their_order_and_gaps_are_closed() -> None:
    # Table A's challenge 2 was undone (a gap in its register); table B had none.
    found = election_numbers([("A", [1, 3]), ("B", []), ("C", [1, 2])])
    assert found == [
        ElectionNumber(1, "A", 1),
        ElectionNumber(2, "A", 3),
        ElectionNumber(3, "C", 1),
        ElectionNumber(4, "C", 2),
    ]


def test_no_challenge_at_any_table_gives_an_empty_register() -> None:
    assert election_numbers([("A", []), ("B", [])]) == []
