"""The four big call buttons, sized for hours of clicking by mouse, touch or key."""

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from station.domain import Call
from station.domain.description import Election
from station.ui.language import fill

KEYS = {Call.FOR: "F", Call.AGAINST: "A", Call.CHALLENGE: "C", Call.VOID: "V"}


def call_word(call: Call) -> str:
    """A call's word on the window, in its language (the sheet keeps the Board's English)."""
    words = {
        Call.FOR: QCoreApplication.translate("Call", "FOR"),
        Call.AGAINST: QCoreApplication.translate("Call", "AGAINST"),
        Call.CHALLENGE: QCoreApplication.translate("Call", "CHALLENGED"),
        Call.VOID: QCoreApplication.translate("Call", "VOID"),
    }
    return words[call]


class CallButton(QPushButton):
    """A button showing its call, the count so far and its key."""

    def __init__(self, call: Call, *, big: bool, parent: QWidget | None = None) -> None:
        self._least = QSize(240, 170 if big else 110)
        super().__init__(parent)
        self.call = call
        self.setObjectName(f"call_{call.value}")
        self.setProperty("call", True)
        self.setProperty("big", big)
        word = call_word(call)
        self.setAccessibleName(fill(self.tr("Record %1"), word))
        self.setToolTip(fill(self.tr("Record one %1 ballot (key %2)"), word, KEYS[call]))
        # Never take keyboard focus: a stray Space or Enter must not record a call.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        self._name = self._label(word, "callName")
        self._figure = self._label("0", "callFigure")
        self._key_text = fill(self.tr("key %1"), KEYS[call])
        self._key = self._label(self._key_text, "callKey")
        self._pile = self._label("", "callPile")
        self._pile_beside_key = False
        self._pile.hide()
        self._note = self._label("", "callPile")
        self._note.setWordWrap(True)
        self._note.hide()
        for label in (self._name, self._figure, self._note, self._pile, self._key):
            layout.addWidget(label)

    def _label(self, text: str, name: str) -> QLabel:
        label = QLabel(text, self)
        label.setObjectName(name)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        return label

    def share_room(self) -> None:
        """One of several choices sharing the room of two: smaller, its figure too
        (operator.qss), so that three rows of buttons fit a laptop's screen."""
        self._least = QSize(200, 130)
        self.setProperty("shared", True)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        """Never smaller than its labels need, so that they never overlap however little
        room the window has, nor than its least size."""
        return super().minimumSizeHint().expandedTo(self._floor())

    def sizeHint(self) -> QSize:
        return super().sizeHint().expandedTo(self._floor())

    def _floor(self) -> QSize:
        layout = self.layout()
        return self._least if layout is None else self._least.expandedTo(layout.totalMinimumSize())

    def set_name(self, name: str, key: str) -> None:
        """Show a choice's own name and key (a ballot of several unions)."""
        self._name.setText(name)
        self._name.setWordWrap(True)
        self._name.setProperty("choice", True)  # a smaller type: operator.qss
        self._key_text = fill(self.tr("key %1"), key)
        self._key.setText(self._key_text)
        self.setAccessibleDescription(name)

    def set_figure(self, value: int) -> None:
        """Show the current count for this call."""
        self._figure.setText(f"{value:,}")
        self.setAccessibleDescription(
            fill(self.tr("%1 %2 so far"), f"{value:,}", call_word(self.call))
        )

    def set_note(self, text: str) -> None:
        """Say what the figure holds beyond this button's own calls ("1 sealed envelope")."""
        self._note.setText(text)
        self._note.setVisible(bool(text))

    def note(self) -> str:
        """The note as displayed."""
        return self._note.text()

    def put_pile_beside_key(self) -> None:
        """Show the pile on the key's line ("pile 1: 0 of 100 · key V"): where several
        choices share the pad, no button has the height for a line of its own."""
        self._pile_beside_key = True
        self.set_pile(self._pile.text())

    def set_pile(self, text: str) -> None:
        """Show where the current pile of this call stands ("pile 8: 63 of 100")."""
        self._pile.setText(text)
        self._pile.setVisible(bool(text) and not self._pile_beside_key)
        if self._pile_beside_key:
            self._key.setText(f"{text} \u00b7 {self._key_text}" if text else self._key_text)

    def pile(self) -> str:
        """The pile line as displayed."""
        return self._pile.text()

    def figure(self) -> str:
        """The count as displayed (for tests and screen readers)."""
        return self._figure.text()


class CallPad(QWidget):
    """A big button per choice on the ballot (FOR and AGAINST on a one-union ballot; each
    union then Neither on a ballot of several), CHALLENGED and VOID below them. Built
    from the election's description: its choices, their keys and the calls they record.

    `buttons` holds the calls one button records alone (FOR and AGAINST on a one-union
    ballot, Neither's AGAINST, CHALLENGED, VOID); `union_buttons` the unions of a ballot of
    several, whose votes are all FOR calls told apart by their number.

    Signals:
        call_requested(Call | tuple[Call, int]): a call, or (FOR, union) for a union.
    """

    call_requested = Signal(object)

    def __init__(
        self,
        election: Election,
        votes: Callable[[], Sequence[int]] = tuple,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._votes = votes  # each union's votes, on a ballot of several
        self._keys: dict[int, tuple[Call, int | None]] = {}
        self.buttons: dict[Call, CallButton] = {}
        self.union_buttons: list[CallButton] = []
        choices = election.ballot.choices
        # The choices keyed by digits (a ballot of several unions), for a digit key that
        # names none of them.
        self.digit_choices = tuple((c.key, c.name) for c in choices if c.key.isdigit())
        big: list[CallButton] = []
        for choice in choices:
            button = CallButton(choice.call, big=True)
            if choice.label != choice.name:  # FOR and AGAINST: the call's own words
                self.buttons[choice.call] = button
            else:
                button.set_name(choice.name, choice.key)
                button.setAccessibleName(fill(self.tr("Record a vote for %1"), choice.name))
                button.setToolTip(
                    fill(self.tr("Record one vote for %1 (key %2)"), choice.name, choice.key)
                )
                if choice.number is None:
                    self.buttons[choice.call] = button
                else:
                    button.setObjectName(f"call_choice_{choice.number}")
                    self.union_buttons.append(button)
            vote = choice.vote
            button.clicked.connect(
                lambda _checked=False, vote=vote: self.call_requested.emit(
                    vote if vote[1] is not None else vote[0]
                )
            )
            self._keys[ord(choice.key)] = vote
            big.append(button)
        marks = []
        for mark in election.marks:
            button = CallButton(mark.call, big=False)
            button.clicked.connect(
                lambda _checked=False, call=mark.call: self.call_requested.emit(call)
            )
            self.buttons[mark.call] = button
            self._keys[ord(mark.key)] = (mark.call, None)
            marks.append(button)
        grid = QGridLayout(self)
        grid.setSpacing(14)
        columns = 2 if len(big) <= 4 else 3
        for place, button in enumerate(big):
            if len(big) > 2:  # several choices share the space of two
                button.share_room()
            grid.addWidget(button, place // columns, place % columns)
        rows = (len(big) + columns - 1) // columns
        for place, button in enumerate(marks):
            grid.addWidget(button, rows, place)
        if len(big) > 2:  # no button has the height for a line of its pile
            for button in (*big, *marks):
                button.put_pile_beside_key()
        for row in range(rows):
            grid.setRowStretch(row, 3)
        grid.setRowStretch(rows, 2)

    def names_no_choice(self, key: int) -> bool:
        """A digit key on a ballot whose choices are keyed by digits, naming none of them
        (0 on a runoff between two unions, which has no Neither)."""
        return (
            bool(self.digit_choices)
            and Qt.Key.Key_0 <= key <= Qt.Key.Key_9
            and key not in self._keys
        )

    def vote_for_key(self, key: int) -> tuple[Call, int | None] | None:
        """What an unmodified key records on this pad (a choice's key, C, V), if any: F
        and A record nothing on a ballot of several unions (no one union to be for)."""
        return self._keys.get(key)

    def show_totals(self, totals: dict[Call, int]) -> None:
        """Every button's figure: each union's from the count, the others as given."""
        for call, button in self.buttons.items():
            button.set_figure(totals[call])
        for button, figure in zip(self.union_buttons, self._votes(), strict=False):
            button.set_figure(figure)

    def put_piles_beside_keys(self) -> None:
        """Show every button's pile on its key's line: for a window whose lines above
        the pad (a voting group's name, its figures) take the height a line of its own
        would need on a laptop's screen."""
        for button in (*self.buttons.values(), *self.union_buttons):
            button.put_pile_beside_key()
