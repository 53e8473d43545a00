"""When a running figure is told to someone who cannot watch it: a screen reader's user.

Read out at every call, a count being called leaves time to hear nothing else; never
read out, it is silent. A figure is said when it has moved by `calls` since it was last
said, or by anything once `seconds` went by: every few calls at a brisk count, soon
after the last call at a slow one.
"""

from dataclasses import dataclass, field

EVERY_CALLS = 10
EVERY_S = 5.0


@dataclass
class Cadence:
    """One running figure's cadence. Times are seconds on any one clock."""

    calls: int = EVERY_CALLS
    seconds: float = EVERY_S
    _said: int = 0
    _at: float = field(default=float("-inf"))

    def due(self, value: int, now: float) -> bool:
        """Whether `value` is to be said now; if so, it is taken as said."""
        moved = abs(value - self._said)
        if not moved or (moved < self.calls and now - self._at < self.seconds):
            return False
        self._said, self._at = value, now
        return True
