"""The revised count of a count at several tables, without a window or a file: the
consolidated lines carried as the Original tally, the election's register decided once,
the opened ballots counted once (*Allied Acoustics*, 300 NLRB 1181), and no call ever
made up for a ballot counted at a table."""

from dataclasses import replace

import pytest

from station.domain import Call, Count, ElectionSetup
from station.domain.changes import ReplayError
from station.domain.events import Action, Event
from station.domain.revised_sheet import column_lines, counted_figures, split_columns
from station.domain.tables_revision import CarriedChallenge, TablesRevision, revised_tally
from station.domain.tally import Tally

PLAIN = ElectionSetup("10-RC-269250", "Amazon.com Services LLC", "RWDSU", 120)
DIGEST = "tables " + "ab" * 32


def _register() -> tuple[CarriedChallenge, ...]:
    # Three tables' registers under one numbering: A's 1-2, B's 1 (withdrawn at the
    # table, so not on line 6), B's 2, C's 1-2.
    rows = [("A", 1, "open"), ("A", 2, "open"), ("B", 1, "withdrawn")]
    rows += [("B", 2, "open"), ("C", 1, "open"), ("C", 2, "open")]
    return tuple(
        CarriedChallenge(n, table, number, "employer", status)
        for n, (table, number, status) in enumerate(rows, 1)
    )


# The consolidated tally of ballots: 50 for, 48 against, 1 void, 5 challenged.
REVISION = TablesRevision(DIGEST, Tally(50, 48, 1, 5), _register(), "2026-12-01T18:00:00-05:00")
SETUP = replace(PLAIN, choices=replace(PLAIN.ballot, revised_of_tables=REVISION))


def _event(seq: int, action: Action, call: Call | None = None, **detail: object) -> Event:
    return Event(seq, action, call, None, detail or None)


def _decided(opened: list[int], sustained: list[int]) -> Count:
    count = Count.for_setup(SETUP)
    count.apply(Event(1, Action.OPEN))
    count.apply(_event(2, Action.DECIDE, open=opened, sustain=sustained, by="RD 10"))
    return count


def test_carried_facts_hold_together_and_round_trip() -> None:
    assert REVISION.problem() is None
    assert TablesRevision.restored(REVISION.stored()) == REVISION
    assert SETUP.ballot.details()["revised_of_tables"] == REVISION.stored()


def test_a_challenge_carries_its_reason_and_note_and_a_file_without_them_reads() -> None:
    told = CarriedChallenge(1, "A", 1, "employer", "open", "supervisor", "foreman")
    assert CarriedChallenge.restored(told.stored()) == told
    assert CarriedChallenge.restored([1, "A", 1, "employer", "open"]) == replace(
        told, reason=None, note=None
    )
    with pytest.raises(ValueError, match="reason and note are text"):
        CarriedChallenge.restored([1, "A", 1, "employer", "open", 3, None])


def test_a_register_that_does_not_give_line_6_is_refused() -> None:
    stored = REVISION.stored() | {"original": [50, 48, 1, 6]}
    with pytest.raises(ValueError, match="6 challenged ballots on line 6, but its tables"):
        TablesRevision.restored(stored)


def test_a_decision_names_open_challenges_of_the_election_register() -> None:
    for opened, sustained, problem in (
        ([3], [], "challenge 3 is not open (withdrawn)"),
        ([7], [], "there is no challenge 7 in the election's register"),
        ([1], [1], "challenge 1 appears twice in the decision"),
    ):
        with pytest.raises(ReplayError, match=problem.replace("(", r"\(").replace(")", r"\)")):
            _decided(opened, sustained)


def test_no_call_before_the_decision_and_none_beyond_it() -> None:
    count = Count.for_setup(SETUP)
    count.apply(Event(1, Action.OPEN))
    with pytest.raises(ReplayError, match="record the decision first"):
        count.apply(_event(2, Action.CALL, Call.FOR))
    count = _decided([1, 2, 4], [5])
    for seq, call in ((3, Call.FOR), (4, Call.AGAINST), (5, Call.AGAINST)):
        count.apply(_event(seq, Action.CALL, call))
    with pytest.raises(ReplayError, match="only 3 challenged ballots ordered opened"):
        count.apply(_event(6, Action.CALL, Call.FOR))


def test_the_count_is_the_consolidated_lines_plus_the_opened_calls() -> None:
    count = _decided([1, 2, 4], [5])
    count.apply(_event(3, Action.CALL, Call.FOR))
    midway = count.tally
    assert (midway.challenged, midway.opened_uncounted) == (3, 2)  # 1 open + 2 uncalled
    count.apply(_event(4, Action.CALL, Call.AGAINST))
    count.apply(_event(5, Action.CALL, Call.AGAINST))
    final = count.tally
    assert (final.for_union, final.against, final.void, final.challenged) == (51, 50, 1, 1)
    assert final.set_aside == 1
    counted, aside = split_columns(counted_figures(SETUP, REVISION.original, final))
    assert {k: counted[k] for k in ("2", "3", "4", "5", "6")} == {
        "2": 0,
        "3": 1,
        "4": 2,
        "5": 3,
        "6": -3,
    }
    assert aside["6"] == aside["7"] == -1 and aside["5"] == 0
    original, after = column_lines(SETUP, REVISION.original), column_lines(SETUP, final)
    for line in counted:  # each line adds up across the four columns
        assert original[line] + counted[line] + aside[line] == after[line]
    decided = count.resolutions.decided(count)
    assert decided is not None and decided.unresolved == (6,)
    assert decided.original == REVISION.original


def test_a_snapshot_keeps_the_decision_and_the_calls() -> None:
    count = _decided([1, 2, 4], [5])
    count.apply(_event(3, Action.CALL, Call.FOR))
    thawed = Count.thawed(count.freeze(), SETUP.pile, SETUP.choices, challengers=None)
    assert thawed.tally == count.tally
    assert thawed.resolutions.carried_statuses(thawed) == count.resolutions.carried_statuses(count)


def test_no_more_calls_than_ballots_ordered_opened() -> None:
    with pytest.raises(ValueError, match="only the ballots ordered opened"):
        revised_tally(REVISION, Tally(2, 2, 0, 0), 3, 1)
    with pytest.raises(ValueError, match="only the ballots ordered opened"):
        revised_tally(REVISION, Tally(0, 0, 0, 1), 3, 1)


def test_on_a_ballot_of_several_unions_each_choice_adds_up() -> None:
    from station.domain.choices import Ballot, CaseKind

    ballot = Ballot(CaseKind.RC, "E", ("Machinists", "Carpenters"), ("Carpenters",))
    several = ElectionSetup("10-RC-000017", "E", "Machinists", 60, pile=0, choices=ballot)
    # Machinists 3, Carpenters 2, Neither 4; two challenged, both open.
    rows = (CarriedChallenge(1, "A", 1, "employer", "open"),)
    rows += (CarriedChallenge(2, "B", 1, "employer", "open"),)
    revision = TablesRevision(DIGEST, Tally(5, 4, 0, 2, (3, 2, 4)), rows, "2026-12-01T18:00")
    setup = replace(several, choices=replace(ballot, revised_of_tables=revision))
    count = Count.for_setup(setup)
    count.apply(Event(1, Action.OPEN))
    count.apply(_event(2, Action.DECIDE, open=[1, 2], sustain=[], by="RD 10"))
    count.apply(Event(3, Action.CALL, Call.FOR, None, {"choice": 2}))
    count.apply(Event(4, Action.CALL, Call.AGAINST))
    final = count.tally
    assert (final.choices, final.for_union, final.against, final.challenged) == ((3, 3, 5), 6, 5, 0)
