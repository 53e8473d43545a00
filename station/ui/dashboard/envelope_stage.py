"""A mail ballot's envelope stage on the observers' dashboard: figures, never a name.

The dashboard may be projected, shared in a video call or streamed: it shows how many
envelopes were returned, accepted, challenged (by party), void and late, and whether
the stage is under way, and nothing of any voter (DOMAIN.md: "the dashboard shows
nothing that identifies a voter"). The ticker words each ruling without its voter
(`envelopes.anonymous_envelope_words`). While the challenge figures are withheld
(`--hide-challenges`) the line names neither the challenged envelopes nor the envelopes
returned (returned less the others would give them away).
"""

from PySide6.QtWidgets import QLabel, QWidget

from station.domain import Count
from station.domain.envelope_parties import stage_statement

WITHHELD = "challenged envelopes: withheld until the final tally"


class EnvelopeStageLabel(QLabel):
    """The stage's one line; hidden for a count at a poll."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boxLabel")
        self.setWordWrap(True)
        self.hide()

    def show_stage(self, count: Count, *, hide_challenges: bool = False) -> None:
        stage = count.envelopes
        if not stage.mail:
            return
        if hide_challenges:
            f = stage.figures
            figures = (
                f"{f.accepted:,} accepted \u00b7 {f.void:,} void \u00b7 {f.late:,} late"
                f" \u00b7 {WITHHELD}"
            )
        else:
            figures = stage_statement(stage, count.challenges)  # as line 6 stands
        if stage.open:
            self.setText(f"ENVELOPE STAGE \u2014 envelopes: {figures}. No ballot is opened yet.")
        else:
            self.setText(f"Envelopes: {figures}. Ballots in the box: the envelopes accepted.")
        self.show()
