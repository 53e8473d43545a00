"""The count keys come back to the operator window whenever a dialog over it closes.

Not every window manager (nor Xvfb without one) gives the keyboard back to the window a
closed dialog belonged to: the next F or A would go nowhere, or to a window the operator
cannot see. So every dialog the operator window opens is opened through `open_over`,
and whatever closes it (its buttons, Escape, Enter, the window manager) ends with the
operator window active again.
"""

from PySide6.QtWidgets import QDialog, QWidget


def open_over(window: QWidget, dialog: QDialog) -> None:
    """Open `dialog` over `window`, modal to it; once it is done the keys go back."""
    dialog.finished.connect(lambda _result: take_keys_back(window))
    dialog.open()


def take_keys_back(window: QWidget) -> None:
    """Make `window` the active one again, its keys its own."""
    window.activateWindow()
    window.raise_()
