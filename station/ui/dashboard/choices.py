"""The dashboard of a ballot of two or more unions, and the parties by role (issue 17).

One figure per choice (each union in ballot order, then Neither) in place of FOR and
AGAINST, one bar with a segment per choice and the challenged ballots hatched after
them, the majority line in the middle, and 29 CFR 102.70's sentence once the count
makes it so ("No choice has a majority — runoff between A and B"). Each figure is read
by its name, never by its colour alone. A one-union RC election's dashboard is as it
always was; an RD or RM case, or a runoff, only names the parties by role.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QWidget

from station.domain import ElectionSetup, Sheet, Tally
from station.domain.choice_lines import decided_line, result_lines
from station.domain.choices import CaseKind, Role
from station.domain.envelopes import box_setup
from station.domain.party_words import parties_words
from station.ui.dashboard.big_figure import BigFigure, _fitted
from station.ui.dashboard.race_bar import _hatch, draw_majority, start_bar
from station.ui.dashboard.theme import Theme

if TYPE_CHECKING:
    from station.ui.dashboard.window import DashboardWindow

# Colours of the second and later unions: apart from FOR's blue and AGAINST's orange
# (Neither) in both themes; the names under the figures and the bar say which is which.
_MORE_UNIONS = (
    "#b388ff",
    "#3ddc84",
    "#f06292",
    "#ffd54f",
    "#4dd0e1",
    "#a1887f",
    "#e0e0e0",
    "#90a4ae",
)


def choice_colours(theme: Theme, unions: int, neither: bool) -> list[str]:
    """A colour per choice: the first union FOR's, Neither AGAINST's, others apart."""
    colours = [theme.for_colour, *_MORE_UNIONS[: unions - 1]]
    return [*colours, theme.against_colour] if neither else colours


def parties_text(setup: ElectionSetup) -> str:
    """ "Acme · A (Petitioner); B (Intervenor)", "Acme · J. Worker (Petitioner); L (Union)":
    the sheet's words for the parties (station/domain/party_words.py)."""
    ballot = setup.ballot
    employer = setup.employer
    if ballot.employer_role.role is Role.EMPLOYER_PETITIONER:
        employer += " (Employer-Petitioner)"
    parts = [employer, parties_words((p.role.value, p.name) for p in ballot.parties[1:])]
    if ballot.runoff_of is not None:
        parts.append("RUNOFF ELECTION")
    return " \u00b7 ".join(parts)


class ChoiceFigure(BigFigure):
    """A choice's name above its votes: a long union name takes two lines, not a squint."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        width, height = float(self.width()), float(self.height())
        word_height = height * self._word_share
        word, value = self.word, self.value()
        one_line = _fitted(self.font(), word, width, word_height * 0.8, bold=True)
        if one_line.pixelSize() < word_height * 0.34 and " " in word:
            words = word.split(" ")
            halves = min(
                ((" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))),
                key=lambda pair: max(len(pair[0]), len(pair[1])),
            )
            longest = max(halves, key=len)
            font = _fitted(self.font(), longest, width, word_height * 0.4, bold=True)
            text = "\n".join(halves)
        else:
            font, text = one_line, word
        painter.setFont(font)
        painter.setPen(self._text)
        centre = Qt.AlignmentFlag.AlignHCenter
        painter.drawText(
            QRectF(0, 0, width, word_height * 0.86), centre | Qt.AlignmentFlag.AlignBottom, text
        )
        painter.fillRect(
            QRectF(width * 0.1, word_height * 0.88, width * 0.8, max(word_height * 0.06, 3.0)),
            self._accent,
        )
        number = f"{value:,}"
        number_rect = QRectF(0, word_height, width, height - word_height)
        painter.setFont(_fitted(self.font(), number, width, number_rect.height(), bold=True))
        painter.drawText(number_rect, centre | Qt.AlignmentFlag.AlignVCenter, number)
        painter.end()


class ChoiceBar(QWidget):
    """One bar the width of the valid votes plus the challenged ballots (tally line 7).

    Each choice fills its segment in ballot order, the challenged ballots follow
    hatched, and the line in the middle is the majority a choice must pass.
    """

    def __init__(self, names: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names = names
        self._votes: tuple[int, ...] = (0,) * len(names)
        self._challenged = 0
        self._colours = ["#ffffff"] * len(names)
        self._theme: Theme | None = None
        self.setAccessibleName("Race: each choice with the majority line")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:
        return QSize(600, 90)

    def set_theme(self, theme: Theme, colours: list[str]) -> None:
        self._theme, self._colours = theme, colours
        self.update()

    def set_votes(self, votes: tuple[int, ...], challenged: int) -> None:
        if (votes, challenged) != (self._votes, self._challenged):
            self._votes, self._challenged = votes, challenged
            self.update()

    def segments(self) -> list[float]:
        """Shares of the bar: each choice, then the challenged ballots."""
        total = sum(self._votes) + self._challenged
        if total == 0:
            return [0.0] * (len(self._votes) + 1)
        return [vote / total for vote in (*self._votes, self._challenged)]

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = self._theme
        if theme is None:
            return
        painter, track, text_height = start_bar(self, theme)
        width, height = float(self.width()), float(self.height())
        left = track.left()
        shares = self.segments()
        for share, colour in zip(shares, self._colours, strict=False):
            painter.fillRect(
                QRectF(left, track.top(), track.width() * share, track.height()), QColor(colour)
            )
            left += track.width() * share
        swing = QRectF(left, track.top(), track.width() * shares[-1], track.height())
        if swing.width() > 0:
            _hatch(painter, swing, QColor(theme.challenged_colour), max(track.height() / 9, 1.5))
        painter.setPen(QPen(QColor(theme.rule), max(height / 60, 1.0)))
        painter.drawRect(track)
        draw_majority(painter, track, text_height, height, theme)
        painter.drawText(
            QRectF(0, 0, width, text_height * 0.95), Qt.AlignmentFlag.AlignCenter, "MAJORITY"
        )
        # Below the bar, each choice's name under the start of its segment, in order.
        below = QRectF(0, track.bottom() + text_height * 0.05, width, text_height)
        words = [f"{name} {vote:,}" for name, vote in zip(self._names, self._votes, strict=True)]
        if self._challenged:
            words.append(f"{self._challenged:,} challenged, sealed")
        painter.drawText(below, Qt.AlignmentFlag.AlignCenter, "  \u00b7  ".join(words))
        if sum(self._votes) + self._challenged == 0:
            painter.setPen(QColor(theme.muted))
            painter.drawText(track, Qt.AlignmentFlag.AlignCenter, "no votes counted yet")
        painter.end()


class ChoiceDashboard(QObject):
    """Puts a ballot's choices on a dashboard and keeps them up to date with its feed."""

    def __init__(self, window: "DashboardWindow") -> None:
        super().__init__(window)
        self.window = window
        ballot = window.feed.setup.ballot
        self.figures = [
            ChoiceFigure(name.upper(), align=Qt.AlignmentFlag.AlignHCenter)
            for name in ballot.choices
        ]
        for figure, name in zip(self.figures, ballot.choices, strict=True):
            figure.setAccessibleName(name)
            figure.set_word_share(0.36)
        row = QWidget()
        row.setObjectName("choiceFigures")
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(24)  # the figures must never read as one number
        for figure in self.figures:
            layout.addWidget(figure, 1)
        self.row = row
        self.bar = ChoiceBar(list(ballot.choices))
        # In the places of FOR, AGAINST and the two-sided race.
        window._figures_row.replaceWidget(window.for_figure, row)
        window.for_figure.hide()
        window.against_figure.hide()
        window._root.replaceWidget(window.race, self.bar)
        window.race.hide()
        window.theme_changed.connect(self._on_window_theme_changed)
        window.installEventFilter(self)
        self._on_window_theme_changed(window.theme.name)
        window.choice_dashboard = self  # from now on each picture of the count shows it
        window._show_count()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.bar.setFixedHeight(self.window.race.maximumHeight())
        return False

    def _on_window_theme_changed(self, _name: str) -> None:
        theme = self.window.theme
        ballot = self.window.feed.setup.ballot
        colours = choice_colours(theme, len(ballot.unions), ballot.neither is not None)
        for figure, colour in zip(self.figures, colours, strict=True):
            figure.set_colours(theme.text, colour)
        self.bar.set_theme(theme, colours)

    def show(self) -> None:
        """The figures, the bar and lines 8-9 and 102.70 of the count as it stands."""
        window = self.window
        count = window.feed.count
        setup = box_setup(window.feed.setup, count.envelopes)  # a mail ballot's box
        tally = count.tally
        votes = count.choice_votes()
        for figure, vote in zip(self.figures, votes, strict=True):
            figure.set_value(vote)
        self.bar.set_votes(votes, tally.challenged)
        self.bar.setFixedHeight(window.race.maximumHeight())
        for label, text in zip(
            (window.challenges_label, window.majority_label, window.decision_label),
            choice_statements(setup, tally, votes, count.locked_by),
            strict=True,
        ):
            label.setText(text)
        decided = window.decision_label.text().startswith("Result decided")
        if window.decision_label.property("decided") != decided:
            window.decision_label.setProperty("decided", decided)
            window.decision_label.style().unpolish(window.decision_label)
            window.decision_label.style().polish(window.decision_label)


def choice_statements(
    setup: ElectionSetup, tally: Tally, votes: tuple[int, ...], locked_by: Sheet | None
) -> tuple[str, str, str]:
    """Lines 8 and 9, and what 102.70 calls for or the live "Result decided".

    `setup` is the box's (a mail ballot: the envelopes accepted), as `station tally`'s.
    """
    said = result_lines(setup, tally, votes, locked_by)
    if said.pending is None:  # the count is over: 102.70's line, if it calls for one
        return said.challenges, said.majority, said.runoff or ""
    return said.challenges, said.majority, decided_line(setup, tally, votes)


def adapt_dashboard(window: "DashboardWindow") -> None:
    """Name the parties by role; for a ballot of several unions, show every choice."""
    setup = window.feed.setup
    ballot = setup.ballot
    if setup.choices is None and ballot.kind is CaseKind.RC:
        return  # the one-union RC dashboard, as it always was
    window.parties_label.setText(parties_text(setup))
    window.parties_label.setWordWrap(True)  # several parties may not fit on one line
    if ballot.several:
        # The ticker and LAST CALL name each vote's choice, not FOR or AGAINST.
        words = lambda event: window.feed.count.votes.words(event)  # noqa: E731
        window.ticker.words = window.flash.words = words
        window._on_feed_reset()
        options = ", ".join(ballot.choices)
        window.question_label.setText(f"Counting the ballots on: which choice \u2014 {options}?")
        ChoiceDashboard(window)
