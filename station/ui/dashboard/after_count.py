"""The dashboard after the count, and while the Board keeps the challenge total to itself.

* The revised count: once a decision orders challenged ballots opened, the progress line
  counts those ballots, with the original tally beside it.
* `--hide-challenges` (and H on the in-process dashboard): the Board may decline to
  release the number of challenged ballots until the count is over (docs/rules.md; Bessemer,
  2021). Until a final sheet is prepared the dashboard then shows no CHALLENGED figure,
  no hatched part of the race bar, no line 8, no CHALLENGED pile and
  no challenged envelopes (window.py, envelope_stage.py). The operator window shows
  everything.
"""

from typing import TYPE_CHECKING

from station.domain import SheetKind
from station.domain.description import describe
from station.domain.resolution_statements import (
    original_tally_statement,
    revised_progress_statement,
)

if TYPE_CHECKING:  # pragma: no cover
    from station.ui.dashboard.window import DashboardWindow


class AfterCount:
    """What the dashboard shows differently after a decision or while challenges are hidden.

    Attributes:
        hide_challenges: the challenge figures are withheld until a final sheet.
        fixed: the choice was made on the command line; H does not change it.
    """

    def __init__(self, window: "DashboardWindow") -> None:
        self.window = window
        self.hide_challenges = False
        self.fixed = False

    def withhold(self, hide: bool, *, fixed: bool) -> None:
        """Withhold the challenge figures (or not) from now on; `fixed`: H cannot change it."""
        self.hide_challenges, self.fixed = hide, fixed
        self.window._show_count()

    def toggle(self) -> bool:
        """H on the dashboard: withhold or show the challenge figures (False if fixed)."""
        if self.fixed:
            return False
        self.hide_challenges = not self.hide_challenges
        self.window._show_count()
        return True

    def hiding(self) -> bool:
        """Whether the challenge figures are withheld now (until a final sheet)."""
        sheets = self.window.feed.count.sheets
        return self.hide_challenges and not any(s.kind is SheetKind.FINAL for s in sheets)

    def apply(self) -> None:
        """Called after the dashboard showed the count: adjust what this module governs."""
        window = self.window
        count = window.feed.count
        hiding = self.hiding()
        window.challenged_figure.setVisible(not hiding)
        window.challenges_label.setVisible(not hiding)
        if hiding:
            window.race.set_votes(count.choice_votes(), 0)
        resolutions = count.resolutions
        # The revised count on the big line; the original tally on the small line below,
        # where the box is (both on the big line took the figures' height: at 1280x720
        # VOID, CHALLENGED and VALID VOTES were drawn 8 pixels high).
        original = resolutions.original
        window.progress_label.setWordWrap(original is not None)
        if original is not None:
            window.progress_label.setText(
                revised_progress_statement(resolutions.revised_calls(count), resolutions.ordered)
            )
            question = describe(window.feed.setup).ballot
            tally = original_tally_statement(original, question.names, question.vote_words)
            window.box_label.setText(
                f"{tally[0].upper()}{tally[1:]} \u00b7 {window.box_label.text()}"
            )
