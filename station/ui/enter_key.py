"""Enter presses the focused button, as Space does, where Qt would not let it.

Outside a dialog, and on a dialog's button that is not "auto default", Qt's QPushButton
takes only Space: Enter does nothing (or, in a dialog, presses its default button, not the
one with the focus). A keyboard or screen-reader user who tabs to "New election…" and
presses Enter expects it pressed. The buttons here are not auto default on purpose (Enter
in the start window's recent files opens the file; in a groups table's cell it creates
nothing), so Enter is given to the focused button itself rather than to the dialog.
"""

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _EnterPresses(QObject):
    """Presses the button it watches on an unmodified Enter or Return (keypad's too)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QAbstractButton)
            and event.key() in _ENTER
            and event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            == Qt.KeyboardModifier.NoModifier
        ):
            if not event.isAutoRepeat() and watched.isEnabled():
                watched.click()
            return True
        return super().eventFilter(watched, event)


def press_on_enter(*buttons: QAbstractButton) -> None:
    """Have Enter press each of `buttons` while it has the focus."""
    for button in buttons:
        button.installEventFilter(_EnterPresses(button))
