"""The keyboard overlay (F1): every key of the operator window on one sheet over the count."""

import math

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont, QHideEvent, QKeyEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget
from shiboken6 import isValid

from station.domain.challenges import REASON_KEYS
from station.domain.description import Election, in_sentence_words
from station.ui.language import QT_TRANSLATE_NOOP, fill

Shortcuts = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]

# The reasons of a challenge: the same letters on every ballot (challenges.REASON_KEYS).
REASON_ROWS = (
    (
        f"after C: {' / '.join(letter for letter, _ in REASON_KEYS)}",
        QT_TRANSLATE_NOOP(
            "HelpOverlay",
            "why: I not on the list (ineligible), S supervisor, X no longer employed,",
        ),
    ),
    (
        "",
        QT_TRANSLATE_NOOP(
            "HelpOverlay", "M signature or name mismatch, R envelope damaged or opened, O other"
        ),
    ),
)

# What each key does, in the order a count uses them. Keep in step with
# OperatorWindow._command_for, its menu actions and CountPrompts: a test checks that
# every shortcut of the window's actions is listed here. The words are said in the
# window's language by `shortcuts_for` (marked here for pyside6-lupdate).
SHORTCUTS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        QT_TRANSLATE_NOOP("HelpOverlay", "Calls"),
        (
            ("F", QT_TRANSLATE_NOOP("HelpOverlay", "record a ballot FOR the union")),
            ("A", QT_TRANSLATE_NOOP("HelpOverlay", "record a ballot AGAINST the union")),
            (
                "C",
                QT_TRANSLATE_NOOP("HelpOverlay", "record a CHALLENGED ballot (sealed, not opened)"),
            ),
            ("V", QT_TRANSLATE_NOOP("HelpOverlay", "record a VOID ballot")),
            (
                "Ctrl+Z",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "undo the last call (recorded as a visible correction)"
                ),
            ),
            ("Ctrl+Shift+Z, Ctrl+Y", QT_TRANSLATE_NOOP("HelpOverlay", "redo the call just undone")),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpOverlay", "Questions (answer any time, or go on counting)"),
        (
            ("after C: E / U / B", "who challenged: the Employer, the Union, the Board agent"),
            *REASON_ROWS,
            ("D, then E / U", "a party disputes the last call: it becomes CHALLENGED"),
            ("D, then 1 / 2", "… or it stays as called, the dispute noted (J join, W withdraw)"),
            (
                QT_TRANSLATE_NOOP("HelpOverlay", "Enter / N"),
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "a full pile's recount holds exactly N / found another number"
                ),
            ),
            (
                "Y / Esc",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "record / do not record a call beyond the ballots in the box"
                ),
            ),
            (
                "Esc",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay",
                    "close the challenge question (the challenge stays; Ctrl+R answers it)",
                ),
            ),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpOverlay", "The count"),
        (
            (
                "Ctrl+R",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "the challenge register: parties, reasons, settled, the decision"
                ),
            ),
            (
                "Ctrl+P",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "pause the count with an interim tally (e.g. overnight)"
                ),
            ),
            (
                "Ctrl+Shift+P",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "resume a paused count / reopen a locked one (with a reason)"
                ),
            ),
            (
                "Ctrl+T",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "prepare the tally sheet: records it and locks the count"
                ),
            ),
            (
                "Ctrl+E",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay", "export the latest sheet, signed, into a new folder"
                ),
            ),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpOverlay", "Windows and files"),
        (
            (
                "F11",
                QT_TRANSLATE_NOOP(
                    "HelpOverlay",
                    "the observers' dashboard: full screen on a second screen, else a window"
                    " behind this one (any key there comes back here; T: dark / light)",
                ),
            ),
            ("Ctrl+N", QT_TRANSLATE_NOOP("HelpOverlay", "set up a new election")),
            ("Ctrl+O", QT_TRANSLATE_NOOP("HelpOverlay", "open an election file")),
            (
                "Ctrl+Q",
                QT_TRANSLATE_NOOP("HelpOverlay", "quit at once: every call is already on disk"),
            ),
            ("F1", QT_TRANSLATE_NOOP("HelpOverlay", "show or hide this help (Esc hides it too)")),
        ),
    ),
)


def _said(text: str) -> str:
    """One of the texts marked above, in the window's language."""
    return QCoreApplication.translate("HelpOverlay", text) if text else text


def shortcuts_for(election: Election) -> Shortcuts:
    """F1's keys for this election, in the window's language: a key per choice, per
    challenger and per party, as the description declares them; the rest as
    `SHORTCUTS` lists them."""
    calls, questions, *rest = SHORTCUTS

    votes = [
        (choice.key, QCoreApplication.translate("HelpOverlay", "record a ballot FOR the union"))
        if choice.label == "FOR"
        else (
            choice.key,
            QCoreApplication.translate("HelpOverlay", "record a ballot AGAINST the union"),
        )
        if choice.label == "AGAINST"
        else (
            choice.key,
            fill(QCoreApplication.translate("HelpOverlay", "record a vote for %1"), choice.name),
        )
        for choice in election.ballot.choices
    ]
    marks = tuple((key, _said(words)) for key, words in calls[1] if key not in ("F", "A"))
    challengers = election.challengers
    parties = [challenger for challenger in challengers if challenger.is_party]
    who = (
        fill(
            QCoreApplication.translate("HelpOverlay", "after C: %1"),
            " / ".join(c.key for c in challengers),
        ),
        fill(
            QCoreApplication.translate("HelpOverlay", "who challenged: %1"),
            ", ".join(in_sentence_words(c.in_sentence) for c in challengers),
        ),
    )
    reasons = (
        (
            fill(
                QCoreApplication.translate("HelpOverlay", "after C: %1"),
                " / ".join(letter for letter, _ in REASON_KEYS),
            ),
            _said(REASON_ROWS[0][1]),
        ),
        ("", _said(REASON_ROWS[1][1])),
    )
    dispute = (
        (
            fill(
                QCoreApplication.translate("HelpOverlay", "D, then %1"),
                " / ".join(p.key for p in parties),
            ),
            QCoreApplication.translate(
                "HelpOverlay", "a party disputes the last call: it becomes CHALLENGED"
            ),
        ),
        (
            fill(
                QCoreApplication.translate("HelpOverlay", "D, then %1"),
                " / ".join(election.as_called_keys),
            ),
            QCoreApplication.translate(
                "HelpOverlay",
                "… or it stays as called, the dispute noted (a party's key or J joins, W withdraws)",
            ),
        ),
    )
    grouped = [group for group in election.groups if group.key is not None]
    groups: tuple[tuple[str, str], ...] = ()
    if grouped:
        groups = (
            (
                fill(
                    QCoreApplication.translate("HelpOverlay", "G, then %1"),
                    " / ".join(str(group.key) for group in grouped),
                ),
                QCoreApplication.translate("HelpOverlay", "count the pile of another voting group"),
            ),
        )
        if any(len(group.questions) > 1 for group in grouped):
            groups += (
                (
                    "Y / N / X / -",
                    QCoreApplication.translate(
                        "HelpOverlay",
                        "a Sonotone ballot's question 1 (yes, no, void, unmarked), then its"
                        " vote, or V if question 2 is void or unmarked; Esc drops the"
                        " unfinished ballot",
                    ),
                ),
            )
    later = tuple((_said(key), _said(words)) for key, words in questions[1][5:])
    return (
        (_said(calls[0]), (*groups, *votes, *marks)),
        (_said(questions[0]), (who, *reasons, *dispute, *later)),
        *(
            (_said(title), tuple((key, _said(words)) for key, words in keys))
            for title, keys in rest
        ),
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


# The keys' type: as large as the window has room for, never smaller than the least a
# laptop's screen shows legibly at arm's length.
LARGEST_PX = 16
SMALLEST_PX = 11
COLUMN_GAP = 40


def layouts(shortcuts: Shortcuts) -> list[tuple[Shortcuts, ...]]:
    """The ways to lay the keys out: one column, then two, split between groups."""
    return [(shortcuts,)] + [(shortcuts[:cut], shortcuts[cut:]) for cut in range(1, len(shortcuts))]


def measured(html: str, font: QFont) -> QSize:
    """The size a label of this rich text takes, unwrapped, in this font."""
    document = QTextDocument()
    document.setDocumentMargin(0)
    document.setDefaultFont(font)
    document.setHtml(html)
    size = document.size()
    return QSize(math.ceil(size.width()), math.ceil(size.height()))


def fitted_layout(
    shortcuts: Shortcuts, font: QFont, room: QSize
) -> tuple[int, tuple[Shortcuts, ...]]:
    """The largest type, and the columns it takes, in which every key fits in `room`:
    one column where it fits as large as two, else two columns (the smallest type
    when nothing fits)."""
    best: tuple[int, tuple[Shortcuts, ...]] | None = None
    for columns in layouts(shortcuts):
        for px in range(LARGEST_PX, SMALLEST_PX - 1, -1):
            if best is not None and px <= best[0]:
                break
            sized = QFont(font)
            sized.setPixelSize(px)
            sizes = [measured(shortcuts_html(column), sized) for column in columns]
            width = sum(size.width() for size in sizes) + COLUMN_GAP * (len(sizes) - 1)
            if width <= room.width() and max(size.height() for size in sizes) <= room.height():
                best = (px, columns)
                break
    return best or (SMALLEST_PX, layouts(shortcuts)[min(1, len(shortcuts) - 1)])


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
        self.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.setStyleSheet(
            "QFrame#helpOverlay { background: #111827; }"
            " QLabel { color: #f9fafb; }"
            " QLabel#helpTitle { font-size: 24px; font-weight: bold; }"
            " QLabel#helpHint { font-size: 16px; }"
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.shortcuts = shortcuts
        self.title = QLabel(self.tr("Keyboard shortcuts"))
        self.title.setObjectName("helpTitle")
        # The keys in one column, or two where one would not fit (`fitted_layout`).
        self.columns = [QLabel(), QLabel()]
        for column in self.columns:
            column.setTextFormat(Qt.TextFormat.RichText)
            column.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.hint = QLabel(self.tr("Press any key or click to go back to the count."))
        self.hint.setObjectName("helpHint")
        row = QHBoxLayout()
        row.setSpacing(COLUMN_GAP)
        row.addStretch(1)
        for column in self.columns:
            row.addWidget(column, 0, Qt.AlignmentFlag.AlignTop)
        row.addStretch(1)
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 32, 48, 32)
        layout.addWidget(self.title, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(row, 1)
        layout.addWidget(self.hint, 0, Qt.AlignmentFlag.AlignHCenter)
        self._fit()
        parent.installEventFilter(self)
        # Where the focus was before the overlay took it; often None (the window's own
        # keyPressEvent then gets the keys).
        self._focus_before: QWidget | None = None
        self.hide()

    def listed(self) -> str:
        """The keys' text as shown, column after column."""
        return "".join(column.text() for column in self.columns if not column.isHidden())

    def show_over_parent(self) -> None:
        parent = self.parentWidget()
        assert parent is not None
        if not self.isVisible():
            before = QApplication.focusWidget()
            self._focus_before = None if before is self else before
        self.setGeometry(parent.rect())
        self._fit()
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
            self._fit()
        return False

    def _fit(self) -> None:
        """Every key in view at the window's size: the type and columns that fit."""
        margins = self._layout.contentsMargins()
        room = QSize(
            self.width() - margins.left() - margins.right(),
            self.height()
            - margins.top()
            - margins.bottom()
            - self.title.sizeHint().height()
            - self.hint.sizeHint().height()
            - 2 * self._layout.spacing(),
        )
        px, columns = fitted_layout(self.shortcuts, self.columns[0].font(), room)
        for label, column in zip(self.columns, (*columns, ()), strict=False):
            font = QFont(label.font())
            font.setPixelSize(px)
            label.setFont(font)
            label.setText(shortcuts_html(column) if column else "")
            label.setVisible(bool(column))

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
