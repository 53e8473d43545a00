"""The operator's window: four call buttons, undo/redo, the count and the last calls."""

import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from station.domain import Action, Call, Change, SheetKind
from station.domain.describe import describe, election_words
from station.domain.description import Vote
from station.domain.description import describe as describe_election
from station.domain.group_statements import (
    counting_group_statement,
    group_figures_statement,
    group_key,
    group_vote_words,
    inclusion_statement,
    locked_unit_statement,
    locked_units_note,
    paused_group_statement,
    paused_groups_note,
    unit_statement,
)
from station.domain.groups import GroupTally, UnitResult, inclusion_settled
from station.domain.party_words import parties_title
from station.domain.resolution_statements import progress_statement
from station.domain.statements import (
    ALL_COUNTED,
    DASHBOARD_BEHIND,
    DASHBOARD_HAD_THE_KEYS,
    challenged_not_called,
    dashboard_full_screen,
    no_choice_statement,
    void_not_called,
)
from station.domain.table_statements import case_title
from station.domain.text import full_sentence
from station.domain.words import say
from station.journal import WriteFailed
from station.journal.chain import HEAD_DIGITS
from station.journal.times import backwards_statement
from station.ui.announce import announce, announce_rich
from station.ui.dashboard.window import DashboardWindow
from station.ui.language import fill
from station.ui.operator.call_pad import CallPad, call_word
from station.ui.operator.choice_pad import election_html
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from station.ui.operator.group_keys import ANSWER_KEYS, GroupKeys
from station.ui.operator.help_overlay import HelpOverlay, shortcuts_for
from station.ui.operator.key_guard import KeyRepeatGuard
from station.ui.operator.key_label import KeyFingerprint, KeyLabel, no_key
from station.ui.operator.keys_back import open_over, take_keys_back
from station.ui.operator.print_pdf import PdfOpener, PdfPrinter, no_viewer_statement
from station.ui.operator.prompts import CountPrompts
from station.ui.operator.recent_calls import RecentCallsList
from station.ui.operator.sheet_dialogs import PrepareSheetDialog, ReopenDialog
from station.ui.operator.sheet_flow import OPEN_LINK, PRINT_LINK, SheetFlow
from station.ui.operator.work_progress import WorkProgress

# About the time a window manager takes to map a new window.
MAPPED_MS = 250


class OperatorWindow(QMainWindow):
    """Where the operator records each call the Board agent makes aloud.

    Keys: F, A, C, V record a call; Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo; Ctrl+T
    prepares the tally sheet; Ctrl+E exports it; Ctrl+Q quits at once. A held-down key
    records one call (auto-repeat is ignored). Once a sheet is prepared the count is
    locked until it is reopened, with a reason, from the Count menu.

    Signals:
        new_election_requested(): the operator wants to set up a new election.
        open_requested(): the operator wants to open another election file.
        closing(): the window is closing (its placement may be saved now).
        dashboard_theme_changed(str): the operator switched the dashboard's theme.
        count_lost(str): an event was recorded that leaves a count that does not add up
            (says which); the file is to be shown read-only instead of this window.
    """

    new_election_requested = Signal()
    open_requested = Signal()
    closing = Signal()
    dashboard_theme_changed = Signal(str)
    count_lost = Signal(str)

    def __init__(
        self,
        controller: CountController,
        parent: QWidget | None = None,
        *,
        key_fingerprint: KeyFingerprint = no_key,  # app.py: the signing key's, handed in
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        controller.setParent(self)  # the count lives as long as its window
        setup = controller.setup
        self.setObjectName("operatorWindow")
        title = "Station \u2014 %1 \u2014 %2"
        if setup.is_demo:
            title = self.tr("DEMO \u2014 Station \u2014 %1 \u2014 %2")
        self.setWindowTitle(
            fill(title, case_title(setup), parties_title(setup.employer, setup.ballot))
        )

        self.election = describe_election(setup)
        self.election_label = QLabel(election_html(self.election))
        # Several parties, a runoff or a rerun named: two lines rather than a window wider
        # than the screen.
        self.election_label.setWordWrap(True)
        self.election_label.setObjectName("electionLabel")
        # Long names, and the revised count's progress line, wrap: a line too long for a
        # laptop's screen would widen the window past it.
        self.election_label.setWordWrap(True)
        self.demo_badge = QLabel(
            self.tr("DEMO \u2014 not a real election: a temporary file, for trying Station")
        )
        self.demo_badge.setObjectName("demoBadge")  # red, bold: operator.qss
        self.demo_badge.setVisible(setup.is_demo)
        self.progress_label = QLabel()
        self.progress_label.setObjectName("progressLabel")
        self.progress_label.setWordWrap(True)
        self.progress_bar = QProgressBar()
        self.progress_bar.setAccessibleName(self.tr("Ballots counted"))
        self.progress_bar.setTextVisible(False)
        self.valid_label = QLabel()
        self.valid_label.setObjectName("validLabel")
        self.next_step_label = QLabel()  # what to do once the box is counted
        self.next_step_label.setObjectName("nextStepLabel")
        self.next_step_label.setTextFormat(Qt.TextFormat.PlainText)

        self.error_banner = QLabel()
        self.error_banner.setObjectName("errorBanner")
        self.error_banner.setWordWrap(True)
        self.error_banner.setAccessibleName(self.tr("Recording error"))
        self.error_banner.hide()
        self.notice_banner = QLabel()
        self.notice_banner.setObjectName("noticeBanner")
        self.notice_banner.setWordWrap(True)
        self.notice_banner.setAccessibleName(self.tr("Count notice"))
        self.notice_banner.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.notice_banner.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the count keys stay here
        self.notice_banner.linkActivated.connect(self._on_notice_banner_link_activated)
        self.notice_banner.hide()
        self.notice_held = False  # the notice is hidden under the red banner, to come back
        # The PDF of the latest export, for Print and Open the PDF; how each is done
        # (a test, or a station without a desktop viewer, may replace them).
        self.exported_pdf: Path | None = None
        self.printer = PdfPrinter(self)
        self.printer.printed.connect(self._on_printer_printed)
        self.printer.failed.connect(self.show_error)
        self.opener = PdfOpener(self)
        self.opener.failed.connect(self.show_error)
        self.open_pdf: Callable[[Path], bool] = self.opener.open
        self.last_notice: str | None = None
        self.last_progress: WorkProgress | None = None  # the latest export's or check's
        self.prepare_dialog: PrepareSheetDialog | None = None
        self.reopen_dialog: ReopenDialog | None = None
        # Where an export goes; a test (or a future settings page) may replace it.
        self.sheet_flow = SheetFlow(self)
        self.choose_export_folder: Callable[[str], Path | None] = self.sheet_flow.ask_export_folder

        # A call is said before any question it raises (who challenged, a full pile's
        # recount): Qt calls slots in the order they were connected, the prompts' after.
        controller.changed.connect(self._say_change)
        self.prompts = CountPrompts(controller)
        # In an election of voting groups: the pile being counted (where the last ballot
        # was called, after a restart), shown large, and each group's figures.
        last = controller.count.next_undo()
        at = None if last is None else controller.count.groups.group_of(last[0])
        self.group_keys = GroupKeys(self.election, None if at is None else at.key)
        self.group_label = QLabel()
        self.group_label.setObjectName("groupLabel")
        self.group_label.setStyleSheet("font-size: 22pt; font-weight: bold;")
        self.group_waiting = QLabel()
        self.group_waiting.setObjectName("groupWaiting")
        self.group_figures = QLabel()
        self.group_figures.setObjectName("groupFigures")
        self.group_figures.setWordWrap(True)
        for label in (self.group_label, self.group_waiting, self.group_figures):
            label.setVisible(self.group_keys.active)
        # A button per choice on the ballot, and CHALLENGED and VOID.
        self.pad = CallPad(self.election, self._choice_votes)
        if self.group_keys.active:  # the group's lines take the height of the piles'
            self.pad.put_piles_beside_keys()
        self.recent = RecentCallsList()
        # The last calls name each vote's choice where FOR says too little, and who
        # challenged: "Ballot 12 for Teamsters Local 901".
        count = controller.count
        self.recent.words = election_words(
            self.election,
            lambda event: group_vote_words(event, count.votes.words(event), count.groups.group_of),
            lambda seq: group_key(count.groups.group_of(seq)),
        )
        self.undo_button = QPushButton(self.tr("\u21b6 Undo last call  (Ctrl+Z)"))
        self.redo_button = QPushButton(self.tr("\u21b7 Redo  (Ctrl+Shift+Z)"))
        for button in (self.undo_button, self.redo_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(56)
        # Shown while there is nothing to undo or redo (`_refresh_undo_redo`); else the call.
        self._undo_redo_tips = (
            self.tr("Take back the last call; the correction is recorded and shown"),
            self.tr("Put back the call just undone; recorded and shown"),
        )

        self.journal_label = QLabel()
        self.journal_label.setObjectName("journalLabel")
        self.key_label = KeyLabel(key_fingerprint)
        self.dashboard_note = QLabel()  # where the dashboard is, while it is open
        self.dashboard_note.setObjectName("dashboardNote")
        self.dashboard_note.hide()
        self.statusBar().addPermanentWidget(self.dashboard_note)
        self.statusBar().addPermanentWidget(self.key_label)
        self.statusBar().addPermanentWidget(self.journal_label)
        self.statusBar().showMessage(str(controller.journal.path))

        self._build_layout()
        self._build_actions()

        self.pad.call_requested.connect(self._on_pad_call_requested)
        self.undo_button.clicked.connect(self._on_undo_triggered)
        self.redo_button.clicked.connect(self._on_redo_triggered)
        controller.changed.connect(self._on_controller_changed)
        controller.write_failed.connect(self._on_controller_write_failed)
        controller.refused.connect(self._on_controller_refused)
        controller.count_lost.connect(self._on_controller_count_lost)

        self._closed = False
        self._refreshed_once = False  # the first refresh says nothing: nothing changed
        self._key_guard = KeyRepeatGuard()
        self.recent.show_changes(controller.recent)
        self._refresh()
        self._clock_warned = False
        self._warn_of_the_clock()  # set back since the file was last open

    def _build_layout(self) -> None:
        header = QVBoxLayout()
        header.addWidget(self.demo_badge)
        header.addWidget(self.election_label)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_label, 1)
        progress_row.addWidget(self.next_step_label)
        progress_row.addWidget(self.valid_label)
        header.addLayout(progress_row)
        header.addWidget(self.progress_bar)
        header.addWidget(self.group_label)
        header.addWidget(self.group_waiting)
        header.addWidget(self.group_figures)

        left = QVBoxLayout()
        left.addWidget(self.pad, 1)
        undo_row = QHBoxLayout()
        undo_row.addWidget(self.undo_button)
        undo_row.addWidget(self.redo_button)
        left.addLayout(undo_row)

        # The count's questions sit above the last calls, never above the call pad: a
        # question must not move or shrink the buttons while the operator counts.
        recent_box = QVBoxLayout()
        # Nor widen its column: the column's width is its share of the window, whatever
        # a question's buttons would like (they share the width they are given).
        for widget in (self.error_banner, self.notice_banner, self.prompts, self.recent):
            policy = widget.sizePolicy()
            policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
            widget.setSizePolicy(policy)
        # So do the red banner (a call NOT recorded, first, beside the keys the operator
        # watches) and the notices (a sheet prepared, exported, the count locked): above
        # the last calls, which give up the room they take, so that neither makes the
        # window taller than a laptop's screen.
        recent_box.addWidget(self.error_banner)
        recent_box.addWidget(self.notice_banner)
        recent_box.addWidget(self.prompts)
        title = QLabel(self.tr("Last calls"))
        title.setObjectName("sectionTitle")
        recent_box.addWidget(title)
        recent_box.addWidget(self.recent, 1)

        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(recent_box, 2)

        root = QVBoxLayout()
        root.addLayout(header)
        root.addLayout(body, 1)
        central = QWidget()
        central.setLayout(root)
        self.setCentralWidget(central)

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        new_action = self._action(
            self.tr("&New election\u2026"), [QKeySequence(QKeySequence.StandardKey.New)]
        )
        new_action.triggered.connect(self.new_election_requested)
        open_action = self._action(
            self.tr("&Open election file\u2026"), [QKeySequence(QKeySequence.StandardKey.Open)]
        )
        open_action.triggered.connect(self.open_requested)
        quit_action = self._action(self.tr("&Quit"), [QKeySequence("Ctrl+Q")])
        quit_action.triggered.connect(self.close)
        self.export_action = self._action(
            self.tr("&Export signed tally sheet\u2026"), [QKeySequence("Ctrl+E")]
        )
        self.export_action.triggered.connect(self._on_export_action_triggered)
        file_menu.addActions([new_action, open_action])
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        self.print_action = self._action(self.tr("&Print the exported tally sheet\u2026"), [])
        self.print_action.triggered.connect(self._on_print_action_triggered)
        self.open_pdf_action = self._action(self.tr("Open the exported &PDF"), [])
        self.open_pdf_action.triggered.connect(self._on_open_pdf_action_triggered)
        file_menu.addActions([self.print_action, self.open_pdf_action])
        self.refresh_exported()
        self.verify_action = self._action(self.tr("&Verify the record"), [])
        self.verify_action.setToolTip(
            self.tr("Check every event's hash chain, the replay and every sheet")
        )
        self.verify_action.triggered.connect(self._on_verify_action_triggered)
        file_menu.addAction(self.verify_action)
        file_menu.addSeparator()
        file_menu.addAction(quit_action)

        # The count's own keys are handled in keyPressEvent, not as QAction shortcuts,
        # so that one guard can refuse every kind of auto-repeat (see key_guard.py);
        # the menu shows them after a tab.
        count_menu = self.menuBar().addMenu(self.tr("&Count"))
        self.call_actions: dict[tuple[Call, int | None], QAction] = {}
        calls = [
            (choice.name if choice.label == choice.name else call_word(choice.call), *vote)
            for choice in self.election.ballot.choices
            for vote in [(choice.key, choice.vote)]
        ]
        calls += [
            (call_word(mark.call), mark.key, (mark.call, None)) for mark in self.election.marks
        ]
        for label, key, vote in calls:
            action = self._action(fill(self.tr("Record %1\t%2"), label, key), [])
            action.triggered.connect(lambda _checked=False, vote=vote: self._record(*vote))
            self.call_actions[vote] = action
            count_menu.addAction(action)
        count_menu.addSeparator()
        self.undo_action = self._action(self.tr("&Undo last call\tCtrl+Z"), [])
        self.undo_action.triggered.connect(self._on_undo_triggered)
        self.redo_action = self._action(self.tr("&Redo\tCtrl+Shift+Z, Ctrl+Y"), [])
        self.redo_action.triggered.connect(self._on_redo_triggered)
        count_menu.addActions([self.undo_action, self.redo_action])
        count_menu.addSeparator()
        self.dispute_action = self._action(self.tr("&Dispute the last call\u2026\tD"), [])
        self.dispute_action.triggered.connect(self.prompts.ask_dispute)
        self.register_action = self._action(
            self.tr("Challenge &register\u2026"), [QKeySequence("Ctrl+R")]
        )
        self.register_action.triggered.connect(self._on_register_triggered)
        count_menu.addActions([self.dispute_action, self.register_action])
        count_menu.addSeparator()
        self.pause_action = self._action(
            self.tr("&Pause count (interim tally)\u2026"), [QKeySequence("Ctrl+P")]
        )
        self.pause_action.triggered.connect(self._on_pause_action_triggered)
        self.prepare_action = self._action(
            self.tr("&Prepare tally sheet\u2026"), [QKeySequence("Ctrl+T")]
        )
        self.prepare_action.triggered.connect(self._on_prepare_action_triggered)
        self.reopen_action = self._action(
            self.tr("Re&open count\u2026"), [QKeySequence("Ctrl+Shift+P")]
        )
        self.reopen_action.triggered.connect(self._on_reopen_action_triggered)
        count_menu.addActions([self.pause_action, self.prepare_action, self.reopen_action])

        view_menu = self.menuBar().addMenu(self.tr("&View"))
        self.dashboard_action = self._action(
            self.tr("&Dashboard for observers"), [QKeySequence("F11")]
        )
        self.dashboard_action.setCheckable(True)
        self.dashboard_action.triggered.connect(self._on_dashboard_action_triggered)
        view_menu.addAction(self.dashboard_action)

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        # The keys are looked up to make sense of a refusal: its banner stays.
        self.help_action = self._action(
            self.tr("&Keyboard shortcuts"), [QKeySequence("F1")], clears_error=False
        )
        self.help_action.triggered.connect(self._on_help_triggered)
        help_menu.addAction(self.help_action)
        # The menu bar is left with the count keys' focus after a trip to it (see
        # `_leave_menu_bar`): on its Esc, when a menu closes, when one of its actions runs.
        self.menuBar().installEventFilter(self)
        self.menuBar().triggered.connect(self._leave_menu_bar_soon)
        for menu in (file_menu, count_menu, view_menu, help_menu):
            menu.aboutToHide.connect(self._leave_menu_bar_soon)
        self.help_overlay = HelpOverlay(self, shortcuts_for(self.election))
        self.dashboard: DashboardWindow | None = None
        for prompt in self.prompts.prompts():  # open or answered, the dashboard is told
            prompt.installEventFilter(self)
        # How the dashboard opens: the window that builds this one sets them from settings.
        self.dashboard_theme = "dark"
        self.dashboard_geometry: QByteArray | None = None

    def _action(
        self, text: str, shortcuts: list[QKeySequence], *, clears_error: bool = True
    ) -> QAction:
        action = QAction(text, self)
        if clears_error:
            # The operator moved on (Ctrl+N, Ctrl+T, a menu): a red banner about what
            # went before is stale. Connected first, it goes before the action's own
            # work, which may show a banner of its own.
            action.triggered.connect(self._on_action_taken)
        action.setShortcuts(shortcuts)
        # A held-down key must record one call, not a burst.
        action.setAutoRepeat(False)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(action)
        return action

    # -- keys -----------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """F, A, C, V record; Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo. Repeats are ignored."""
        command = self._command_for(event)
        if command is None:
            super().keyPressEvent(event)
            return
        event.accept()
        if self._key_guard.press(event.key(), event.timestamp(), event.isAutoRepeat()):
            command()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        self._key_guard.release(event.key(), event.timestamp(), event.isAutoRepeat())
        super().keyReleaseEvent(event)

    def _command_for(self, event: QKeyEvent) -> Callable[[], object] | None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        key = event.key()
        control = Qt.KeyboardModifier.ControlModifier
        # The key after G names a group, whatever is open: the challenge prompt's B
        # (the Board agent) is also a group's key, and G asked for a group.
        if self.group_keys.choosing and modifiers in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.ShiftModifier,
        ):
            group = _key_name(key)
            if group is not None:
                return lambda: self._on_group_key(group)
        # An open question takes its keys first: on a ballot of several unions a union's
        # vote key also names it as a challenger (the prompt says so).
        if modifiers == Qt.KeyboardModifier.NoModifier and self.prompts.answers(key):
            return lambda: self.prompts.handle_key(key)
        if self.group_keys.active and modifiers in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.ShiftModifier,
        ):
            name = _key_name(key)
            if name is not None and self._group_key_applies(name):
                return lambda: self._on_group_key(name)
        if modifiers == Qt.KeyboardModifier.NoModifier and (vote := self.pad.vote_for_key(key)):
            return lambda: self._record(*vote)
        if modifiers == Qt.KeyboardModifier.NoModifier and self.pad.names_no_choice(key):
            said = no_choice_statement(chr(key), self.pad.digit_choices)
            return lambda: self.show_error(said)
        if modifiers == Qt.KeyboardModifier.NoModifier and key == Qt.Key.Key_D:
            return self.prompts.ask_dispute
        if modifiers == control and key == Qt.Key.Key_Z:
            return self._on_undo_triggered
        if modifiers == control | Qt.KeyboardModifier.ShiftModifier and key == Qt.Key.Key_Z:
            return self._on_redo_triggered
        if modifiers == control and key == Qt.Key.Key_Y:
            return self._on_redo_triggered
        if (
            modifiers == Qt.KeyboardModifier.NoModifier
            and key == Qt.Key.Key_Escape
            and not self.error_banner.isHidden()
        ):
            return self.clear_error  # read: the red banner goes, nothing else changes
        return None

    # -- handlers -------------------------------------------------------------------

    def _record(self, call: Call, choice: int | None = None) -> None:
        if self.group_keys.active:
            self._record_in_group(call, choice)
            return
        self.prompts.call_key_pressed()
        self.controller.record(Vote(call, choice))

    def _record_in_group(self, call: Call, choice: int | None) -> None:
        """A call on a ballot of the current group: a Sonotone vote only once question 1
        is answered, and then both answers as one event (V after question 1: question 2
        void, question 1 as answered); V before it voids the ballot whole, C seals it."""
        keys = self.group_keys
        voted = call in (Call.FOR, Call.AGAINST)
        if voted and not keys.vote_allowed():
            self._on_controller_refused(fill(self.tr("%1 first"), keys.waiting_for()))
            return
        answer = keys.answer_for(call)
        self.prompts.call_key_pressed()
        if self.controller.record(Vote(call, choice, keys.current, answer)):
            keys.taken()  # the ballot is in the journal: the next one starts afresh
        self._refresh_groups()

    def _group_key_applies(self, name: str) -> bool:
        keys = self.group_keys
        if keys.choosing or name == "G":
            return True
        if name == "ESC":
            return keys.answer is not None
        return keys.sonotone and keys.answer is None and name in ANSWER_KEYS

    def _on_group_key(self, name: str) -> None:
        self.group_keys.press(name)
        self.clear_error()
        self._refresh()

    def _on_pad_call_requested(self, call: Call | tuple[Call, int]) -> None:
        self._record(*(call if isinstance(call, tuple) else (call, None)))

    def _on_undo_triggered(self) -> None:
        if self._nothing_to(self.controller.session.undo_target(), self.tr("Nothing to undo")):
            return
        self.controller.undo()

    def _on_redo_triggered(self) -> None:
        if self._nothing_to(self.controller.session.redo_target(), self.tr("Nothing to redo")):
            return
        self.controller.redo()

    def _nothing_to(self, target: object, words: str) -> bool:
        """Say `words` when an open count has no `target` to undo or redo: the key
        changes nothing on screen, and a screen reader's user would hear nothing at all.
        (A locked count's refusal is the session's, said as NOT RECORDED.)"""
        if target is not None or self.controller.locked_by is not None:
            return False
        announce(self, words)
        return True

    def toggle_dashboard(self) -> None:
        """Show the observers' dashboard, or hide it.

        On a screen of its own it is full screen. On this window's one screen it is a
        window of its own, and this one stays in front of it: the keys come here, so
        must the questions they open (the dashboard is shared in a video call, or
        brought forward with a click, and any key on it brings this window back).
        """
        if self.dashboard is None:
            # No parent: a window the window manager keeps above this one would hide
            # the questions while the keys still come here.
            self.dashboard = DashboardWindow(
                ControllerFeed(self.controller, self.key_label.fingerprint()),
                theme=self.dashboard_theme,
            )
            self.dashboard.saved_geometry = self.dashboard_geometry
            self.dashboard.dismiss_requested.connect(self._on_dashboard_dismiss_requested)
            self.dashboard.other_key_pressed.connect(self._on_dashboard_other_key_pressed)
            self.dashboard.theme_changed.connect(self.dashboard_theme_changed)
            self.dashboard.installEventFilter(self)  # shown or closed, the status says so
            self._tell_dashboard_of_questions()
        if self.dashboard.isVisible():
            self.dashboard.hide()
            self._take_keys_back()
        else:
            self.dashboard.operator_screen = self.screen().name()
            placement = self.dashboard.place()
            if not placement.full_screen:
                self._take_keys_back()
                # Once more when a window manager has mapped the dashboard, which it
                # may stack on top of everything after this first raise.
                QTimer.singleShot(MAPPED_MS, self, self._take_keys_back)
        self._refresh_dashboard_note()

    def _refresh_dashboard_note(self) -> None:
        """Say in the status bar where the dashboard is, while it is open."""
        dashboard = self.dashboard
        shown = dashboard is not None and dashboard.isVisible()
        self.dashboard_action.setChecked(shown)
        placement = None if dashboard is None else dashboard.placement
        if not shown or placement is None:
            self.dashboard_note.hide()
            return
        self.dashboard_note.setText(
            dashboard_full_screen(placement.screen or say("another screen"))
            if placement.full_screen
            else say(DASHBOARD_BEHIND)
        )
        self.dashboard_note.show()

    def _on_help_triggered(self) -> None:
        if self.help_overlay.isVisible():
            self.help_overlay.dismiss()
        else:
            self.help_overlay.show_over_parent()

    def _on_dashboard_action_triggered(self) -> None:
        self.toggle_dashboard()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.menuBar() and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape and QApplication.activePopupWidget() is None:
                self._leave_menu_bar(always=True)
                return True
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            if watched is self.dashboard:
                self._refresh_dashboard_note()
            elif watched in self.prompts.prompts():
                self._tell_dashboard_of_questions()
        return super().eventFilter(watched, event)

    def _leave_menu_bar_soon(self) -> None:
        """Once the menu that closes is gone (or the next one opened), `_leave_menu_bar`."""
        QTimer.singleShot(0, self, self._leave_menu_bar)

    def _leave_menu_bar(self, *, always: bool = False) -> None:
        """Take the focus from the menu bar when no menu of it is open or highlighted.

        The window keeps the focus on no control, so Qt has no widget to give it back
        to when the menu bar's keyboard mode ends: the bar would keep it, and the next
        V or F would open a menu instead of recording a call. Its first Esc closes a
        menu and leaves its name highlighted, as everywhere; the second leaves the bar.
        """
        bar = self.menuBar()
        if not bar.hasFocus() or QApplication.activePopupWidget() is not None:
            return
        if always or bar.activeAction() is None:
            bar.clearFocus()
            take_keys_back(self)

    def _tell_dashboard_of_questions(self) -> None:
        """Let the dashboard say a question waits here, for when it is brought in front
        of this window on one screen and hides it."""
        if self.dashboard is not None:
            waiting = any(not prompt.isHidden() for prompt in self.prompts.prompts())
            self.dashboard.set_operator_waiting(waiting)

    def _on_dashboard_dismiss_requested(self) -> None:
        dashboard = self.dashboard
        if dashboard is not None and not dashboard.isFullScreen():
            # On this window's screen: back to the count, the dashboard left open
            # behind (a video call may be sharing it); F11 here hides it.
            self._take_keys_back()
            return
        self.toggle_dashboard()

    def _on_dashboard_other_key_pressed(self) -> None:
        self._take_keys_back()
        self.show_error(say(DASHBOARD_HAD_THE_KEYS))

    def _on_controller_changed(self, change: Change) -> None:
        self.clear_error()
        if change.event.action in (Action.CALL, Action.DECIDE):
            # Counting goes on (a decision begins the revised count): the notice about
            # the sheet before is done.
            self.notice_banner.hide()
        elif change.event.action is Action.REOPEN:
            self._on_reopened(change)
        self.recent.add_change(change)
        self._refresh()
        self._warn_of_the_clock()

    def _say_change(self, change: Change) -> None:
        if change.event.action is Action.CALL:
            self.prompts.call_recorded()
        announce(self, describe(change, self.recent.words))  # the operator hears it done

    def _warn_of_the_clock(self) -> None:
        """Once: the station's clock was set back, so events are dated backwards."""
        went_back = self.controller.journal.clock_went_back
        if went_back is None or self._clock_warned:
            return
        self._clock_warned = True
        words = html.escape(full_sentence(backwards_statement(went_back)), quote=False)
        self.notify(
            fill(self.tr("<b>Warning:</b> %1 Check the clock."), f"{words[0].upper()}{words[1:]}")
        )

    def _on_register_triggered(self) -> None:
        # Imported on Ctrl+R: a count may never open the register (nor its dialogs).
        from station.ui.operator.challenge_register import ChallengeRegisterDialog

        dialog = ChallengeRegisterDialog(self.controller, self)
        self.register_dialog = dialog
        open_over(self, dialog)

    def _take_keys_back(self) -> None:
        # Once a window of ours over or beside this one goes away, the count keys come
        # back here at once (see keys_back.py).
        take_keys_back(self)

    def _on_pause_action_triggered(self) -> None:
        self.sheet_flow.prepare(interim=True)

    def _on_prepare_action_triggered(self) -> None:
        self.sheet_flow.prepare(interim=False)

    def _on_reopen_action_triggered(self) -> None:
        self.sheet_flow.reopen()

    def _on_export_action_triggered(self) -> None:
        self.sheet_flow.export()

    def _on_verify_action_triggered(self) -> None:
        self.sheet_flow.verify()

    def refresh_exported(self) -> None:
        """Print and Open the PDF act on the latest export made in this window."""
        for action in (self.print_action, self.open_pdf_action):
            action.setEnabled(self.exported_pdf is not None)

    def _on_notice_banner_link_activated(self, link: str) -> None:
        if link == PRINT_LINK:
            self._on_print_action_triggered()
        elif link == OPEN_LINK:
            self._on_open_pdf_action_triggered()

    def _on_print_action_triggered(self) -> None:
        if self.exported_pdf is not None:
            dialog = self.printer.ask(self.exported_pdf)
            dialog.finished.connect(self._take_keys_back)

    def _on_printer_printed(self, printer: str) -> None:
        self.notify(
            fill(
                self.tr("<b>Sent to %1:</b> the exported PDF, as signed."),
                html.escape(printer, quote=False),
            )
        )

    def _on_open_pdf_action_triggered(self) -> None:
        if self.exported_pdf is not None and not self.open_pdf(self.exported_pdf):
            self.show_error(no_viewer_statement(self.exported_pdf))

    def _on_reopened(self, change: Change) -> None:
        self.notify(f"<b>{html.escape(describe(change, self.recent.words), quote=False)}</b>")

    def notify(self, text: str) -> None:
        self.notice_held = False  # a newer notice than the one the banner hid
        self.clear_error()
        self.last_notice = text
        self.notice_banner.setText(text)
        self.notice_banner.show()
        announce_rich(self, text)

    def show_error(self, message: str) -> None:
        self._alarm(fill(self.tr("<b>Not done.</b> %1"), html.escape(message, quote=False)))

    def _on_controller_refused(self, message: str) -> None:
        reason = html.escape(full_sentence(message), quote=False)
        self._alarm(fill(self.tr("<b>NOT RECORDED:</b> %1"), reason))

    def _on_controller_count_lost(self, problem: str) -> None:
        # Recorded, but no count can be taken on from the file: the keys record nothing
        # more, and whoever opened this window shows the file read-only instead.
        self.pad.setEnabled(False)
        for action in self.call_actions.values():
            action.setEnabled(False)
        self._alarm(
            fill(self.tr("<b>THE COUNT CANNOT GO ON:</b> %1"), html.escape(problem, quote=False))
        )
        self.count_lost.emit(problem)

    def _on_controller_write_failed(self, error: WriteFailed) -> None:
        # The banner says NOT RECORDED itself: it shows the reason alone. After a colon
        # the reason reads as written: it may begin with a file's name, whose case is
        # the file's own, or with a word that is no sentence's first.
        reason = html.escape(full_sentence(error.reason), quote=False)
        self._alarm(
            fill(
                self.tr(
                    "<b>NOT RECORDED:</b> %1<br>The count did not change."
                    " Fix the problem, then make the call again."
                ),
                reason,
            )
        )

    def _alarm(self, text: str) -> None:
        """The red banner, with a beep: something the operator asked for was not done.

        It takes the notice's place above the last calls while it is shown: both at once
        (an export's notice names a long folder) would leave no room for the last calls
        on a laptop's screen. The notice comes back once the error is cleared.
        """
        if not self.notice_banner.isHidden():
            self.notice_held = True
            self.notice_banner.hide()
        self.error_banner.setText(text)
        self.error_banner.show()
        announce_rich(self, text, assertive=True)
        QApplication.beep()

    def _on_action_taken(self) -> None:
        self.clear_error()

    def clear_error(self) -> None:
        """The red banner gone (the operator acted again), the notice it hid back."""
        self.error_banner.hide()
        if self.notice_held:
            self.notice_held = False
            self.notice_banner.show()

    def _refresh(self) -> None:
        count = self.controller.count
        tally = count.tally
        group = self._current_group_tally()
        unit = self._locked_unit()
        if unit is not None:  # the count is locked: the buttons show a unit's figures
            unions = len(self.controller.setup.ballot.unions)
            self.pad.show_totals(
                {
                    Call.FOR: sum(unit.votes[:unions]),
                    Call.AGAINST: sum(unit.votes[unions:]),
                    Call.VOID: unit.void,
                    Call.CHALLENGE: unit.challenged,
                }
            )
            note = void_note = ""
        elif group is not None:  # the buttons show the pile being counted
            unions = len(self.controller.setup.ballot.unions)
            self.pad.show_totals(
                {
                    Call.FOR: sum(group.votes[:unions]),
                    Call.AGAINST: sum(group.votes[unions:]),
                    Call.VOID: group.void,
                    Call.CHALLENGE: group.challenged,
                }
            )
            note = challenged_not_called(group.sealed)
            void_note = void_not_called(group.void_envelopes)
        else:
            self.pad.show_totals(
                {
                    Call.FOR: tally.for_union,
                    Call.AGAINST: tally.against,
                    Call.VOID: tally.void,
                    # Line 6, as the dashboard and the sheet say it; the note names
                    # what of it is no ballot challenged here.
                    Call.CHALLENGE: tally.challenged,
                }
            )
            note = challenged_not_called(tally.sealed_envelopes, tally.opened_uncounted)
            void_note = void_not_called(tally.void_envelopes)
        self.pad.buttons[Call.CHALLENGE].set_note(note)
        self.pad.buttons[Call.VOID].set_note(void_note)
        self._refresh_piles()
        ballots = self.controller.setup.ballots
        bold = "<b>{}</b>".format
        self.progress_label.setText(progress_statement(count, ballots, strong=bold))
        progress = self._progress()
        self.progress_bar.setVisible(progress is not None)
        if progress is not None:
            done, total = progress
            self.progress_bar.setRange(0, total)
            self.progress_bar.setValue(min(done, total))
        self.valid_label.setText(fill(self.tr("Valid votes: <b>%1</b>"), f"{tally.valid:,}"))
        self._refresh_next_step(progress)
        self.sheet_flow.refresh_lock()
        journal = self.controller.journal
        self.journal_label.setText(
            fill(
                self.tr("events %1 · head %2"),
                f"{journal.head_seq:,}",
                journal.head_hash[:HEAD_DIGITS],
            )
        )
        self._refresh_undo_redo()
        self._refresh_groups()

    def _refresh_groups(self) -> None:
        """The group being counted, what its ballot waits for, and every group's and
        unit's figures (nothing in an election of one group)."""
        keys = self.group_keys
        if not keys.active or keys.current is None:
            return
        ballot = self.controller.setup.ballot
        specs = {spec.key: spec for spec in ballot.groups}
        tallies = self.controller.count.group_tallies()
        boxes = self.controller.count.group_boxes() or {}  # by mail: its envelopes'
        found = self.controller.count.unit_results(self.controller.setup.table is not None)
        unit = self._locked_unit()
        if unit is None:
            self.group_label.setText(counting_group_statement(specs[keys.current]))
            self.group_waiting.setText(keys.waiting_for())
        elif self._paused():  # ballots remain: no unit, and no pooling, is determined
            self.group_label.setText(paused_group_statement(specs[keys.current]))
            sonotone = any(spec.asks_inclusion for spec in ballot.groups)
            note = keys.waiting_for() if keys.choosing else paused_groups_note(sonotone)
            self.group_waiting.setText(note)
        else:
            self.group_label.setText(locked_unit_statement(unit, keys.current))
            # No ballot is begun on a locked count; G may still choose another unit.
            note = keys.waiting_for() if keys.choosing else locked_units_note(unit, len(found))
            self.group_waiting.setText(note)
        lines = [
            group_figures_statement(spec, tally, ballot.choice_words, boxes.get(spec.key))
            for spec, tally in zip(ballot.groups, tallies, strict=True)
        ]
        lines += [
            inclusion_statement(
                spec, tally, inclusion_settled(tally, self.controller.count.declared_complete)
            )
            for spec, tally in zip(ballot.groups, tallies, strict=True)
            if spec.asks_inclusion
        ]
        lines += [
            unit_statement(unit, ballot.choices, len(ballot.unions), incumbent=ballot.incumbent)
            for unit in found
        ]
        self.group_figures.setText("\n".join(lines))

    def _current_group_tally(self) -> GroupTally | None:
        """The figures of the group being counted (None in an election of one group)."""
        keys = self.group_keys
        if not keys.active:
            return None
        specs = self.controller.setup.ballot.groups
        tallies = self.controller.count.group_tallies()
        return next(t for spec, t in zip(specs, tallies, strict=True) if spec.key == keys.current)

    def _paused(self) -> bool:
        """Whether an interim sheet pauses the count (ballots remain)."""
        locked = self.controller.count.locked_by
        return locked is not None and locked.kind is SheetKind.INTERIM

    def _locked_unit(self) -> UnitResult | None:
        """Once the count is locked, in an election of voting groups: the unit the group
        last counted (or chosen with G) votes in, whose figures the buttons then show; a
        pile being counted is no result, and a pooled unit's figures are no group's."""
        keys = self.group_keys
        count = self.controller.count
        if not keys.active or count.locked_by is None:
            return None
        found = count.unit_results(self.controller.setup.table is not None)
        return next((unit for unit in found if keys.current in unit.groups), None)

    def _choice_votes(self) -> tuple[int, ...]:
        """Each choice's votes for the buttons: the locked count's unit's, the group's
        being counted, or the count's."""
        unit = self._locked_unit()
        if unit is not None:
            return unit.votes
        group = self._current_group_tally()
        return self.controller.count.choice_votes() if group is None else group.votes

    def _progress(self) -> tuple[int, int] | None:
        """Ballots counted of how many, as the progress line says: the box's, or in the
        revised count the ballots the decision ordered opened (None: the box is unknown)."""
        count = self.controller.count
        resolutions = count.resolutions
        if resolutions.original is not None:
            return resolutions.revised_calls(count), resolutions.ordered
        ballots = self.controller.setup.ballots
        return None if ballots is None else (count.tally.counted, ballots)

    def _refresh_next_step(self, progress: tuple[int, int] | None) -> None:
        """Once every ballot is counted, say what comes next (until a sheet locks the
        count, or an undo leaves a ballot uncounted again), on the progress line: a
        banner would move the call buttons."""
        done = (
            progress is not None
            and progress[0] >= progress[1] > 0
            and self.controller.locked_by is None
        )
        text = say(ALL_COUNTED) if done else ""
        if text and text != self.next_step_label.text() and self._refreshed_once:
            announce(self, text)  # the label takes no focus: said as it appears
        self.next_step_label.setText(text)
        self._refreshed_once = True

    def show_key(self) -> None:
        self.key_label.refresh()

    def _refresh_piles(self) -> None:
        """Each button's pile: the box's, or the pile of the group being counted (none
        under a locked count's unit of several groups: no one pile holds its figures)."""
        count = self.controller.count
        group = self.group_keys.current if self.group_keys.active else None
        unit = self._locked_unit()
        pooled = unit is not None and len(unit.groups) > 1
        for call, button in self.pad.buttons.items():
            button.set_pile("" if pooled else count.describe_pile(call, group))
        # A ballot of several unions: each union's button shows that union's pile.
        for number, button in enumerate(self.pad.union_buttons, 1):
            button.set_pile("" if pooled else count.describe_pile(Call.FOR, group, number))

    def _refresh_undo_redo(self) -> None:
        # Ctrl+Z and Ctrl+Shift+Z read the count's own stacks, through the session; it
        # only moves through the controller, which then emits `changed`: refreshing
        # there is enough.
        session = self.controller.session
        unlocked = self.controller.locked_by is None
        for widgets, target, tip in (
            ((self.undo_action, self.undo_button), session.undo_target(), self._undo_redo_tips[0]),
            ((self.redo_action, self.redo_button), session.redo_target(), self._undo_redo_tips[1]),
        ):
            for widget in widgets:
                widget.setEnabled(target is not None and unlocked)
            text = (
                None
                if target is None
                else fill(self.tr("%1 (ballot %2)"), call_word(target[1]), f"{target[2]:,}")
            )
            widgets[1].setToolTip(text or tip)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit at once: every call is already in the journal, so nothing is asked."""
        if self._closed:
            event.accept()
            return
        self._closed = True
        self.closing.emit()
        if self.dashboard is not None:
            self.dashboard.close()
            self.dashboard.deleteLater()  # a window of its own: not deleted with this one
        self.controller.close()
        event.accept()


def _key_name(key: int) -> str | None:
    """A key as the group keys name it: a capital letter, "-", "ESC"."""
    if key == Qt.Key.Key_Escape:
        return "ESC"
    if key == Qt.Key.Key_Minus:
        return "-"
    if Qt.Key.Key_A <= key <= Qt.Key.Key_Z:
        return chr(key)
    return None
