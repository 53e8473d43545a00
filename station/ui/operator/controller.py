"""The count as the operator window drives it: journal first, then the screen.

Every call, undo and redo is committed to the journal before anything on screen moves.
If the commit fails, `write_failed` says why and nothing else happens: the count, the
undo stack and the last-calls list stay exactly as they were.
"""

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from station.domain import Call, Change, ElectionSetup, ReplayError, Sheet
from station.domain.description import Vote
from station.domain.tally_sheet import SheetError
from station.journal import CorruptJournal, Journal, WriteFailed
from station.journal.session import CountSession, OverCount, Refused
from station.journal.stream_check import Verdict
from station.journal.verify import verify_journal
from station.progress import Progress
from station.sheet.checkpoint_signing import raw_key
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
from station.sheet.witnessed import cosigned_at_head

RECENT_CHANGES = 200


class CountController(QObject):
    """The operator window's handle on the count session: its outcomes as signals.

    What is written, and in what order, is the Qt-free `CountSession`'s business; this
    adapter only turns its answers and refusals into signals for the windows.

    Signals:
        changed(Change): an event was committed and applied to the count.
        write_failed(WriteFailed): an event could not be committed; nothing changed.
        refused(str): the rules refuse this now (the count is locked); nothing changed.
        over_count_refused(Call): a call would count more ballots than the box held;
            nothing was recorded, and `record(call, over_count=True)` would record it.
        count_lost(str): an event was recorded that leaves a count that does not add
            up (says which): no count can be taken on from this file.
    """

    changed = Signal(object)
    write_failed = Signal(object)
    refused = Signal(str)
    over_count_refused = Signal(object)
    count_lost = Signal(str)

    def __init__(self, journal: Journal, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = CountSession.resume(journal, keep=RECENT_CHANGES)
        # Every commit here is a keypress the operator waits for: none checkpoints.
        journal.checkpoint_in_background()
        self.journal = journal
        self.count = self.session.count
        self.recent = self.session.recent
        # Whether the witnesses' cosignatures went onto the last sheet prepared, in words.
        self.witnessed_statement: str | None = None

    @property
    def setup(self) -> ElectionSetup:
        """The election being counted."""
        return self.session.setup

    @property
    def locked_by(self) -> Sheet | None:
        """The tally sheet that locks the count, if one does."""
        return self.count.locked_by

    # -- what the operator can do: True once the event is durably in the journal -----

    def record(self, vote: Vote | Call, *, over_count: bool = False) -> bool:
        """Record one ballot as called: a `Vote` (its call and answers) or a bare call
        (see `CountSession.record`)."""
        try:
            return self._emitted(lambda: self.session.record(vote, over_count=over_count))
        except OverCount as refusal:
            self.over_count_vote = refusal.vote  # confirmed, recorded as it was called
            self.over_count_group = refusal.group  # the group's box that is full, if one
            self.over_count_refused.emit(refusal.call)
            return False

    def undo(self) -> bool:
        """Take back the last call that counts, as a new, visible event."""
        return self._emitted(self.session.undo)

    def redo(self) -> bool:
        """Reinstate the last call taken back, as a new, visible event."""
        return self._emitted(self.session.redo)

    def amend_challenge(self, seq: int, changes: dict[str, object]) -> bool:
        """Give or correct the party, reason or note of a challenged ballot (False, and
        nothing recorded, when it changes nothing)."""
        return self._emitted(lambda: self.session.amend_challenge(seq, changes))

    def dispute_void(self, seq: int, party: str) -> bool:
        """Carry the VOID call of event `seq` as a challenge by the disputing `party`."""
        return self._emitted(lambda: self.session.dispute_void(seq, party))

    def dispute(self, seq: int, call: Call, party: str, *, left_as_called: bool) -> bool:
        """A party disputes the ruling on the ballot of event `seq`."""
        return self._emitted(
            lambda: self.session.dispute(seq, call, party, left_as_called=left_as_called)
        )

    def join_dispute(self, seq: int, party: str) -> bool:
        """The other party joins a dispute."""
        return self._emitted(lambda: self.session.join_dispute(seq, party))

    def settle(self, seq: int, status: str, party: str | None = None) -> bool:
        """Settle a challenge at the table, or take a settlement back (domain/resolution.py)."""
        return self._emitted(lambda: self.session.settle(seq, status, party))

    def decide(self, opened: list[int], sustained: list[int], by: str) -> bool:
        """Record the decision after the hearing (the count must be locked by a final sheet)."""
        return self._emitted(lambda: self.session.decide(opened, sustained, by))

    def check_pile(
        self,
        call: Call,
        pile: int,
        found: int,
        group: str | None = None,
        choice: int | None = None,
    ) -> bool:
        """Record the recount of a full pile (of voting group `group`'s box, if any; of
        union `choice`'s votes, on a ballot of several unions)."""
        return self._emitted(lambda: self.session.check_pile(call, pile, found, group, choice))

    def prepare_sheet(self, request: SheetRequest) -> Sheet:
        """Record the tally sheet and lock the count.

        Raises SheetError, KeyProblem or WriteFailed (nothing recorded) for the window
        to show.
        """
        checked_request(self.journal, self.count, request)  # before any key is made
        if problem := differs_from_journal(self.journal, self.count):
            raise SheetError(problem)
        key = key_for_signing(earlier=earlier_key(self.journal, self.count))
        cosigned = cosigned_at_head(self.journal, raw_key(key.public_key))
        change = prepare_sheet(
            self.session, request, key_fingerprint=key.fingerprint, witnessed=cosigned.fact
        )
        self.witnessed_statement = cosigned.statement
        self.changed.emit(change)
        assert change.sheet is not None
        return change.sheet

    def reopen(self, reason: str) -> None:
        """Reopen the locked count, recording why (raises SheetError or WriteFailed)."""
        self.changed.emit(reopen_count(self.session, reason))

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

    def _emitted(self, act: Callable[[], Change | None]) -> bool:
        """Run `act` through the session and say how it went, as signals."""
        try:
            change = act()
        except Refused as refusal:
            self.refused.emit(refusal.reason)
            return False
        except ReplayError as error:
            self.refused.emit(error.reason)  # the banner says NOT RECORDED itself
            return False
        except WriteFailed as error:
            self.write_failed.emit(error)
            return False
        except CorruptJournal as error:
            self.count_lost.emit(str(error))
            return False
        if change is None:
            return False
        self.changed.emit(change)
        return True
