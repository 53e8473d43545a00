"""After the count: challenges settled, disputes of any call, the decision, the revised count.

Against docs/rules.md's "Resolving challenges" and "Revised and corrected tallies", without Qt.
"""

import pytest

from station.domain import Action, Call, Change, Count, Event, ReplayError, SheetKind, Tally
from station.domain.decision import reveals_vote
from station.domain.resolution import Status
from station.domain.tally_sheet import computed_facts
from tests.domain.helpers import Feed

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE


def calls(feed: Feed, *made: Call) -> list[int]:
    return [feed(Action.CALL, call).event.seq for call in made]


def statuses(count: Count) -> dict[int, str]:
    return {e.number: e.status.value for e in count.resolutions.numbered(count)}


def test_a_withdrawn_challenge_leaves_line_6_and_its_ballot_is_called_again() -> None:
    feed = Feed()
    feed(Action.OPEN)
    challenge, *_ = calls(feed, C, F, A)
    assert (feed.count.tally.challenged, feed.count.counted) == (1, 3)
    feed(Action.RESOLVE, target=challenge, **{"as": "withdrawn"})
    # Opened and commingled: off line 6, and not yet counted again.
    assert (feed.count.tally.challenged, feed.count.counted) == (0, 2)
    calls(feed, F)  # the opened ballot, called like any other: nothing links the two
    assert feed.count.tally == Tally(for_union=2, against=1)
    assert feed.count.counted == 3 and statuses(feed.count) == {1: "withdrawn"}


def test_a_sustained_challenge_is_never_opened_and_counts_on_no_line() -> None:
    feed = Feed()
    feed(Action.OPEN)
    challenge, *_ = calls(feed, C, F, A, A)
    feed(Action.RESOLVE, target=challenge, **{"as": "sustained"})
    tally = feed.count.tally
    assert (tally.challenged, tally.set_aside, tally.valid_plus_challenged) == (0, 1, 3)
    # Handled: the box of four is fully counted, so lines 8-9 can be stated.
    assert feed.count.counted == 4 and tally.remaining(4) == 0


def test_a_settlement_is_undone_by_a_new_event_and_blocks_the_challenges_undo() -> None:
    feed = Feed()
    feed(Action.OPEN)
    challenge, later = calls(feed, C, F)
    feed(Action.RESOLVE, target=challenge, **{"as": "sustained"})
    feed(Action.UNDO, F, later)
    with pytest.raises(ReplayError, match="resolved; reopen it first"):
        feed(Action.UNDO, C, challenge)
    feed(Action.RESOLVE, target=challenge, **{"as": "open"})  # the settlement undone
    assert feed.count.tally == Tally(challenged=1) and statuses(feed.count) == {1: "open"}
    feed(Action.UNDO, C, challenge)  # now the call itself can be taken back
    assert feed.count.tally == Tally()


@pytest.mark.parametrize("wanted", ["withdrawn", "sustained"])
def test_only_an_open_challenge_that_counts_is_settled(wanted: str) -> None:
    feed = Feed()
    feed(Action.OPEN)
    challenge, plain = calls(feed, C, F)
    with pytest.raises(ReplayError, match="not an open challenge"):
        feed(Action.RESOLVE, target=plain, **{"as": wanted})
    feed(Action.RESOLVE, target=challenge, **{"as": wanted})
    with pytest.raises(ReplayError, match="not an open challenge"):
        feed(Action.RESOLVE, target=challenge, **{"as": wanted})
    with pytest.raises(ReplayError, match="resolved as one of"):
        feed(Action.RESOLVE, target=challenge, **{"as": "forgotten"})


@pytest.mark.parametrize("call", [F, A, V])
def test_either_party_disputes_any_call_and_the_other_joins(call: Call) -> None:
    feed = Feed()
    feed(Action.OPEN)
    (seq,) = calls(feed, call)
    feed(Action.DISPUTE, call, seq, party="employer")
    assert feed.count.tally == Tally(challenged=1)
    with pytest.raises(ReplayError, match="a party other than"):
        feed(Action.JOIN, target=seq, party="employer")
    feed(Action.JOIN, target=seq, party="petitioner")
    dispute = feed.count.resolutions.disputes[seq]
    assert (dispute.party, dispute.joined) == (
        "employer",
        "petitioner",
    )
    # Withdrawn, by a party to the dispute (named): the ballot counts as the agent called it.
    with pytest.raises(ReplayError, match="by the party that made or joined it"):
        feed(Action.RESOLVE, target=seq, **{"as": "withdrawn"})
    feed(Action.RESOLVE, target=seq, party="petitioner", **{"as": "withdrawn"})
    assert feed.count.tally.counted == 1 and feed.count.total(call) == 1
    assert feed.count.tally.challenged == 0 and feed.count.counted == 1


def test_a_dispute_left_as_called_changes_no_figure_and_is_noted() -> None:
    feed = Feed()
    feed(Action.OPEN)
    (seq,) = calls(feed, F)
    feed(Action.DISPUTE, F, seq, party="petitioner", left_as_called=True)
    assert feed.count.tally == Tally(for_union=1)
    assert [d.seq for d in feed.count.resolutions.noted_disputes(feed.count)] == [seq]
    with pytest.raises(ReplayError, match="disputed already"):
        feed(Action.DISPUTE, F, seq, party="employer")
    with pytest.raises(ReplayError, match="by the party that made or joined it"):
        feed(Action.RESOLVE, target=seq, party="employer", **{"as": "withdrawn"})
    feed(Action.RESOLVE, target=seq, party="petitioner", **{"as": "withdrawn"})
    assert feed.count.resolutions.noted_disputes(feed.count) == []


def test_a_noted_dispute_goes_with_its_call_undone_and_comes_back_with_its_redo() -> None:
    feed = Feed()
    feed(Action.OPEN)
    (seq,) = calls(feed, F)
    feed(Action.DISPUTE, F, seq, party="petitioner", left_as_called=True)
    feed(Action.UNDO, F, seq)
    assert feed.count.tally == Tally() and feed.count.resolutions.noted_disputes(feed.count) == []
    feed(Action.REDO, F, seq)
    assert feed.count.tally == Tally(for_union=1)
    assert [d.seq for d in feed.count.resolutions.noted_disputes(feed.count)] == [seq]


def test_an_old_disputed_void_replays_as_before() -> None:
    feed = Feed()
    feed(Action.OPEN)
    (seq,) = calls(feed, V)
    change = feed(Action.DISPUTE, V, seq, party="employer")
    assert change.challenge is not None and change.challenge.reason.value == "disputed void"
    assert feed.count.tally == Tally(challenged=1)
    with pytest.raises(ReplayError, match="not a FOR call"):
        feed(Action.DISPUTE, F, seq, party="employer")


def test_register_numbers_are_stable_across_an_undo_and_a_later_dispute() -> None:
    feed = Feed()
    feed(Action.OPEN)
    void, _first, second = calls(feed, V, C, C)
    feed(Action.UNDO, C, second)  # number 3 was made and taken back: a gap, never a shift
    calls(feed, C)
    feed(Action.DISPUTE, V, void, party="petitioner")
    assert list(statuses(feed.count)) == [1, 3, 4]


def first_count(feed: Feed) -> None:
    """Nine ballots: 3 FOR, 2 AGAINST, 4 challenged; a final sheet prepared."""
    feed(Action.OPEN)
    calls(feed, C, F, A, C, F, C, A, F, C)
    feed(Action.SIGN, target=feed.count.last_seq, kind="final")


def decide(feed: Feed, opened: list[int], sustained: list[int], by: str = "R. Director") -> Change:
    return feed(Action.DECIDE, open=opened, sustain=sustained, by=by)


def test_a_decision_needs_a_final_tally() -> None:
    feed = Feed()
    feed(Action.OPEN)
    calls(feed, C, C)
    with pytest.raises(ReplayError, match="after a final tally"):
        decide(feed, [1], [])
    feed(Action.SIGN, target=feed.count.last_seq, kind="interim")
    with pytest.raises(ReplayError, match="after a final tally"):
        decide(feed, [1], [])


@pytest.mark.parametrize(
    ("opened", "sustained", "message"),
    [
        ([9], [], "no challenge 9"),
        ([1, 2], [2], "challenge 2 appears twice"),
        ([1, 1], [], "challenge 1 appears twice"),
        ([], [], "at least one"),
        ([1], [0], "no challenge 0"),
    ],
)
def test_a_decision_names_open_challenges_once(
    opened: list[int], sustained: list[int], message: str
) -> None:
    feed = Feed()
    first_count(feed)
    with pytest.raises(ReplayError, match=message):
        decide(feed, opened, sustained)


def test_a_challenge_settled_at_the_table_is_not_open_for_the_decision() -> None:
    feed = Feed()
    feed(Action.OPEN)
    (challenge,) = calls(feed, C)
    calls(feed, F, C)
    feed(Action.RESOLVE, target=challenge, **{"as": "sustained"})
    feed(Action.SIGN, target=feed.count.last_seq, kind="final")
    with pytest.raises(ReplayError, match=r"challenge 1 is not open \(sustained\)"):
        decide(feed, [1], [])


def test_the_revised_count_takes_only_the_ordered_ballots() -> None:
    feed = Feed()
    first_count(feed)
    decide(feed, [1, 3], [4])  # challenge 2 stays challenged
    assert feed.count.locked_by is None
    assert statuses(feed.count) == {
        1: "ordered opened",
        2: "open",
        3: "ordered opened",
        4: "sustained",
    }
    with pytest.raises(ReplayError, match="FOR, AGAINST or VOID"):
        feed(Action.CALL, C)
    first = feed(Action.CALL, F).event
    feed(Action.UNDO, F, first.seq)  # undo works inside the revised count
    with pytest.raises(ReplayError, match="first count is closed"):
        feed(Action.UNDO, C, first.seq - 3)
    feed(Action.REDO, F, first.seq)
    feed(Action.CALL, A)
    with pytest.raises(ReplayError, match="only 2 challenged ballots ordered opened"):
        feed(Action.CALL, F)
    assert statuses(feed.count)[1] == "counted"
    assert feed.count.tally == Tally(for_union=4, against=3, challenged=1, set_aside=1)
    assert feed.count.counted == 9


def test_the_first_count_stays_closed_to_undo() -> None:
    feed = Feed()
    first_count(feed)
    last_of_first = feed.count.next_undo()
    assert last_of_first is not None
    decide(feed, [1], [2])
    with pytest.raises(ReplayError, match="first count is closed"):
        feed(Action.UNDO, last_of_first[1], last_of_first[0])


def test_the_revised_tally_has_three_columns_that_add_up() -> None:
    """Bessemer 2022: 875 FOR, 993 AGAINST, 416 challenged: determinative."""
    count = Count()
    count.apply(Event(1, Action.OPEN))
    codes = bytes([0] * 875 + [1] * 993 + [3] * 416)
    count.extend_calls(2, codes)
    first = count.apply(
        Event(count.last_seq + 1, Action.SIGN, target=count.last_seq, detail={"kind": "final"})
    )
    assert first.sheet is not None and first.sheet.tally.challenges_determinative
    # The hearing: ten ordered opened, six sustained; the other 400 stay challenged.
    count.apply(
        Event(
            count.last_seq + 1,
            Action.DECIDE,
            detail={
                "open": list(range(1, 11)),
                "sustain": list(range(11, 17)),
                "by": "Regional Director",
            },
        )
    )
    count.extend_calls(count.last_seq + 1, bytes([0] * 7 + [1] * 2 + [2]))
    sign = Event(count.last_seq + 1, Action.SIGN, target=count.last_seq, detail={"kind": "final"})
    sheet = count.apply(sign).sheet
    assert sheet is not None and sheet.title == "Revised" and sheet.decided is not None
    assert sheet.tally == Tally(for_union=882, against=995, void=1, challenged=400, set_aside=6)
    assert sheet.decided.original == first.sheet.tally
    assert sheet.decided.unresolved == tuple(range(17, 417))
    assert sheet.decided.decisions == (
        f"Decision by Regional Director (event {sign.seq - 11}): challenges"
        f" {', '.join(map(str, range(1, 11)))} ordered opened; challenges"
        f" {', '.join(map(str, range(11, 17)))} sustained.",
    )
    from station.domain.election import ElectionSetup

    setup = ElectionSetup("10-RC-269250", "Amazon.com Services LLC", "RWDSU", 6143, 2300)
    facts = computed_facts(setup, sheet, "0" * 64, "1" * 64)
    columns = facts["columns"]
    assert isinstance(columns, dict)
    original, middle, final = columns["original"], columns["challenged_counted"], columns["final"]
    aside = columns["set_aside"]
    assert (original["3"], middle["3"], aside["3"], final["3"]) == (875, 7, 0, 882)
    # The ten opened and counted apart from the six sustained, never counted.
    assert (original["6"], middle["6"], aside["6"], final["6"]) == (416, -10, -6, 400)
    for line in "234567":
        assert original[line] + middle[line] + aside[line] == final[line]
    # Lines 8 and 9 are recomputed on the final column: 882 + 400 > 995.
    assert final["8"] is True and final["9"] is False
    assert facts["lines"] == final


def test_a_tally_after_a_reopening_is_corrected_not_revised() -> None:
    feed = Feed()
    first_count(feed)
    decide(feed, [1, 2], [])
    calls(feed, F, A)
    revised = feed(Action.SIGN, target=feed.count.last_seq, kind="final").sheet
    feed(Action.REOPEN, reason="ballot 3 was called FOR, shown AGAINST")
    feed(Action.UNDO, A, feed.count.last_seq - 2)
    feed(Action.CALL, F)
    corrected = feed(Action.SIGN, target=feed.count.last_seq, kind="final").sheet
    assert revised is not None and corrected is not None
    assert (revised.title, corrected.title) == ("Revised", "Corrected 2")
    assert corrected.decided is not None and corrected.decided.original == revised.decided.original  # type: ignore[union-attr]
    assert corrected.tally.for_union == revised.tally.for_union + 1


def test_settling_is_refused_while_a_sheet_locks_the_count() -> None:
    feed = Feed()
    first_count(feed)
    with pytest.raises(ReplayError, match="locked"):
        feed(Action.RESOLVE, target=2, **{"as": "withdrawn"})
    with pytest.raises(ReplayError, match="locked"):
        feed(Action.DISPUTE, F, 3, party="employer")


def test_the_count_with_its_resolutions_freezes_and_thaws_exactly() -> None:
    feed = Feed()
    first_count(feed)
    decide(feed, [1, 3], [4])
    calls(feed, F)
    frozen = feed.count.freeze()
    thawed = Count.thawed(frozen, 0)
    assert thawed.freeze() == frozen
    assert thawed.tally == feed.count.tally and statuses(thawed) == statuses(feed.count)
    with pytest.raises(ReplayError, match="only 2"):
        thawed.extend_calls(thawed.last_seq + 1, bytes([0, 0]))


@pytest.mark.parametrize(
    ("opened", "remaining", "reveals"),
    [(1, 0, True), (2, 0, False), (1, 1, False), (0, 0, False), (416, 0, False)],
)
def test_fewer_than_two_ballots_opened_together_reveal_the_vote(
    opened: int, remaining: int, reveals: bool
) -> None:
    assert reveals_vote(opened, remaining) is reveals


def test_the_sheet_kind_is_final_for_the_revised_tally() -> None:
    feed = Feed()
    first_count(feed)
    decide(feed, [], [1, 2, 3, 4])  # all sustained: nothing to open, the revised tally next
    sheet = feed(Action.SIGN, target=feed.count.last_seq, kind="final").sheet
    assert sheet is not None and sheet.kind is SheetKind.FINAL and sheet.title == "Revised"
    assert sheet.tally == Tally(for_union=3, against=2, set_aside=4)
    assert statuses(feed.count) == {n: Status.SUSTAINED.value for n in (1, 2, 3, 4)}


def test_a_call_undone_before_the_decision_is_not_redone_into_the_revised_count() -> None:
    feed = Feed()
    feed(Action.OPEN)
    _challenge, call = calls(feed, C, F)
    feed(Action.UNDO, F, call)  # on the redo stack when the first sheet is prepared
    feed(Action.SIGN, target=feed.count.last_seq, kind="final")
    decide(feed, [1], [])
    with pytest.raises(ReplayError, match="redo reaches only the revised count"):
        feed(Action.REDO, F, call)


def test_the_revised_count_names_each_choice_on_a_ballot_of_several_unions() -> None:
    # Never "original tally 9 FOR, 3 AGAINST" for Teamsters 5, WWU 4, Neither 3.
    from station.domain.resolution_statements import revised_count_statement

    original = Tally(9, 3, 0, 1, choices=(5, 4, 3))
    words = revised_count_statement(0, 1, original, names=("Teamsters 901", "WWU", "Neither"))
    assert "original tally Teamsters 901 5, WWU 4, Neither 3, 0 VOID, 1 challenged" in words
    assert "9 FOR" not in words
    assert "875 FOR, 993 AGAINST" in revised_count_statement(0, 416, Tally(875, 993, 0, 416))
