"""Lines 8 and 9 and what 29 CFR 102.70 calls for, in words, once for every view.

`station tally`, the sheet, the dashboard as each event lands, the tables' dashboard
and the consolidated tally all state the result from `stated_lines`, so that no view
can say another result than the others. One union or several is the same arithmetic
(`runoff.py`, which for one union and Neither is `tally.py`'s); only line 9's words
differ: with one union on the ballot it says whether that union has a majority, with
several which choice (if any) has one.

While ballots remain uncounted the result is not stated: lines 8 and 9 say it is not
yet determined and why (`pending`), as every sheet and screen must.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from station.domain.changes import Sheet
from station.domain.election import ElectionSetup
from station.domain.runoff import Result, determinative, final_result, majority_for, result
from station.domain.statements import pending_reason, result_statements
from station.domain.table_statements import table_pending_reason
from station.domain.tally import Tally
from station.domain.tally_form import (
    Figures,
    FormBallot,
    ballot_form,
    eligible_determinative,
    rescinded,
)
from station.domain.words import say


@dataclass(frozen=True)
class ResultLines:
    """What a count states now about the result.

    Attributes:
        challenges: line 8.
        majority: line 9.
        runoff: what 102.70 calls for (a runoff, a rerun), or None.
        pending: why the result is not stated yet, or None once it is.
        decisive: whether the challenged ballots could change the result.
        majority_for: the index of the choice with a majority, or None.
        outcome: the result under 102.70 once stated, else None.
    """

    challenges: str
    majority: str
    runoff: str | None
    pending: str | None
    decisive: bool
    majority_for: int | None
    outcome: Result | None

    def as_sheet(self) -> dict[str, str]:
        """The sheet's `statements`: "8", "9", and "runoff" when 102.70 calls for one."""
        said = {"8": self.challenges, "9": self.majority}
        if self.runoff is not None:
            said["runoff"] = self.runoff
        return said


def result_lines(setup: ElectionSetup, tally: Tally, locked_by: Sheet | None) -> ResultLines:
    """Lines 8-9 and 102.70's line of a count (a mail ballot: `setup` is the box's).

    While ballots remain uncounted, and always for one table of several, the result is
    not stated (the consolidated tally of the tables states it).
    """
    pending = pending_reason(tally, setup.ballots, locked_by) or table_pending_reason(setup.table)
    return stated_lines(ballot_form(setup), Figures(setup.eligible, tally), pending)


def stated_lines(ballot: FormBallot, figures: Figures, pending: str | None) -> ResultLines:
    """Lines 8-9 and 102.70's line of these figures, or why they are not stated (`pending`)."""
    votes, challenged = figures.votes, figures.tally.challenged
    if ballot.majority_of_eligible:
        return _eligible_lines(ballot, figures, pending)
    majority = majority_for(votes, challenged)
    if pending is None:
        outcome: Result | None
        outcome, decisive = final_result(
            votes, ballot.unions, challenged, figures.eligible, ballot.further
        )
    else:
        outcome, decisive = None, determinative(votes, ballot.unions, challenged)
    return ResultLines(
        challenges=challenges_line(decisive, pending),
        majority=majority_line(ballot, majority, pending),
        runoff=runoff_line(ballot, outcome, pending, decisive),
        pending=pending,
        decisive=decisive,
        majority_for=majority,
        outcome=outcome,
    )


def _eligible_lines(ballot: FormBallot, figures: Figures, pending: str | None) -> ResultLines:
    """Lines 8-9 of a UD election: YES must be a majority of those eligible to vote
    (line 1), not of the votes cast; a tie or anything less leaves the authority."""
    yes, challenged = figures.tally.for_union, figures.tally.challenged
    decisive = eligible_determinative(yes, figures.eligible, challenged)
    majority = 0 if rescinded(yes, figures.eligible) else None
    return ResultLines(
        challenges=challenges_line(decisive, pending),
        majority=rescinded_line(ballot.union, majority == 0, pending),
        runoff=None,
        pending=pending,
        decisive=decisive,
        majority_for=majority,
        outcome=None if pending is not None else Result(None, majority, None, False),
    )


def rescinded_line(union: str, rescinded: bool, pending: str | None) -> str:
    """A UD election's line 9, in the words of the Board's certification of results
    (NLRA 8(a)(3): "a majority of the employees eligible to vote ... have voted to
    rescind the authority")."""
    if pending is not None:
        return say(
            "Whether a majority of the employees eligible to vote have voted to rescind the"
            " authority of the Employer and {union} to require, under their agreement, that"
            " employees make certain lawful payments to the union in order to retain their"
            " jobs is not yet determined: {pending}.",
            union=union,
            pending=pending,
        )
    if rescinded:
        return say(
            "A majority of the employees eligible to vote have voted to rescind the authority"
            " of the Employer and {union} to require, under their agreement, that employees"
            " make certain lawful payments to the union in order to retain their jobs.",
            union=union,
        )
    return say(
        "A majority of the employees eligible to vote have not voted to rescind the authority"
        " of the Employer and {union} to require, under their agreement, that employees make"
        " certain lawful payments to the union in order to retain their jobs.",
        union=union,
    )


def challenges_line(decisive: bool, pending: str | None) -> str:
    """Line 8: whether the challenged ballots are sufficient to affect the result."""
    if pending is not None:
        return say(
            "Whether challenges are sufficient in number to affect the results of the"
            " election is not yet determined: {pending}.",
            pending=pending,
        )
    return result_statements(decisive, False, "")[0]


def majority_line(ballot: FormBallot, majority: int | None, pending: str | None) -> str:
    """Line 9: with one union, whether it has a majority of the valid votes counted plus
    challenged ballots; with several, which choice has one, if any."""
    if not ballot.several:
        if pending is not None:
            return say(
                "Whether a majority of the valid votes counted plus challenged ballots has been"
                " cast for {union} is not yet determined: {pending}.",
                union=ballot.union,
                pending=pending,
            )
        return result_statements(False, majority == 0, ballot.union)[1]
    if pending is not None:
        return say(
            "Whether a majority of the valid votes counted plus challenged ballots has been"
            " cast for any choice is not yet determined: {pending}.",
            pending=pending,
        )
    if majority is None:
        return say(
            "No choice has received a majority of the valid votes counted plus challenged ballots."
        )
    return say(
        "A majority of the valid votes counted plus challenged ballots has been cast for {union}.",
        union=ballot.choices[majority],
    )


# 29 CFR 102.70(a): the runoff is held when "no objections are filed as provided in
# § 102.69" (and so only once objections filed are resolved).
RUNOFF_CONDITION = (
    ", held if no objections are filed, or once those filed are resolved (29 CFR 102.70(a))"
)


def as_stated_before(statements: Mapping[str, str]) -> dict[str, str]:
    """A sheet's `statements` as Station worded them before the runoff's sentence named
    its condition: a sheet so worded is still intact (the rest was checked already)."""
    said = dict(statements)
    if "runoff" in said:
        said["runoff"] = said["runoff"].replace(RUNOFF_CONDITION, "")
    return said


# 102.70(d)'s exception: "there shall be no runoff election and a certification of
# results of election shall be issued".
EXCEPTION_LINE = (
    "No choice has a majority; two choices tie, another has no votes and every eligible"
    " voter cast a valid ballot: no runoff is held, and a certification of results of"
    " election is issued (29 CFR 102.70(d))."
)
# The same sentence as Station 0.2.0 signed it, naming no certification.
EXCEPTION_LINE_V1 = (
    "No choice has a majority; two choices tie, another has no votes and every"
    " eligible voter cast a valid ballot: no runoff is held (29 CFR 102.70(d))."
)


def with_exception_certified(facts: Mapping[str, Any]) -> dict[str, str] | None:
    """The `statements` of a sheet that stated 102.70(d)'s exception before Station said
    that a certification of results then issues, as it states them now. None for any
    other sheet."""
    statements = facts.get("statements")
    if not isinstance(statements, dict) or statements.get("runoff") != EXCEPTION_LINE_V1:
        return None
    return {**statements, "runoff": EXCEPTION_LINE}


def runoff_line(
    ballot: FormBallot, outcome: Result | None, pending: str | None, decisive: bool = False
) -> str | None:
    """What 29 CFR 102.70 calls for, once the count makes it so (None: nothing to say)."""
    if pending is not None or outcome is None:
        return None
    unless = say(UNLESS_CHALLENGED) if decisive else ""
    if outcome.runoff is not None:
        first, second = (ballot.choices[index] for index in outcome.runoff)
        return say(
            "No choice has a majority — runoff between {first} and {second}{unless}, held if"
            " no objections are filed, or once those filed are resolved (29 CFR 102.70(a)).",
            first=first,
            second=second,
            unless=unless,
        )
    if outcome.rerun:
        return say(
            "No choice has a majority and the votes are divided so that the election is void:"
            " it is rerun with every choice (29 CFR 102.70(d)){unless}.",
            unless=unless,
        )
    if outcome.split_again:
        return say(
            "No choice has a majority and the votes are divided so that no runoff can be"
            " held; this was the one further election 29 CFR 102.70(d) allows, so no other"
            " is held: the results are certified{unless}.",
            unless=unless,
        )
    if outcome.exception:
        return say(EXCEPTION_LINE)
    if outcome.majority is None and not ballot.neither:
        return tied_runoff_line(decisive)
    return None


def tied_runoff_line(decisive: bool) -> str:
    """A runoff between two unions that ends tied: no other runoff (102.70(a))."""
    return say(
        "The runoff's two unions tie: only one runoff is held (29 CFR 102.70(a)), so"
        " no union is certified: the results are certified{unless}.",
        unless=say(UNLESS_CHALLENGED) if decisive else "",
    )


# After what 102.70 calls for, when the challenged ballots could still change it.
UNLESS_CHALLENGED = ", unless the challenged ballots change it"


def with_tied_runoff(facts: Mapping[str, Any]) -> dict[str, str] | None:
    """The `statements` of a final tally of a runoff between two unions that ended tied,
    signed before Station stated that the results are then certified, as it states them
    now: derived from the sheet's own facts (its choices, line 8). None for any other."""
    statements, lines, choices = facts.get("statements"), facts.get("lines"), facts.get("choices")
    if (
        not isinstance(statements, dict)
        or "runoff" in statements
        or not isinstance(lines, dict)
        or not isinstance(choices, list)
        or not facts.get("runoff_of")
        or facts.get("kind", "final") != "final"
    ):
        return None
    ballot = FormBallot.of_sheet(facts)
    votes = [choice.get("votes") for choice in choices if isinstance(choice, dict)]
    if ballot.neither or ballot.unions != 2 or len(votes) != 2 or votes[0] != votes[1]:
        return None
    return {**statements, "runoff": tied_runoff_line(lines.get("8") is True)}


def decided_line(setup: ElectionSetup, tally: Tally) -> str:
    """While counting: the result once no remaining or challenged ballot can change it.

    Empty while it can still change, when the box size is unknown, and for one table of
    several (the tables together decide the election, never one of them).
    """
    remaining = tally.remaining(setup.ballots)
    if setup.table is not None or remaining is None:
        return ""
    ballot = ballot_form(setup)
    if ballot.majority_of_eligible:
        if eligible_determinative(tally.for_union, setup.eligible, tally.challenged + remaining):
            return ""
        if rescinded(tally.for_union, setup.eligible):
            return say("Result decided: the authority of {union} is rescinded.", union=ballot.union)
        return say("Result decided: the authority of {union} is not rescinded.", union=ballot.union)
    votes = Figures(setup.eligible, tally).votes
    if determinative(votes, ballot.unions, tally.challenged + remaining):
        return ""
    outcome = result(votes, ballot.unions, ballot.further)
    if not ballot.several:  # a tie loses: the union wins only with a majority
        if outcome.certified is not None:
            return say("Result decided: {union} wins.", union=ballot.union)
        return say("Result decided: {union} loses.", union=ballot.union)
    choices = ballot.choices
    if outcome.certified is not None:
        return say("Result decided: {union} wins.", union=choices[outcome.certified])
    if outcome.majority is not None:
        return say(
            "Result decided: {choice} has a majority; no union wins.",
            choice=choices[outcome.majority],
        )
    if outcome.runoff is not None:
        first, second = (choices[index] for index in outcome.runoff)
        return say(
            "Result decided: no choice can have a majority — runoff between {first} and {second}.",
            first=first,
            second=second,
        )
    if outcome.split_again:
        return say(
            "Result decided: no choice can have a majority; no other election is held"
            " (102.70(d)): the results are certified."
        )
    if not ballot.neither:
        return say("Result decided: the two unions tie; no union wins (102.70(a)).")
    return say("Result decided: no choice can have a majority; the election is rerun (102.70(d)).")


def month_words(month: int) -> str:
    """The name of `month` (1 to 12) in the language said."""
    return (
        say("January"),
        say("February"),
        say("March"),
        say("April"),
        say("May"),
        say("June"),
        say("July"),
        say("August"),
        say("September"),
        say("October"),
        say("November"),
        say("December"),
    )[month - 1]


def date_words(day: date) -> str:
    """ "December 8, 2026": the same words whatever the machine's locale, in the language
    said ("8 de diciembre de 2026")."""
    return say("{month} {day}, {year}", month=month_words(day.month), day=day.day, year=day.year)


def objections_line(due: date, tally_prepared: date | None = None) -> str:
    """When objections are due (29 CFR 102.69(a)(8)), under lines 8-9 and on the dashboard.

    The five business days run "after the tally of ballots has been prepared". A revised
    tally (`tally_prepared`: the day that tally of ballots was prepared) opens no new
    period: objections filed only after it are untimely (*Remington Rand*, 20-R-2191
    (1948), citing *Lenox Furnace*, 64 NLRB 669), so it says when they ran and were due.
    """
    if tally_prepared is None:
        return say(
            "Objections to the conduct of the election or to conduct affecting its results"
            " must be filed with the Regional Director, with an offer of proof, by {due}:"
            " within five business days after this tally was prepared (29 CFR 102.69(a)(8)).",
            due=date_words(due),
        )
    return say(
        "This revised tally opens no new time for objections: they ran from the tally of"
        " ballots prepared on {prepared} and were due by {due}, filed with the Regional"
        " Director, with an offer of proof (29 CFR 102.69(a)(8)).",
        prepared=date_words(tally_prepared),
        due=date_words(due),
    )


def objections_statement(facts: Mapping[str, object]) -> str | None:
    """The objections sentence of a sheet (or a consolidated tally, or `tally --json`)
    from its facts: `objections_due`, and on a revised tally `objections_from`; None
    when it states no deadline (a sheet before the result, or one Station 0.2.0 signed).
    """
    due = _iso_day(facts.get("objections_due"))
    if due is None:
        return None
    return objections_line(due, _iso_day(facts.get("objections_from")))


def _iso_day(value: object) -> date | None:
    """A fact's ISO date ("2026-11-10"), or None when it states none."""
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None
