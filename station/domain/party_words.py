"""Who challenged, named the same way by every view (the prompts, the register, the CLI).

A challenge stores only its side: "employer", "petitioner" (a union) or "board agent"
(station/domain/parties.py). On a ballot of several unions "petitioner" is whichever union
challenged, as key U records it: the union is not stored, so naming it "the Petitioner
(U1)" said the first union made a challenge the second one made. It is "a Union (U1 or
U2)" there; the stored value keeps its meaning, so older files read as before.
"""

from collections.abc import Iterable

from station.domain.choices import Ballot
from station.domain.parties import Party


def union_side(ballot: Ballot) -> str:
    """ "the Petitioner (Local 1)", "the Union (Local 1)" (RD, RM), "a Union (U1 or U2)"."""
    if not ballot.several:
        return ballot.union_label(0)
    *first, last = ballot.unions
    return f"a Union ({', '.join(first)} or {last})"


def challenger(party: Party, ballot: Ballot) -> str:
    """Who challenged, in a sentence: "the Employer", "the Union", "the Board agent";
    "a Union" on a ballot of several unions (which one is not recorded)."""
    return challenger_of(party, several=ballot.several)


def challenger_of(party: Party, *, several: bool) -> str:
    """`challenger`, where only whether the ballot has several unions is known."""
    if party is Party.PETITIONER and several:
        return "a Union"
    return f"the {party.short}"


def parties_title(employer: str, ballot: Ballot) -> str:
    """Every party on the ballot, for a window's title or a one-line header: "Acme /
    Local 1 / Local 2". Titles named the first union only, on a ballot of several."""
    return " / ".join((employer, *ballot.unions))


def parties_words(parties: Iterable[tuple[str, str]]) -> str:
    """The parties after the employer as the sheet's header row says them, each (role,
    name): "U1 (Petitioner); U2 (Intervenor)". The dashboards say them the same way: theirs
    read "Petitioner: U1 · Petitioner: U2", as if one party were named twice."""
    return "; ".join(f"{name} ({role})" for role, name in parties)
