"""The operator's window: four call buttons, undo/redo, the count and the last calls."""

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from station.domain import Call, Change
from station.ui.call_pad import KEYS, CallPad
from station.ui.count_controller import CountController
from station.ui.dashboard import DashboardWindow
from station.ui.dashboard_feed import ControllerFeed
from station.ui.key_guard import KeyRepeatGuard
from station.ui.recent_calls import RecentCallsList


class OperatorWindow(QMainWindow):
    """Where the operator records each call the Board agent makes aloud.

    Keys: F, A, C, V record a call; Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo; Ctrl+Q
    quits at once. A held-down key records one call (auto-repeat is ignored).

    Signals:
        new_election_requested(): the operator wants to set up a new election.
        open_requested(): the operator wants to open another election file.
    """

    new_election_requested = Signal()
    open_requested = Signal()

    def __init__(self, controller: CountController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        controller.setParent(self)  # the count lives as long as its window
        setup = controller.setup
        self.setObjectName("operatorWindow")
        self.setWindowTitle(
            f"Station \u2014 {setup.case_number} \u2014 {setup.employer} / {setup.union}"
        )

        self.election_label = QLabel(
            f"<b>{_html(setup.case_number)}</b> &nbsp;·&nbsp; {_html(setup.employer)}"
            f" &nbsp;·&nbsp; Petitioner: {_html(setup.union)}"
        )
        self.election_label.setObjectName("electionLabel")
        self.progress_label = QLabel()
        self.progress_label.setObjectName("progressLabel")
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setVisible(setup.ballots is not None)
        self.valid_label = QLabel()
        self.valid_label.setObjectName("validLabel")

        self.error_banner = QLabel()
        self.error_banner.setObjectName("errorBanner")
        self.error_banner.setWordWrap(True)
        self.error_banner.setAccessibleName("Recording error")
        self.error_banner.hide()

        self.pad = CallPad()
        self.recent = RecentCallsList()
        self.undo_button = QPushButton("\u21b6 Undo last call  (Ctrl+Z)")
        self.redo_button = QPushButton("\u21b7 Redo  (Ctrl+Shift+Z)")
        for button in (self.undo_button, self.redo_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(56)
        self.undo_button.setToolTip("Take back the last call; the correction is recorded and shown")
        self.redo_button.setToolTip("Put back the call just undone; recorded and shown")

        self.journal_label = QLabel()
        self.journal_label.setObjectName("journalLabel")
        self.statusBar().addPermanentWidget(self.journal_label)
        self.statusBar().showMessage(str(controller.journal.path))

        self._build_layout()
        self._build_actions()

        self.pad.call_requested.connect(self._on_pad_call_requested)
        self.undo_button.clicked.connect(self._on_undo_triggered)
        self.redo_button.clicked.connect(self._on_redo_triggered)
        controller.changed.connect(self._on_controller_changed)
        controller.write_failed.connect(self._on_controller_write_failed)

        self._closed = False
        self._key_guard = KeyRepeatGuard()
        self.recent.show_changes(controller.recent)
        self._refresh()

    def _build_layout(self) -> None:
        header = QVBoxLayout()
        header.addWidget(self.election_label)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_label)
        progress_row.addStretch(1)
        progress_row.addWidget(self.valid_label)
        header.addLayout(progress_row)
        header.addWidget(self.progress_bar)

        left = QVBoxLayout()
        left.addWidget(self.pad, 1)
        undo_row = QHBoxLayout()
        undo_row.addWidget(self.undo_button)
        undo_row.addWidget(self.redo_button)
        left.addLayout(undo_row)

        recent_box = QVBoxLayout()
        title = QLabel("Last calls")
        title.setObjectName("sectionTitle")
        recent_box.addWidget(title)
        recent_box.addWidget(self.recent, 1)

        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(recent_box, 2)

        root = QVBoxLayout()
        root.addLayout(header)
        root.addWidget(self.error_banner)
        root.addLayout(body, 1)
        central = QWidget()
        central.setLayout(root)
        self.setCentralWidget(central)

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        new_action = self._action(
            "&New election\u2026", [QKeySequence(QKeySequence.StandardKey.New)]
        )
        new_action.triggered.connect(self.new_election_requested)
        open_action = self._action(
            "&Open election file\u2026", [QKeySequence(QKeySequence.StandardKey.Open)]
        )
        open_action.triggered.connect(self.open_requested)
        quit_action = self._action("&Quit", [QKeySequence("Ctrl+Q")])
        quit_action.triggered.connect(self.close)
        file_menu.addActions([new_action, open_action])
        file_menu.addSeparator()
        file_menu.addAction(quit_action)

        # The count's own keys are handled in keyPressEvent, not as QAction shortcuts,
        # so that one guard can refuse every kind of auto-repeat (see key_guard.py);
        # the menu shows them after a tab.
        count_menu = self.menuBar().addMenu("&Count")
        self.call_actions: dict[Call, QAction] = {}
        for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID):
            action = self._action(f"Record {call.label}\t{KEYS[call]}", [])
            action.triggered.connect(lambda _checked=False, call=call: self._record(call))
            self.call_actions[call] = action
            count_menu.addAction(action)
        count_menu.addSeparator()
        self.undo_action = self._action("&Undo last call\tCtrl+Z", [])
        self.undo_action.triggered.connect(self._on_undo_triggered)
        self.redo_action = self._action("&Redo\tCtrl+Shift+Z, Ctrl+Y", [])
        self.redo_action.triggered.connect(self._on_redo_triggered)
        count_menu.addActions([self.undo_action, self.redo_action])

        view_menu = self.menuBar().addMenu("&View")
        self.dashboard_action = self._action("&Dashboard for observers", [QKeySequence("F11")])
        self.dashboard_action.setCheckable(True)
        self.dashboard_action.triggered.connect(self._on_dashboard_action_triggered)
        view_menu.addAction(self.dashboard_action)
        self.dashboard: DashboardWindow | None = None

    def _action(self, text: str, shortcuts: list[QKeySequence]) -> QAction:
        action = QAction(text, self)
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
        if modifiers == Qt.KeyboardModifier.NoModifier and key in _CALL_KEYS:
            call = _CALL_KEYS[key]
            return lambda: self._record(call)
        if modifiers == control and key == Qt.Key.Key_Z:
            return self._on_undo_triggered
        if modifiers == control | Qt.KeyboardModifier.ShiftModifier and key == Qt.Key.Key_Z:
            return self._on_redo_triggered
        if modifiers == control and key == Qt.Key.Key_Y:
            return self._on_redo_triggered
        return None

    # -- handlers -------------------------------------------------------------------

    def _record(self, call: Call) -> None:
        self.controller.record(call)

    def _on_pad_call_requested(self, call: Call) -> None:
        self._record(call)

    def _on_undo_triggered(self) -> None:
        self.controller.undo()

    def _on_redo_triggered(self) -> None:
        self.controller.redo()

    def toggle_dashboard(self) -> None:
        """Show the observers' dashboard (on another screen if there is one), or hide it."""
        if self.dashboard is None:
            self.dashboard = DashboardWindow(ControllerFeed(self.controller), parent=self)
            self.dashboard.dismiss_requested.connect(self._on_dashboard_dismiss_requested)
        if self.dashboard.isVisible():
            self.dashboard.hide()
        else:
            self.dashboard.operator_screen = self.screen().name()
            self.dashboard.place()
        self.dashboard_action.setChecked(self.dashboard.isVisible())

    def _on_dashboard_action_triggered(self) -> None:
        self.toggle_dashboard()

    def _on_dashboard_dismiss_requested(self) -> None:
        self.toggle_dashboard()

    def _on_controller_changed(self, change: Change) -> None:
        self.error_banner.hide()
        self.recent.add_change(change)
        self._refresh()

    def _on_controller_write_failed(self, message: str) -> None:
        self.error_banner.setText(
            f"<b>NOT RECORDED.</b> {_html(message)}<br>The count did not change."
            " Fix the problem, then make the call again."
        )
        self.error_banner.show()
        QApplication.beep()

    def _refresh(self) -> None:
        count = self.controller.count
        tally = count.tally
        self.pad.show_totals(
            {
                Call.FOR: tally.for_union,
                Call.AGAINST: tally.against,
                Call.VOID: tally.void,
                Call.CHALLENGE: tally.challenged,
            }
        )
        ballots = self.controller.setup.ballots
        if ballots is None:
            self.progress_label.setText(f"<b>{tally.counted:,}</b> ballots counted")
        else:
            over = " \u2014 more than the ballots in the box!" if tally.counted > ballots else ""
            self.progress_label.setText(
                f"<b>{tally.counted:,}</b> of {ballots:,} ballots counted{over}"
            )
            self.progress_bar.setRange(0, ballots)
            self.progress_bar.setValue(min(tally.counted, ballots))
        self.valid_label.setText(f"Valid votes: <b>{tally.valid:,}</b>")
        journal = self.controller.journal
        self.journal_label.setText(f"events {journal.head_seq:,} · head {journal.head_hash[:12]}")
        self._refresh_undo_redo()

    def _refresh_undo_redo(self) -> None:
        # The stack only moves through the controller, which then emits `changed`:
        # refreshing there is enough, with no need to follow the stack's own signals.
        stack = self.controller.undo_stack
        for widgets, can, text in (
            ((self.undo_action, self.undo_button), stack.canUndo(), stack.undoText()),
            ((self.redo_action, self.redo_button), stack.canRedo(), stack.redoText()),
        ):
            for widget in widgets:
                widget.setEnabled(can)
            widgets[1].setToolTip(text)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit at once: every call is already in the journal, so nothing is asked."""
        if self._closed:
            event.accept()
            return
        self._closed = True
        if self.dashboard is not None:
            self.dashboard.close()
        self.controller.close()
        event.accept()


# Qt's key code of a capital letter is its character code (Qt.Key.Key_F == ord("F")).
_CALL_KEYS: dict[int, Call] = {ord(letter): call for call, letter in KEYS.items()}


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
