"""The parties in a title or a header row, the same in every window and on the sheet.

Who challenged is named by the election's description (station/domain/description.py).
"""

from collections.abc import Iterable

from station.domain.choices import Ballot
from station.domain.words import say


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
    return "; ".join(f"{name} ({role_words(role)})" for role, name in parties)


def role_words(roles: str) -> str:
    """A party's roles as `with_incumbent` lists them ("Intervenor, Incumbent", "Union,
    not on this ballot"), each in the language said."""
    return ", ".join(_role_word(role) for role in roles.split(", "))


def _role_word(role: str) -> str:
    match role:
        case "Employer":
            return say("Employer")
        case "Employer-Petitioner":
            return say("Employer-Petitioner")
        case "Petitioner":
            return say("Petitioner")
        case "Union":
            return say("Union")
        case "Intervenor":
            return say("Intervenor")
        case "Incumbent":
            return say("Incumbent")
        case "not on this ballot":
            return say("not on this ballot")
    return role


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
