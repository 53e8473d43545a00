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


INCUMBENT = "Incumbent"


def with_incumbent(
    parties: Iterable[tuple[str, str]], incumbent: str | None
) -> list[tuple[str, str]]:
    """The parties (role, name) with the incumbent named as the Board's caption names
    it: "Local 1 (Intervenor, Incumbent)"; an incumbent not on the ballot (the union
    representing the unit a self-determination group could join) after them,
    "Local 1 (Incumbent)"."""
    named = [
        (f"{role}, {INCUMBENT}" if name == incumbent else role, name) for role, name in parties
    ]
    if incumbent is not None and all(name != incumbent for _, name in named):
        named.append((INCUMBENT, incumbent))
    return named
