"""Lines 8 and 9 and 29 CFR 102.70's line of a ballot of several unions, once for everyone.

`station tally`, the dashboard at its start, the dashboard as each event lands and the
multi-table dashboard's total all state these from this one function, so that no view
can say another result than the others (the outsider's report, items 1 and 3).
"""

from dataclasses import dataclass

from station.domain.changes import Sheet
from station.domain.choices import Ballot
from station.domain.election import ElectionSetup
from station.domain.kinds_statements import (
    challenges_line,
    choice_majority_statement,
    runoff_statement,
)
from station.domain.runoff import Result, determinative, final_result, majority_for, result
from station.domain.statements import pending_reason
from station.domain.table_statements import table_pending_reason
from station.domain.tally import Tally


@dataclass(frozen=True)
class ChoiceLines:
    """What a ballot of several choices states now.

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


def result_lines(
    setup: ElectionSetup, tally: Tally, votes: tuple[int, ...], locked_by: Sheet | None
) -> ChoiceLines:
    """Lines 8-9 and 102.70's line of `votes` (a mail ballot: `setup` is the box's).

    While ballots remain uncounted, and always for one table of several, the result is
    not stated (the consolidated tally of the tables states it).
    """
    pending = pending_reason(tally, setup.ballots, locked_by) or table_pending_reason(setup.table)
    return stated_lines(setup.ballot, setup.eligible, tally, votes, pending)


def stated_lines(
    ballot: Ballot, eligible: int, tally: Tally, votes: tuple[int, ...], pending: str | None
) -> ChoiceLines:
    """Lines 8-9 and 102.70's line of `votes`, or why they are not stated (`pending`).

    The tables' dashboard states them on the tables' sums, with its own `pending`.
    """
    unions = len(ballot.unions)
    majority = majority_for(votes, tally.challenged)
    if pending is None:
        outcome: Result | None
        outcome, decisive = final_result(votes, unions, tally.challenged, eligible)
    else:
        outcome, decisive = None, determinative(votes, unions, tally.challenged)
    return ChoiceLines(
        challenges=challenges_line(decisive, pending),
        majority=choice_majority_statement(ballot, majority, pending),
        runoff=runoff_statement(ballot, outcome, pending, decisive),
        pending=pending,
        decisive=decisive,
        majority_for=majority,
        outcome=outcome,
    )


def decided_line(setup: ElectionSetup, tally: Tally, votes: tuple[int, ...]) -> str:
    """While counting: the result once no remaining or challenged ballot can change it.

    Empty while it can still change, when the box size is unknown, and for one table of
    several (the tables together decide the election, never one of them).
    """
    remaining = tally.remaining(setup.ballots)
    unions = len(setup.ballot.unions)
    if setup.table is not None or remaining is None:
        return ""
    if determinative(votes, unions, tally.challenged + remaining):
        return ""
    outcome = result(votes, unions)
    choices = setup.ballot.choices
    if outcome.certified is not None:
        return f"Result decided: {choices[outcome.certified]} wins."
    if outcome.majority is not None:
        return f"Result decided: {choices[outcome.majority]} has a majority; no union wins."
    if outcome.runoff is not None:
        first, second = (choices[index] for index in outcome.runoff)
        return (
            f"Result decided: no choice can have a majority — runoff between {first} and {second}."
        )
    return "Result decided: no choice can have a majority; the election is rerun (102.70(d))."
