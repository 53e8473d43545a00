"""The operator window and the dashboard of a ballot of several unions, and of an RD case."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.challenges import Reason
from station.domain.description import Vote
from station.domain.piles import PileRef
from station.journal import Journal
from station.sheet.prepare import SheetRequest
from station.ui.dashboard.window import DashboardWindow
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow
from station.ui.operator.call_pad import CallPad
from station.ui.operator.challenge_register import ChallengeRegisterDialog
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from station.ui.operator.window import OperatorWindow
from tests.mail.helpers import VOTERS
from tests.ui.dashboard.helpers import new
from tests.ui.windows import THREE, key, open_window

RD = ElectionSetup.validated(
    case_number="10-RD-000017", employer="Acme", union="Local 1",
    petitioner="J. Worker", eligible=40, pile=0,
)  # fmt: skip


@pytest.fixture
def three(qtbot: QtBot, tmp_path: Path) -> Iterator[OperatorWindow]:
    path = tmp_path / "three.station"
    Journal.create(path, THREE)
    window = open_window(qtbot, path)
    yield window
    window.close()


def test_keys_one_to_nine_and_zero_record_each_choice(three: OperatorWindow) -> None:
    assert isinstance(three.pad, CallPad) and len(three.pad.union_buttons) == 2
    for qt_key in (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_2, Qt.Key.Key_0):
        key(three, qt_key)
    assert three.controller.count.choice_votes() == (1, 2, 1)
    assert [button.figure() for button in three.pad.union_buttons] == ["1", "2"]
    assert three.pad.buttons[Call.AGAINST].figure() == "1"
    # F and A record nothing here (no one union to be FOR), nor does a digit past the unions.
    for qt_key in (Qt.Key.Key_F, Qt.Key.Key_A, Qt.Key.Key_3, Qt.Key.Key_9):
        key(three, qt_key)
    assert three.controller.count.counted == 4
    assert three.recent.texts()[0] == "Ballot 4 for Neither"
    key(three, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert three.controller.count.choice_votes() == (1, 2, 0)
    assert three.recent.texts()[0].endswith("Ballot 4 for Neither \u2014 undone")


def test_a_disputed_vote_undone_and_redone_stays_challenged_in_the_window(
    three: OperatorWindow, qtbot: QtBot
) -> None:
    # A vote for the second union, disputed by the Employer (carried as challenged),
    # Ctrl+Z, Ctrl+Y: the window goes on, and so does every reader of the file.
    key(three, Qt.Key.Key_2)
    key(three, Qt.Key.Key_D)
    assert three.prompts.dispute.isVisible()
    key(three, Qt.Key.Key_E)
    key(three, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(three, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert three.controller.count.choice_votes() == (0, 0, 0)
    assert three.pad.buttons[Call.CHALLENGE].figure() == "1"
    assert [button.figure() for button in three.pad.union_buttons] == ["0", "0"]
    key(three, Qt.Key.Key_1)  # counting goes on
    assert three.controller.count.choice_votes() == (1, 0, 0)
    with Journal.open(three.controller.journal.path, read_only=True) as reader:
        tally = reader.fold().tally
    assert (tally.for_union, tally.challenged, tally.choices) == (1, 1, (1, 0, 0))


def test_after_c_a_unions_key_names_it_then_records_votes_again(
    three: OperatorWindow, qtbot: QtBot
) -> None:
    key(three, Qt.Key.Key_C)
    assert three.prompts.challenge.isVisible()
    key(three, Qt.Key.Key_0)  # Neither's key names no challenger: a vote, as ever
    assert three.controller.count.choice_votes() == (0, 0, 1)
    key(three, Qt.Key.Key_C)
    key(three, Qt.Key.Key_1)  # Machinists challenged, not a vote
    assert three.controller.count.choice_votes() == (0, 0, 1)
    key(three, Qt.Key.Key_I)  # the reason, by letter
    key(three, Qt.Key.Key_1)  # the party is named: a vote for Machinists again
    assert three.controller.count.choice_votes() == (1, 0, 1)
    last = three.controller.count.last_counting(Call.CHALLENGE)
    assert last is not None and last[1] == 3  # ballot 3
    challenge = three.controller.count.challenges.get(last[0])
    assert challenge is not None and challenge.party == "union 1"
    assert challenge.reason is not None and challenge.reason.value == "not on the eligibility list"
    for pressed in (Qt.Key.Key_C, Qt.Key.Key_S, Qt.Key.Key_2):  # the reason first: then votes
        key(three, pressed)
    assert three.controller.count.choice_votes() == (1, 1, 1)
    last = three.controller.count.last_counting(Call.CHALLENGE)
    assert last is not None
    challenge = three.controller.count.challenges.get(last[0])
    assert challenge is not None and challenge.party == "board agent"


def test_the_button_clicks_and_f1_name_the_choices(three: OperatorWindow, qtbot: QtBot) -> None:
    assert isinstance(three.pad, CallPad) and len(three.pad.union_buttons) == 2
    qtbot.mouseClick(three.pad.union_buttons[1], Qt.MouseButton.LeftButton)
    assert three.controller.count.choice_votes() == (0, 1, 0)
    help_text = three.help_overlay.listed()
    for words in (
        "record a vote for Machinists",
        "record a vote for Carpenters",
        "I / S / X / M / R / O",
    ):
        assert words in help_text
    assert "record a ballot FOR the union" not in help_text
    assert "Carpenters (Intervenor)" in three.election_label.text()


def test_the_dashboard_shows_every_choice_and_the_runoff(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "three.station"
    Journal.create(path, ElectionSetup(**{**_fields(THREE), "ballots": 12}))
    controller = CountController(Journal.open(path))
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    try:
        window.resize(1280, 720)
        for choice in (1, 1, 1, 1, 1, 2, 2, 2, 2):
            controller.record(Vote(Call.FOR, choice=choice))
        controller.record(Call.AGAINST)
        assert window.decision_label.text() == ""  # 5/4/1, 2 left: Neither could tie
        controller.record(Call.AGAINST)
        figures = window.choice_figures
        assert [figure.value() for figure in figures] == [5, 4, 2]
        assert window.race.segments() == (5 / 11, 4 / 11, 0.0, 2 / 11)
        assert window.flash.text() == "Ballot 11 for Neither"
        assert window.decision_label.text() == (
            "Result decided: no choice can have a majority — runoff between Machinists and"
            " Carpenters."
        )  # the last ballot can neither make a majority nor change the two
        controller.record(Call.AGAINST)
        assert window.challenges_label.text().startswith("Challenges are not sufficient")
        assert window.majority_label.text().startswith("No choice has received a majority")
        assert window.decision_label.text() == (
            "No choice has a majority — runoff between Machinists and Carpenters"
            ", held if no objections are filed, or once those filed are resolved (29 CFR 102.70(a))."
        )
        assert "Carpenters (Intervenor)" in window.parties_label.text()
    finally:
        controller.close()


def _fields(setup: ElectionSetup) -> dict[str, object]:
    return {name: getattr(setup, name) for name in setup.__dataclass_fields__}


def test_an_rd_case_names_the_union_by_its_role(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "rd.station"
    Journal.create(path, RD)
    window = open_window(qtbot, path)
    try:
        header = window.election_label.text()
        assert "Local 1 (Union)" in header and "J. Worker (Petitioner)" in header
        assert "Local 1 (Petitioner)" not in header
        register = ChallengeRegisterDialog(window.controller)
        qtbot.addWidget(register)
        labels = [register.party.itemText(i) for i in range(register.party.count())]
        assert "the Union (Local 1)" in labels
        assert not any("Petitioner (Local 1)" in label for label in labels)
        dashboard = DashboardWindow(ControllerFeed(window.controller))
        qtbot.addWidget(dashboard)
        parties = dashboard.parties_label.text()
        assert "Local 1 (Union)" in parties and "Local 1 (Petitioner)" not in parties
    finally:
        window.close()


def test_the_new_election_dialog_sets_up_several_unions(qtbot: QtBot) -> None:
    from station.ui.start.new_election import NewElectionDialog

    dialog = NewElectionDialog(create=lambda _path, _setup: None)
    qtbot.addWidget(dialog)
    dialog.case.setText("10-RD-000017")
    dialog.employer.setText("Acme")
    dialog.union.setText("Local 1")
    dialog.more_unions.setText("Workers United, SEIU; ")
    dialog.intervenors.setText("Carpenters")
    dialog.petitioner.setText("J. Worker")
    dialog.eligible.setText("40")
    setup = dialog.setup()
    assert setup.ballot.choices == ("Local 1", "Workers United, SEIU", "Carpenters", "Neither")
    assert [p.role.value for p in setup.ballot.parties] == [
        "Employer", "Petitioner", "Union", "Union", "Intervenor",
    ]  # fmt: skip
    # Each choice's ballots are piles of their own, and the dialog says so.
    dialog.pile.setValue(50)
    assert dialog.setup().pile == 50
    assert "a pile for each choice" in dialog.pile.toolTip()
    dialog.more_unions.setText("")
    dialog.intervenors.setText("")
    assert "each choice" not in dialog.pile.toolTip()  # one union: a pile of each call


def test_every_window_names_every_union(qtbot: QtBot, tmp_path: Path) -> None:
    """On a ballot of two unions the titles and the envelope window's header name both,
    not the first union only."""
    path = tmp_path / "three.station"
    Journal.create(path, THREE)
    window = open_window(qtbot, path)
    try:
        assert window.windowTitle().endswith("10-RC-000017 \u2014 Acme / Machinists / Carpenters")
        dashboard = DashboardWindow(ControllerFeed(window.controller))
        qtbot.addWidget(dashboard)
        assert dashboard.windowTitle().endswith("Acme / Machinists / Carpenters")
    finally:
        window.close()
    mail = tmp_path / "mail.station"
    two_unions_by_mail = ElectionSetup.validated(
        case_number="10-RC-269250", employer="Acme", union="Machinists",
        intervenors=["Carpenters"], eligible=6, pile=0, mail=True,
    )  # fmt: skip
    Journal.create(mail, two_unions_by_mail, VOTERS)
    envelopes = EnvelopeWindow(EnvelopeController(Journal.open(mail)))
    qtbot.addWidget(envelopes)
    try:
        assert envelopes.windowTitle().endswith("Acme / Machinists / Carpenters")
        header = envelopes.findChild(QLabel, "electionLabel")
        assert header is not None
        assert "Machinists (Petitioner); Carpenters (Intervenor)" in header.text()
        # Each union challenges as itself, by its own key, named in the prompt.
        qtbot.keyClicks(envelopes.search, "Ada Lovelace")
        for qt_key in (Qt.Key.Key_Return, Qt.Key.Key_C, Qt.Key.Key_2):
            qtbot.keyClick(envelopes.search, qt_key)
        prompt = envelopes.prompt.text()
        assert "<b>CHALLENGED</b> by Carpenters, reason:" in prompt
        assert (
            "<b>1</b> Machinists <b>2</b> Carpenters" in prompt and "<b>S</b> supervisor" in prompt
        )
    finally:
        envelopes.close()


def test_a_union_of_several_challenges_by_its_own_key(qtbot: QtBot, tmp_path: Path) -> None:
    """After C a union's vote key names it as the challenger; once named, the digits
    record votes again."""
    path = tmp_path / "three.station"
    new(path, "--case", "10-RC-301717", "--union", "U1", "--intervenor", "U2", "--eligible", "9")
    window = open_window(qtbot, path)
    for pressed in (Qt.Key.Key_1, Qt.Key.Key_C):
        qtbot.keyClick(window, pressed)
    assert "Esc first to record the next vote" in window.prompts.challenge.question.text()
    for pressed in (Qt.Key.Key_2, Qt.Key.Key_S, Qt.Key.Key_2):
        qtbot.keyClick(window, pressed)
    challenge = window.controller.count.challenges.get(window.controller.journal.head_seq - 3)
    assert challenge is not None and (challenge.party, challenge.reason) == (
        "union 2",
        Reason.SUPERVISOR,
    )
    assert window.controller.count.choice_votes() == (1, 1, 0)  # the last 2: a vote again
    assert "Ballot 2 CHALLENGED by U2: supervisor" in window.recent.texts()


def test_each_choice_has_its_own_piles_and_recount_prompt(qtbot: QtBot, tmp_path: Path) -> None:
    """Piles of 2: two Machinists votes fill the Machinists' pile, whatever the
    Carpenters hold; the question names the union, and Enter records its recount."""
    path = tmp_path / "piles.station"
    Journal.create(path, ElectionSetup(**{**_fields(THREE), "pile": 2}))
    window = open_window(qtbot, path)
    dashboard = DashboardWindow(ControllerFeed(window.controller))
    qtbot.addWidget(dashboard)
    try:
        window.prompts.pile_read_s = 0  # the agent has read the question
        machinists, carpenters = window.pad.union_buttons
        for qt_key in (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_0):
            key(window, qt_key)
        assert not window.prompts.pile.isVisible()  # FOR holds two, but of two unions
        assert machinists.pile() == carpenters.pile() == "pile 1: 1 of 2"
        key(window, Qt.Key.Key_1)
        prompt = window.prompts.pile
        assert prompt.isVisible()
        assert "Machinists pile 1 is full" in prompt.question.text()
        assert machinists.pile() == "pile 1: 2 of 2 \u2014 recount"
        assert carpenters.pile() == "pile 1: 1 of 2"
        assert dashboard.pile_label.text().startswith(
            "Machinists pile 1: 2 of 2 \u2014 recount \u00b7 Carpenters pile 1: 1 of 2"
            " \u00b7 Neither pile 1: 1 of 2"
        )
        key(window, Qt.Key.Key_Return)
        assert not prompt.isVisible()
        assert window.recent.texts()[0] == "Machinists pile 1 recounted: 2 of 2, confirmed"
        assert machinists.pile() == "pile 1: 2 of 2"
        key(window, Qt.Key.Key_0)
        assert "Neither pile 1 is full" in prompt.question.text()
        assert window.pad.buttons[Call.AGAINST].pile() == "pile 1: 2 of 2 \u2014 recount"
        asked: list[tuple[PileRef, int]] = []
        window.prompts.ask_pile_count = lambda ref, size: asked.append((ref, size))
        key(window, Qt.Key.Key_N)
        assert [(ref.name, size) for ref, size in asked] == [("Neither pile 1", 2)]
    finally:
        window.close()


def test_a_locked_count_shows_its_full_piles_not_recounted(qtbot: QtBot, tmp_path: Path) -> None:
    """A tally sheet locks the count, which asks for no recount until it is reopened:
    the dashboard says the full pile was not recounted, not that a recount is due."""
    path = tmp_path / "locked.station"
    Journal.create(path, ElectionSetup(**{**_fields(RD), "pile": 2}))
    window = open_window(qtbot, path)
    dashboard = DashboardWindow(ControllerFeed(window.controller))
    qtbot.addWidget(dashboard)
    try:
        key(window, Qt.Key.Key_F)
        key(window, Qt.Key.Key_F)
        assert dashboard.pile_label.text().startswith("FOR pile 1: 2 of 2 \u2014 recount")
        window.controller.prepare_sheet(SheetRequest(SheetKind.INTERIM, "R. Agent", [], None))
        assert not window.prompts.pile.isVisible()
        assert dashboard.pile_label.text().startswith("FOR pile 1: 2 of 2 \u2014 not recounted")
        assert window.pad.buttons[Call.FOR].pile() == "pile 1: 2 of 2 \u2014 not recounted"
        window.controller.reopen("count resumed")
        assert window.prompts.pile.isVisible()
        assert dashboard.pile_label.text().startswith("FOR pile 1: 2 of 2 \u2014 recount")
    finally:
        window.close()
