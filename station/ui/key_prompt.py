"""A one-line question the operator answers with one key or one click, never blocking.

The count goes on while a prompt is open: a call key records the next call as usual.
"""

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


@dataclass(frozen=True)
class Option:
    """One answer: its key, its words and what choosing it means to the asker."""

    key: Qt.Key
    text: str
    value: object

    @property
    def key_name(self) -> str:
        names = {Qt.Key.Key_Return: "Enter", Qt.Key.Key_Escape: "Esc"}
        if self.key in names:
            return names[self.key]
        return chr(int(self.key))  # letters and digits: their key code is their character


class KeyPrompt(QFrame):
    """A question with a few answers, each on a button that shows its key.

    Signals:
        chosen(object): the operator picked the option with this value.
    """

    chosen = Signal(object)

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setProperty("prompt", True)
        self.question = QLabel()
        self.question.setObjectName("promptQuestion")
        self.question.setWordWrap(True)
        self._rows = QVBoxLayout()
        self._rows.setSpacing(4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.question)
        layout.addLayout(self._rows)
        self._options: dict[int, Option] = {}
        self.buttons: dict[object, QPushButton] = {}
        self.hide()

    def ask(self, question: str, rows: list[list[Option]]) -> None:
        """Show `question` with these rows of answers (replacing any earlier question)."""
        self.question.setText(question)
        while self._rows.count():
            item = self._rows.takeAt(0)
            row = item.layout() if item is not None else None
            while row is not None and row.count():
                child = row.takeAt(0)
                widget = child.widget() if child is not None else None
                if widget is not None:
                    widget.deleteLater()
        self._options = {}
        self.buttons = {}
        for options in rows:
            row_layout = QHBoxLayout()
            for option in options:
                button = QPushButton(f"{option.text}  [{option.key_name}]")
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the count
                button.setToolTip(f"Key {option.key_name}")
                button.setAccessibleName(option.text)
                button.clicked.connect(lambda _c=False, v=option.value: self.chosen.emit(v))
                row_layout.addWidget(button)
                self._options[int(option.key)] = option
                self.buttons[option.value] = button
            row_layout.addStretch(1)
            self._rows.addLayout(row_layout)
        self.show()

    def set_question(self, question: str) -> None:
        """Change the question's words, keeping the answers."""
        self.question.setText(question)

    def offers(self, key: int) -> bool:
        """Whether this prompt is open and answers to `key`."""
        return not self.isHidden() and key in self._options

    def handle_key(self, key: int) -> bool:
        """Answer with `key` if this prompt is open and offers it; True if it did."""
        option = None if self.isHidden() else self._options.get(key)
        if option is None:
            return False
        self.chosen.emit(option.value)
        return True

    def dismiss(self) -> None:
        self.hide()
        self._options = {}
