"""Who challenged the envelopes of a mail ballot's stage, as line 6 of the sheet stands.

The stage's challenged figure counts the envelopes still sealed and undecided: those
line 6 holds. A challenge withdrawn at the stage is among the accepted envelopes; one
a decision (or the parties' agreement) sustained leaves line 6 (`Tally.set_aside`), and
one ordered opened joins the box: each is said apart, "1 sustained", "2 ordered opened",
so the figures still add up to the envelopes returned. Kept among the challenged, they
would read "3 challenged" beside "Challenged ballots: 0"; and the register's challenges
(`ChallengeRegister.by_party`) cannot stand in for them, since they mix in the ballots
challenged at the count.

`EnvelopeFigures` itself is left as the stage ended: it is among the facts a signed
sheet records, and `station verify` recomputes them.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from station.domain.challenges import ChallengeRegister
from station.domain.count import Count
from station.domain.envelopes import (
    EnvelopeStage,
    Ruling,
    figures_statement,
    modes_statement,
    which_envelope,
)
from station.domain.parties import Party
from station.domain.voters import VoterList
from station.domain.words import say, say_count


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
        """ "1 sustained · 2 ordered opened" (each only when there is one), or "", in the
        language said (of the envelopes: English says both alike, Spanish does not)."""
        words = []
        if self.sustained:
            words.append(say_count(self.sustained, "{n:,} sustained", "{n:,} sustained"))
        if self.ordered_opened:
            words.append(
                say_count(self.ordered_opened, "{n:,} ordered opened", "{n:,} ordered opened")
            )
        return separator.join(words)


def stage_challenges(stage: EnvelopeStage, register: ChallengeRegister) -> StageChallenges:
    """The challenged envelopes among the stage's rulings, as line 6 holds them."""
    counts = dict.fromkeys(register.by_party(), 0)  # every challenger of the election
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
        party = Party.BOARD_AGENT.value if challenge is None else challenge.party
        counts[party] = counts.get(party, 0) + 1
    return StageChallenges(counts, settled["sustained"], settled["ordered opened"])


def stage_challenges_by_party(stage: EnvelopeStage, register: ChallengeRegister) -> dict[str, int]:
    """Each party's envelopes still challenged (every party listed)."""
    return stage_challenges(stage, register).by_party


def stage_statement(
    stage: EnvelopeStage, register: ChallengeRegister, names: Mapping[str, str] | None = None
) -> str:
    """The stage's figures in one line, the settled challenges said apart: the window, the
    dashboard (`figures_statement`'s words). `names`: each challenger's short name by id
    (`Election.short_names`)."""
    challenges = stage_challenges(stage, register)
    figures = replace(stage.figures, challenged=challenges.challenged)
    return figures_statement(
        figures, challenges.by_party, settled=challenges.settled_words(" \u00b7 "), names=names
    )


WITHHELD = "challenged envelopes: withheld until the final tally"


def stage_line(
    count: Count, names: Mapping[str, str] | None = None, *, hide_challenges: bool = False
) -> str:
    """The envelope stage in one line for the observers' dashboard ("" for a count with no
    envelope stage, at the polls): its figures, and whether the stage is under way.

    While the challenge figures are withheld (`--hide-challenges`) the line names neither
    the challenged envelopes nor the envelopes returned (returned less the others would
    give them away).
    """
    stage = count.envelopes
    if not stage.mail:
        return ""
    f = stage.figures
    if hide_challenges:
        if f.current:
            late = say("{late:,} received after the due date", late=f.late)
        else:
            late = say("{late:,} late", late=f.late)
        polls = (
            f" \u00b7 {say('{at_polls:,} at the polls', at_polls=f.at_polls)}" if f.at_polls else ""
        )
        accepted = say("{accepted:,} accepted", accepted=f.accepted)
        void = say("{void:,} void", void=f.void)
        figures = f"{accepted} \u00b7 {void} \u00b7 {late}{polls} \u00b7 {say(WITHHELD)}"
    else:
        figures = stage_statement(stage, count.challenges, names)  # as line 6 stands
    if stage.open:
        return say(
            "ENVELOPE STAGE \u2014 envelopes: {figures}. No ballot is opened yet.", figures=figures
        )
    box = modes_statement(f, stage.opened_challenges)
    if not box and f.current:
        box = say("Ballots in the box: the envelopes accepted and received after the due date")
    elif not box:
        box = say("Ballots in the box: the envelopes accepted")
    return say("Envelopes: {figures}. {box}.", figures=figures, box=box)


def envelope_entry(count: Count, voters: VoterList | None, seq: int) -> str | None:
    """ "Envelope 1002 Linus Hamilton" for a challenged envelope, None for a ballot: what
    the challenge register shows, the parties needing it for the hearing (the voter list
    is already theirs), in the language said. A ballot challenged at the count has only
    its ballot number."""
    envelope = count.envelopes.get(seq)
    if envelope is None:
        return None
    if envelope.voter is None:
        return say("Envelope (written in) {name}", name=envelope.write_in)
    voter = voters.get(envelope.voter) if voters is not None else None
    name = f" {voter.name}" if voter is not None else ""
    return f"{say('Envelope')} {envelope.voter}{name}{which_envelope(envelope)}"


def envelope_figures(count: Count) -> dict[str, int]:
    """`envelopes` of `station tally --json` and `station envelopes --json`: the stage's
    figures with `challenged` as line 6 holds it, and the challenges settled after the
    stage apart (`sustained`, `ordered_opened`: they left line 6)."""
    challenges = stage_challenges(count.envelopes, count.challenges)
    figures = count.envelopes.figures.as_dict()
    figures["challenged"] = challenges.challenged
    return {
        **figures,
        "sustained": challenges.sustained,
        "ordered_opened": challenges.ordered_opened,
    }
