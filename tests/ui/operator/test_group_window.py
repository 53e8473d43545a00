"""Counting voting groups in the operator window: G and a key, the Sonotone ballot."""

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.journal import Journal
from station.ui.operator.window import OperatorWindow
from station.ui.screen_fit import FRAME_HEIGHT
from tests.groups_helpers import calls, new
from tests.kinds_helpers import station
from tests.ui.operator.helpers import SONOTONE
from tests.ui.windows import figures, key, open_window

SETUP = SONOTONE
K = Qt.Key


@pytest.fixture
def grouped(qtbot: QtBot, tmp_path: Path) -> Iterator[OperatorWindow]:
    path = tmp_path / "groups.station"
    Journal.create(path, SETUP)
    window = open_window(qtbot, path)
    yield window
    window.close()


def _tallies(window: OperatorWindow) -> list[tuple[object, ...]]:
    return [
        (t.votes, t.void, t.challenged, t.yes, t.no)
        for t in window.controller.count.group_tallies()
    ]


def test_a_sonotone_ballot_takes_two_keys_and_is_one_event(grouped: OperatorWindow) -> None:
    assert "Counting group A" in grouped.group_label.text()
    events = grouped.controller.journal.head_seq
    key(grouped, K.Key_F)  # question 1 first: nothing recorded
    assert grouped.controller.journal.head_seq == events
    said = grouped.error_banner.text()
    assert "Question 1" in said and said.startswith("<b>NOT RECORDED:</b>")
    assert "Not done" not in said  # said once, not twice
    key(grouped, K.Key_Y)
    assert "YES" in grouped.group_waiting.text()
    key(grouped, K.Key_F)
    assert grouped.controller.journal.head_seq == events + 1  # the whole ballot, one event
    key(grouped, K.Key_N)
    key(grouped, K.Key_Escape)  # drops the incomplete ballot
    key(grouped, K.Key_A)
    assert grouped.controller.journal.head_seq == events + 1
    key(grouped, K.Key_N)
    key(grouped, K.Key_A)
    key(grouped, K.Key_V)  # void whole
    assert _tallies(grouped)[0] == ((1, 1), 1, 0, 1, 1)
    assert grouped.recent.texts()[1] == "Ballot 2 AGAINST \u2014 group A, inclusion NO"
    key(grouped, K.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undoes the last ballot
    key(grouped, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _tallies(grouped)[0] == ((1, 0), 0, 0, 1, 0)
    assert figures(grouped)[Call.FOR] == "1"
    key(grouped, K.Key_G)
    key(grouped, K.Key_B)
    assert figures(grouped)[Call.FOR] == "0"  # the buttons show the pile being counted


def test_each_question_of_a_sonotone_ballot_may_be_void_apart(grouped: OperatorWindow) -> None:
    # Providence Health, 369 NLRB No. 78: marks in both boxes void that question only.
    events = grouped.controller.journal.head_seq
    key(grouped, K.Key_Y)
    key(grouped, K.Key_V)  # question 2 void: question 1 still answers yes
    key(grouped, K.Key_X)  # question 1 void
    key(grouped, K.Key_F)
    assert grouped.controller.journal.head_seq == events + 2  # one event a ballot
    (professionals, _) = grouped.controller.count.group_tallies()
    assert (professionals.votes, professionals.void) == ((1, 0), 1)
    assert (professionals.yes, professionals.no, professionals.inclusion_void) == (1, 0, 1)
    assert grouped.recent.texts()[:2] == [
        "Ballot 2 FOR \u2014 group A, inclusion VOID",
        "Ballot 1 VOID \u2014 group A, inclusion YES",
    ]
    assert (
        "inclusion yes 1 \u00b7 no 0 \u00b7 void 1 \u00b7 unmarked 0"
        in grouped.group_figures.text()
    )


def test_g_then_a_key_switches_the_group_and_a_restart_keeps_it(
    qtbot: QtBot, grouped: OperatorWindow
) -> None:
    key(grouped, K.Key_G)
    key(grouped, K.Key_B)
    assert "Counting group B" in grouped.group_label.text()
    key(grouped, K.Key_A)  # in B, A is AGAINST: no question 1 on its ballot
    key(grouped, K.Key_C)
    assert _tallies(grouped)[1] == ((0, 1), 0, 1, 0, 0)
    assert "B: FOR 0" in grouped.group_figures.text()
    path = grouped.controller.journal.path
    grouped.close()
    again = open_window(qtbot, path)
    try:
        assert "Counting group B" in again.group_label.text()
    finally:
        again.close()


def test_f1_lists_the_group_keys(grouped: OperatorWindow) -> None:
    from station.ui.operator.help_overlay import shortcuts_for

    keys = [row[0] for _, rows in shortcuts_for(grouped.election) for row in rows]
    assert "G, then A / B" in keys and "Y / N / X / -" in keys


def test_the_key_after_g_names_a_group_while_a_challenge_is_asked(
    grouped: OperatorWindow,
) -> None:
    key(grouped, K.Key_C)  # the challenge prompt asks who: B is the Board agent there
    key(grouped, K.Key_U)
    events = grouped.controller.journal.head_seq
    key(grouped, K.Key_G)
    key(grouped, K.Key_B)
    assert "Counting group B" in grouped.group_label.text()
    assert grouped.controller.journal.head_seq == events  # no challenger named by B


def test_the_last_ballot_of_a_unit_states_its_line_8_in_the_window(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from station.domain import Action

    path = tmp_path / "groups.station"
    Journal.create(path, SETUP)
    journal = Journal.open(path)
    journal.start_session()
    # Group A: 1 to 2, inclusion 1 yes to 2 no (a unit of its own); group B: 1 to 1.
    for call, answer in ((Call.FOR, "yes"), (Call.AGAINST, "no"), (Call.AGAINST, "no")):
        journal.append(Action.CALL, call, detail={"group": "A", "inclusion": answer})
    journal.append(Action.CALL, Call.VOID, detail={"group": "A"})
    for call in (Call.FOR, Call.AGAINST):
        journal.append(Action.CALL, call, detail={"group": "B"})
    journal.close()
    window = open_window(qtbot, path)
    try:
        assert "Unit B: not yet determined" in window.group_figures.text()
        key(window, K.Key_G)
        key(window, K.Key_B)
        key(window, K.Key_C)  # the last ballot of B's box, challenged by the Board agent
        key(window, K.Key_B)
        assert window.controller.count.group_tallies()[1].challenged == 1
        assert (
            "Unit B: challenges are sufficient to affect the result \u2014 no choice has a"
            " majority" in window.group_figures.text()
        )
    finally:
        window.close()


def test_a_call_past_its_groups_box_asks_first_though_the_whole_box_is_not_full(
    grouped: OperatorWindow,
) -> None:
    key(grouped, K.Key_G)
    key(grouped, K.Key_B)  # group B's box holds 3 of the 7 ballots
    for call in (K.Key_F, K.Key_A, K.Key_C):
        key(grouped, call)
    events = grouped.controller.journal.head_seq
    key(grouped, K.Key_F)  # a fourth ballot in B: most likely group A's, called in B's pile
    prompt = grouped.prompts.over_count
    assert prompt.isVisible() and grouped.controller.journal.head_seq == events
    assert (
        "all 3 ballots in group B's box are counted; this FOR would be ballot 4 of group B"
        in prompt.question.text()
    )
    key(grouped, K.Key_Escape)
    assert _tallies(grouped)[1] == ((1, 1), 0, 1, 0, 0)
    key(grouped, K.Key_F)
    key(grouped, K.Key_Y)  # the agent confirms: recorded in B, with the confirmation
    assert _tallies(grouped)[1] == ((2, 1), 0, 1, 0, 0)
    record = grouped.controller.journal.last_records(1)[0]
    assert record.details() == {"group": "B", "over_count": True}
    key(grouped, K.Key_G)
    key(grouped, K.Key_A)  # group A's box is not full: no question
    key(grouped, K.Key_Y)
    key(grouped, K.Key_F)
    assert not prompt.isVisible() and _tallies(grouped)[0] == ((1, 0), 0, 0, 1, 0)


def test_each_groups_box_has_its_own_piles_and_recount_prompt(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "piles.station"
    Journal.create(path, replace(SETUP, pile=2))
    window = open_window(qtbot, path)
    try:
        window.prompts.pile_read_s = 0  # the agent has read the question
        key(window, K.Key_G)
        key(window, K.Key_B)
        key(window, K.Key_A)
        pile = window.pad.buttons[Call.AGAINST]
        assert pile.pile() == "pile 1: 1 of 2"
        key(window, K.Key_G)
        key(window, K.Key_A)  # group A: its own AGAINST pile, still empty
        assert pile.pile() == "pile 1: 0 of 2"
        key(window, K.Key_N)
        key(window, K.Key_A)  # one of A's AGAINST: the count's AGAINST are two in all
        assert not window.prompts.pile.isVisible()
        key(window, K.Key_G)
        key(window, K.Key_B)
        key(window, K.Key_A)  # B's second AGAINST fills B's pile 1
        prompt = window.prompts.pile
        assert prompt.isVisible()
        assert "Group B AGAINST pile 1 is full" in prompt.question.text()
        assert pile.pile() == "pile 1: 2 of 2 \u2014 recount"
        key(window, K.Key_Return)
        assert not prompt.isVisible()
        assert window.recent.texts()[0] == "Group B AGAINST pile 1 recounted: 2 of 2, confirmed"
        assert pile.pile() == "pile 1: 2 of 2"
    finally:
        window.close()


@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        # Question 1 yes: one unit of both groups, whichever group was counted last.
        ("yes", {"A": ("Unit A + B", "27", "17", "1", "2"), "B": ("Unit A + B", "27", "17", "1", "2")}),
        # No: each group its own unit, each shown when its group is chosen with G.
        ("no", {"A": ("Unit A", "7", "4", "0", "1"), "B": ("Unit B", "20", "13", "1", "1")}),
    ],
)  # fmt: skip
def test_once_locked_the_big_figures_are_the_units(
    qtbot: QtBot, tmp_path: Path, answer: str, shown: dict[str, tuple[str, ...]]
) -> None:
    path = tmp_path / "locked.station"
    new(path, "--sonotone", "A", "--pile", "0")
    calls(
        path,
        *[("A", Call.FOR, answer)] * 7, *[("A", Call.AGAINST, answer)] * 4,
        ("A", Call.CHALLENGE, None), *[("B", Call.FOR, None)] * 20,
        *[("B", Call.AGAINST, None)] * 13, ("B", Call.VOID, None), ("B", Call.CHALLENGE, None),
    )  # fmt: skip
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    window = open_window(qtbot, path)
    try:
        for group in ("B", "A"):  # B's ballot was called last; then G and A
            if group == "A":
                key(window, K.Key_G)
                key(window, K.Key_A)
            unit, *numbers = shown[group]
            assert window.group_label.text().startswith(f"{unit} \u2014 ")
            assert "The count is locked" in window.group_waiting.text()
            calls_shown = (Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE)
            assert [figures(window)[call] for call in calls_shown] == numbers
    finally:
        window.close()


def test_paused_by_an_interim_tally_the_big_figures_are_the_groups_never_pooled(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Question 1 leans yes at the pause, but ballots remain: whether the groups are
    pooled is not yet determined, so the window shows each group's own figures and says
    so, as the signed interim sheet does."""
    path = tmp_path / "paused.station"
    new(path, "--sonotone", "A", "--pile", "0")
    calls(
        path,
        ("A", Call.CHALLENGE, None), ("A", Call.CHALLENGE, None), ("A", Call.FOR, "yes"),
        ("B", Call.AGAINST, None), ("B", Call.VOID, None),
    )  # fmt: skip
    assert station("sign", path, "--agent", "R. Agent", "--interim").returncode == 0
    window = open_window(qtbot, path)
    try:
        calls_shown = (Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE)
        for group, numbers in (("B", ["0", "1", "1", "0"]), ("A", ["1", "0", "0", "2"])):
            if group == "A":
                key(window, K.Key_G)
                key(window, K.Key_A)
            assert window.group_label.text().startswith(f"Group {group} \u2014 ")
            note = window.group_waiting.text()
            assert note.startswith("Paused") and "pooled is not yet determined" in note
            assert "Unit A + B" not in window.group_figures.text()
            assert [figures(window)[call] for call in calls_shown] == numbers
    finally:
        window.close()


def test_a_groups_pile_shares_its_key_line_and_the_window_fits_a_laptop(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The group's lines above the pad take the height a pile line of its own would need:
    each button says its pile on its key's line, and the window asks no more height than
    a 1280x720 screen has under its title bar."""
    path = tmp_path / "piles.station"
    Journal.create(path, replace(SETUP, pile=100))
    window = open_window(qtbot, path)
    try:
        key(window, K.Key_G)
        key(window, K.Key_B)
        key(window, K.Key_A)
        button = window.pad.buttons[Call.AGAINST]
        line = button.findChild(QLabel, "callKey")
        assert line is not None and line.text() == "pile 1: 1 of 100 \u00b7 key A"
        assert button.pile() == "pile 1: 1 of 100"
        assert window.minimumSizeHint().height() <= 720 - FRAME_HEIGHT
    finally:
        window.close()


def test_a_call_not_recorded_is_shown_beside_the_keys_and_the_notice_comes_back(
    grouped: OperatorWindow,
) -> None:
    """F before the Sonotone question's answer is refused: the red banner sits beside the
    call pad, in the notice's place, so the window stays within a laptop's screen; once
    the operator acts again the notice it covered is back."""
    grouped.notify("<b>Exported</b> the interim tally into a folder")
    height = grouped.height()
    key(grouped, K.Key_F)
    assert grouped.error_banner.isVisible() and "Question 1" in grouped.error_banner.text()
    assert grouped.notice_banner.isHidden()
    banner = grouped.error_banner.mapTo(grouped, grouped.error_banner.rect().topLeft())
    pad = grouped.pad.mapTo(grouped, grouped.pad.rect().topRight())
    assert banner.x() > pad.x() and banner.y() <= pad.y()  # beside the pad, level with it
    assert grouped.height() == height
    key(grouped, K.Key_Y)
    assert grouped.error_banner.isHidden()
    assert grouped.notice_banner.isVisible() and "Exported" in grouped.notice_banner.text()
