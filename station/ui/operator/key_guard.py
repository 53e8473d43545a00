"""Telling a real keypress from a held key's auto-repeat.

Qt flags auto-repeat with `isAutoRepeat()`, but on X11 it has to guess: the server sends
each repeat as a release and a press with the same timestamp, and if Qt looks before the
press has arrived (a busy machine) it reports a fresh keypress. A held F would then
record a burst of FOR calls. The guard keeps the last release time of each key and
treats a press stamped with that same time as a repeat, whatever Qt guessed.
"""


class KeyRepeatGuard:
    """Decides whether a key event is a deliberate press."""

    def __init__(self) -> None:
        self._last_release: dict[int, int] = {}

    def press(self, key: int, timestamp: int, auto_repeat: bool) -> bool:
        """True if this press should act; False for any kind of auto-repeat."""
        if auto_repeat:
            return False
        # Synthetic events (tests, accessibility tools) carry timestamp 0: no pairing.
        return not (timestamp and self._last_release.get(key) == timestamp)

    def release(self, key: int, timestamp: int, auto_repeat: bool) -> None:
        """Remember when a key went up, so the press of a repeat pair can be recognised."""
        if not auto_repeat and timestamp:
            self._last_release[key] = timestamp
