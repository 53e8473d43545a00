"""The screens there are, as the Qt-free placement rule (`screens.py`) sees them.

`screens.choose_placement` decides where the dashboard goes from plain `ScreenInfo`s;
this module is the one place that asks Qt for the real screens and finds a screen
again by its name, so the window only applies what the rule chose.
"""

from PySide6.QtGui import QGuiApplication, QScreen

from station.ui.dashboard.screens import ScreenInfo


def screen_infos() -> list[ScreenInfo]:
    """Every screen of the desktop, the primary one and any projector marked."""
    primary = QGuiApplication.primaryScreen()
    infos = []
    for screen in QGuiApplication.screens():
        size = screen.geometry()
        looks = f"{screen.manufacturer()} {screen.model()} {screen.name()}".lower()
        infos.append(
            ScreenInfo(
                name=screen.name(),
                width=size.width(),
                height=size.height(),
                primary=screen is primary,
                projector="projector" in looks or "beamer" in looks,
            )
        )
    return infos


def screen_named(name: str | None) -> QScreen | None:
    """The screen of that name, if it is still there."""
    return next((screen for screen in QGuiApplication.screens() if screen.name() == name), None)
