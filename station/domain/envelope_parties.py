"""Who challenged the envelopes of a mail ballot's stage, as the stage's figures stand.

The stage's line ("1 challenged (Employer 1, Union 0, Board agent 0)") is history: the
envelopes challenged at the stage and not withdrawn there. Counting the register's
challenges instead (`ChallengeRegister.by_party`) mixes in the ballots challenged at the
count and drops the envelopes a decision settled, so the line stopped adding up: "1
challenged (Employer 0, Union 0, Board agent 0)" after the decision (the outsider's
report, item 11).
"""

from station.domain.challenges import ChallengeRegister
from station.domain.envelopes import EnvelopeStage, Ruling
from station.domain.parties import Party


def stage_challenges_by_party(stage: EnvelopeStage, register: ChallengeRegister) -> dict[str, int]:
    """Each party's challenged envelopes among the stage's figures (every party listed)."""
    counts = dict.fromkeys((party.value for party in Party), 0)
    for envelope in stage.rulings():
        if envelope.ruling is not Ruling.CHALLENGED:
            continue
        if stage.settled.get(envelope.seq) == "withdrawn":
            continue  # accepted after all, as the figures count it
        challenge = register.get(envelope.seq)
        party = Party.BOARD_AGENT if challenge is None else challenge.party
        counts[party.value] += 1
    return counts
