"""The dashboard in Spanish: no word of its own left in English, in each of its states.

Each window is built twice on the same file, in English and then in Spanish, and read
as a user reads it (`tests/ui/spanish.py`); what reads the same in both is a word never
translated, unless it is a name (a party, a choice, the case) or a number: the window's
own words (Qt's catalog) and the domain's sentences (lines 8 and 9, the progress line,
the ticker...: `station.domain.words.say`) alike.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.description import Vote, describe
from station.domain.election import voting_groups
from station.domain.words import say
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.remote import feeds_read_only
from station.ui.dashboard.tables import TablesDashboard
from station.ui.dashboard.window import STALE_AFTER_S, DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.helpers import JFK8
from tests.ui.dashboard.helpers import TWO, new, table
from tests.ui.spanish import compiled, in_spanish, left_in_english, shown_words

FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
SHEET_NOTE = "Translation of the Tally of Ballots; the signed sheet in English is the record."


@pytest.fixture(scope="module")
def qm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled(tmp_path_factory.mktemp("i18n"))


def _count(path: Path, setup: ElectionSetup | None, votes: list[Vote | Call], sign: bool) -> None:
    """Record `votes` in the election file at `path` (made first, if `setup` is given)."""
    if setup is not None:
        Journal.create(path, setup)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        for vote in votes:
            session.record(vote)
        if sign:
            prepare_sheet(session, FINAL, key_fingerprint="0" * 64)


def _dashboard(qtbot: QtBot, path: Path, stale_after: float = STALE_AFTER_S) -> DashboardWindow:
    feed = JournalFollower(path)
    feed.follower.close()  # the file as it is now is all these tests look at
    window = DashboardWindow(feed, stale_after=stale_after)
    qtbot.addWidget(window)
    window.show()
    return window


def _names(setup: ElectionSetup) -> set[str]:
    """What is never translated: the parties' and choices' names, the case."""
    election = describe(setup)
    choices = election.ballot.choices
    return {
        setup.case_number,
        setup.employer,
        *(choice.name for choice in choices),
        *(choice.label.upper() for choice in choices),
        election.parties_line,
        *(spec.name for spec in setup.ballot.groups),
    }


def _untranslated(
    qm: Path, build: Callable[[], QWidget], *values: str
) -> tuple[list[str], QWidget]:
    """What is left in English in the window `build` makes, in Spanish; `values`: words
    shown as the system gave them (an I/O error's)."""
    english_window = build()
    english = shown_words(english_window)
    with in_spanish(qm):
        window = build()
        spanish = shown_words(window)
    assert isinstance(window, TablesDashboard | DashboardWindow)
    feed = window.feeds[0] if isinstance(window, TablesDashboard) else window.feed
    return left_in_english(english, spanish, _names(feed.setup) | set(values)), window


def _texts(window: QWidget) -> str:
    return "\n".join(text for _, text in shown_words(window))


def test_a_count_under_way_reads_in_spanish(
    qtbot: QtBot, controller: CountController, qm: Path
) -> None:
    for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID, Call.FOR):
        controller.record(call)

    def build() -> DashboardWindow:
        window = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(window)
        window.show()
        return window

    left, window = _untranslated(qm, build)
    assert left == []
    texts = _texts(window)
    for words in ("EN VIVO", "ÚLTIMA LECTURA", "VOTOS VÁLIDOS", "Diario: ", "Caso 29-RC"):
        assert words in texts
    assert window.windowTitle().startswith("Panel de Station \u2014 29-RC-288020")
    # The station's call is a "lectura" wherever the dashboard shows or names it.
    assert window.ticker.accessibleName() == "Últimas lecturas"
    assert window.flash.accessibleName().upper() in texts
    # Under the race bar, the choices as the figures and the operator's buttons say them.
    below = window.race.below_words()
    assert (below[0], below[-1]) == ("A FAVOR 2", "1 EN CONTRA")


@pytest.mark.parametrize(
    ("stale_after", "problem", "status"),
    [
        (-1.0, None, "\u26a0 SIN NOVEDADES DESDE HACE"),
        (STALE_AFTER_S, "the disk is gone", "\u26a0 DIARIO NO DISPONIBLE"),
    ],
)
def test_a_silent_or_unreadable_journal_is_said_in_spanish(
    qtbot: QtBot,
    tmp_path: Path,
    qm: Path,
    stale_after: float,
    problem: str | None,
    status: str,
) -> None:
    path = tmp_path / "jfk8.station"
    _count(path, JFK8, [Call.FOR], False)

    def build() -> DashboardWindow:
        window = _dashboard(qtbot, path, stale_after)
        if problem is not None:
            window.feed.failed.emit(problem)
        window._show_state()
        return window

    left, window = _untranslated(qm, build, *filter(None, [problem]))
    assert left == []
    assert isinstance(window, DashboardWindow)
    assert window.status_label.text().startswith(status)
    assert "Las cifras mostradas son las últimas conocidas." in window.problem_label.text()


def test_a_final_tally_of_several_unions_says_its_lines_are_a_translation(
    qtbot: QtBot, tmp_path: Path, qm: Path
) -> None:
    path = tmp_path / "three.station"
    new(path, *TWO, "--ballots", "4")
    votes: list[Vote | Call] = [Vote(Call.FOR, choice=1), Vote(Call.FOR, choice=2)]
    _count(path, None, [*votes, Vote(Call.FOR, choice=1), Call.AGAINST], True)
    english = _dashboard(qtbot, path)
    assert english.sheet_note_label.isHidden()  # the sheet's own language: no note
    left, window = _untranslated(qm, lambda: _dashboard(qtbot, path))
    assert left == []
    assert isinstance(window, DashboardWindow)
    assert window.status_label.text() == "RECUENTO PREPARADO"
    with in_spanish(qm):
        note = say(SHEET_NOTE)
    assert note.startswith("Traducción")
    assert window.sheet_note_label.text() == note
    assert not window.sheet_note_label.isHidden()
    layout = window.statements_layout
    assert layout.indexOf(window.sheet_note_label) < layout.indexOf(window.challenges_label)


def test_voting_groups_read_in_spanish(qtbot: QtBot, tmp_path: Path, qm: Path) -> None:
    setup = ElectionSetup.validated(
        case_number="10-RC-000026", employer="Mercy", union="Nurses United", eligible=40,
        groups=voting_groups(
            ["A=Professional employees", "B=Nonprofessional employees"],
            ["A=20", "B=20"], ["A=3", "B=3"], sonotone=["A"],
        ),
    )  # fmt: skip
    path = tmp_path / "mercy.station"
    votes: list[Vote | Call] = [
        Vote(Call.FOR, group="A", inclusion="yes"),
        Vote(Call.AGAINST, group="B"),
    ]
    _count(path, setup, votes, False)
    left, window = _untranslated(qm, lambda: _dashboard(qtbot, path))
    assert left == []
    assert isinstance(window, DashboardWindow) and window.group_dashboard is not None
    titles = [panel.title.text() for panel in window.group_dashboard.panels]
    assert titles == [
        "Grupo A \u2014 Professional employees",
        "Grupo B \u2014 Nonprofessional employees",
    ]
    assert not window.sheet_note_label.isHidden()  # the units' lines state the sheet's


def test_the_tables_dashboard_reads_in_spanish(qtbot: QtBot, tmp_path: Path, qm: Path) -> None:
    paths = [table(tmp_path, "1", [1, 2, 0], True), table(tmp_path, "2", [1, 0], False, 1)]

    def build() -> TablesDashboard:
        feeds = [JournalFollower(path) for path in paths]
        for feed in feeds:
            feed.follower.close()
        window = TablesDashboard(feeds)
        qtbot.addWidget(window)
        window.show()
        return window

    left, window = _untranslated(qm, build)
    assert left == []
    assert isinstance(window, TablesDashboard)
    headers = [header.text() for header in window.panel.headers]
    assert headers[:2] == ["MESA", "CONTADAS"] and headers[-2:] == ["ESTADO", "CABECERA"]
    assert window.panel.row_texts()[-1][0] == "TOTAL"
    assert not window.sheet_note_label.isHidden()
    with in_spanish(qm):
        assert feeds_read_only() == "Vista verificada de la transmisión de cada mesa \u00b7 T: tema"


def _decided(session: CountSession) -> None:
    for call in (Call.CHALLENGE, Call.FOR, Call.CHALLENGE, Call.AGAINST, Call.CHALLENGE):
        session.record(call)
    prepare_sheet(session, FINAL, key_fingerprint="0" * 64)
    session.decide([1, 3], [], "Regional Director")
    session.record(Call.FOR)  # the first of the ballots ordered opened


def _mail(session: CountSession) -> None:
    from station.domain.envelopes import Ruling

    session.rule_envelope(Ruling.ACCEPTED, "100")
    session.rule_envelope(Ruling.ACCEPTED, "101")
    session.rule_envelope(Ruling.CHALLENGED, "102")
    session.end_envelopes()
    session.record(Call.FOR)


@pytest.mark.parametrize("state", ["after the count", "mail"])
def test_the_dashboard_after_the_count_and_of_a_mail_ballot_reads_in_spanish(
    qtbot: QtBot, tmp_path: Path, qm: Path, state: str
) -> None:
    import dataclasses

    from tests.mail.helpers import BESSEMER, VOTERS

    path = tmp_path / "election.station"
    if state == "mail":
        Journal.create(path, BESSEMER, VOTERS)
    else:
        Journal.create(path, dataclasses.replace(JFK8, ballots=5))
    with Journal.open(path) as journal:
        (_mail if state == "mail" else _decided)(CountSession.resume(journal, keep=0))
    left, _ = _untranslated(qm, lambda: _dashboard(qtbot, path))
    assert left == []


def test_one_event_and_the_clock_in_spanish(
    qtbot: QtBot, controller: CountController, qm: Path
) -> None:
    with in_spanish(qm):
        window = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(window)
        assert window.journal_label.text().startswith("Diario: 1 evento \u00b7 hash de cabecera ")
        assert window.clock_label.accessibleName() == "Reloj"
        controller.record(Call.FOR)
        assert window.journal_label.text().startswith("Diario: 2 eventos \u00b7 hash de cabecera ")
