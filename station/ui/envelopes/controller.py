"""The envelope stage as the envelope window drives it: journal first, then the screen."""

from PySide6.QtCore import Signal

from station.domain.envelopes import Ruling
from station.domain.groups import written_in_group
from station.domain.voters import VoterList
from station.journal import Journal
from station.ui.operator.controller import CountController


class EnvelopeController(CountController):
    """A count controller that also rules envelopes (and ends the envelope stage).

    It is the count's controller all through: once the stage has ended the operator
    window takes it over as it is, so the count goes on in the same session.

    Signals:
        stage_ended(): the envelope stage ended; the ballots are to be opened.
    """

    stage_ended = Signal()

    def __init__(self, journal: Journal) -> None:
        super().__init__(journal)
        self.voters: VoterList = self.session.voters  # the session rules write-ins by it

    @property
    def stage_open(self) -> bool:
        return self.count.envelopes.open

    def rule(self, ruling: Ruling, voter: str | None = None, write_in: str | None = None) -> bool:
        """Record one envelope's ruling (True once it is durably in the journal). In an
        election of voting groups a written-in voter is typed "B: Jane Roe", the group's
        key first."""
        group = None
        if write_in is not None and self.count.groups.active:
            keys = tuple(spec.key for spec in self.count.groups.specs)
            group, write_in = written_in_group(write_in, keys)
        return self._emitted(lambda: self.session.rule_envelope(ruling, voter, write_in, group))

    def record_after_tally(self, voter: str | None = None, write_in: str | None = None) -> bool:
        """Record an envelope received after the tally (True once it is in the journal)."""
        return self._emitted(lambda: self.session.record_after_tally(voter, write_in))

    def undo_ruling(self) -> bool:
        return self._emitted(self.session.undo_envelope)

    def redo_ruling(self) -> bool:
        return self._emitted(self.session.redo_envelope)

    def end_stage(self) -> bool:
        """End the envelope stage; the accepted envelopes are the ballots to open."""
        ended = self._emitted(self.session.end_envelopes)
        if ended:
            self.stage_ended.emit()
        return ended
