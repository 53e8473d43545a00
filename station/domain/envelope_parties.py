"""Who challenged the envelopes of a mail ballot's stage, as line 6 of the sheet stands.

The stage's challenged figure counts the envelopes still sealed and undecided: those
line 6 holds. A challenge withdrawn at the stage is among the accepted envelopes; one
a decision (or the parties' agreement) sustained leaves line 6 (`Tally.set_aside`), and
one ordered opened joins the box: each is said apart, "1 sustained", "2 ordered opened",
so the figures still add up to the envelopes returned. The stage line once kept them
among the challenged ("3 challenged" beside "Challenged ballots: 0"), and counting the
register's challenges instead (`ChallengeRegister.by_party`) mixes in the ballots
challenged at the count (the outsider's report, item 11).

`EnvelopeFigures` itself is left as the stage ended: it is among the facts a signed
sheet records, and `station verify` recomputes them.
"""

from dataclasses import dataclass, replace

from station.domain.challenges import ChallengeRegister
from station.domain.envelopes import EnvelopeStage, Ruling, figures_statement
from station.domain.parties import Party


@dataclass(frozen=True, slots=True)
class StageChallenges:
    """The stage's challenged envelopes: still sealed (by party), sustained, ordered opened."""

    by_party: dict[str, int]
    sustained: int = 0
    ordered_opened: int = 0

    @property
    def challenged(self) -> int:
        """Envelopes still challenged: the envelopes' part of line 6."""
        return sum(self.by_party.values())

    def settled_words(self, separator: str) -> str:
        """ "1 sustained · 2 ordered opened" (each only when there is one), or ""."""
        words = [
            f"{n:,} {word}"
            for n, word in ((self.sustained, "sustained"), (self.ordered_opened, "ordered opened"))
            if n
        ]
        return separator.join(words)


def stage_challenges(stage: EnvelopeStage, register: ChallengeRegister) -> StageChallenges:
    """The challenged envelopes among the stage's rulings, as line 6 holds them."""
    counts = dict.fromkeys((party.value for party in Party), 0)
    settled = {"sustained": 0, "ordered opened": 0}
    for envelope in stage.rulings():
        if envelope.ruling is not Ruling.CHALLENGED:
            continue
        status = stage.settled.get(envelope.seq)
        if status == "withdrawn":
            continue  # accepted after all, as the figures count it
        if status in settled:
            settled[status] += 1
            continue
        challenge = register.get(envelope.seq)
        party = Party.BOARD_AGENT if challenge is None else challenge.party
        counts[party.value] += 1
    return StageChallenges(counts, settled["sustained"], settled["ordered opened"])


def stage_challenges_by_party(stage: EnvelopeStage, register: ChallengeRegister) -> dict[str, int]:
    """Each party's envelopes still challenged (every party listed)."""
    return stage_challenges(stage, register).by_party


def stage_statement(stage: EnvelopeStage, register: ChallengeRegister) -> str:
    """The stage's figures in one line, the settled challenges said apart: the window, the
    dashboard (`figures_statement`'s words)."""
    challenges = stage_challenges(stage, register)
    figures = replace(stage.figures, challenged=challenges.challenged)
    return figures_statement(
        figures, challenges.by_party, settled=challenges.settled_words(" \u00b7 ")
    )
