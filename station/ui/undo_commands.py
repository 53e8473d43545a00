"""The commands on the operator's QUndoStack.

The journal, not the stack, is the record: by the time a command is pushed, undone or
redone, the controller has already committed the matching event. The commands carry
which call they stand for, so the stack can tell what Ctrl+Z would take back and keep
the undo history identical to the one replayed from the journal.
"""

from PySide6.QtGui import QUndoCommand

from station.domain import Call


class CallCommand(QUndoCommand):
    """One recorded call on the undo stack."""

    def __init__(self, seq: int, call: Call, ballot: int) -> None:
        super().__init__(f"{call.label} (ballot {ballot:,})")
        self.seq = seq
        self.call = call

    def redo(self) -> None:
        """Nothing to do: the controller committed the event before moving the stack."""

    def undo(self) -> None:
        """Nothing to do: the controller committed the event before moving the stack."""
