"""The count as the operator window drives it: journal first, then the screen.

Every call, undo and redo is committed to the journal before anything on screen moves.
If the commit fails, `write_failed` says why and nothing else happens: the count, the
undo stack and the last-calls list stay exactly as they were.
"""

from collections import deque
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from station.domain import Action, Call, Change, ElectionSetup, Event, ReplayError, Sheet
from station.domain.parties import Party
from station.domain.tally_sheet import SheetError
from station.journal import Journal, WriteFailed
from station.journal.records import Record
from station.journal.verify import Verdict, verify_journal
from station.progress import Progress
from station.sheet.export import Exported, ExportError, export_sheet
from station.sheet.keys import key_for_signing, load_key
from station.sheet.prepare import (
    SheetRequest,
    checked_request,
    differs_from_journal,
    earlier_key,
    prepare_sheet,
    reopen_count,
)
from station.ui.undo_commands import CallCommand

RECENT_CHANGES = 200
UNDO_LIMIT = 1000  # how far back Ctrl+Z reaches; older calls stay recorded regardless


class CountController(QObject):
    """Owns the open journal, the folded count and the undo stack.

    Signals:
        changed(Change): an event was committed and applied to the count.
        write_failed(str): an event could not be committed; nothing changed.
        refused(str): the rules refuse this now (the count is locked); nothing changed.
        over_count_refused(Call): a call would count more ballots than the box held;
            nothing was recorded, and `record(call, over_count=True)` would record it.
    """

    changed = Signal(object)
    write_failed = Signal(str)
    refused = Signal(str)
    over_count_refused = Signal(object)

    def __init__(self, journal: Journal, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.journal = journal
        # Everything but the last few events folds fast; those few are replayed one
        # by one for what they changed, which the recent-calls list shows.
        self.count = journal.restore(until=max(journal.head_seq - RECENT_CHANGES, 0))
        self.recent: deque[Change] = deque(maxlen=RECENT_CHANGES)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        for _record, change in journal.fold_one_by_one(self.count):
            self.recent.append(change)
        self._rebuild_undo_stack()
        self.recent.append(self.count.apply(journal.start_session().event()))

    @property
    def setup(self) -> ElectionSetup:
        """The election being counted."""
        return self.journal.election.setup

    def _rebuild_undo_stack(self) -> None:
        """Give the stack the history replayed from the journal, without writing anything."""
        done = self.count.done(last=UNDO_LIMIT)
        undone = self.count.undone(last=UNDO_LIMIT)
        first_ballot = self.count.counted - len(done) + 1
        for offset, (seq, call) in enumerate(done):
            self.undo_stack.push(CallCommand(seq, call, first_ballot + offset))
        for offset, (seq, call) in enumerate(reversed(undone)):
            self.undo_stack.push(CallCommand(seq, call, self.count.counted + offset + 1))
        for _ in undone:
            self.undo_stack.undo()
        self.undo_stack.setClean()

    # -- what the operator can do -------------------------------------------------

    @property
    def locked_by(self) -> Sheet | None:
        """The tally sheet that locks the count, if one does."""
        return self.count.locked_by

    def record(self, call: Call, *, over_count: bool = False) -> bool:
        """Record one call; True once it is durably in the journal.

        With the ballots in the box known, a call beyond them is refused unless
        `over_count` confirms it; the confirmation is recorded with the call.
        """
        if self._refused_while_locked():
            return False
        ballots = self.setup.ballots
        if ballots is not None and self.count.counted >= ballots and not over_count:
            self.over_count_refused.emit(call)
            return False
        detail: dict[str, object] | None = {"over_count": True} if over_count else None
        change = self._commit(Action.CALL, call, detail=detail)
        if change is None:
            return False
        self.undo_stack.push(CallCommand(change.event.seq, call, change.ballot or 0))
        self.changed.emit(change)
        return True

    def undo(self) -> bool:
        """Take back the last call that counts, as a new, visible event."""
        target = self.count.next_undo()
        if self._refused_while_locked() or target is None or not self.undo_stack.canUndo():
            return False
        command = self.undo_stack.command(self.undo_stack.index() - 1)
        assert isinstance(command, CallCommand) and command.seq == target[0]
        change = self._commit(Action.UNDO, target[1], target[0])
        if change is None:
            return False
        self.undo_stack.undo()
        self.changed.emit(change)
        return True

    def redo(self) -> bool:
        """Reinstate the last call taken back, as a new, visible event."""
        target = self.count.next_redo()
        if self._refused_while_locked() or target is None or not self.undo_stack.canRedo():
            return False
        command = self.undo_stack.command(self.undo_stack.index())
        assert isinstance(command, CallCommand) and command.seq == target[0]
        change = self._commit(Action.REDO, target[1], target[0])
        if change is None:
            return False
        self.undo_stack.redo()
        self.changed.emit(change)
        return True

    def amend_challenge(self, seq: int, changes: dict[str, object]) -> bool:
        """Give or correct the party, reason or note of a challenged ballot."""
        return self._act(Action.AMEND, None, seq, changes)

    def dispute_void(self, seq: int, party: Party) -> bool:
        """Carry the VOID call of event `seq` as a challenge by the disputing `party`."""
        return self._act(Action.DISPUTE, Call.VOID, seq, {"party": party.value})

    def check_pile(self, call: Call, pile: int, found: int) -> bool:
        """Record the recount of a full pile."""
        return self._act(Action.PILE, call, pile, {"found": found})

    def prepare_sheet(self, request: SheetRequest) -> Sheet:
        """Record the tally sheet and lock the count.

        Raises SheetError, KeyProblem or WriteFailed (nothing recorded) for the window
        to show.
        """
        checked_request(self.journal, self.count, request)  # before any key is made
        if problem := differs_from_journal(self.journal, self.count):
            raise SheetError(problem)
        key = key_for_signing(earlier=earlier_key(self.journal, self.count))
        record = prepare_sheet(self.journal, self.count, request, key_fingerprint=key.fingerprint)
        change = self._applied(record)
        assert change.sheet is not None
        return change.sheet

    def reopen(self, reason: str) -> None:
        """Reopen the locked count, recording why (raises SheetError or WriteFailed)."""
        self._applied(reopen_count(self.journal, self.count, reason))

    def export(self, folder: Path, paper: str, progress: Progress | None = None) -> Exported:
        """Export the latest sheet, signed, into `folder` (raises ExportError, KeyProblem)."""
        if problem := differs_from_journal(self.journal, self.count):
            raise ExportError(problem.replace("nothing was certified", "nothing was exported"))
        return export_sheet(
            self.journal, self.count, folder, load_key(), paper=paper, progress=progress
        )

    def verify(self, progress: Progress | None = None) -> Verdict:
        """Check the whole record as it stands on disk: chain, replay and every sheet."""
        return verify_journal(self.journal, progress)

    def close(self) -> None:
        """Record the end of the session and let go of the file."""
        self.journal.close()

    def _refused_while_locked(self) -> bool:
        sheet = self.count.locked_by
        if sheet is None:
            return False
        self.refused.emit(
            f"the count is locked by the {sheet.title.lower()} tally sheet prepared at event"
            f" {sheet.seq:,}. Reopen the count (Count menu) to record further calls."
        )
        return True

    def _applied(self, record: Record) -> Change:
        change = self.count.apply(record.event())
        self.recent.append(change)
        self.changed.emit(change)
        return change

    def _act(
        self, action: Action, call: Call | None, target: int, detail: dict[str, object]
    ) -> bool:
        if self._refused_while_locked():
            return False
        change = self._commit(action, call, target, detail)
        if change is not None:
            self.changed.emit(change)
        return change is not None

    def _commit(
        self,
        action: Action,
        call: Call | None,
        target: int | None = None,
        detail: dict[str, object] | None = None,
    ) -> Change | None:
        # The rules see the event before the journal does: a stale prompt or any other
        # slip of the interface must never write an event that a replay would refuse.
        event = Event(self.journal.head_seq + 1, action, call, target, detail)
        try:
            self.count.check(event)
        except ReplayError as error:
            self.refused.emit(f"not recorded: {error.reason}")
            return None
        try:
            record = self.journal.append(action, call, target, detail)
        except WriteFailed as error:
            self.write_failed.emit(str(error))
            return None
        change = self.count.apply(record.event())
        self.recent.append(change)
        return change
