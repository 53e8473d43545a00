"""The facts a Tally of Ballots certifies, line by line, in the NLRB form's order.

The numbers are computed from the tally, never typed in; the lines' wording is our own.
A sheet stores its lines under their numbers ("1" to "9"), so that anyone checking a
sheet against the journal can name the line that differs.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from station.domain.changes import Sheet
from station.domain.election import ElectionSetup
from station.domain.kinds_sheet import kinds_facts
from station.domain.parties import PARTY_WORDS, Party
from station.domain.revised_sheet import columns_problem, revised_facts
from station.domain.statements import (
    challenges_statement,
    majority_statement,
    result_statements,
    sheet_pending_reason,
)
from station.domain.table_statements import table_pending_reason
from station.domain.tally import Tally
from station.domain.text import clean_text

LineValue = int | bool


def line_values(eligible: int, tally: Tally) -> dict[str, LineValue]:
    """Lines 1-9 of the sheet for an election with `eligible` voters and this tally."""
    return {
        "1": eligible,
        "2": tally.void,
        "3": tally.for_union,
        "4": tally.against,
        "5": tally.valid,
        "6": tally.challenged,
        "7": tally.valid_plus_challenged,
        "8": tally.challenges_determinative,
        "9": tally.majority_for_union,
    }


def line_label(number: str, union: str) -> str:
    """What line `number` states, in words."""
    if number[0] == "3" and number != "3":  # 3a, 3b, …: one per union (kinds_sheet.py)
        return f"Number of votes cast for the union of line {number}"
    return {
        "1": "Approximate number of eligible voters",
        "2": "Number of void ballots",
        "3": f"Number of votes cast for {union}",
        "4": "Number of votes cast against participating labor organization(s)",
        "5": "Number of valid votes counted (lines 3 + 4)",
        "6": "Number of challenged ballots",
        "7": "Number of valid votes counted plus challenged ballots (lines 5 + 6)",
        "8": "Challenges are sufficient in number to affect the results",
        "9": f"A majority of the valid votes counted plus challenged ballots has been cast for {union}",
    }[number]


def computed_facts(
    setup: ElectionSetup, sheet: Sheet, head_hash: str, supersedes_hash: str | None
) -> dict[str, object]:
    """Everything on a sheet that follows from the journal alone (names and place do not).

    A SIGN event's detail holds these facts as they were when it was prepared; checking
    a sheet is comparing them with what the journal gives again.

    Args:
        setup: the election.
        sheet: the sheet as the count gives it at its SIGN event.
        head_hash: the hash of the last event the sheet certifies.
        supersedes_hash: the hash of the SIGN event of the sheet a revision replaces.
    """
    tally = sheet.tally
    pending = sheet_pending_reason(sheet.kind) or table_pending_reason(setup.table)
    # A mail ballot: the envelope figures, and the box holds the envelopes accepted.
    envelopes = {} if sheet.envelopes is None else {"envelopes": sheet.envelopes.as_dict()}
    return {
        **envelopes,
        "case": setup.case_number,
        "employer": setup.employer,
        "union": setup.union,
        "kind": sheet.kind.value,
        "title": sheet.title,
        "revision": sheet.revision,
        "supersedes": (
            None if sheet.supersedes is None else {"seq": sheet.supersedes, "hash": supersedes_hash}
        ),
        "head": {"seq": sheet.head, "hash": head_hash},
        "ballots": setup.ballots if sheet.envelopes is None else mail_box(sheet),
        "counted": tally.counted,
        "lines": (lines := line_values(setup.eligible, tally)),
        "statements": {
            "8": challenges_statement(tally, pending),
            "9": majority_statement(tally, setup.union, pending),
        },
        **revised_facts(setup, sheet),
    } | kinds_facts(setup, tally, pending, lines)  # RD, RM, several unions: kinds_sheet.py


def facts_problem(stated: Mapping[str, object], computed: Mapping[str, object]) -> str | None:
    """The first fact a sheet states differently from the journal, in words, or None."""
    union = str(computed["union"])
    lines = stated.get("lines")
    expected_lines = computed["lines"]
    assert isinstance(expected_lines, dict)
    if not isinstance(lines, Mapping):
        return "has no lines 1-9"
    for number, value in expected_lines.items():
        found = lines.get(number)
        # bool is an int in Python: a line must have exactly the type it should.
        if type(found) is not type(value) or found != value:
            return (
                f"line {number} ({line_label(number, union)}) says {_shown(found)};"
                f" the journal gives {_shown(value)}"
            )
    if set(lines) != set(expected_lines):
        return "has lines that no tally has"
    for key, value in computed.items():
        if key == "statements" and stated.get(key) == _earlier_statements(computed):
            continue
        if key == "title" and stated.get(key) == _earlier_title(computed):
            continue
        if key == "columns" and stated.get(key) != value:
            return columns_problem(stated.get(key), value)
        if key != "lines" and stated.get(key) != value:
            return f"its {key} says {_shown(stated.get(key))}; the journal gives {_shown(value)}"
    return None


def _earlier_statements(computed: Mapping[str, object]) -> dict[str, str]:
    """Lines 8-9 as Station worded them on every sheet, interim ones included, until it
    said "not yet determined" on interim sheets: such a sheet is still intact. The yes/no
    values of lines 8-9 were checked already, and these sentences follow from them alone.
    """
    lines = computed["lines"]
    assert isinstance(lines, dict)
    line8, line9 = result_statements(bool(lines["8"]), bool(lines["9"]), str(computed["union"]))
    return {"8": line8, "9": line9}


def _earlier_title(computed: Mapping[str, object]) -> str | None:
    """A corrected sheet's title as Station wrote it before it used the Board's words
    ("Revision N"; "revised" now means the tally after challenged ballots are opened)."""
    if computed["kind"] == "final" and str(computed["title"]).startswith("Corrected"):
        return f"Revision {computed['revision']}"
    return None


def _shown(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "nothing"
    return str(value)


# The parties whose observers sign the sheet, in the order they sign.
OBSERVER_PARTIES = (Party.EMPLOYER, Party.PETITIONER)
MAX_NAME = 120
MAX_REASON = 300


class SheetError(ValueError):
    """A name given for the sheet is unusable (one-line message)."""


@dataclass(frozen=True, slots=True)
class Observer:
    """An observer who signs for a party."""

    party: Party
    name: str

    @classmethod
    def parse(cls, text: str) -> "Observer":
        """ "Employer:Jane Roe" or "Union:John Doe" (also "Petitioner:...")."""
        party_word, colon, name = text.partition(":")
        party = PARTY_WORDS.get(party_word.strip().lower())
        if not colon or party not in OBSERVER_PARTIES:
            raise SheetError(
                f"observer {text!r}: write it as PARTY:NAME, with PARTY Employer or Union"
            )
        return cls(party, clean_name(name, f"observer for {party.value}"))


def clean_name(text: str, what: str) -> str:
    """A person's (or place's) name as it will be printed, or raise SheetError."""
    return clean_text(text, f"the {what}'s name", max_length=MAX_NAME, error=SheetError)


def clean_reason(text: str) -> str:
    """Why a count is reopened, as it will be recorded and shown, or raise SheetError."""
    return clean_text(text, "the reason for reopening", max_length=MAX_REASON, error=SheetError)


def mail_box(sheet: Sheet) -> int:
    """A mail ballot's box at a sheet: the envelopes accepted, and the challenged ones a
    decision ordered opened (their ballots were mixed in with them)."""
    assert sheet.envelopes is not None
    opened = 0 if sheet.decided is None else sheet.decided.opened_envelopes
    return sheet.envelopes.accepted + opened
