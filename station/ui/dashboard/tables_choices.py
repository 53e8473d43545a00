"""The tables' dashboard's votes: a column per choice on the ballot, and their sums.

Each table's row has a column per choice (FOR and AGAINST on a one-union ballot; each
union in ballot order, then Neither, on a ballot of several), and the total a figure per
choice, summed choice by choice.
"""

from station.domain import Count, ElectionSetup, Tally
from station.domain.description import describe


def call_columns(setup: ElectionSetup) -> tuple[str, ...]:
    """The columns of the votes in a table's row: a column per choice on the ballot, by
    the word on its button (FOR and AGAINST on a one-union ballot, else each name)."""
    return tuple(choice.label.upper() for choice in describe(setup).ballot.choices)


def votes_of(count: Count) -> tuple[int, ...]:
    """One table's votes in the order of `call_columns`."""
    return count.choice_votes()


def summed_votes(total: Tally) -> tuple[int, ...]:
    """The tables' votes summed, in the order of `call_columns`."""
    return total.choices or (total.for_union, total.against)
