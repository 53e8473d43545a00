"""By mail, the CHALLENGED button says line 6, and what of it is no ballot called here."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.domain.envelopes import Ruling
from station.domain.parties import Party
from station.sheet.prepare import SheetRequest
from tests.mail.helpers import counting
from tests.ui.windows import figures, open_window


def test_the_challenged_button_counts_a_sealed_envelope_as_line_6_does(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "bhm1.station"
    with counting(path, new=True) as session:
        for voter in ("100", "101"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        session.rule_envelope(Ruling.CHALLENGED, "102")
        session.end_envelopes()
    window = open_window(qtbot, path)
    try:
        controller = window.controller
        button = window.pad.buttons[Call.CHALLENGE]
        assert controller.count.tally.challenged == 1  # line 6, the dashboard's figure
        assert figures(window)[Call.CHALLENGE] == "1"
        assert button.note() == "1 sealed envelope"
        controller.record(Call.FOR)
        controller.record(Call.VOID)
        assert controller.dispute_void(controller.journal.head_seq, Party.UNION)
        assert figures(window)[Call.CHALLENGE] == "2"
        assert button.note() == "1 sealed envelope"
        controller.record(Call.AGAINST)
        controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        assert controller.decide([1], [], "Regional Director")  # the sealed envelope
        assert controller.count.tally.challenged == 2
        assert figures(window)[Call.CHALLENGE] == "2"
        assert button.note() == "1 opened, not yet called"
        controller.record(Call.FOR)
        assert controller.count.tally.challenged == 1
        assert figures(window)[Call.CHALLENGE] == "1"
        assert button.note() == ""
    finally:
        window.close()
