"""The race picture: the choices on one scale, with what could still swing it."""

from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from station.domain.tally_form import eligible_majority
from station.ui.contrast import legible_on
from station.ui.dashboard.theme import DARK, Theme


class RaceBar(QWidget):
    """One bar the width of the valid votes plus the challenged ballots (tally line 7).

    Each choice fills its segment in ballot order and the challenged ballots, sealed and
    unread, sit hatched before the last choice: on a one-union ballot FOR fills it from
    the left, AGAINST from the right and the challenged ballots lie between them. The
    line in the middle is the majority a choice must pass: when the hatched part
    straddles it the challenges could still swing the result (tally line 8).

    A question decided by a majority of the employees eligible to vote (UD) gives
    `eligible`: the bar is then as wide as line 1 (or the ballots, if more), YES from the
    left, NO at the right, those who did not vote the empty track between, and the
    line at half of those eligible, which YES must pass (`tally_form.rescinded`).
    """

    def __init__(
        self, labels: Sequence[str], eligible: int | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._labels = tuple(labels)
        self._eligible = eligible
        self._votes: tuple[int, ...] = (0,) * len(self._labels)
        self._challenged = 0
        self._theme = DARK
        self._colours = [DARK.for_colour] * len(self._labels)
        self.setAccessibleName(self.tr("Race: each choice with the majority line"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_theme(self, theme: Theme, colours: Sequence[str]) -> None:
        """Draw in `theme`, each choice in its colour (`choice_colours`)."""
        self._theme, self._colours = theme, list(colours)
        self.update()

    def set_votes(self, votes: Sequence[int], challenged: int) -> None:
        """Draw each choice's votes and the challenged ballots (repaints only if changed)."""
        if (tuple(votes), challenged) != (self._votes, self._challenged):
            self._votes, self._challenged = tuple(votes), challenged
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(600, 90)

    def segments(self) -> tuple[float, ...]:
        """Shares of the bar from left to right, each between 0 and 1: each choice but the
        last, the challenged ballots, the last choice ((FOR, challenged, AGAINST))."""
        *first, last = self._votes
        total = max(sum(self._votes) + self._challenged, self._eligible or 0)
        if total == 0:
            return (0.0,) * (len(self._votes) + 1)
        return tuple(part / total for part in (*first, self._challenged, last))

    def majority_at(self) -> float:
        """Where the majority line sits, as a share of the bar from the left: the middle,
        or half of those eligible on a bar as wide as they are."""
        if self._eligible is None:
            return 0.5
        total = max(sum(self._votes) + self._challenged, self._eligible)
        return self._eligible / 2 / total if total else 0.5

    def majority_label(self) -> str:
        """The majority line's name: "MAJORITY", or how many YES it takes of those
        eligible ("MAJORITY: 11 OF 20 ELIGIBLE")."""
        if self._eligible is None:
            return self.tr("MAJORITY")
        return self.tr("MAJORITY: {needed} OF {eligible} ELIGIBLE").format(
            needed=f"{eligible_majority(self._eligible):,}", eligible=f"{self._eligible:,}"
        )

    def challenged_words(self) -> str:
        """What the hatched part is called below the bar ("5 challenged, sealed"), or ""."""
        if not self._challenged:
            return ""
        # %n: Qt's plural forms ("1 impugnada, sellada", "2 impugnadas, selladas").
        return self.tr("%n challenged, sealed", "", self._challenged)

    def below_words(self) -> list[str]:
        """What is written below the bar: the first choice and its votes at the left,
        the others and the challenged ballots between, the last choice at the right."""
        return [text for text in self._below() if text]

    def _below(self) -> tuple[str, str, str, str]:
        words = [f"{label} {vote:,}" for label, vote in zip(self._labels, self._votes, strict=True)]
        right_text = f"{self._votes[-1]:,} {self._labels[-1]}"
        between = "  \u00b7  ".join(words[1:-1])
        return words[0], between, self.challenged_words(), right_text

    def empty_words(self) -> str:
        """What the bar says across itself before any vote is counted."""
        return self.tr("no votes counted yet")

    def parts(self) -> list[QRectF]:
        """Where each share of `segments` lies on the widget, left to right; the last
        choice's ends at the right (on a bar as wide as those eligible, the empty track
        lies before it)."""
        track, _ = bar_track(self)
        shares = self.segments()
        left, parts = track.left(), []
        for place, share in enumerate(shares):
            if place == len(shares) - 1:
                left = track.right() - track.width() * share
            parts.append(QRectF(left, track.top(), track.width() * share, track.height()))
            left += track.width() * share
        return parts

    def inner_words(self) -> list[tuple[QRectF, str, QFont]]:
        """The middle choices' names, each inside its own part of the bar and beside
        the majority line: the whole label where it fits in the bar's type, else its
        first word, in a smaller type if need be (never below `SMALLEST_PX`), else
        nothing (the words under the bar still list it)."""
        font = label_font(self)
        words = []
        parts = self.parts()
        track, _ = bar_track(self)
        middle = track.left() + track.width() * self.majority_at()
        halo = majority_width(float(self.height())) * HALO / 2 + 1
        for place, label in enumerate(self._labels[1:-1], start=1):
            rect = parts[place]
            if rect.left() < middle < rect.right():
                before = QRectF(rect.left(), rect.top(), middle - halo - rect.left(), rect.height())
                after = QRectF(
                    middle + halo, rect.top(), rect.right() - middle - halo, rect.height()
                )
                rect = max(before, after, key=QRectF.width)
            words.append((rect, *_fitted_word(label, rect.width(), font)))
        return words

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = self._theme
        painter, track, text_height = start_bar(self, theme)
        width, height = float(self.width()), float(self.height())
        metrics = QFontMetricsF(painter.font())

        parts = self.parts()
        *first_colours, last_colour = self._colours
        swing = parts[-2]
        for place, rect in enumerate(parts):
            if rect is not swing:
                colour = first_colours[place] if place < len(first_colours) else last_colour
                painter.fillRect(rect, QColor(colour))
        if swing.width() > 0:
            _hatch(painter, swing, QColor(theme.challenged_colour), max(track.height() / 9, 1.5))
        _separate(painter, track, parts, theme)
        # The choices between the first and the last have no end of the bar to name
        # them: each is named inside its own part, so that no colour alone says whose.
        for place, (rect, word, font) in enumerate(self.inner_words(), start=1):
            if word:
                ink = legible_on(self._colours[place], theme.text, theme.background)
                painter.setPen(QColor(ink))
                painter.setFont(font)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, word)
        painter.setFont(label_font(self))
        painter.setPen(QPen(QColor(theme.rule), max(height / 60, 1.0)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(track)

        # The majority line runs through the bar, with its name above it.
        middle = draw_majority(painter, track, text_height, height, theme, self.majority_at())
        label = self.majority_label()
        label_width = metrics.horizontalAdvance(label)
        painter.drawText(
            QRectF(middle - label_width / 2 - 4, 0, label_width + 8, text_height * 0.95),
            Qt.AlignmentFlag.AlignCenter,
            label,
        )

        # Below the bar: the first choice at the left, the last at the right, the others
        # and the challenged ballots between them, in a smaller type where long names
        # would otherwise run into each other.
        below = QRectF(0, track.bottom() + text_height * 0.05, width, text_height)
        left_text, between, challenged, right_text = self._below()
        texts = self.below_words()
        font = QFont(painter.font())
        while font.pixelSize() > 8 and width > 0:
            metrics = QFontMetricsF(font)
            swatch = metrics.height() * 0.7 if challenged else 0.0
            gaps = metrics.height() * (len(texts) - 1)
            if sum(map(metrics.horizontalAdvance, texts)) + swatch * 1.3 + gaps <= width:
                break
            font.setPixelSize(font.pixelSize() - 1)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        gap = metrics.height()
        painter.drawText(
            below, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, left_text
        )
        painter.drawText(
            below, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, right_text
        )
        if between or challenged:
            # A hatched swatch names the hatched part, in black and white too.
            swatch = metrics.height() * 0.7 if challenged else 0.0
            dot = "  \u00b7  " if between and challenged else ""
            text = f"{between}{dot}"
            text_width = metrics.horizontalAdvance(text)
            words_width = text_width + swatch * 1.3 + metrics.horizontalAdvance(challenged)
            low = metrics.horizontalAdvance(left_text) + gap
            high = width - metrics.horizontalAdvance(right_text) - gap - words_width
            centre = swing.center().x() if swing.width() > 0 else track.center().x()
            start = min(max(centre - words_width / 2, low), max(high, low))
            painter.setPen(QColor(theme.text))
            painter.drawText(
                QRectF(start, below.top(), text_width, below.height()),
                Qt.AlignmentFlag.AlignVCenter,
                text,
            )
            if challenged:
                at = start + text_width
                key = QRectF(at, below.center().y() - swatch / 2, swatch, swatch)
                painter.fillRect(key, QColor(theme.track))
                _hatch(painter, key, QColor(theme.challenged_colour), max(swatch / 4, 1.5))
                painter.setPen(QColor(theme.text))
                painter.drawText(
                    QRectF(at + swatch * 1.3, below.top(), words_width, below.height()),
                    Qt.AlignmentFlag.AlignVCenter,
                    challenged,
                )
        if sum(self._votes) + self._challenged == 0:
            painter.setPen(QColor(theme.muted))
            painter.drawText(track, Qt.AlignmentFlag.AlignCenter, self.empty_words())
        painter.end()


def start_bar(widget: QWidget, theme: Theme) -> tuple[QPainter, QRectF, float]:
    """A painter on `widget` with the bold label font set, the empty track drawn.

    The bar takes the middle half of the height; a quarter above it and a quarter below
    are for words, in a type sized to them. Returns the painter (to be ended by the
    caller), the track and the height of a line of words.
    """
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(label_font(widget))
    track, text_height = bar_track(widget)
    painter.fillRect(track, QColor(theme.track))
    return painter, track, text_height


def bar_track(widget: QWidget) -> tuple[QRectF, float]:
    """The bar's track on `widget` (the middle half of its height) and the height of a
    line of words above or below it."""
    width, height = float(widget.width()), float(widget.height())
    text_height = height * 0.26
    return QRectF(0, text_height, width, height - 2 * text_height), text_height


def label_font(widget: QWidget) -> QFont:
    """The bold font of the bar's words, sized to a line of them."""
    font = QFont(widget.font())
    font.setPixelSize(max(round(bar_track(widget)[1] * 0.8), 8))
    font.setBold(True)
    return font


def draw_majority(
    painter: QPainter,
    track: QRectF,
    text_height: float,
    height: float,
    theme: Theme,
    at: float = 0.5,
) -> float:
    """The majority line through the bar, `at` that share of it from the left (the
    middle); returns its x, pen set for words."""
    middle = track.left() + track.width() * at
    width = majority_width(height)
    line = QLineF(middle, track.top() - text_height * 0.15, middle, track.bottom())
    # A halo of the background on each side: the line reads against it (21:1), not
    # against whichever choice's colour it crosses (white on FOR's blue was 2.6:1).
    painter.setPen(QPen(QColor(theme.background), width * HALO))
    painter.drawLine(line)
    painter.setPen(QPen(QColor(theme.text), width))
    painter.drawLine(line)
    painter.setPen(QColor(theme.text))
    return middle


# The smallest type a choice's name is written in inside the bar.
SMALLEST_PX = 9


def _fitted_word(label: str, width: float, font: QFont) -> tuple[str, QFont]:
    """`label`, or its first word, and the largest type (`font` at most) it fits
    `width` in with a character's margin each side; ("", font) if neither fits."""
    first = label.split(" ")[0]
    for word, smallest in ((label, font.pixelSize()), (first, SMALLEST_PX)):
        fitted = QFont(font)
        for size in range(font.pixelSize(), smallest - 1, -1):
            fitted.setPixelSize(size)
            metrics = QFontMetricsF(fitted)
            if metrics.horizontalAdvance(word) + metrics.averageCharWidth() * 2 <= width:
                return word, fitted
    return "", font


def majority_width(height: float) -> float:
    """How thick the majority line is on a bar `height` high."""
    return max(height / 22, 2.0)


# How much wider than the majority line its halo of the background is.
HALO = 2.5


def _separate(painter: QPainter, track: QRectF, parts: Sequence[QRectF], theme: Theme) -> None:
    """A gap of the background between parts of the bar that touch: FOR's blue and
    AGAINST's orange are too alike in lightness to tell apart where they meet (1.3:1 on
    the dark theme), each against the background at least 3:1."""
    gap = max(track.height() / 14, 2.0)
    painter.save()
    painter.setPen(QPen(QColor(theme.background), gap))
    for rect in parts:
        if rect.width() <= 0:
            continue
        for x in (rect.left(), rect.right()):
            if track.left() + gap < x < track.right() - gap:
                painter.drawLine(QLineF(x, track.top(), x, track.bottom()))
    painter.restore()


def _hatch(painter: QPainter, rect: QRectF, colour: QColor, spacing: float) -> None:
    """Diagonal stripes scaled to the bar, so they stay visible at any resolution."""
    painter.save()
    painter.setClipRect(rect)
    painter.setPen(QPen(colour, max(spacing / 3, 1.0)))
    start = rect.left() - rect.height()
    x = start
    while x < rect.right():
        painter.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
        x += spacing
    painter.restore()
