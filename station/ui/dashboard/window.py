"""The observers' dashboard: the count's public face, on a projector or in a video call.

Read-only by construction: it is given a `DashboardFeed` and has nothing to write
with. Everything is sized from the window's height, so one layout serves 1280x720
(a shared call window) and 3840x2160 (a projector) alike.
"""

import time
from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QGuiApplication,
    QHideEvent,
    QKeyEvent,
    QResizeEvent,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from station.domain import Call, Change
from station.domain.calls import vote_words
from station.domain.decision import call_number
from station.domain.describe import election_words, is_ballot_change
from station.domain.description import describe as describe_election
from station.domain.envelopes import box_setup
from station.domain.party_words import parties_title
from station.domain.piles import lane_name
from station.domain.result_statements import decided_line, result_lines
from station.domain.statements import (
    OPERATOR_QUESTION_WAITING,
    counted_statement,
    pile_mismatch_statement,
    progress_summary,
)
from station.domain.table_statements import case_title
from station.domain.words import say, sheet_translation
from station.journal.chain import HEAD_DIGITS
from station.ui.announce import Announcer
from station.ui.dashboard.after_count import AfterCount
from station.ui.dashboard.choices import SMALLS_STRETCH, choice_colours
from station.ui.dashboard.envelope_stage import EnvelopeStageLabel
from station.ui.dashboard.feed import DashboardFeed
from station.ui.dashboard.groups import GroupDashboard, adapt_groups
from station.ui.dashboard.head_qr import HeadQr
from station.ui.dashboard.heartbeat import HeartbeatDot
from station.ui.dashboard.race_bar import RaceBar
from station.ui.dashboard.scaled import ScaledWindow
from station.ui.dashboard.screens import Placement, ScreenInfo, choose_placement
from station.ui.dashboard.screens_qt import screen_infos, screen_named
from station.ui.dashboard.states import DashboardState, state_of
from station.ui.dashboard.theme import DARK, LIGHT, THEMES, Theme
from station.ui.dashboard.ticker import ROWS, CallFlash, Ticker
from station.ui.screen_fit import fit_to_screen, within_screen

# Pressed alone, or before another key: no key the operator meant for the count.
_MODIFIER_KEYS = (
    Qt.Key.Key_Shift,
    Qt.Key.Key_Control,
    Qt.Key.Key_Alt,
    Qt.Key.Key_AltGr,
    Qt.Key.Key_Meta,
    Qt.Key.Key_Super_L,
    Qt.Key.Key_Super_R,
    Qt.Key.Key_CapsLock,
)
STALE_AFTER_S = 3.0
CLOCK_MS = 250
WINDOW_SIZE = QSize(1280, 720)  # as a window, where the screen has room for it
# Narrower than this (a phone held upright, a thin window beside a video call), the
# dashboard is one column: the last calls under the figures, the status under the case.
NARROW_BELOW = 640
NARROW_SMALLS_STRETCH = 16  # of the row's 39 parts (the choices' figures share 30)
NARROW_TICKER_ROWS = 3
# A zero-width space: where the signing key may wrap in one column, after each of its "-".
BREAK_AFTER = "\u200b"
# The type (one column's: the width's 78th part; two columns': the screen's), made
# smaller by this step, never below the least, while its words need more height than
# the window has: Spanish lines 8 and 9 are a third longer than English ones.
TYPE_STEP = 0.9
UNIT_LEAST = 3.0


class DashboardWindow(ScaledWindow):
    """What observers see: the figures, the race, the statements and every call as it lands.

    Keys: T switches between the dark and the light theme; F11 and Escape ask to leave
    (`dismiss_requested`: the operator window hides it, or comes back in front of it; a
    dashboard of its own process has its own keys instead, `standalone.standalone_keys`).
    Any other key records nothing here: `other_key_pressed` says so, and the operator
    window takes the keyboard back.

    Signals:
        dismiss_requested(): the user pressed F11 or Escape on the dashboard.
        other_key_pressed(): a key that is none of the dashboard's was pressed on it.
    """

    dismiss_requested = Signal()
    other_key_pressed = Signal()
    theme_changed = Signal(str)

    def __init__(
        self,
        feed: DashboardFeed,
        *,
        theme: str = "dark",
        stale_after: float = STALE_AFTER_S,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        if parent is not None:
            self.setWindowFlag(Qt.WindowType.Window)  # its own top-level window
        self.feed = feed
        self.stale_after = stale_after
        self.operator_screen: str | None = None
        self.placement: Placement | None = None
        # Where the user last left it as a normal window (restored when not full screen).
        self.saved_geometry: QByteArray | None = None
        self.state: DashboardState | None = None  # set by the first _show_state
        self._theme = THEMES.get(theme, DARK)
        self._unit = 0.0
        self._last_ok = time.monotonic()
        self._problem: str | None = None
        self._narrow = False  # one column (`NARROW_BELOW`)
        self._type_share = 1.0  # the type, of the size's own (`_fit_type`)
        setup = feed.setup
        self.setObjectName("dashboard")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        # Shown beside the operator window, it must never take the keyboard from it.
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        title = self.tr("Station dashboard \u2014 {case} \u2014 {parties}").format(
            case=case_title(setup), parties=parties_title(setup.employer, setup.ballot)
        )
        if setup.is_demo:
            title = self.tr("DEMO \u2014 {title}").format(title=title)
        self.setWindowTitle(title)
        self.setMinimumSize(320, 360)

        self.case_label = self._label(
            self.tr("Case {case}").format(case=case_title(setup)), "caseLabel"
        )
        self.demo_badge = self._label(self.tr("DEMO \u2014 not a real election"), "demoBadge")
        self.demo_badge.setVisible(setup.is_demo)
        election = describe_election(setup)
        self.parties_label = self._label(election.parties_line, "partiesLabel")
        self.parties_label.setWordWrap(True)  # several parties may not fit on one line
        self.question_label = self._label(election.question_line, "questionLabel")
        self.question_label.setWordWrap(True)
        self.clock_label = self._label("", "clockLabel")
        self.clock_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        # A fixed name, the time as its description: a screen reader resting on the clock
        # is not made to read it again every second.
        self.clock_label.setAccessibleName(self.tr("Clock"))
        self.heartbeat = HeartbeatDot()
        self.status_label = self._label("", "statusLabel")  # its state's (_show_state)
        self.problem_label = self._label("", "problemLabel")
        self.problem_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.problem_label.setWordWrap(True)

        # A figure per choice, and the race between them: the election's own choices.
        self._figures_row = self._make_figures(election.ballot.choices)
        for small in (self.void_figure, self.challenged_figure, self.valid_figure):
            small.set_word_share(0.36)
        question = election.ballot  # a UD's line: a majority of those eligible
        self.race = RaceBar(
            [vote_words(choice.label) for choice in question.choices],  # as the figures say
            setup.eligible if question.majority_of_eligible else None,
        )
        self.progress_label = self._label("", "progressLabel")
        self.box_label = self._label("", "boxLabel")
        self.box_label.setWordWrap(True)  # after a decision it holds the original tally too
        self.envelope_label = EnvelopeStageLabel()  # a mail ballot's envelope stage
        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("progressBar")
        self.progress_bar.setAccessibleName(self.tr("Ballots counted"))
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setVisible(setup.ballots is not None)
        # Above lines 8 and 9 said in another language than the sheet's: a translation.
        self.sheet_note_label = self._label("", "boxLabel")
        self.sheet_note_label.setWordWrap(True)
        self.sheet_note_label.hide()
        self.challenges_label = self._label("", "statementLabel")
        self.majority_label = self._label("", "statementLabel")
        self.decision_label = self._label("", "decisionLabel")
        # Once a final sheet is prepared: a notice under lines 8 and 9, in the box line's
        # size (in theirs it took three lines of the figures' height).
        self.objections_label = self._label("", "boxLabel")
        self.objections_label.hide()
        for label in (
            self.challenges_label,
            self.majority_label,
            self.decision_label,
            self.objections_label,
        ):
            label.setWordWrap(True)
        self.flash = CallFlash()
        self.ticker = Ticker()
        # The ticker and LAST CALL name each vote's choice where FOR or AGAINST says too
        # little, and who challenged.
        self.ticker.words = self.flash.words = election_words(
            election, lambda event: self.feed.count.votes.words(event)
        )
        self.pile_label = self._label("", "boxLabel")
        self.pile_label.setWordWrap(True)
        self.head_qr = HeadQr()  # the whole head, for a phone to capture exactly
        self.journal_label = self._label("", "journalLabel")
        self.journal_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.read_only_label = self._label(
            self.tr("Read-only view of the election journal"), "readOnlyLabel"
        )
        # On a narrow window this line gives way (two lines), never the key fingerprint
        # beside it, which observers compare character by character (it was clipped).
        self.read_only_label.setWordWrap(True)
        self.read_only_label.setAlignment(Qt.AlignmentFlag.AlignRight)

        # Shown while this dashboard is in front and the operator window behind it has a
        # question open: the operator sees why the keys seem to do nothing.
        self.waiting_label = self._label(say(OPERATOR_QUESTION_WAITING), "waitingLabel")
        self.waiting_label.hide()
        self._operator_waiting = False

        # What a screen reader hears as the count moves: it never has the focus here.
        self.announcer = Announcer(self)
        self.after_count = AfterCount(self)  # the revised count; challenges withheld
        self.group_dashboard: GroupDashboard | None = None  # voting groups: groups.py
        self._build_layout()
        feed.changed.connect(self._on_feed_changed)
        feed.polled.connect(self._on_feed_polled)
        feed.failed.connect(self._on_feed_failed)
        feed.reset.connect(self._on_feed_reset)
        self._clock = QTimer(self)
        self._clock.setInterval(CLOCK_MS)
        self._clock.timeout.connect(self._on_clock_timeout)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self._on_app_screen_added)
            app.screenRemoved.connect(self._on_app_screen_removed)

        self.set_theme(self._theme.name)
        adapt_groups(self)  # a panel per voting group: groups.py
        self._on_feed_reset()
        self._on_clock_timeout()
        self.resize(WINDOW_SIZE)

    def _label(self, text: str, name: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)  # names come from the setup: never markup
        return label

    def _build_layout(self) -> None:
        election = QVBoxLayout()
        election.setSpacing(0)
        for label in (self.case_label, self.parties_label, self.question_label):
            election.addWidget(label)
        status_row = QHBoxLayout()
        status_row.addStretch(1)
        status_row.addWidget(self.heartbeat)
        status_row.addWidget(self.status_label)
        status = QVBoxLayout()
        status.setSpacing(0)
        status.addWidget(self.demo_badge, 0, Qt.AlignmentFlag.AlignRight)
        status.addWidget(self.clock_label)
        status.addLayout(status_row)
        status.addWidget(self.problem_label)
        status.addStretch(1)
        header = QHBoxLayout()
        header.addLayout(election, 3)
        header.addLayout(status, 1)
        self._header = header

        main = QVBoxLayout()
        self.main_layout = main
        main.addLayout(self._figures_row, 1)
        main.addWidget(self.race)
        main.addWidget(self.progress_label)
        main.addWidget(self.progress_bar)
        main.addWidget(self.box_label)
        main.addWidget(self.envelope_label)
        main.addWidget(self.pile_label)
        main.addSpacing(6)
        statements = QVBoxLayout()
        self.statements_layout = statements
        statements.addWidget(self.sheet_note_label)
        statements.addWidget(self.challenges_label)
        statements.addWidget(self.majority_label)
        statements.addWidget(self.decision_label)
        statements.addWidget(self.objections_label)
        statements.addStretch(1)
        # Lines 8 and 9 take the column's whole width: beside the head's QR code they
        # wrapped to a line more each, and the figures above gave way to them.
        main.addLayout(statements)

        side_panel = QWidget()
        side_panel.setObjectName("sidePanel")
        side_panel.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        side = QVBoxLayout(side_panel)
        side.addWidget(self._label(self.tr("LAST CALL"), "sectionTitle"))
        side.addWidget(self.flash)
        side.addWidget(self._label(self.tr("LAST CALLS \u2014 NEWEST FIRST"), "sectionTitle"))
        side.addWidget(self.ticker, 1)
        side.addWidget(self.head_qr, 0, Qt.AlignmentFlag.AlignRight)  # the ticker gives way
        self._side = side

        body = QHBoxLayout()
        body.addLayout(main, 12)
        body.addWidget(side_panel, 7)
        self._body = body

        footer = QHBoxLayout()
        footer.addWidget(self.journal_label)
        footer.addStretch(1)
        footer.addWidget(self.read_only_label)
        self._footer = footer

        root = QVBoxLayout(self)
        root.addLayout(header)
        root.addWidget(_rule())
        root.addLayout(body, 1)
        # Above the footer, never in it: the key fingerprint there stays whole.
        root.addWidget(self.waiting_label, 0, Qt.AlignmentFlag.AlignHCenter)
        root.addWidget(_rule())
        root.addLayout(footer)
        self._root = root

    # -- theme and size -----------------------------------------------------------

    def _colour(self, theme: Theme) -> None:
        for widget in (self.flash, self.ticker):
            widget.set_theme(theme)
        self.race.set_theme(theme, choice_colours(theme, self.choices))
        self.heartbeat.set_colour(theme.live)

    def toggle_theme(self) -> None:
        """Switch between dark and light."""
        self.set_theme(LIGHT.name if self._theme is DARK else DARK.name)
        self.theme_changed.emit(self._theme.name)

    def is_narrow(self) -> bool:
        """Whether the dashboard stands in one column (`NARROW_BELOW`)."""
        return self._narrow

    def _type_unit(self) -> float:
        """One column is sized by its width: its words read on a phone held upright;
        either is made smaller where its words need it (`_fit_type`)."""
        if self.width() < NARROW_BELOW:
            return max(self.width() / 78 * self._type_share, UNIT_LEAST)
        return max(super()._type_unit() * self._type_share, UNIT_LEAST)

    def _fit_type(self, *, afresh: bool) -> None:
        """Make the type smaller until every label has the height its words need: a
        phone's height is less than lines 8 and 9 (in Spanish, with the note that they
        are a translation) and the journal line after a correction need in the width's
        own type, and a laptop's is less than Spanish lines 8 and 9 need in the
        screen's; squeezed, they were cut through mid-line. `afresh` (a new size): from
        the size's own type again; else only ever smaller (new words)."""
        if afresh and self._type_share != 1.0:
            self._type_share = 1.0
            self._apply_size(force=True)
        while self._words_need_more_height() and self._type_unit() > UNIT_LEAST:
            self._type_share *= TYPE_STEP
            self._apply_size(force=True)

    def _words_need_more_height(self) -> bool:
        """Whether the window is lower than its layout's least height at its width, each
        word-wrapped label whole."""
        self._root.invalidate()
        return self._root.minimumHeightForWidth(self.width()) > self.height()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            self._fit_type(afresh=False)  # new words (a statement, the journal line)
        return handled

    def resizeEvent(self, event: QResizeEvent) -> None:
        narrow = self.width() < NARROW_BELOW
        if narrow != self._narrow:
            self._narrow = narrow
            column = QBoxLayout.Direction.TopToBottom
            across = QBoxLayout.Direction.LeftToRight
            for layout in (self._header, self._body, self._footer):
                layout.setDirection(column if narrow else across)
            # In one column the journal line wraps, its key in groups (`_show_journal`);
            # the head's code gives its place to the last calls (a phone showing the
            # dashboard cannot photograph itself), and the small figures take more of
            # the row, so that their words stay legible.
            self.journal_label.setWordWrap(narrow)
            self.head_qr.setVisible(not narrow)
            self.ticker.rows = NARROW_TICKER_ROWS if narrow else ROWS
            if self.group_dashboard is None:
                row = self._figures_row
                for index in range(row.count()):
                    item = row.itemAt(index)
                    if item is not None and item.layout() is not None:  # the small figures
                        row.setStretch(index, NARROW_SMALLS_STRETCH if narrow else SMALLS_STRETCH)
            self.read_only_label.setAlignment(
                Qt.AlignmentFlag.AlignLeft if narrow else Qt.AlignmentFlag.AlignRight
            )
            self._show_journal()
            super().resizeEvent(event)
            self._apply_size(force=True)  # the sizes of one column, or of two
            self._fit_type(afresh=True)
            return
        super().resizeEvent(event)
        self._fit_type(afresh=True)

    def _scale(self, unit: float) -> None:
        self._root.setSpacing(round(unit * 0.8))
        self._body.setSpacing(round(unit * 2.0))
        self._side.setContentsMargins(*(round(unit * 1.2),) * 4)
        self._figures_row.setSpacing(round(unit * 1.5))
        for small in (self.void_figure, self.challenged_figure, self.valid_figure):
            small.setMinimumHeight(round(unit * 3.0))
        self.race.setFixedHeight(round(unit * 11))
        self.flash.setFixedHeight(round(unit * (9 if self._narrow else 12)))
        self.head_qr.setFixedSize(round(unit * 15), round(unit * 15))
        # In one column the last calls keep rows legible; the figures above give way.
        self.ticker.setMinimumHeight(round(unit * 5 * NARROW_TICKER_ROWS) if self._narrow else 0)
        self.heartbeat.setFixedSize(round(unit * 3), round(unit * 3))
        if self.group_dashboard is not None:
            self.group_dashboard.show()  # its panels' type follows the window's size

    # -- where it goes ------------------------------------------------------------

    def place(self, screens: Sequence[ScreenInfo] | None = None) -> Placement:
        """Show the dashboard where `choose_placement` says, given these screens (or the real ones)."""
        placement = choose_placement(
            screen_infos() if screens is None else screens, self.operator_screen
        )
        self.placement = placement
        screen = screen_named(placement.screen)
        if placement.full_screen:
            if screen is not None:
                self.setScreen(screen)
                self.setGeometry(screen.geometry())
            self.showFullScreen()
        elif self.saved_geometry is not None and self.restoreGeometry(self.saved_geometry):
            within_screen(self)  # saved on a larger screen than this one
            self.showNormal()
        else:
            if screen is not None and self.screen() is not screen:
                self.setScreen(screen)
            fit_to_screen(self, WINDOW_SIZE, screen)
            self.showNormal()
        return placement

    def _on_app_screen_added(self, screen: QScreen) -> None:
        self.on_screens_changed(screen_infos())

    def _on_app_screen_removed(self, screen: QScreen) -> None:
        gone = screen.name()
        self.on_screens_changed([info for info in screen_infos() if info.name != gone])

    def on_screens_changed(self, screens: Sequence[ScreenInfo]) -> None:
        """A projector came or went: go where the rule now says (only while shown)."""
        if self.isVisible():
            self.place(screens)

    # -- the feed -----------------------------------------------------------------

    def _on_feed_changed(self, change: Change) -> None:
        self._show_count()
        # The LAST CALL box shows ballots only; the station opening or closing, a sheet
        # or a recount go to the ticker.
        if is_ballot_change(change):
            self.flash.show_change(change)
        self.ticker.show_changes(self.feed.recent)

    def _on_feed_reset(self) -> None:
        self._show_count()
        ballots = [change for change in self.feed.recent if is_ballot_change(change)]
        if ballots:
            self.flash.show_change(ballots[-1], animate=False)
        else:
            self.flash.clear()
        self.ticker.show_changes(self.feed.recent)

    def _on_feed_polled(self) -> None:
        self._show_journal()  # events may wait for a signed head without changing the count
        self._last_ok = time.monotonic()
        if self._problem is not None or self.state is not DashboardState.LIVE:
            self._problem = None
            self._show_state()
        self.heartbeat.pulse()

    def _on_feed_failed(self, problem: str) -> None:
        self._show_journal()
        self._problem = problem
        self._show_state()

    def _on_clock_timeout(self) -> None:
        now = datetime.now().strftime("%H:%M:%S")
        self.clock_label.setText(now)
        self.clock_label.setAccessibleDescription(now)
        self._show_state()

    def _show_count(self) -> None:
        feed = self.feed
        count = feed.count
        tally = count.tally
        setup = box_setup(feed.setup, count.envelopes)  # a mail ballot's box: the accepted
        ballots = setup.ballots
        hiding = self.after_count.hiding()  # --hide-challenges: no challenge figure anywhere
        self.envelope_label.show_stage(
            count, describe_election(feed.setup).short_names, hide_challenges=hiding
        )
        votes = count.choice_votes()
        for figure, vote in zip(self.choice_figures, votes, strict=True):
            figure.set_value(vote)
        self.void_figure.set_value(tally.void)
        self.challenged_figure.set_value(tally.challenged)
        self.valid_figure.set_value(tally.valid)
        self.race.set_votes(votes, tally.challenged)
        self.head_qr.set_head(feed.head_seq, feed.head_hash)
        eligible = f"{feed.setup.eligible:,}"
        self.progress_label.setText(counted_statement(tally.counted, ballots))
        if ballots is None:
            self.box_label.setText(
                self.tr(
                    "ballots in the box: not given \u00b7 about {eligible} eligible voters"
                ).format(eligible=eligible)
            )
        else:
            self.box_label.setText(
                self.tr(
                    "{ballots} ballots in the box \u00b7 about {eligible} eligible voters"
                ).format(ballots=f"{ballots:,}", eligible=eligible)
            )
            self.progress_bar.setRange(0, ballots)
            self.progress_bar.setValue(min(tally.counted, ballots))
        # Lines 8 and 9 as the sheet states them; then what 102.70 calls for, or the live
        # "Result decided" (never for one table: the tables together decide). Once lines
        # 8 and 9 state the result the notice would only repeat line 9, and the full
        # progress bar says nothing: both give their room to the lines (at 1280x720 a
        # mail count's revised tally was cut off without it).
        said = result_lines(setup, tally, count.locked_by)
        self.challenges_label.setText(said.challenges)
        self.majority_label.setText(said.majority)
        live = decided_line(setup, tally) if said.pending is not None else ""
        self.decision_label.setText(said.runoff or live)
        # While counting its place is kept, so the figures do not jump when it appears.
        self.decision_label.setVisible(bool(said.runoff or live) or said.pending is not None)
        self.progress_bar.setVisible(ballots is not None and said.pending is not None)
        decided = bool(live) and not said.runoff  # the live notice, in whatever language
        if self.decision_label.property("decided") != decided:
            self.decision_label.setProperty("decided", decided)
            self.decision_label.style().unpolish(self.decision_label)
            self.decision_label.style().polish(self.decision_label)
        self._show_journal()
        self._show_piles(hiding)
        objections = feed.objections
        self.objections_label.setText(objections or "")
        self.objections_label.setVisible(bool(objections))
        self.after_count.apply()
        if self.group_dashboard is not None:  # after: it hides the whole count's figures
            self.group_dashboard.show()
        self._show_sheet_note()
        self._announce_count(hiding, stated=said.pending is None)

    def _show_sheet_note(self) -> None:
        """Over the sheet's lines said in a language not the sheet's, that they are a
        translation (the signed sheet, in English, is the record)."""
        stated = [self.challenges_label, self.majority_label]
        if self.group_dashboard is not None:
            stated.append(self.group_dashboard.units_label)
        note = sheet_translation()
        shown = note is not None and any(label.text() and not label.isHidden() for label in stated)
        self.sheet_note_label.setText(note or "")
        self.sheet_note_label.setVisible(shown)

    def _announce_count(self, hiding: bool, *, stated: bool) -> None:
        """Say the count's progress (a summary, every few seconds) and any statement
        that changed (a result decided, lines 8 and 9 once they state it, a sheet's
        notice: at once). While `stated` is false lines 8 and 9 only say how many
        ballots remain, which the summary already says."""
        number = call_number(self.feed.count)
        if number > 0 and self.group_dashboard is not None:
            # The piles together are no unit's figures: the group counted last is said.
            self.announcer.progress(progress_summary(number, self.group_dashboard.current_words()))
        elif number > 0:
            self.announcer.progress(progress_summary(number, self.said_figures(hiding=hiding)))
        labels = [self.decision_label, self.objections_label]
        if stated:
            labels[:0] = [self.challenges_label, self.majority_label]
        self.announcer.statements([label.text() for label in labels if label.isVisibleTo(self)])

    def _show_journal(self) -> None:
        """The journal line: the position the figures are folded to, and apart from it the
        events a remote feed sent after its last signed head (not counted)."""
        feed = self.feed
        if feed.head_seq == 1:
            text = self.tr("Journal: 1 event \u00b7 head {head}")
        else:
            text = self.tr("Journal: {events} events \u00b7 head {head}")
        text = text.format(events=f"{feed.head_seq:,}", head=feed.head_hash[:HEAD_DIGITS])
        if feed.key_fingerprint:
            key = feed.key_fingerprint
            if self._narrow:  # wraps only between whole groups, never inside one
                key = key.replace("-", "-" + BREAK_AFTER)
            text += self.tr(" \u00b7 signing key {key}").format(key=key)
        unsigned = feed.not_yet_signed
        text += f"\n{unsigned}" if unsigned else ""
        if self.journal_label.text() != text:
            self.journal_label.setText(text)
            # A screen reader hears the fingerprint as written, not its break opportunities.
            self.journal_label.setAccessibleName(text.replace(BREAK_AFTER, ""))

    def _show_piles(self, hiding: bool) -> None:
        """Where each call's pile stands: the box's, or in an election of voting groups
        the piles of the group whose ballot was called last (each group's box its own)."""
        count = self.feed.count
        piles = count.piles
        if piles.size <= 0:
            self.pile_label.hide()
            return
        group = None
        if count.groups.active:
            last = count.next_undo()
            at = None if last is None else count.groups.group_of(last[0])
            group = (at or count.groups.specs[0]).key
        parts = []
        for call, choice in count.pile_lanes():
            total = count.pile_total(call, group, choice)
            withheld = hiding and call is Call.CHALLENGE
            if withheld or (total == 0 and call in (Call.VOID, Call.CHALLENGE)):
                continue
            lane = lane_name(call, label=piles.label(call, choice))  # "A FAVOR", a union's name
            parts.append(f"{lane} {count.describe_pile(call, group, choice)}")
        if group is not None:
            said = self.tr("Group {group}: {pile}")
            parts[:1] = [said.format(group=group, pile=part) for part in parts[:1]]
        for mismatch in piles.mismatches():
            if hiding and mismatch.call is Call.CHALLENGE:
                continue
            parts.append(f"\u26a0 {pile_mismatch_statement(mismatch)}")
        self.pile_label.setText(" \u00b7 ".join(parts))
        self.pile_label.show()

    def _show_state(self) -> None:
        feed = self.feed
        silent = time.monotonic() - self._last_ok
        state, text, detail = state_of(
            self._problem,
            silent,
            self.stale_after,
            feed.count.locked_by,
            feed.closed,
            call_number(feed.count),
            feed.bad_event,
        )
        self.status_label.setText(text)
        self.problem_label.setText(detail)
        self.problem_label.setVisible(bool(detail))
        self.heartbeat.set_live(state is DashboardState.LIVE)
        if state != self.state:
            if self.state is not None:
                trouble = state in (
                    DashboardState.STALE,
                    DashboardState.UNAVAILABLE,
                    DashboardState.READ_ONLY,
                )
                self.announcer.statement(f"{text}. {detail}" if detail else text, assertive=trouble)
            self.state = state
            self.status_label.setProperty("state", state.value)
            self.status_label.style().unpolish(self.status_label)
            self.status_label.style().polish(self.status_label)

    # -- keys and closing ---------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """T switches the theme; F11 and Escape ask to leave. Nothing here can change the count."""
        key = event.key()
        if key == Qt.Key.Key_T and not event.isAutoRepeat():
            self.toggle_theme()
        elif key == Qt.Key.Key_H and not event.isAutoRepeat() and self.after_count.toggle():
            pass  # the challenge figures withheld or shown again
        elif key in (Qt.Key.Key_F11, Qt.Key.Key_Escape):
            self.dismiss_requested.emit()
        else:
            if key not in _MODIFIER_KEYS and not event.isAutoRepeat():
                self.other_key_pressed.emit()
            super().keyPressEvent(event)

    def set_operator_waiting(self, waiting: bool) -> None:
        """Whether the operator window that opened this dashboard has a question open.

        Said on the dashboard only while it is the active window: then it covers the
        question on a shared screen, and the operator's next key (which records nothing
        here) brings the question back.
        """
        self._operator_waiting = waiting
        self._show_waiting()

    def _show_waiting(self) -> None:
        self.waiting_label.setVisible(self._operator_waiting and self.isActiveWindow())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.ActivationChange:
            self._show_waiting()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        """The clock runs while the dashboard is shown, also after a close and a new F11."""
        self._clock.start()
        self._on_clock_timeout()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self._clock.stop()
        super().hideEvent(event)


def _rule() -> QFrame:
    rule = QFrame()
    rule.setObjectName("rule")
    return rule
