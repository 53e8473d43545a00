"""Who a written-in envelope belongs to: a voter on the list, or an earlier write-in.

An envelope whose voter the agent did not find on the list is written in (Ctrl+N) with
the name on its stub. The name may still be a listed voter's, typed as an agent reads a
stub ("Smith, John" for the listed "John Smith", "jane  DOE", or the voter's id), or a
name already written in, typed again with other case or spaces. Either way it is the
same voter's envelope, and the rule that one voter's ballot only may reach the ballot
pile (envelopes.py) must see it as such: the write-in is resolved BEFORE its event is
written, so the event names the listed voter (`{"voter": ID}`), or the earlier
write-in's name as first recorded, and the fold's second-envelope rule applies to it
(the first ruling is shown, A is refused, C or V records it).

Names are compared as an agent reads them: case, spaces and full stops do not matter,
and "Last, First" is "First Last". A name that several listed voters share names none
of them for sure: it cannot be accepted as a write-in (the agent picks the voter by id).

Resolution happens where every ruling is committed (`CountSession.rule_envelope`). The
fold, which every reader of a journal makes, compares written-in names only case-folded
(`envelopes.voter_key`, as a consolidation compares them across tables): what is
resolved here is resolved before the event is written, so a station's names for one
voter are equal there too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from station.domain.voters import VoterList


def name_key(name: str) -> str:
    """A name as an agent reads it: "Smith, John" = "john  smith" = "John Smith."."""
    text = name.replace(".", " ")
    if text.count(",") == 1:
        last, first = text.split(",")
        text = f"{first} {last}"
    return " ".join(text.split()).casefold()


@dataclass(frozen=True, slots=True)
class WriteIn:
    """Whose envelope a written-in name is.

    Attributes:
        voter: the listed voter it names (their id), or None.
        write_in: the name to record when it names no listed voter: the earlier
            write-in's name as first recorded when it repeats one, else as typed.
        namesakes: the ids of the listed voters who share the name, when it names
            more than one of them (then `voter` is None and it cannot be accepted).
    """

    voter: str | None
    write_in: str | None
    namesakes: tuple[str, ...] = ()


def identify(name: str, voters: VoterList, written_in: Iterable[str]) -> WriteIn:
    """Whose envelope `name` (written in) is: a listed voter's (by id or by name), an
    earlier write-in's (`written_in`: the names recorded so far), or a new voter's."""
    typed = " ".join(name.split())
    if voters.get(typed) is not None:
        return WriteIn(typed, None)
    key = name_key(typed)
    listed = voters.named(key, name_key)
    if len(listed) == 1:
        return WriteIn(listed[0], None)
    for earlier in written_in:
        if name_key(earlier) == key:
            return WriteIn(None, earlier, tuple(listed))
    return WriteIn(None, typed, tuple(listed))


def write_in_namesakes_statement(name: str, namesakes: Iterable[str]) -> str:
    """Why a written-in name several listed voters share cannot be accepted as written."""
    ids = ", ".join(namesakes)
    return (
        f"{name!r} is the name of several voters on the list (ids {ids}): find the voter"
        " on the list by id to accept the envelope, or challenge it"
    )
