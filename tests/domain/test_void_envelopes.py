"""An envelope ruled void is a void ballot on line 2, never among the ballots counted."""

from station.domain import Action, Call, Count
from station.domain.envelopes import Ruling
from station.domain.groups import GroupTally
from station.domain.tally import Tally
from tests.domain.helpers import Stage


def _counted(stage: Stage) -> None:
    stage.rule("100", Ruling.ACCEPTED)
    stage.rule("101", Ruling.VOID)  # unsigned
    stage.end()
    stage.apply(Action.CALL, Call.FOR)


def test_a_void_envelope_is_on_line_2_and_not_among_the_ballots_counted() -> None:
    stage = Stage(mail_rules=True)
    _counted(stage)
    tally = stage.count.tally
    assert (tally.void, tally.void_envelopes, tally.counted, tally.for_union) == (1, 1, 1, 1)


def test_undoing_the_void_ruling_takes_it_off_line_2() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("100", Ruling.VOID)
    assert stage.count.tally.void == 1
    stage.undo()
    assert (stage.count.tally.void, stage.count.tally.void_envelopes) == (0, 0)
    stage.redo()
    assert stage.count.tally.void == 1


def test_an_election_set_up_before_the_mail_rules_keeps_line_2_as_it_signed() -> None:
    stage = Stage(mail_rules=False)
    _counted(stage)
    assert (stage.count.tally.void, stage.count.envelopes.figures.void) == (0, 1)


def test_a_signed_sheet_with_a_void_envelope_thaws_into_the_same_count() -> None:
    stage = Stage(mail_rules=True)
    _counted(stage)
    stage.sign()
    frozen = stage.count.freeze()
    thawed = Count.thawed(frozen, 0, mail=True, mail_rules=True)
    assert thawed.sheets[-1].tally == stage.count.sheets[-1].tally
    assert thawed.sheets[-1].tally.void_envelopes == 1
    assert thawed.freeze() == frozen


def test_the_figures_of_a_tally_and_a_group_keep_their_void_envelopes() -> None:
    tally = Tally(2, 1, 3, 1, void_envelopes=2)
    assert Tally.from_figures(tally.figures()) == tally
    assert tally.counted == 5
    group = GroupTally((2, 1), void=3, void_envelopes=2)
    assert GroupTally.restored(group.state()) == group
    assert group.handled == 4
