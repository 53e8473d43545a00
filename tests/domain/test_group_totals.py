"""An election of voting groups has its groups' eligible voters and ballots together."""

from station.domain.groups import GroupSpec, totals


def test_the_totals_are_the_groups_together() -> None:
    both = [GroupSpec("A", "Drivers", 8, 6), GroupSpec("B", "Mechanics", 9, 5)]
    assert totals(both) == (17, 11)
    # One box of unknown size: the ballots of the whole count are not known.
    assert totals([*both, GroupSpec("C", "Clerks", 3, None)]) == (20, None)
