"""What the challenge register shows of a challenged envelope: the voter's id and name.

The parties need them for the hearing (the voter list is already theirs). A ballot
challenged at the ballot stage has no name: only its ballot number.
"""

from station.domain import Count
from station.domain.voters import VoterList


def envelope_entry(count: Count, voters: VoterList | None, seq: int) -> str | None:
    """ "Envelope 1002 Linus Hamilton" for a challenged envelope, None for a ballot."""
    envelope = count.envelopes.get(seq)
    if envelope is None:
        return None
    if envelope.voter is None:
        return f"Envelope (written in) {envelope.write_in}"
    voter = voters.get(envelope.voter) if voters is not None else None
    name = f" {voter.name}" if voter is not None else ""
    second = " (second envelope)" if envelope.second else ""
    return f"Envelope {envelope.voter}{name}{second}"
