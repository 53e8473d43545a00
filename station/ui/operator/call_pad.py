"""The four big call buttons, sized for hours of clicking by mouse, touch or key."""

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from station.domain import Call

KEYS = {Call.FOR: "F", Call.AGAINST: "A", Call.CHALLENGE: "C", Call.VOID: "V"}


class CallButton(QPushButton):
    """A button showing its call, the count so far and its key."""

    def __init__(self, call: Call, *, big: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.call = call
        self.setObjectName(f"call_{call.value}")
        self.setProperty("call", True)
        self.setProperty("big", big)
        self.setAccessibleName(f"Record {call.label}")
        self.setToolTip(f"Record one {call.label} ballot (key {KEYS[call]})")
        # Never take keyboard focus: a stray Space or Enter must not record a call.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMinimumSize(240, 170 if big else 110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        self._name = self._label(call.label, "callName")
        self._figure = self._label("0", "callFigure")
        self._key = self._label(f"key {KEYS[call]}", "callKey")
        self._pile = self._label("", "callPile")
        self._pile.hide()
        for label in (self._name, self._figure, self._pile, self._key):
            layout.addWidget(label)

    def _label(self, text: str, name: str) -> QLabel:
        label = QLabel(text, self)
        label.setObjectName(name)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        return label

    def set_name(self, name: str, key: str) -> None:
        """Show a choice's own name and key (a ballot of several unions)."""
        self._name.setText(name)
        self._name.setWordWrap(True)
        self._key.setText(f"key {key}")
        self.setAccessibleDescription(name)

    def set_figure(self, value: int) -> None:
        """Show the current count for this call."""
        self._figure.setText(f"{value:,}")
        self.setAccessibleDescription(f"{value:,} {self.call.label} so far")

    def set_pile(self, text: str) -> None:
        """Show where the current pile of this call stands ("pile 8: 63 of 100")."""
        self._pile.setText(text)
        self._pile.setVisible(bool(text))

    def pile(self) -> str:
        """The pile line as displayed."""
        return self._pile.text()

    def figure(self) -> str:
        """The count as displayed (for tests and screen readers)."""
        return self._figure.text()


class CallPad(QWidget):
    """FOR and AGAINST large and side by side, CHALLENGE and VOID below them.

    Signals:
        call_requested(Call): the operator clicked a call button.
    """

    call_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons = {
            Call.FOR: CallButton(Call.FOR, big=True),
            Call.AGAINST: CallButton(Call.AGAINST, big=True),
            Call.CHALLENGE: CallButton(Call.CHALLENGE, big=False),
            Call.VOID: CallButton(Call.VOID, big=False),
        }
        grid = QGridLayout(self)
        grid.setSpacing(14)
        grid.addWidget(self.buttons[Call.FOR], 0, 0)
        grid.addWidget(self.buttons[Call.AGAINST], 0, 1)
        grid.addWidget(self.buttons[Call.CHALLENGE], 1, 0)
        grid.addWidget(self.buttons[Call.VOID], 1, 1)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        for call, button in self.buttons.items():
            button.clicked.connect(lambda _checked=False, call=call: self.call_requested.emit(call))

    def vote_for_key(self, key: int) -> tuple[Call, int | None] | None:
        """The call an unmodified key records on this pad (F, A, C, V), if any."""
        call = _CALL_KEYS.get(key)
        return None if call is None else (call, None)

    def show_totals(self, totals: dict[Call, int]) -> None:
        """Update every button's figure."""
        for call, button in self.buttons.items():
            button.set_figure(totals[call])


# Qt's key code of a capital letter is its character code (Qt.Key.Key_F == ord("F")).
_CALL_KEYS: dict[int, Call] = {ord(letter): call for call, letter in KEYS.items()}
