"""The observers' dashboard of a count run at several tables: the total, and a row a table.

Each table is a feed of its own (a file followed read-only here; over the network,
the witness feed), folded with the same rules as the single dashboard. The total is
the sum of the tables' calls; lines 8 and 9 are stated on it only once every table
has locked its count with a final tally.

`TablesPanel` (the rows) takes any `DashboardFeed`s, so a dashboard that follows
tables some other way can use it as it is.
"""

import time
from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QCoreApplication, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from station.domain import ElectionSetup, SheetKind, Tally
from station.domain.consolidation import TableLines, summed_tally
from station.domain.decision import call_number
from station.domain.description import describe as describe_election
from station.domain.result_statements import stated_lines
from station.domain.statements import counted_statement, progress_summary
from station.domain.table_statements import table_title, tables_pending_reason
from station.domain.tally_form import Figures, ballot_form
from station.domain.words import sheet_translation
from station.journal.chain import HEAD_DIGITS
from station.ui.announce import Announcer
from station.ui.dashboard.feed import DashboardFeed
from station.ui.dashboard.scaled import ScaledWindow
from station.ui.dashboard.states import DashboardState, state_of
from station.ui.dashboard.tables_choices import call_columns, summed_votes, votes_of
from station.ui.dashboard.theme import DARK, LIGHT, THEMES, stylesheet
from station.ui.screen_fit import fit_to_screen
from station.witness.statements import left_out_of_total, not_verified_row, not_verified_total

STALE_AFTER_S = 3.0
WINDOW_SIZE = QSize(1280, 800)  # where the screen has room for it
COLUMNS = ("TABLE", "COUNTED", "FOR", "AGAINST", "VOID", "CHALLENGED", "STATUS", "HEAD")
translate = QCoreApplication.translate


def columns_for(setup: ElectionSetup) -> tuple[str, ...]:
    """The columns of a table's row: a column per choice on the ballot (`call_columns`)."""
    return ("TABLE", "COUNTED", *call_columns(setup), "VOID", "CHALLENGED", "STATUS", "HEAD")


class _Watched:
    """One table's feed, and what its polling said last (for its status)."""

    def __init__(self, feed: DashboardFeed) -> None:
        self.feed = feed
        self.problem: str | None = None
        self.last_ok = time.monotonic()

    @property
    def label(self) -> str:
        table = self.feed.setup.table
        return table_title(table) if table is not None else self.feed.setup.case_number

    @property
    def broken(self) -> str | None:
        """Why this table's feed failed verification (its figures leave the total), or None."""
        return self.feed.broken

    def state(self, now: float) -> tuple[DashboardState, str]:
        count = self.feed.count
        state, text, _ = state_of(
            self.problem,
            now - self.last_ok,
            STALE_AFTER_S,
            count.locked_by,
            self.feed.closed,
            call_number(count),
            self.feed.bad_event,
        )
        return state, text

    def final(self) -> bool:
        if self.broken is not None:  # what it says about its sheet is not verified
            return False
        locked = self.feed.count.locked_by
        return locked is not None and locked.kind is SheetKind.FINAL


class TablesPanel(QWidget):
    """A row per table (ballots counted, the four calls, status, head) and the total.

    Signals:
        updated(): a table's figures or status changed; the total was redrawn.
    """

    updated = Signal()

    def __init__(
        self,
        feeds: Sequence[DashboardFeed],
        parent: QWidget | None = None,
        *,
        hide_challenges: bool = False,
    ) -> None:
        super().__init__(parent)
        self.tables = [_Watched(feed) for feed in feeds]
        self.setup = feeds[0].setup
        self.columns = columns_for(self.setup)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(24)
        # --hide-challenges: no CHALLENGED column until every table has its final tally.
        self.hide_challenges = hide_challenges
        self.headers = [
            self._cell(0, column, column_title(word), "sectionTitle")
            for column, word in enumerate(self.columns)
        ]
        for header in self.headers:  # a union's name may be longer than its figures need
            header.setWordWrap(True)
            header.setAlignment(header.alignment() | Qt.AlignmentFlag.AlignBottom)
        # The width left over goes to STATUS, whose words wrap, rather than to the figures.
        self.grid.setColumnStretch(len(self.columns) - 2, 1)
        self.cells: list[list[QLabel]] = []
        for row, watched in enumerate(self.tables, start=1):
            self.cells.append(
                [self._cell(row, column, "", "tableCell") for column in range(len(self.columns))]
            )
            feed = watched.feed
            feed.changed.connect(self.refresh)
            feed.reset.connect(self.refresh)
            feed.polled.connect(lambda w=watched: self._on_feed_polled(w))
            feed.failed.connect(lambda problem, w=watched: self._on_feed_failed(w, problem))
        total_row = len(self.tables) + 1
        self.total_cells = [
            self._cell(total_row, column, "", "tableTotal") for column in range(len(self.columns))
        ]
        self.refresh()

    def _cell(self, row: int, column: int, text: str, name: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        if 1 <= column <= len(self.columns) - 3:  # the figures
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if (
            column == len(self.columns) - 2
        ):  # STATUS  # a failed feed's status names its event: it wraps
            label.setWordWrap(True)
        self.grid.addWidget(label, row, column)
        return label

    def fit_headers(self) -> None:
        """Let a long column title wrap, no wider than CHALLENGED nor narrower than its
        longest word."""
        for header in self.headers:
            header.ensurePolished()
            metrics = header.fontMetrics()
            longest = max(metrics.horizontalAdvance(word) for word in header.text().split())
            widest = max(longest, metrics.horizontalAdvance(column_title("CHALLENGED"))) + 2
            header.setMinimumWidth(longest + 2)
            if metrics.horizontalAdvance(header.text()) > widest:  # a union's name
                header.setMaximumWidth(widest)

    def summed(self) -> list[_Watched]:
        """The tables in the total: every one whose feed has not failed verification."""
        return [w for w in self.tables if w.broken is None]

    def left_out(self) -> list[tuple[str, str]]:
        """The tables left out of the total, each with what failed verification in its feed."""
        return [(w.label, w.broken) for w in self.tables if w.broken is not None]

    def total(self) -> Tally:
        """The calls of the tables in the total, summed."""
        return summed_tally([_lines_of(w) for w in self.summed()])

    def ballots(self) -> int | None:
        """The ballots in the boxes of the tables in the total, when each knows its own."""
        boxes = [w.feed.setup.ballots for w in self.summed()]
        return None if any(box is None for box in boxes) else sum(box or 0 for box in boxes)

    def all_final(self) -> list[bool]:
        return [w.final() for w in self.tables]

    def refresh(self) -> None:
        """Redraw every row and the total from the feeds."""
        now = time.monotonic()
        for watched, cells in zip(self.tables, self.cells, strict=True):
            tally = watched.feed.count.tally
            _, status = watched.state(now)
            if watched.broken is not None:
                status = not_verified_row(watched.broken)
            box = watched.feed.setup.ballots
            counted = _counted(tally.counted, box)
            values = [
                watched.label,
                counted,
                *(f"{n:,}" for n in votes_of(watched.feed.count)),
                f"{tally.void:,}",
                f"{tally.challenged:,}",
                status,
                f"{watched.feed.head_seq:,}:{watched.feed.head_hash[:HEAD_DIGITS]}",
            ]
            for cell, text in zip(cells, values, strict=True):
                cell.setText(text)
                _mark(cell, watched.broken is not None)
        total = self.total()
        ballots = self.ballots()
        counted = _counted(total.counted, ballots)
        states = {w.state(now)[0] for w in self.tables}
        live = states == {DashboardState.LIVE}
        status = translate("TablesPanel", "ALL LIVE") if live else _worst(states)
        left_out = self.left_out()
        if left_out:
            status = not_verified_total([label for label, _ in left_out])
        votes = summed_votes(total)
        calls = (*votes, total.void, total.challenged)
        values = [
            translate("TablesPanel", "TOTAL"),
            counted,
            *(f"{n:,}" for n in calls),
            status,
            "",
        ]
        for cell, text in zip(self.total_cells, values, strict=True):
            cell.setText(text)
        _mark(self.total_cells[-2], bool(left_out))
        shown = not self.withholding()
        challenged = self.columns.index("CHALLENGED")
        for row in [self.headers, *self.cells, self.total_cells]:
            row[challenged].setVisible(shown)
        self.updated.emit()

    def withholding(self) -> bool:
        """Whether the challenge figures are withheld now: until every table's final tally."""
        return self.hide_challenges and not all(self.all_final())

    def row_texts(self) -> list[list[str]]:
        """What each row shows, the total last (for tests and screen readers)."""
        return [[cell.text() for cell in row] for row in [*self.cells, self.total_cells]]

    def _on_feed_polled(self, watched: _Watched) -> None:
        watched.last_ok = time.monotonic()
        if watched.problem is not None:
            watched.problem = None
            self.refresh()

    def _on_feed_failed(self, watched: _Watched, problem: str) -> None:
        watched.problem = problem
        self.refresh()


def column_title(column: str) -> str:
    """A column's title (`columns_for`) in the window's language; a choice's column is
    its own word."""
    titles = {
        "TABLE": translate("TablesPanel", "TABLE"),
        "COUNTED": translate("TablesPanel", "COUNTED"),
        "VOID": translate("TablesPanel", "VOID"),
        "CHALLENGED": translate("TablesPanel", "CHALLENGED"),
        "STATUS": translate("TablesPanel", "STATUS"),
        "HEAD": translate("TablesPanel", "HEAD"),
    }
    return titles.get(column, column)


def _counted(counted: int, box: int | None) -> str:
    """ "120", or "120 of 300" where the box's ballots are known."""
    if box is None:
        return f"{counted:,}"
    return translate("TablesPanel", "{counted} of {box}").format(
        counted=f"{counted:,}", box=f"{box:,}"
    )


def _mark(cell: QLabel, broken: bool) -> None:
    """Red while a feed failed verification (the stylesheet colours `state="broken"`)."""
    state = "broken" if broken else ""
    if cell.property("state") != state:
        cell.setProperty("state", state)
        cell.style().unpolish(cell)
        cell.style().polish(cell)


def _lines_of(watched: _Watched) -> TableLines:
    tally = watched.feed.count.tally
    lines = {"2": tally.void, "3": tally.for_union, "4": tally.against, "6": tally.challenged}
    setup = watched.feed.setup
    # Each choice's votes where the tally keeps them apart, summed choice by choice.
    return TableLines(watched.label, lines, tally.counted, setup.ballots, tally.choices)


# The status of the total: the most urgent of the tables'.
_URGENCY = (
    DashboardState.READ_ONLY,
    DashboardState.UNAVAILABLE,
    DashboardState.STALE,
    DashboardState.LIVE,
    DashboardState.PAUSED,
    DashboardState.CLOSED,
    DashboardState.LOCKED,
)


def _worst(states: set[DashboardState]) -> str:
    worst = min(states, key=_URGENCY.index)
    said = {
        DashboardState.READ_ONLY: translate("TablesPanel", "\u26a0 A TABLE CANNOT BE COUNTED ON"),
        DashboardState.UNAVAILABLE: translate("TablesPanel", "\u26a0 A TABLE IS UNAVAILABLE"),
        DashboardState.STALE: translate("TablesPanel", "\u26a0 A TABLE IS SILENT"),
        DashboardState.LIVE: translate("TablesPanel", "COUNTING"),
        DashboardState.PAUSED: translate("TablesPanel", "A TABLE IS PAUSED"),
        DashboardState.CLOSED: translate("TablesPanel", "A STATION CLOSED ITS COUNT"),
        DashboardState.LOCKED: translate("TablesPanel", "EVERY TABLE HAS ITS TALLY"),
    }
    return said[worst]


class TablesDashboard(ScaledWindow):
    """The dashboard of several tables: the total in the large figures, a row a table.

    Read-only like the single dashboard: it only reads its feeds.

    Signals:
        theme_changed(str): T switched the theme ("dark" or "light").
    """

    theme_changed = Signal(str)

    def __init__(
        self,
        feeds: Sequence[DashboardFeed],
        theme: str = "dark",
        parent: QWidget | None = None,
        *,
        read_only: str | None = None,
        hide_challenges: bool = False,
    ) -> None:
        super().__init__(parent)
        self.feeds = list(feeds)
        setup = self.feeds[0].setup
        self.setObjectName("dashboard")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        tables = f"{len(self.feeds)}"
        self.setWindowTitle(
            self.tr("Station dashboard \u2014 {case} \u2014 {tables} tables").format(
                case=setup.case_number, tables=tables
            )
        )
        self.setMinimumSize(640, 360)
        self._theme = THEMES.get(theme, DARK)
        self._unit = 0.0
        self.case_label = _label(
            self.tr("Case {case} \u2014 {tables} tables").format(
                case=setup.case_number, tables=tables
            ),
            "caseLabel",
        )
        self.parties_label = _label(describe_election(setup).parties_line, "partiesLabel")
        self.parties_label.setWordWrap(True)
        self.clock_label = _label("", "clockLabel")
        self.clock_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        # A fixed name, the time as its description: a screen reader resting on the clock
        # is not made to read it again every second.
        self.clock_label.setAccessibleName(self.tr("Clock"))
        figures = self._make_figures(describe_election(setup).ballot.choices)
        self.progress_label = _label("", "progressLabel")
        # Above lines 8 and 9 said in another language than the sheet's: a translation.
        self.sheet_note_label = _label(sheet_translation() or "", "readOnlyLabel")
        self.sheet_note_label.setWordWrap(True)
        self.sheet_note_label.setVisible(sheet_translation() is not None)
        self.challenges_label = _label("", "statementLabel")
        self.majority_label = _label("", "statementLabel")
        self.runoff_label = _label("", "statementLabel")  # what 102.70 calls for
        self.runoff_label.hide()
        for label in (self.challenges_label, self.majority_label, self.runoff_label):
            label.setWordWrap(True)
        self.announcer = Announcer(self)  # what a screen reader hears as the tables count
        self.panel = TablesPanel(self.feeds, hide_challenges=hide_challenges)
        self.panel.updated.connect(self._show_total)
        self.left_out_label = _label("", "leftOutLabel")
        self.left_out_label.hide()
        if read_only is None:
            read_only = self.tr("Read-only view of each table's journal \u00b7 T: theme")
        self.read_only_label = _label(read_only, "readOnlyLabel")

        header = QHBoxLayout()
        titles = QVBoxLayout()
        titles.addWidget(self.case_label)
        titles.addWidget(self.parties_label)
        header.addLayout(titles, 3)
        header.addWidget(self.clock_label, 1)
        root = QVBoxLayout(self)
        root.addLayout(header)
        root.addLayout(figures, 3)
        root.addWidget(self.progress_label)
        root.addWidget(self.left_out_label)
        root.addWidget(self.sheet_note_label)
        root.addWidget(self.challenges_label)
        root.addWidget(self.majority_label)
        root.addWidget(self.runoff_label)
        root.addWidget(self.panel, 2)
        root.addWidget(self.read_only_label)
        self._root = root

        self._clock = QTimer(self)
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._on_clock_timeout)
        self._clock.start()
        self._on_clock_timeout()
        self.set_theme(self._theme.name)
        self._show_total()

    def _scale(self, unit: float) -> None:
        # The large figures keep their room however many rows the tables take, and a
        # column's title wraps between its words, never inside one.
        for figure in self.choice_figures:
            figure.setMinimumHeight(round(unit * 16))
        self.panel.fit_headers()

    def _style_sheet(self, unit: float) -> str:
        cells = max(round(unit * 2.4), 9)
        return (
            stylesheet(self._theme, unit) + f"QLabel#tableCell {{ font-size: {cells}px; }}"
            f" QLabel#tableTotal {{ font-size: {cells}px; font-weight: bold; }}"
            f' QLabel#tableCell[state="broken"], QLabel#tableTotal[state="broken"],'
            f" QLabel#leftOutLabel {{ color: {self._theme.error_text};"
            f" background: {self._theme.error_background}; }}"
            f" QLabel#leftOutLabel {{ font-size: {round(unit * 2.55)}px; font-weight: bold; }}"
        )

    def _show_total(self) -> None:
        total = self.panel.total()
        for figure, value in (
            *zip(self.choice_figures, summed_votes(total), strict=True),
            (self.void_figure, total.void),
            (self.challenged_figure, total.challenged),
            (self.valid_figure, total.valid),
        ):
            figure.set_value(value)
        ballots = self.panel.ballots()
        left_out = self.panel.left_out()
        tables = len(self.feeds)
        counted = counted_statement(total.counted, ballots)
        if left_out:
            at = self.tr("{counted} at {summed} of {tables} tables").format(
                counted=counted, summed=f"{tables - len(left_out)}", tables=f"{tables}"
            )
        else:
            at = self.tr("{counted} at {tables} tables").format(counted=counted, tables=f"{tables}")
        self.progress_label.setText(at)
        self.left_out_label.setText(left_out_of_total(left_out) if left_out else "")
        self.left_out_label.setVisible(bool(left_out))
        pending = tables_pending_reason(self.panel.all_final(), total.remaining(ballots))
        # Lines 8-9 and 102.70's line on the tables' sums, as the consolidated tally
        # states them (summing FOR would give the first union the others' votes).
        setup = self.feeds[0].setup
        said = stated_lines(ballot_form(setup), Figures(setup.eligible, total), pending)
        self.challenges_label.setText(said.challenges)
        self.majority_label.setText(said.majority)
        self.runoff_label.setText(said.runoff or "")
        self.runoff_label.setVisible(said.runoff is not None)
        hiding = self.panel.withholding()  # --hide-challenges, until every final tally
        self.challenged_figure.setVisible(not hiding)
        self.challenges_label.setVisible(not hiding)
        self._announce(total.counted, hiding, stated=pending is None)

    def _announce(self, counted: int, hiding: bool, *, stated: bool) -> None:
        """Say the tables' sums every few seconds, and at once a table left out of them
        or the consolidated lines 8 and 9 once they state the result."""
        if counted > 0:
            self.announcer.progress(progress_summary(counted, self.said_figures(hiding=hiding)))
        labels = [self.left_out_label, self.runoff_label]
        if stated:
            labels[1:1] = [self.challenges_label, self.majority_label]
        self.announcer.statements(
            [label.text() for label in labels if label.isVisibleTo(self)],
            urgent=[self.left_out_label.text()],
        )

    def place(self) -> None:
        """Show the dashboard as a window as large as it likes, never more than its screen."""
        fit_to_screen(self, WINDOW_SIZE)
        self.show()

    def _on_clock_timeout(self) -> None:
        now = datetime.now().strftime("%H:%M:%S")
        self.clock_label.setText(now)
        self.clock_label.setAccessibleDescription(now)
        self.panel.refresh()  # a silent table turns stale

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """T switches the theme. Nothing here can change a count."""
        if event.key() == Qt.Key.Key_T:
            self.set_theme(LIGHT.name if self._theme is DARK else DARK.name)
            self.theme_changed.emit(self._theme.name)
            return
        super().keyPressEvent(event)


def _label(text: str, name: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    return label
