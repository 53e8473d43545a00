"""Challenges with party and reason, disputed voids and pile checks, as the count folds them."""

import pytest

from station.domain import Action, Call, Count, Event, ReplayError
from station.domain.challenges import Reason
from station.domain.describe import describe
from station.domain.parties import Party
from tests.domain.helpers import Feed


def test_a_challenge_is_by_the_board_agent_until_amended() -> None:
    feed = Feed()
    feed(Action.OPEN)
    challenge = feed(Action.CALL, Call.CHALLENGE)
    entry = feed.count.challenges.get(challenge.event.seq)
    assert entry is not None and entry.party == Party.BOARD_AGENT and entry.reason is None
    amended = feed(Action.AMEND, target=2, party="employer")
    assert describe(amended) == "Ballot 1 challenged by the Employer: reason not given"
    amended = feed(Action.AMEND, target=2, reason="supervisor", note="badge 2")
    assert amended.challenge is not None
    assert (amended.challenge.party, amended.challenge.reason) == (
        Party.EMPLOYER,
        Reason.SUPERVISOR,
    )
    feed(Action.AMEND, target=2, party="petitioner")  # a correction is another event
    feed(Action.CALL, Call.CHALLENGE)
    assert feed.count.challenges.by_party() == {"employer": 0, "petitioner": 1, "board agent": 1}


def test_an_undone_challenge_leaves_the_register_and_comes_back_on_redo() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.CHALLENGE)
    feed(Action.AMEND, target=2, party="employer")
    feed(Action.UNDO, Call.CHALLENGE, target=2)
    assert feed.count.challenges.by_party()["employer"] == 0
    with pytest.raises(ReplayError, match="not a challenged ballot that counts"):
        feed(Action.AMEND, target=2, party="petitioner")
    feed(Action.REDO, Call.CHALLENGE, target=2)
    assert feed.count.challenges.by_party()["employer"] == 1


@pytest.mark.parametrize(
    ("detail", "message"),
    [
        ({"party": "judge"}, "judge"),
        ({"reason": "looked shifty"}, "looked shifty"),
        ({"reason": "disputed void"}, "only a disputed void"),
        ({"colour": "red"}, "gives a party, a reason or a note"),
        ({"note": "x" * 201}, "at most 200"),
    ],
)
def test_bad_amendments_are_refused(detail: dict[str, object], message: str) -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.CHALLENGE)
    with pytest.raises(ReplayError, match=message):
        feed(Action.AMEND, target=2, **detail)
    with pytest.raises(ReplayError, match="not a challenged ballot"):
        feed(Action.AMEND, target=1, party="employer")


def test_a_disputed_void_becomes_a_challenge_in_its_place() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    feed(Action.CALL, Call.VOID)
    feed(Action.CALL, Call.AGAINST)
    change = feed(Action.DISPUTE, Call.VOID, target=3, party="petitioner")
    assert describe(change) == ("Ballot 2 VOID disputed by the Union: now CHALLENGED")
    tally = feed.count.tally
    assert (tally.void, tally.challenged, tally.counted) == (0, 1, 3)
    entry = feed.count.challenges.get(3)
    assert entry is not None and entry.disputed_void and entry.reason is Reason.DISPUTED_VOID
    with pytest.raises(ReplayError, match="not a VOID call that counts"):
        feed(Action.DISPUTE, Call.VOID, target=3, party="employer")
    # Undo works back through it: the ballot is now a challenge.
    feed(Action.UNDO, Call.AGAINST, target=4)
    with pytest.raises(ReplayError, match="must name event 3 \\(CHALLENGED\\)"):
        feed(Action.UNDO, Call.VOID, target=3)
    feed(Action.UNDO, Call.CHALLENGE, target=3)
    assert feed.count.tally.challenged == 0 and feed.count.challenges.by_party()["petitioner"] == 0


def test_only_a_party_disputes_a_void() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.VOID)
    with pytest.raises(ReplayError, match="a party to the election"):
        feed(Action.DISPUTE, Call.VOID, target=2, party="board agent")


def test_a_full_pile_is_recounted_and_a_mismatch_stays_until_set_right() -> None:
    feed = Feed(pile_size=3)
    feed(Action.OPEN)
    for _ in range(3):
        feed(Action.CALL, Call.FOR)
    piles = feed.count.piles
    assert piles.to_check(Call.FOR, feed.count.total(Call.FOR)) == [1]
    assert piles.position(3) == (1, 3)
    mismatch = feed(Action.PILE, Call.FOR, target=1, found=2)
    assert describe(mismatch) == "FOR pile 1 recounted: 2 found, 3 recorded \u2014 MISMATCH"
    assert [m.found for m in piles.mismatches()] == [2]
    # The operator takes back the last FOR (visible), the agent calls it again as AGAINST,
    # the next FOR refills the pile, and the recount confirms it.
    feed(Action.UNDO, Call.FOR, target=4)
    feed(Action.CALL, Call.AGAINST)
    assert piles.to_check(Call.FOR, feed.count.total(Call.FOR)) == []
    with pytest.raises(ReplayError, match="FOR pile 1 is not full"):
        feed(Action.PILE, Call.FOR, target=1, found=3)
    feed(Action.CALL, Call.FOR)
    confirmed = feed(Action.PILE, Call.FOR, target=1, found=3)
    assert describe(confirmed) == "FOR pile 1 recounted: 3 of 3, confirmed"
    assert piles.mismatches() == []
    assert piles.to_check(Call.FOR, 3) == []
    assert piles.position(4) == (2, 1)


def test_an_undo_below_a_confirmed_pile_needs_a_new_recount() -> None:
    feed = Feed(pile_size=2)
    feed(Action.OPEN)
    feed(Action.CALL, Call.AGAINST)
    feed(Action.CALL, Call.AGAINST)
    feed(Action.PILE, Call.AGAINST, target=1, found=2)
    feed(Action.UNDO, Call.AGAINST, target=3)
    feed(Action.CALL, Call.AGAINST)
    assert feed.count.piles.to_check(Call.AGAINST, 2) == [1]


def test_pile_checks_are_refused_when_off_or_absurd() -> None:
    feed = Feed(pile_size=0)
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    with pytest.raises(ReplayError, match="no pile checks"):
        feed(Action.PILE, Call.FOR, target=1, found=1)
    feed = Feed(pile_size=1)
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    for found in (-1, "3", True, 11):
        with pytest.raises(ReplayError, match="a recount finds a number"):
            feed(Action.PILE, Call.FOR, target=1, found=found)


def test_pause_and_resume_name_the_ballot() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    paused = feed(Action.SIGN, target=2, kind="interim")
    assert describe(paused) == "Count paused after ballot 1; interim tally prepared"
    feed(Action.CLOSE)
    feed(Action.OPEN)
    resumed = feed(Action.REOPEN, reason="count resumed")
    assert describe(resumed) == "Count resumed at ballot 2"


def test_a_disputed_void_takes_no_note_and_no_board_agent() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.VOID)
    feed(Action.DISPUTE, Call.VOID, target=2, party="employer")
    with pytest.raises(ReplayError, match="takes no note"):
        feed(Action.AMEND, target=2, note="looked like J. Smith's writing")
    with pytest.raises(ReplayError, match="not the Board agent"):
        feed(Action.AMEND, target=2, party="board agent")
    feed(Action.AMEND, target=2, party="petitioner")


def test_a_pile_found_wrong_needs_a_correction_before_its_recount() -> None:
    feed = Feed(pile_size=2)
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    feed(Action.CALL, Call.FOR)
    feed(Action.PILE, Call.FOR, target=1, found=1)
    with pytest.raises(ReplayError, match="correct the count"):
        feed(Action.PILE, Call.FOR, target=1, found=2)
    feed(Action.UNDO, Call.FOR, target=3)
    feed(Action.CALL, Call.FOR)
    feed(Action.PILE, Call.FOR, target=1, found=2)
    assert feed.count.piles.mismatches() == []


def test_check_changes_nothing() -> None:
    count = Count(pile_size=1)
    count.apply(Event(1, Action.OPEN))
    count.check(Event(2, Action.CALL, Call.FOR))
    assert count.counted == 0 and count.last_seq == 1
    with pytest.raises(ReplayError):
        count.check(Event(2, Action.UNDO, Call.FOR, target=1))
