"""The keyboard overlay (F1): every key of the operator window on one sheet over the count."""

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QVBoxLayout, QWidget
from shiboken6 import isValid

from station.domain.challenges import REASON_KEYS
from station.domain.description import Election

Shortcuts = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]

# The reasons of a challenge: the same letters on every ballot (challenges.REASON_KEYS).
REASON_ROWS = (
    (
        f"after C: {' / '.join(letter for letter, _ in REASON_KEYS)}",
        "why: I not on the list (ineligible), S supervisor, X no longer employed,",
    ),
    ("", "M signature or name mismatch, R envelope damaged or opened, O other"),
)

# What each key does, in the order a count uses them. Keep in step with
# OperatorWindow._command_for, its menu actions and CountPrompts: a test checks that
# every shortcut of the window's actions is listed here.
SHORTCUTS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Calls",
        (
            ("F", "record a ballot FOR the union"),
            ("A", "record a ballot AGAINST the union"),
            ("C", "record a CHALLENGED ballot (sealed, not opened)"),
            ("V", "record a VOID ballot"),
            ("Ctrl+Z", "undo the last call (recorded as a visible correction)"),
            ("Ctrl+Shift+Z, Ctrl+Y", "redo the call just undone"),
        ),
    ),
    (
        "Questions (answer any time, or go on counting)",
        (
            ("after C: E / U / B", "who challenged: the Employer, the Union, the Board agent"),
            *REASON_ROWS,
            ("D, then E / U", "a party disputes the last call: it becomes CHALLENGED"),
            ("D, then 1 / 2", "… or it stays as called, the dispute noted (J join, W withdraw)"),
            ("Enter / N", "a full pile's recount holds exactly N / found another number"),
            ("Y / Esc", "record / do not record a call beyond the ballots in the box"),
            ("Esc", "close the challenge question (the challenge stays; Ctrl+R answers it)"),
        ),
    ),
    (
        "The count",
        (
            ("Ctrl+R", "the challenge register: parties, reasons, settled, the decision"),
            ("Ctrl+P", "pause the count with an interim tally (e.g. overnight)"),
            ("Ctrl+Shift+P", "resume a paused count / reopen a locked one (with a reason)"),
            ("Ctrl+T", "prepare the tally sheet: records it and locks the count"),
            ("Ctrl+E", "export the latest sheet, signed, into a new folder"),
        ),
    ),
    (
        "Windows and files",
        (
            ("F11", "the observers' dashboard (T there switches dark / light)"),
            ("Ctrl+N", "set up a new election"),
            ("Ctrl+O", "open an election file"),
            ("Ctrl+Q", "quit at once: every call is already on disk"),
            ("F1", "show or hide this help (Esc hides it too)"),
        ),
    ),
)


def shortcuts_for(election: Election) -> Shortcuts:
    """F1's keys for this election: a key per choice, per challenger and per party, as
    the description declares them; the rest as `SHORTCUTS` lists them."""
    calls, questions, *rest = SHORTCUTS
    votes = [
        (choice.key, f"record a ballot {choice.label} the union")
        if choice.label in ("FOR", "AGAINST")
        else (choice.key, f"record a vote for {choice.name}")
        for choice in election.ballot.choices
    ]
    marks = tuple(row for row in calls[1] if row[0] not in ("F", "A"))
    challengers = election.challengers
    parties = [challenger for challenger in challengers if challenger.is_party]
    who = (
        f"after C: {' / '.join(c.key for c in challengers)}",
        f"who challenged: {', '.join(c.in_sentence for c in challengers)}",
    )
    reasons = REASON_ROWS
    dispute = (
        (
            f"D, then {' / '.join(p.key for p in parties)}",
            "a party disputes the last call: it becomes CHALLENGED",
        ),
        (
            f"D, then {' / '.join(election.as_called_keys)}",
            "… or it stays as called, the dispute noted (a party's key or J joins, W withdraws)",
        ),
    )
    grouped = [group for group in election.groups if group.key is not None]
    groups: tuple[tuple[str, str], ...] = ()
    if grouped:
        groups = (
            (
                f"G, then {' / '.join(str(group.key) for group in grouped)}",
                "count the pile of another voting group",
            ),
        )
        if any(len(group.questions) > 1 for group in grouped):
            groups += (
                (
                    "Y / N / -",
                    "a Sonotone ballot's question 1 (yes, no, unmarked), then its vote;"
                    " Esc drops the unfinished ballot",
                ),
            )
    return (
        (calls[0], (*groups, *votes, *marks)),
        (questions[0], (who, *reasons, *dispute, *questions[1][5:])),
        *rest,
    )


def shortcuts_html(shortcuts: Shortcuts = SHORTCUTS) -> str:
    """The overlay's text: one table, a heading per group."""
    rows: list[str] = []
    for title, keys in shortcuts:
        rows.append(f'<tr><td colspan="2"><h3>{title}</h3></td></tr>')
        for key, meaning in keys:
            rows.append(
                f'<tr><td align="right" style="padding-right: 18px;"><b>{key}</b></td>'
                f"<td>{meaning}</td></tr>"
            )
    return "<table cellspacing='2'>" + "".join(rows) + "</table>"


class HelpOverlay(QFrame):
    """A dark sheet over the whole window listing every key; any key or click closes it.

    It follows its parent's size. While it is up, keys go to it, so a key pressed to
    dismiss it never records a call. Once hidden (however) it hands the focus back to
    where it was, and never takes a key: the count keys work again at once.

    Signals:
        dismissed(): the user closed the overlay.
    """

    dismissed = Signal()

    def __init__(self, parent: QWidget, shortcuts: Shortcuts = SHORTCUTS) -> None:
        super().__init__(parent)
        self.setObjectName("helpOverlay")
        self.setAccessibleName("Keyboard shortcuts")
        self.setStyleSheet(
            "QFrame#helpOverlay { background: #111827; }"
            " QLabel { color: #f9fafb; font-size: 16px; }"
            " QLabel#helpTitle { font-size: 24px; font-weight: bold; }"
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        title = QLabel("Keyboard shortcuts")
        title.setObjectName("helpTitle")
        self.text = QLabel(shortcuts_html(shortcuts))
        self.text.setTextFormat(Qt.TextFormat.RichText)
        hint = QLabel("Press any key or click to go back to the count.")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 32, 48, 32)
        layout.addWidget(title, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.text, 1, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(hint, 0, Qt.AlignmentFlag.AlignHCenter)
        parent.installEventFilter(self)
        # Where the focus was before the overlay took it; often None (the window's own
        # keyPressEvent then gets the keys).
        self._focus_before: QWidget | None = None
        self.hide()

    def show_over_parent(self) -> None:
        parent = self.parentWidget()
        assert parent is not None
        if not self.isVisible():
            before = QApplication.focusWidget()
            self._focus_before = None if before is self else before
        self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def dismiss(self) -> None:
        if self.isVisible():
            self.hide()
            self.dismissed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            isinstance(watched, QWidget)
            and watched is self.parentWidget()
            and event.type() == QEvent.Type.Resize
        ):
            self.setGeometry(watched.rect())
        return False

    def hideEvent(self, event: QHideEvent) -> None:
        # Qt moves the focus off a hidden widget only to another widget that takes the
        # focus; the operator window has none (its buttons take no focus), so the hidden
        # overlay kept it and swallowed every count key until the window was restarted.
        if self.hasFocus():
            self.clearFocus()
            before, self._focus_before = self._focus_before, None
            if before is not None and isValid(before) and before.isVisible():
                before.setFocus(Qt.FocusReason.OtherFocusReason)
        super().hideEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.isVisible():
            event.ignore()  # not ours: on to the window, whose keys record the calls
            return
        event.accept()
        if event.key() != Qt.Key.Key_F1:  # F1 is the window's action: it toggles
            self.dismiss()

    def mousePressEvent(self, event: object) -> None:
        self.dismiss()
