"""Duplicate kits: a voter who reports the first kit lost, not received or spoiled (or
whose envelope was ruled void) is sent another; one ballot per voter is ever counted.

*Davis & Newcomer Elevator*, 315 NLRB 715 (1994), and *XPO Logistics Freight*, 370 NLRB
No. 99 (2021): a duplicate kit follows a void envelope, and the replacement is ruled like
any other. Which envelope the Board counts when a first kit and its duplicate both come
back was not found: Station refuses to count the second and says why (docs/rules.md,
"Mail ballots").
"""

import pytest

from station.domain import Action, Call
from station.domain.changes import ReplayError
from station.domain.envelopes import SECOND_ENVELOPE_WHY, Ruling
from tests.domain.helpers import Stage


def test_only_the_duplicate_comes_back_and_it_is_ruled_like_any_other() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("100", Ruling.ACCEPTED)  # the first kit was lost in the post
    stage.end()
    assert stage.count.envelopes.figures.box == 1
    assert stage.count.envelopes.rulings()[0].second is False


def test_a_void_original_and_its_replacement_count_one_ballot_and_one_void() -> None:
    """The replacement's ballot is counted; the void original stays a void ballot on
    line 2 (the safe reading: every envelope ruled void in front of the parties is on
    the tally; the Board's own answer was not found)."""
    stage = Stage(mail_rules=True)
    stage.rule("100", Ruling.VOID)  # returned unsigned
    stage.rule("100", Ruling.ACCEPTED)  # the duplicate kit, signed
    stage.end()
    stage.apply(Action.CALL, Call.FOR)
    figures, tally = stage.count.envelopes.figures, stage.count.tally
    assert (figures.box, figures.replacements, figures.void) == (1, 1, 1)
    assert (tally.for_union, tally.void, tally.counted) == (1, 1, 1)


@pytest.mark.parametrize("first", [Ruling.ACCEPTED, Ruling.LATE, Ruling.CHALLENGED])
@pytest.mark.parametrize("second", [Ruling.ACCEPTED, Ruling.LATE])
def test_when_both_kits_come_back_the_second_is_never_counted(
    first: Ruling, second: Ruling
) -> None:
    stage = Stage(mail_rules=True)
    stage.rule("100", first)
    with pytest.raises(ReplayError) as refused:
        stage.rule("100", second)
    said = str(refused.value)
    assert "\n" not in said and SECOND_ENVELOPE_WHY in said
    assert "was not found" in said and "C challenges this one" in said


def test_the_second_kit_challenged_is_set_aside_sealed_and_one_ballot_is_counted() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("100", Ruling.ACCEPTED)  # the duplicate, ruled first
    stage.rule("100", Ruling.CHALLENGED)  # the first kit, found after all
    stage.end()
    stage.apply(Action.CALL, Call.AGAINST)
    second = stage.count.envelopes.rulings()[1]
    assert second.second and second.ruling is Ruling.CHALLENGED
    figures, tally = stage.count.envelopes.figures, stage.count.tally
    assert (figures.box, figures.challenged) == (1, 1)
    assert (tally.against, tally.challenged, tally.sealed_envelopes, tally.counted) == (1, 1, 1, 1)


def test_undoing_the_first_ruling_lets_the_other_kit_be_counted_instead() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("100", Ruling.ACCEPTED)
    stage.undo()
    stage.rule("100", Ruling.ACCEPTED)  # the other kit, now the voter's only envelope
    stage.end()
    assert stage.count.envelopes.figures.box == 1
