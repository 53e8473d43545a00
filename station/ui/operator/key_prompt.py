"""A one-line question the operator answers with one key or one click, never blocking.

The count goes on while a prompt is open: a call key records the next call as usual.
"""

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from station.ui.announce import announce_rich
from station.ui.language import fill

COLUMNS = 2  # answers per line at most: the prompts live in the window's narrower column


@dataclass(frozen=True)
class Option:
    """One answer: its key, its words and what choosing it means to the asker."""

    key: Qt.Key
    text: str
    value: object

    @property
    def key_name(self) -> str:
        names = {
            Qt.Key.Key_Return: QCoreApplication.translate("Option", "Enter"),
            Qt.Key.Key_Escape: QCoreApplication.translate("Option", "Esc"),
        }
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
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(10, 6, 10, 6)
        self._layout.addWidget(self.question)
        self._answers: QWidget | None = None
        self._options: dict[int, Option] = {}
        self.buttons: dict[object, QPushButton] = {}
        # The answer buttons, a list per row of answers, and how many share a line now.
        self._groups: list[list[QPushButton]] = []
        self._columns = COLUMNS
        self._said = ""  # the question and answers last announced
        self.hide()

    def ask(self, question: str, rows: list[list[Option]], *, assertive: bool = False) -> None:
        """Show `question` with these rows of answers (replacing any earlier question);
        `assertive`: a screen reader says it at once, interrupting (a call not recorded)."""
        self.question.setText(question)
        options = [option for row in rows for option in row]
        asked_anew = self.isHidden()
        if options != list(self._options.values()) or asked_anew:
            self._set_options(rows)
        self.show()
        self._say(anew=asked_anew, assertive=assertive)

    def _say(self, *, anew: bool, assertive: bool = False) -> None:
        """Have a screen reader say the question and its answers' keys (the focus never
        comes to their buttons): when first asked, and when its words change, never
        again for the same question asked on each refresh."""
        answers = ", ".join(
            f"{option.text} [{option.key_name}]" for option in self._options.values()
        )
        said = f"{self.question.text()} {answers}"
        if not self.question.text():
            return  # its words follow (`set_question`)
        if anew or said != self._said:
            announce_rich(self, said, assertive=assertive)
        self._said = said

    def _set_options(self, rows: list[list[Option]]) -> None:
        # The answers live on one widget of their own, replaced whole: Qt owns and
        # deletes the old buttons and their layouts together.
        if self._answers is not None:
            self._answers.hide()
            self._answers.deleteLater()
        self._answers = QWidget(self)
        grid = QGridLayout(self._answers)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(4)
        self._options = {}
        self.buttons = {}
        self._groups = []
        for options in rows:
            group = []
            for option in options:
                button = QPushButton(f"{option.text}  [{option.key_name}]", self._answers)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the count
                button.setToolTip(fill(self.tr("Key %1"), option.key_name))
                button.setAccessibleName(option.text)
                button.clicked.connect(lambda _c=False, v=option.value: self.chosen.emit(v))
                self._options[int(option.key)] = option
                self.buttons[option.value] = button
                group.append(button)
            self._groups.append(group)
        self._place(self._columns_that_fit())
        self._layout.addWidget(self._answers)

    def _place(self, columns: int) -> None:
        """Lay the answers out `columns` to a line, each row of answers from a new line."""
        assert self._answers is not None
        grid = self._answers.layout()
        assert isinstance(grid, QGridLayout)
        line = 0
        for group in self._groups:
            for index, button in enumerate(group):
                grid.removeWidget(button)
                grid.addWidget(button, line + index // columns, index % columns)
            line += (len(group) + columns - 1) // columns
        self._columns = columns

    def _columns_that_fit(self) -> int:
        """COLUMNS answers to a line while each shows its words whole, else one.

        Side by side in a narrow column, Qt cuts a button's words off at both ends
        ("cord this AGAINST anyway"), and the operator cannot read the answer.
        """
        buttons = [button for group in self._groups for button in group]
        if not buttons:
            return COLUMNS
        margins = self._layout.contentsMargins()
        room = self.width() - margins.left() - margins.right()
        widest = max(button.sizeHint().width() for button in buttons)
        grid = None if self._answers is None else self._answers.layout()
        spacing = grid.spacing() if grid is not None else 0
        return COLUMNS if COLUMNS * widest + (COLUMNS - 1) * spacing <= room else 1

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._groups:
            columns = self._columns_that_fit()
            if columns != self._columns:
                self._place(columns)

    def set_question(self, question: str) -> None:
        """Change the question's words, keeping the answers."""
        self.question.setText(question)
        self._say(anew=False)

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
        self._said = ""
