"""The decision after the hearing, and which rule takes each event of `resolution.py`.

A decision (DECIDE) comes once a final tally is prepared: it orders challenged ballots
opened or sustains them by register number, with who decided. It unlocks the count for
the revised count of the ballots it orders opened (see `Resolutions.check_calls`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from station.domain.changes import Change, ReplayError
from station.domain.events import Action, Event, SheetKind
from station.domain.group_statements import unit_not_determinative_statement
from station.domain.groups import UnitResult, units
from station.domain.resolution import (
    MAX_BY,
    Decision,
    Status,
    dispute,
    join,
    numbers_text,
    resolve,
)
from station.domain.resolution_statements import not_determinative_statement, reveal_warning
from station.domain.statements import locked_rule_statement
from station.domain.tally import Tally
from station.domain.tally_form import Figures, ballot_form, challenges_determinative

if TYPE_CHECKING:  # pragma: no cover
    from station.domain.count import Count
    from station.domain.election import ElectionSetup


def plan(count: Count, event: Event) -> Callable[[], Change]:
    """Check a DISPUTE, JOIN, RESOLVE or DECIDE; return what folds it in."""
    if event.action is Action.DECIDE:
        if count.carried is not None:
            return _decide_carried(count, event)
        return _decide(count, event)
    if count.carried is not None:
        raise ReplayError(event.seq, CARRIED_SETTLED)
    if count.locked_by is not None:
        raise ReplayError(event.seq, locked_rule_statement(count.locked_by))
    if count.resolutions.revising and event.action is not Action.RESOLVE:
        raise ReplayError(event.seq, "the first count is closed: a decision was recorded")
    if event.action is Action.DISPUTE:
        return dispute(count, event)
    if event.action is Action.JOIN:
        return join(count, event)
    return resolve(count, event)


CARRIED_SETTLED = (
    "a revised count of the tables records the decision and the opened ballots: its"
    " challenges were recorded, disputed and settled at their tables"
)


def parsenumbers_text(value: object, what: str, seq: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in value
    ):
        raise ReplayError(seq, f"a decision lists the numbers it {what}")
    return tuple(value)


def decision_problem(
    count: Count, opened: tuple[int, ...], sustained: tuple[int, ...]
) -> str | None:
    """Why a decision may not order these register numbers, in one line, or None: on
    the count's own register, or, on a revised count of the tables, on the election's
    register carried from their consolidation (`tables_revision.py`), by its numbers."""
    if count.carried is not None:
        statuses = count.resolutions.carried_statuses(count)
        register = "the election's register"
    else:
        statuses = {entry.number: entry.status for entry in count.resolutions.numbered(count)}
        register = "the register"
    if not opened and not sustained:
        return "a decision opens or sustains at least one challenge"
    both = opened + sustained
    twice = sorted({n for n in both if both.count(n) > 1})
    if twice:
        return f"challenge {numbers_text(twice)} appears twice in the decision"
    missing = [n for n in both if n not in statuses]
    if missing:
        return f"there is no challenge {numbers_text(missing)} in {register}"
    closed = [n for n in both if statuses[n] is not Status.OPEN]
    if closed:
        return (
            f"challenge {numbers_text(closed)} is not open"
            f" ({', '.join(statuses[n].value for n in closed)})"
        )
    return None


def new_decision_problem(
    count: Count, setup: ElectionSetup, opened: tuple[int, ...], sustained: tuple[int, ...]
) -> str | None:
    """Why a decision about to be recorded may not be, in one line, or None.

    `decision_problem`, and: no challenge is ordered opened while the challenged ballots
    cannot change the result (Form NLRB-5547: only determinative challenges are
    resolved; the Board never opens the others). Sustaining them changes nothing and
    stays allowed. Asked before a decision is recorded, never on replay: a file that
    recorded such an opening before still reads as it was.
    """
    problem = decision_problem(count, opened, sustained)
    if problem or not opened:
        return problem
    carried = count.carried  # the consolidated tally of the election's tables
    if carried is not None:
        tally = carried.original
    elif setup.ballot.groups:  # judged unit by unit
        return unit_decision_problem(count, setup, opened)
    else:
        tally = count.tally
    # Line 8 of the sheet, by the ballot's own majority rule (of the eligible in UD).
    if challenges_determinative(ballot_form(setup), Figures(setup.eligible, tally)):
        return None
    return not_determinative_statement(list(opened))


def unit_decision_problem(
    count: Count, setup: ElectionSetup, opened: tuple[int, ...]
) -> str | None:
    """In an election of voting groups, why these challenges may not be ordered opened:
    a challenged ballot is opened only if the challenges of its group's unit are
    determinative (`groups.units`, the inclusion vote included), or None."""
    tallies = count.group_tallies()
    found = units(setup.ballot.groups, tallies, len(setup.ballot.unions))
    unit_of = {key: unit for unit in found for key in unit.groups}
    seqs = {entry.number: entry.challenge.seq for entry in count.resolutions.numbered(count)}
    refused: dict[UnitResult, list[int]] = {}
    for number in opened:
        group = count.group_of(seqs[number])
        unit = None if group is None else unit_of[group.key]
        if unit is not None and not unit.determinative:
            refused.setdefault(unit, []).append(number)
    if not refused:
        return None
    unit, numbers = next(iter(refused.items()))  # the first unit refused, in one line
    return unit_not_determinative_statement(numbers, unit)


def revealing_decision(count: Count, opened: tuple[int, ...]) -> str | None:
    """The warning due before a decision that opens a ballot where everyone can see its
    vote, or None. In an election of voting groups each group's opened ballots are
    counted in their own pile, so each group's are judged apart."""
    if not count.groups.active:
        return reveal_warning(len(opened)) if reveals_vote(len(opened), 0) else None
    seqs = {entry.number: entry.challenge.seq for entry in count.resolutions.numbered(count)}
    per_group: dict[str, int] = {}
    for number in opened:
        group = count.group_of(seqs[number])
        if group is not None:
            per_group[group.key] = per_group.get(group.key, 0) + 1
    for key, many in per_group.items():
        if reveals_vote(many, 0):
            return reveal_warning(many, key)
    return None


def _decide(count: Count, event: Event) -> Callable[[], Change]:
    locked = count.locked_by
    if locked is None or locked.kind is not SheetKind.FINAL:
        raise ReplayError(event.seq, "a decision comes after a final tally is prepared")
    opened, sustained, by = _decision_detail(event)
    problem = decision_problem(count, opened, sustained)
    if problem:
        raise ReplayError(event.seq, problem)
    seqs = {entry.number: entry.challenge.seq for entry in count.resolutions.numbered(count)}
    resolutions = count.resolutions

    def fold() -> Change:
        if resolutions.original is None:
            resolutions.original = locked.tally
            resolutions.original_groups = locked.groups
            resolutions.base = count.counted_entries
        for number in opened:
            resolutions.statuses[seqs[number]] = Status.ORDERED_OPENED
        for number in sustained:
            resolutions.statuses[seqs[number]] = Status.SUSTAINED
        for number in opened + sustained:  # off line 6: no longer counted by party
            count.challenges.set_counting(seqs[number], False)
            if count.envelopes.get(seqs[number]) is not None:  # its ballot joins the box
                count.envelopes.settled[seqs[number]] = (
                    Status.ORDERED_OPENED if number in opened else Status.SUSTAINED
                ).value
        resolutions.ordered += len(opened)
        resolutions.decisions.append(Decision(event.seq, opened, sustained, by))
        count.locked_by = None  # the revised count begins
        return Change(event, ballot=count.counted + 1, sheet=locked)

    return fold


def _decide_carried(count: Count, event: Event) -> Callable[[], Change]:
    """A decision in a revised count of the tables: the first before any sheet (the
    tables' final sheets, consolidated, are the tally of ballots it revises), a later
    one once a Revised Tally is prepared, as in a count of one table."""
    carried = count.carried
    assert carried is not None
    locked = count.locked_by
    decided = count.resolutions.revising
    if (locked is not None or decided) and (locked is None or locked.kind is not SheetKind.FINAL):
        raise ReplayError(event.seq, "a further decision comes after the Revised Tally is prepared")
    opened, sustained, by = _decision_detail(event)
    problem = decision_problem(count, opened, sustained)
    if problem:
        raise ReplayError(event.seq, problem)
    resolutions = count.resolutions

    def fold() -> Change:
        if resolutions.original is None:
            resolutions.original = carried.original
            resolutions.base = 0
        for number in opened:
            resolutions.carried[number] = Status.ORDERED_OPENED
        for number in sustained:
            resolutions.carried[number] = Status.SUSTAINED
        resolutions.ordered += len(opened)
        resolutions.decisions.append(Decision(event.seq, opened, sustained, by))
        count.locked_by = None
        return Change(event, ballot=count.counted + 1, sheet=locked)

    return fold


def _decision_detail(event: Event) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """A DECIDE event's numbers ordered opened and sustained, and who decided."""
    detail = event.detail or {}
    if (
        event.call is not None
        or event.target is not None
        or set(detail) != {"open", "sustain", "by"}
    ):
        raise ReplayError(
            event.seq, "a decision lists the ballots opened and sustained, and by whom"
        )
    opened = parsenumbers_text(detail["open"], "orders opened", event.seq)
    sustained = parsenumbers_text(detail["sustain"], "sustains", event.seq)
    by = detail["by"]
    if not isinstance(by, str) or not by.strip() or len(by) > MAX_BY:
        raise ReplayError(event.seq, f"a decision names who decided (at most {MAX_BY} characters)")
    return opened, sustained, by


def call_number(count: Count) -> int:
    """The last call's number in the log (`log`, the ticker): a revised count's go on past
    the first count's (its opened ballots were handled, sealed, then), none used twice."""
    return count.counted_entries if count.resolutions.revising else count.counted


def reveals_vote(opened: int, remaining: int) -> bool:
    """Whether opening `opened` ballots now shows how those voters voted.

    One ballot opened alone (or with no uncounted ballot to mix it with) is counted in
    plain view of everyone who knows whose envelope it was: its vote is no longer
    secret. Two or more commingled keep each other's secret, as the rest of the count
    keeps everyone's; a vote that is unanimous among them still shows, which the Board
    accepts for any small unit.
    """
    return opened > 0 and opened + remaining < 2


def revised_columns(original: Tally, final: Tally) -> tuple[Tally, Mapping[str, int]]:
    """The three columns' figures: the original, what the opened ballots added, the final.

    The middle column is the difference line by line, so each line adds up across
    (line 6's figure is negative: the challenges the decision resolved).
    """
    middle = {
        "for": final.for_union - original.for_union,
        "against": final.against - original.against,
        "void": final.void - original.void,
        "challenged": final.challenged - original.challenged,
    }
    return original, middle
