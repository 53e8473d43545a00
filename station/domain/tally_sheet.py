"""The facts a Tally of Ballots certifies, line by line, in the NLRB form's order.

The numbers are computed from the tally, never typed in; the lines' wording is our own.
A sheet stores its lines under their numbers ("1" to "9"), so that anyone checking a
sheet against the journal can name the line that differs.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date

from station.domain.changes import Sheet
from station.domain.description import Election
from station.domain.election import ElectionSetup
from station.domain.election_facts import kinds_facts
from station.domain.events import SheetKind
from station.domain.group_sheet import group_facts, without_sums
from station.domain.objections import objections_due, prepared_day
from station.domain.result_statements import as_stated_before, stated_lines
from station.domain.revised_sheet import columns_problem, revised_facts
from station.domain.statements import apart_facts, result_statements, sheet_pending_reason
from station.domain.table_statements import table_pending_reason
from station.domain.tally import Tally
from station.domain.tally_form import (
    Figures,
    FormBallot,
    ballot_form,
    form_lines,
    line_values,
    line_words,
    printed_lines,
)
from station.domain.text import clean_text
from station.domain.words import english


@dataclass(frozen=True, slots=True)
class SheetContext:
    """What a sheet states of the journal around its count, read from the journal.

    Attributes:
        prepared: the sheet's own `prepared` time (ISO 8601, the station's offset): the
            day the tally was prepared, from which objections are due.
        superseded: the tally of the sheet a corrected tally replaces.
        reopen_reason: why that sheet's count was reopened (its REOPEN event).
        tally_prepared: for a sheet after a decision, the `prepared` time of the tally
            of ballots it revises (`objections.tally_of_ballots`), from which
            objections ran.
    """

    prepared: str | None = None
    superseded: Tally | None = None
    reopen_reason: str | None = None
    tally_prepared: str | None = None


# Facts a sheet states since Station printed them; a sheet prepared before has none of
# them and is still intact (tests/journal/test_old_files.py).
LATER_FACTS = frozenset({"objections_due", "objections_from", "correction", "apart"})
# What a sheet records that no journal gives (who signs, where, when, with which key):
# every other fact it states is one the journal gives, or the sheet is not intact.
RECORDED_FACTS = frozenset(
    {"agent", "observers", "place", "count_date", "prepared", "key", "key_changed_from"}
    | {"witnessed"}
)
# What each of them is, as every sheet records it (`key_changed_from` only when it did,
# `witnessed` only when a witness had cosigned; what it says is checked where the
# journal's lines are: station/verification/witnessed.py).
_RECORDED_AS = {
    "agent": "a name",
    "observers": "a list of observers (party and name)",
    "place": "a place or nothing",
    "count_date": "a date",
    "prepared": "a time",
    "key": "a key fingerprint",
    "key_changed_from": "a key fingerprint",
    "witnessed": "a signed note",
}


@english
def computed_facts(
    setup: ElectionSetup,
    sheet: Sheet,
    head_hash: str,
    supersedes_hash: str | None,
    context: SheetContext = SheetContext(),
) -> dict[str, object]:
    """Everything on a sheet that follows from the journal alone (names and place do not).

    A SIGN event's detail holds these facts as they were when it was prepared; checking
    a sheet is comparing them with what the journal gives again.

    Args:
        setup: the election.
        sheet: the sheet as the count gives it at its SIGN event.
        head_hash: the hash of the last event the sheet certifies.
        supersedes_hash: the hash of the SIGN event of the sheet a revision replaces.
        context: the day it was prepared, and what a corrected tally replaces.
    """
    tally = sheet.tally
    figures = Figures(setup.eligible, tally)
    carried = setup.ballot.revised_of_tables
    if carried is not None and sheet.decided is not None:  # the tables' tally of ballots
        context = replace(context, tally_prepared=carried.prepared)
    pending = sheet_pending_reason(sheet.kind) or table_pending_reason(setup.table)
    # A mail ballot: the envelope figures, and the box holds the envelopes accepted.
    envelopes = {} if sheet.envelopes is None else {"envelopes": sheet.envelopes.as_dict()}
    # Ballots counted on no line, and what line 6 holds that is no ballot counted.
    apart = apart_facts(tally)
    return without_sums(
        setup,
        {
            **envelopes,
            "case": setup.case_number,
            "employer": setup.employer,
            "union": setup.union,
            "kind": sheet.kind.value,
            "title": sheet.title,
            "revision": sheet.revision,
            "supersedes": (
                None
                if sheet.supersedes is None
                else {"seq": sheet.supersedes, "hash": supersedes_hash}
            ),
            "head": {"seq": sheet.head, "hash": head_hash},
            "ballots": setup.ballots if sheet.envelopes is None else mail_box(sheet),
            "counted": tally.counted,
            "lines": line_values(ballot_form(setup), figures),
            **({"apart": apart} if apart else {}),
            "statements": stated_lines(ballot_form(setup), figures, pending).as_sheet(),
            **revised_facts(setup, sheet),
            **_deadline(sheet, context, pending),
            **_correction(setup, sheet, context),
        }
        | kinds_facts(setup, tally, pending)
        | group_facts(setup, sheet, pending),
    )


def _deadline(sheet: Sheet, context: SheetContext, pending: str | None) -> dict[str, object]:
    """`objections_due`, on a sheet that states the result: five business days after the
    tally of ballots has been prepared (29 CFR 102.69(a)(8)).

    A sheet after a decision (a Revised Tally) opens no new period (*Remington Rand*):
    it states the day the tally of ballots it revises was prepared (`objections_from`)
    and the deadline that ran from it, when the journal gives that day.
    """
    if pending is not None:
        return {}
    if sheet.decided is None:
        day = _day(context.prepared)
        return {} if day is None else {"objections_due": objections_due(day).isoformat()}
    day = _day(context.tally_prepared)
    if day is None:
        return {}
    return {"objections_from": day.isoformat(), "objections_due": objections_due(day).isoformat()}


def _day(prepared: str | None) -> date | None:
    return None if prepared is None else prepared_day(prepared)


def _correction(setup: ElectionSetup, sheet: Sheet, context: SheetContext) -> dict[str, object]:
    """`correction` on a Corrected Tally: why the count was reopened and, for each line
    that changed, the figure of the sheet it supersedes (`supersedes`)."""
    if (
        sheet.kind is not SheetKind.FINAL
        or sheet.supersedes is None
        or sheet.revised
        or context.superseded is None
    ):
        return {}
    ballot = ballot_form(setup)
    before = line_values(ballot, Figures(setup.eligible, context.superseded))
    now = line_values(ballot, Figures(setup.eligible, sheet.tally))
    replaces = {
        line.number: before[line.number]
        for line in printed_lines(ballot)
        if before[line.number] != now[line.number]
    }
    return {"correction": {"reason": context.reopen_reason, "replaces": replaces}}


@english
def facts_problem(
    stated: Mapping[str, object], computed: Mapping[str, object], *, context_known: bool = True
) -> str | None:
    """The first fact a sheet states differently from the journal, in words, or None.

    A fact the journal does not give is as wrong as one it gives otherwise: a sheet of
    a count at the polls stating envelope figures would be summed as a mail ballot's.
    Without the journal around the sheet (`context_known` false: the sheet's deadline and
    correction were not computed), those two are left to the check that has it.
    """
    wrong = wrong_fact(stated, computed, context_known=context_known)
    return None if wrong is None else wrong[1]


DECIDING_FACTS = frozenset({"line 8", "line 9", "statements"})
"""The facts `wrong_fact` names that the rules decide from lines 1-7: lines 8 and 9, and
the sentences printed for them (a verification step of their own, docs/format.md)."""


def wrong_fact(
    stated: Mapping[str, object], computed: Mapping[str, object], *, context_known: bool = True
) -> tuple[str, str] | None:
    """`facts_problem`, with the fact it is about: ("line 3", …), ("choices", …), or
    ("lines", …) for lines no tally has; None when every fact is the journal's.

    A sheet is in one form, whole: Station 0.2.0's (none of `LATER_FACTS`, whose
    sentences, titles and columns may be worded as it worded them) or today's (every
    later fact that applies, and today's words). A sheet stating any later fact is in
    today's form: it cannot leave out another (`apart`, say) as if 0.2.0 had signed it.
    """
    older_forms = not (LATER_FACTS & set(stated))
    ballot = FormBallot.of_sheet(computed)
    lines = stated.get("lines")
    expected_lines = computed.get("lines")
    if expected_lines is None:  # voting groups: each group's tally has lines, none together
        if lines is not None:
            return "lines", (
                "has lines 1-9 of the voting groups together; each group and unit has its"
                " own tally, and no tally adds them up"
            )
        lines = expected_lines = {}
    assert isinstance(expected_lines, dict)
    if not isinstance(lines, Mapping):
        return "lines", "has no lines 1-9"
    for number, value in expected_lines.items():
        found = lines.get(number)
        # bool is an int in Python: a line must have exactly the type it should.
        if type(found) is not type(value) or found != value:
            return f"line {number}", (
                f"line {number} ({line_words(number, ballot)}) says {shown_fact(found)};"
                f" the journal gives {shown_fact(value)}"
            )
    if set(lines) != set(expected_lines):
        return "lines", "has lines that no tally has"
    for key, value in computed.items():
        if (
            older_forms
            and key == "statements"
            and stated.get(key)
            in (
                _earlier_statements(computed),
                as_stated_before(value),  # type: ignore[arg-type]
            )
        ):
            continue
        if older_forms and key == "title" and stated.get(key) == _earlier_title(computed):
            continue
        if key == "columns" and stated.get(key) != value:
            if problem := columns_problem(stated.get(key), value):
                return key, problem
            if older_forms:
                continue  # a sheet signed with three columns is held to those
        if older_forms and key in LATER_FACTS and key not in stated:
            continue
        if key == "correction" and stated.get(key) != value:
            return key, correction_problem(stated.get(key), value, ballot)
        if key != "lines" and stated.get(key) != value:
            return key, (
                f"its {key} says {shown_fact(stated.get(key))};"
                f" the journal gives {shown_fact(value)}"
            )
    unknown = set(stated) - set(computed) - RECORDED_FACTS
    unknown -= set() if context_known else LATER_FACTS
    if unknown:
        key = min(unknown)
        return key, f"its {key} says {shown_fact(stated[key])}; the journal gives nothing"
    return None


def recorded_problem(stated: Mapping[str, object]) -> str | None:
    """The first fact a sheet records by hand (`RECORDED_FACTS`) in a form Station never
    writes, in words, or None: no journal gives them, but what prints or reads them
    (the PDF, `verify`'s words) takes them in the form every sheet has them."""
    for key, what in _RECORDED_AS.items():
        if not _recorded_as_written(key, stated):
            return f"its {key} says {shown_fact(stated.get(key))}, not {what}"
    return None


def key_change_problem(stated: Mapping[str, object], earlier_key: object) -> str | None:
    """Whether a sheet's `key_changed_from` is not what the journal gives, in words, or None.

    A station signs with the key of the journal's last sheet (`earlier_key`, that sheet's
    `key`), or with another only when told to, and then records the one it changed from
    (`station sign --new-key`): `key_changed_from` is that earlier key exactly when it is
    not this sheet's `key`, and is absent otherwise (no sheet before, or the same key).
    """
    key = stated.get("key")
    changed = isinstance(earlier_key, str) and earlier_key != key
    expected = earlier_key if changed else None
    found = stated.get("key_changed_from")
    if found == expected:
        return None
    if not isinstance(earlier_key, str):
        why = "no sheet before it was signed"
    elif changed:
        why = f"the key of the last sheet before it; this one was signed by {shown_fact(key)}"
    else:
        why = "the last sheet before it was signed by the same key"
    return (
        f"its key_changed_from says {shown_fact(found)}; the journal gives"
        f" {shown_fact(expected)} ({why})"
    )


def _recorded_as_written(key: str, stated: Mapping[str, object]) -> bool:
    """Whether a recorded fact has the form Station writes it in (`_RECORDED_AS`)."""
    value = stated.get(key)
    if key == "observers":
        return isinstance(value, list) and all(
            isinstance(o, dict)
            and sorted(o) == ["name", "party"]
            and all(isinstance(v, str) for v in o.values())
            for o in value
        )
    if key == "place" or (key in _OPTIONAL_RECORDED and key not in stated):
        return value is None or isinstance(value, str)
    return isinstance(value, str)


_OPTIONAL_RECORDED = frozenset({"key_changed_from", "witnessed"})


def correction_problem(stated: object, computed: object, ballot: FormBallot) -> str:
    """What a Corrected Tally states wrongly of the sheet it supersedes, naming the line."""
    assert isinstance(computed, dict)
    if not isinstance(stated, dict):
        return "its correction is not what the journal gives"
    if stated.get("reason") != computed["reason"]:
        return (
            f"its reason for reopening says {shown_fact(stated.get('reason'))};"
            f" the journal gives {shown_fact(computed['reason'])}"
        )
    said, given = stated.get("replaces"), computed["replaces"]
    said = said if isinstance(said, dict) else {}
    numbers = {line.number for line in form_lines(ballot)}
    for number in sorted(set(said) | set(given)):
        if number not in numbers:
            return f"its correction replaces a line {shown_fact(number)}, which this tally has not"
        if said.get(number) != given.get(number):
            return (
                f"line {number} ({line_words(number, ballot)}) replaces"
                f" {shown_fact(said.get(number))} on the superseded sheet;"
                f" the journal gives {shown_fact(given.get(number))}"
            )
    return "its correction is not what the journal gives"


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


def shown_fact(value: object) -> str:
    """A fact's value as a sentence says it (yes, no, nothing, or as written)."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "nothing"
    return str(value)


MAX_NAME = 120
MAX_REASON = 300


class SheetError(ValueError):
    """A name given for the sheet is unusable (one-line message)."""


@dataclass(frozen=True, slots=True)
class Observer:
    """An observer who signs for a party: the party's id (its challenger's,
    station/domain/description.py), and the observer's name."""

    party: str
    name: str

    @classmethod
    def parse(cls, text: str, election: Election) -> "Observer":
        """ "Employer:Jane Roe", "Union:John Doe", "Petitioner:Ann Smith" (an RD case's
        petitioner; the union in RC), "Teamsters:Bo Chen": PARTY by role, name or key."""
        party_word, colon, name = text.partition(":")
        party = election.observer_party(party_word) if colon else None
        if party is None:
            roles = ", ".join(dict.fromkeys(p.role.value for p in election.parties))
            raise SheetError(
                f"observer {text!r}: write it as PARTY:NAME, PARTY a party's role ({roles})"
                " or its name"
            )
        return cls(party.challenger.id, clean_name(name, f"observer for {party.name}"))


def clean_name(text: str, what: str) -> str:
    """A person's name as it will be printed, or raise SheetError."""
    return clean_text(text, f"the {what}'s name", max_length=MAX_NAME, error=SheetError)


def clean_place(text: str) -> str:
    """The place of the count as it will be printed, or raise SheetError."""
    return clean_text(text, "the place of the count", max_length=MAX_NAME, error=SheetError)


def clean_reason(text: str) -> str:
    """Why a count is reopened, as it will be recorded and shown, or raise SheetError."""
    return clean_text(text, "the reason for reopening", max_length=MAX_REASON, error=SheetError)


def mail_box(sheet: Sheet) -> int:
    """A mail ballot's box at a sheet: the envelopes opened (accepted, and received after
    the due date under MAIL_RULES), the voters at the polls, and the challenged envelopes a
    decision ordered opened (their ballots were mixed in with them)."""
    assert sheet.envelopes is not None
    opened = 0 if sheet.decided is None else sheet.decided.opened_envelopes
    return sheet.envelopes.box + opened
