"""A mail ballot's envelope stage on the observers' dashboard: figures, never a name.

The dashboard may be projected, shared in a video call or streamed: it shows how many
envelopes were returned, accepted, challenged (by party), void and late, and whether
the stage is under way, and nothing of any voter (docs/rules.md: "the dashboard shows
nothing that identifies a voter"). The ticker words each ruling without its voter
(`envelopes.anonymous_envelope_words`). While the challenge figures are withheld
(`--hide-challenges`) the line names neither the challenged envelopes nor the envelopes
returned (returned less the others would give them away).
"""

from collections.abc import Mapping

from PySide6.QtWidgets import QLabel, QWidget

from station.domain import Count
from station.domain.envelope_parties import stage_line


class EnvelopeStageLabel(QLabel):
    """The stage's one line (`stage_line`); hidden while it has nothing to say (a count
    at the polls has no envelope stage)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boxLabel")
        self.setWordWrap(True)
        self.hide()

    def show_stage(
        self, count: Count, names: Mapping[str, str] | None = None, *, hide_challenges: bool = False
    ) -> None:
        """The stage's figures; `names`: each challenger's short name by id."""
        line = stage_line(count, names, hide_challenges=hide_challenges)
        self.setText(line)
        self.setVisible(bool(line))
