"""The four calls a Board agent can make on a ballot."""

from enum import StrEnum


class Call(StrEnum):
    """What the agent called a ballot, as the journal stores it.

    CHALLENGE ballots stay sealed in their envelopes: the call records that a ballot
    was set aside, never what is inside it.
    """

    FOR = "for"
    AGAINST = "against"
    VOID = "void"
    CHALLENGE = "challenge"

    @property
    def label(self) -> str:
        """The word shown on buttons, lists and sheets: the Board's "challenged ballot",
        one word everywhere (CHALLENGED, like VOID), though the journal stores the call."""
        return "CHALLENGED" if self is Call.CHALLENGE else self.value.upper()
