"""Windows a screen reader lists as windows, though Qt would call them a plain widget.

A top-level QWidget is, to Qt's accessibility, a "client" area: AT-SPI calls it a
"filler", and a screen reader's list of windows (Orca's, for one) leaves it out, so an
observer cannot find the dashboard among the open windows. QMainWindow and QDialog get
the window role from Qt; `reads_as_window` gives it to a QWidget class of ours whose
instances are windows (the dashboards), through a factory of accessible interfaces
installed once in the process.
"""

from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QWidget

W = TypeVar("W", bound=type[QWidget])

_WINDOW_CLASSES: list[type[QWidget]] = []


class _WindowAccessible(QAccessibleWidget):
    """A widget that is a top-level window, as assistive technology is told of it:
    everything Qt says of a widget (name, children, states), in the window's role."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget, QAccessible.Role.Window)


def _window_factory(_class_name: str, target: QObject) -> QAccessibleInterface | None:
    """The window's interface for an instance of a registered class while it is a
    window; None (Qt's own interface) for anything else, and for such a widget put
    inside another."""
    registered = isinstance(target, tuple(_WINDOW_CLASSES))
    if registered and isinstance(target, QWidget) and target.isWindow():
        return _WindowAccessible(target)
    return None


def reads_as_window(widget_class: W) -> W:
    """Class decorator: a top-level instance of `widget_class` is a window to a
    screen reader (AT-SPI role "frame")."""
    if not _WINDOW_CLASSES:
        QAccessible.installFactory(_window_factory)
    _WINDOW_CLASSES.append(widget_class)
    return widget_class
