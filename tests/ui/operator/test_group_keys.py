"""The keys of a count of voting groups, without a window."""

from station.domain import Call, ElectionSetup
from station.domain.description import describe
from station.domain.election import voting_groups
from station.ui.operator.group_keys import GroupKeys

SETUP = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy", union="Nurses United", eligible=1,
    groups=voting_groups(["A=Professional", "B=Others"], ["A=3", "B=4"], sonotone=["A"]),
)  # fmt: skip


def test_g_then_a_key_switches_the_group() -> None:
    keys = GroupKeys(describe(SETUP))
    assert keys.current == "A"
    assert keys.press("G") is not None and keys.choosing
    step = keys.press("B")
    assert step is not None and step.switched == "B" and keys.current == "B"
    assert keys.press("Y") is None  # B has no question 1: Y is no key of its ballot


def test_a_sonotone_ballot_waits_for_both_answers_and_esc_drops_it() -> None:
    keys = GroupKeys(describe(SETUP), current="A")
    assert not keys.vote_allowed() and "Question 1" in keys.waiting_for()
    assert keys.press("N") is not None and keys.vote_allowed()
    assert keys.press("ESC") is not None and not keys.vote_allowed()
    keys.press("-")  # question 1 unmarked
    assert keys.vote_allowed() and keys.answer_for(Call.FOR) is None  # stored as always
    assert keys.answer_for(Call.VOID) == "blank"  # question 2 void, question 1 unmarked
    assert keys.taken() == "blank"
    keys.press("Y")
    assert keys.taken() == "yes" and not keys.vote_allowed()


def test_question_1_may_be_void_and_question_2_void_apart() -> None:
    keys = GroupKeys(describe(SETUP), current="A")
    assert keys.answer_for(Call.VOID) is None  # V before question 1: void whole
    assert "X void" in keys.waiting_for()
    keys.press("X")
    assert keys.vote_allowed() and keys.answer_for(Call.FOR) == "void"
    assert keys.answer_for(Call.VOID) is None  # both questions void: the ballot whole
    assert keys.answer_for(Call.CHALLENGE) is None  # sealed whole
    keys.taken()
    keys.press("Y")
    assert keys.answer_for(Call.VOID) == "yes"
