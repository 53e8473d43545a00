"""`--hide-challenges` withholds every challenge figure, and the envelope stage's line adds up.

With the challenges withheld the dashboard must show none of the envelope stage's
"1 challenged (Employer 1, …)", the pile line "CHALLENGED pile 1: 1 of 100" or, on a
ballot of several unions, the hatched "1 challenged, sealed"; and after the decision the
stage's line must add up, never "1 challenged (Employer 0, Union 0, Board agent 0)".
"""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.standalone import standalone_dashboard
from station.ui.dashboard.window import DashboardWindow
from tests.mail.helpers import BESSEMER, VOTERS
from tests.ui.dashboard.helpers import THREE, new

FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
F, A, C = Call.FOR, Call.AGAINST, Call.CHALLENGE


def dashboards(qtbot: QtBot, path: Path) -> tuple[DashboardWindow, DashboardWindow]:
    """The file's dashboard as `station dashboard` opens it, without and with the flag."""
    windows = []
    for hide in (False, True):
        feed = JournalFollower(path)
        feed.follower.close()  # the first picture is all this test looks at
        window = standalone_dashboard(feed, "dark", hide_challenges=hide)
        qtbot.addWidget(window)
        windows.append(window)
    return windows[0], windows[1]


def test_several_unions_withheld_leave_no_hatching_and_no_sealed_words(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "t3.station"
    new(path, "--case", "10-RC-301717", *THREE, "--eligible", "14", "--ballots", "13")
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for choice in (1, 1, 2, 1, 2):
        session.record(Vote(F, choice=choice))
    session.record(A)
    session.record(C)
    journal.close()
    shown, hidden = dashboards(qtbot, path)
    assert shown.race.segments()[-2] > 0  # the challenged ballots, before Neither
    assert hidden.race.segments() == (3 / 6, 2 / 6, 0.0, 1 / 6)
    assert not hidden.challenged_figure.isVisibleTo(hidden)
    assert not hidden.challenges_label.isVisibleTo(hidden)


def test_the_challenged_pile_is_withheld_too(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "pile.station"
    new(path, "--case", "10-RC-301730", "--union", "Local 7", "--eligible", "9", "--pile", "2")
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for call in (F, C, A, F):
        session.record(call)
    journal.close()
    shown, hidden = dashboards(qtbot, path)
    assert "CHALLENGED pile 1: 1 of 2" in shown.pile_label.text()
    assert "FOR pile 1: 2 of 2" in hidden.pile_label.text()
    assert "CHALLENGED" not in hidden.pile_label.text()


def mail_count(path: Path, *, decide: bool) -> None:
    """Four envelopes, one challenged by the Employer; with `decide`, the count after it."""
    Journal.create(path, BESSEMER, VOTERS)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for voter in ("100", "101", "102"):
        session.rule_envelope(Ruling.ACCEPTED, voter)
    seq = session.rule_envelope(Ruling.CHALLENGED, "103").event.seq
    session.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
    if decide:
        session.end_envelopes()
        for call in (F, A, C):  # a ballot challenged at the count: not an envelope's
            session.record(call)
        prepare_sheet(session, FINAL, key_fingerprint="0" * 64)
        session.decide([1], [2], "Regional Director")
    journal.close()


def test_the_envelope_stage_withheld_names_no_challenged_or_returned_figure(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "bhm1.station"
    mail_count(path, decide=False)
    shown, hidden = dashboards(qtbot, path)
    assert "4 returned \u00b7 3 accepted \u00b7 1 challenged (Employer 1, Union 0," in (
        shown.envelope_label.text()
    )
    text = hidden.envelope_label.text()
    assert text.startswith("ENVELOPE STAGE \u2014 envelopes: 3 accepted \u00b7 0 void")
    assert "returned" not in text and "1 challenged" not in text and "Employer" not in text


def test_the_envelope_stage_line_still_adds_up_after_the_decision(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "bhm1.station"
    mail_count(path, decide=True)
    shown, _ = dashboards(qtbot, path)
    # The envelope ordered opened left line 6: said apart, the figures still add up to 4.
    assert (
        "3 accepted \u00b7 0 challenged (Employer 0, Union 0, Board agent 0) \u00b7"
        " 1 ordered opened \u00b7 0 void"
    ) in shown.envelope_label.text()


def test_the_revised_count_leaves_the_figures_readable(qtbot: QtBot, tmp_path: Path) -> None:
    """The revised count on the big line, the original tally on the small one below.

    Both on the big line would take two bold lines of the figures' height: at 1280x720
    VOID, CHALLENGED and VALID VOTES would be drawn 8 pixels high, unreadable.
    """
    path = tmp_path / "revised.station"
    new(path, "--case", "10-RC-301731", "--union", "Local 7", "--eligible", "9")
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        for call in (F, C, A, C, F):
            session.record(call)
        prepare_sheet(session, FINAL, key_fingerprint="0" * 64)
        session.decide([1, 2], [], "Regional Director")
    window, _ = dashboards(qtbot, path)
    window.show()
    window.resize(1280, 720)
    qtbot.waitExposed(window)
    assert window.progress_label.text() == "Revised count: 0 of 2 opened ballots counted"
    box = window.box_label
    assert box.text().startswith("Original tally 2 FOR, 1 AGAINST, 0 VOID, 2 challenged \u00b7")
    assert box.wordWrap()  # never cut off on a narrow window
    qtbot.waitUntil(lambda: "font-size: 33px" in window.styleSheet())  # scaled to 1280x720
    figures = (window.void_figure, window.challenged_figure, window.valid_figure)
    qtbot.waitUntil(lambda: all(figure.word_font().pixelSize() >= 12 for figure in figures))
