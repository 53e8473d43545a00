"""The parties in a title or a header row, the same in every window and on the sheet.

Who challenged is named by the election's description (station/domain/description.py).
"""

from collections.abc import Iterable

from station.domain.choices import Ballot


def parties_title(employer: str, ballot: Ballot) -> str:
    """Every party on the ballot, for a window's title or a one-line header: "Acme /
    Local 1 / Local 2". Titles named the first union only, on a ballot of several."""
    return " / ".join((employer, *ballot.unions))


# After the role of a party whose union is not on this ballot (a runoff's).
OFF_BALLOT_WORDS = ", not on this ballot"


def parties_words(parties: Iterable[tuple[str, str]]) -> str:
    """The parties after the employer as the sheet's header row says them, each (role,
    name): "U1 (Petitioner); U2 (Intervenor)". The dashboards say them the same way: theirs
    read "Petitioner: U1 · Petitioner: U2", as if one party were named twice."""
    return "; ".join(f"{name} ({role})" for role, name in parties)
