"""A window's first size: the size it asks for, never more than the screen it opens on.

An operator's laptop is often 1366x768 or 1280x720, less its panel; a window opened
larger than that has its bottom rows and its right-hand columns off the screen, where
nobody sees them. Every window of Station opens through `fit_to_screen`, and
`tests/ui/test_screen_fit.py` opens each one on both screens and checks that nothing in
it is cut.
"""

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QLineEdit, QWidget

# Room kept for the window manager's title bar and borders, which a window's own
# geometry leaves out and which are not known until it is shown.
FRAME_WIDTH = 8
FRAME_HEIGHT = 40
# A line edit's frame and inner margins, on either side of its text, in the styles used.
PLACEHOLDER_PADDING = 16


def fitted(preferred: QSize, area: QRect) -> QRect:
    """Where a window that would like `preferred` goes in a screen's free `area`: centred,
    as large as it asks, no larger than the area (its frame included)."""
    width = min(preferred.width(), area.width() - FRAME_WIDTH)
    height = min(preferred.height(), area.height() - FRAME_HEIGHT)
    return _at(area.x() + (area.width() - width) // 2, width, height, area)


def fit_to_screen(window: QWidget, preferred: QSize, screen: QScreen | None = None) -> None:
    """Size and place `window` by `fitted`, on `screen` (else the screen it is on)."""
    area = (screen or window.screen()).availableGeometry()
    window.setGeometry(fitted(preferred, area))


def within_screen(window: QWidget) -> None:
    """Shrink and move a window that a restored placement left larger than its screen,
    or partly off it (a placement saved on a larger screen)."""
    area = window.screen().availableGeometry()
    frame = window.frameGeometry()
    if area.contains(frame) and frame.width() <= area.width() and frame.height() <= area.height():
        return
    fit_to_screen(window, window.size())


def show_placeholder(field: QLineEdit) -> None:
    """Make `field` at least wide enough for its placeholder, which would be cut."""
    margins = field.textMargins()
    room = field.fontMetrics().horizontalAdvance(field.placeholderText())
    field.setMinimumWidth(room + margins.left() + margins.right() + PLACEHOLDER_PADDING)


def side_by_side(first: QSize, second: QSize, area: QRect) -> tuple[QRect, QRect]:
    """Two windows next to each other in a screen's free `area`, the first on the left: a
    dialog opened from a window it refers to (the decision beside the challenge register)
    must not hide it. The first gives up width when both do not fit; the second keeps its
    own, up to half the area."""
    second_width = min(second.width(), area.width() // 2)
    room = area.width() - 2 * FRAME_WIDTH  # each window's borders
    first_width = min(first.width(), room - second_width)
    left = area.x() + (room - first_width - second_width) // 2 + FRAME_WIDTH // 2

    def placed(x: int, size: QSize, width: int) -> QRect:
        return _at(x, width, min(size.height(), area.height() - FRAME_HEIGHT), area)

    return (
        placed(left, first, first_width),
        placed(left + first_width + FRAME_WIDTH, second, second_width),
    )


def _at(x: int, width: int, height: int, area: QRect) -> QRect:
    # The title bar sits above the window's own top edge: room for it first.
    top = max((area.height() - height) // 2, FRAME_HEIGHT - FRAME_WIDTH // 2)
    return QRect(x, area.y() + top, width, height)
