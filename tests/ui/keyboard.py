"""A window driven by the keyboard alone: what Tab reaches, and whether focus shows."""

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QWidget,
)

# The focus outline of operator.qss, the style sheet of every window but the dashboard.
FOCUS = QColor("#1d4ed8")
CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QPlainTextEdit,
    QComboBox,
    QAbstractSpinBox,
    QAbstractItemView,
)
# How a control that never takes the focus names the key that works it: "key F",
# "(Ctrl+Z)", "[E]".
NAMED_KEY = re.compile(r"\bkey \S|\(Ctrl\+|\[\S+\]")


def controls(window: QWidget) -> list[QWidget]:
    """The controls of `window` a user can work now: shown and enabled (a spin box's or a
    combo box's own editor is the box's; a cell's editor is its table's)."""
    return [
        widget
        for widget in window.findChildren(QWidget)
        if isinstance(widget, CONTROLS)
        and widget.isVisibleTo(window)
        and widget.isEnabled()
        and not isinstance(widget.parentWidget(), (QComboBox, QAbstractSpinBox))
    ]


def takes_tab(widget: QWidget) -> bool:
    return bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)


def tabbed(window: QWidget) -> list[QWidget]:
    """Each widget that had the focus as Tab was pressed, from the window's first,
    round the whole chain once (and a little more)."""
    rounds = 2 * len(controls(window)) + 2
    reached: list[QWidget] = []
    for _ in range(rounds):
        focused = QApplication.focusWidget()
        if focused is not None:
            reached.append(focused)
        QTest.keyClick(focused or window, Qt.Key.Key_Tab)
    return reached


def not_reached(window: QWidget) -> list[str]:
    """Each control Tab never reaches, and each that never takes the focus yet does not
    say which key works it."""
    reached = set(tabbed(window))
    missing = []
    for widget in controls(window):
        if takes_tab(widget) or isinstance(widget, QRadioButton):
            if widget not in reached and not _arrows_reach(widget, reached):
                missing.append(f"not reached by Tab: {_named(widget)}")
        elif isinstance(widget, QAbstractButton):
            says = f"{widget.text()} {widget.toolTip()}"
            if not NAMED_KEY.search(says):
                missing.append(f"no key named: {_named(widget)}")
    return missing


def _arrows_reach(widget: QWidget, reached: set[QWidget]) -> bool:
    """A radio button of a group Tab reaches is reached: Tab stops at the group's
    checked button, the arrow keys move between the group's buttons."""
    return isinstance(widget, QRadioButton) and any(
        isinstance(other, QRadioButton) and other.parentWidget() is widget.parentWidget()
        for other in reached
    )


def ring(widget: QWidget) -> int:
    """How many pixels of the widget's outer edge (4 pixels deep) are in the focus colour."""
    image = widget.grab().toImage()
    width, height, rgb = image.width(), image.height(), FOCUS.rgb()
    edge = [
        (x, y)
        for y in range(height)
        for x in (
            range(width) if y < 4 or y >= height - 4 else (*range(4), *range(width - 4, width))
        )
    ]
    return sum(1 for x, y in edge if image.pixel(x, y) == rgb)


def focus_unseen(window: QWidget) -> list[str]:
    """Each control Tab reaches whose focus is not drawn as the outline: at least the
    length of a frame round it, in the focus colour, that it lacks without the focus."""
    unseen = []
    for widget in dict.fromkeys(w for w in tabbed(window) if w in controls(window)):
        widget.setFocus(Qt.FocusReason.TabFocusReason)
        QApplication.processEvents()
        focused = ring(widget)
        widget.clearFocus()
        QApplication.processEvents()
        frame = 2 * (widget.width() + widget.height())
        if focused - ring(widget) < frame:
            unseen.append(f"focus not shown: {_named(widget)}")
    return unseen


def _named(widget: QWidget) -> str:
    text = widget.accessibleName() or getattr(widget, "text", lambda: "")()
    return f"{type(widget).__name__} {widget.objectName()!r} {text!r}"
