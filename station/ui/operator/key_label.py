"""The status bar's signing-key fingerprint, from whatever the composition root hands in.

The window never reads the key's fingerprint from the data folder itself (that would be a
hidden global in a lower layer): `station/app.py` passes a callable that gives it, as it
passes the seal secret, so a test gives a fake one and no window touches the key's file.
"""

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QWidget

from station.ui.language import fill

KeyFingerprint = Callable[[], str | None]
"""Gives the station's signing-key fingerprint now, or None while there is no key."""


def no_key() -> str | None:
    """The fingerprint of a window given none: no key (tests that never sign)."""
    return None


class KeyLabel(QLabel):
    """ "key 3f2a…", or that the key is made with the first sheet; `refresh` after a sheet."""

    def __init__(self, fingerprint: KeyFingerprint = no_key, parent: QWidget | None = None):
        super().__init__(parent)
        self.fingerprint = fingerprint
        self.setObjectName("keyLabel")
        self.setToolTip(
            self.tr(
                "The fingerprint of this station's signing key: observers may write it down and"
                " check an exported sheet against it (station verify FOLDER --key ...)"
            )
        )
        self.refresh()

    def refresh(self) -> None:
        """Ask for the fingerprint again (the first sheet makes the key)."""
        fingerprint = self.fingerprint()
        self.setText(
            fill(self.tr("key %1"), fingerprint)
            if fingerprint
            else self.tr("no signing key yet (made with the first sheet)")
        )
