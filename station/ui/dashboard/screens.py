"""Where the observers' dashboard goes: a pure choice over the screens there are.

Kept free of Qt so the rule can be read and tested on its own; the dashboard window
turns QScreens into `ScreenInfo` and applies the `Placement` it gets back.
"""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    """What the choice needs to know about one screen.

    Attributes:
        name: the screen's name as the window system gives it (e.g. "HDMI-1").
        width: width in device-independent pixels.
        height: height in device-independent pixels.
        primary: whether it is the desktop's primary screen.
        projector: whether it looks like a projector (by its model name).
    """

    name: str
    width: int
    height: int
    primary: bool = False
    projector: bool = False

    @property
    def area(self) -> int:
        """Pixels on the screen, to prefer the largest."""
        return self.width * self.height


@dataclass(frozen=True, slots=True)
class Placement:
    """Where to show the dashboard.

    Attributes:
        screen: name of the screen to use, or None to leave it where the system puts it.
        full_screen: full screen (a screen of its own for the observers) or a normal
            window the operator can move or share in a video call.
    """

    screen: str | None
    full_screen: bool


def choose_placement(screens: Sequence[ScreenInfo], operator_screen: str | None) -> Placement:
    """Full screen on a screen other than the operator's, else a window on the operator's.

    Among the other screens a projector comes first, then the largest, then the name
    (so the same screens always give the same answer). When the operator's screen is
    not known, the primary screen is taken to be the operator's.
    """
    if operator_screen is None or all(screen.name != operator_screen for screen in screens):
        primary = next((screen for screen in screens if screen.primary), None)
        operator_screen = primary.name if primary else (screens[0].name if screens else None)
    others = [screen for screen in screens if screen.name != operator_screen]
    if not others:
        return Placement(screen=operator_screen, full_screen=False)
    best = min(others, key=lambda screen: (not screen.projector, -screen.area, screen.name))
    return Placement(screen=best.name, full_screen=True)
