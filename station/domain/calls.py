"""The four calls a Board agent can make on a ballot."""

from enum import StrEnum

from station.domain.words import say


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


def vote_words(label: str) -> str:
    """A call's or a vote's word as a screen says it, in the language said: FOR, AGAINST,
    VOID, CHALLENGED, a UD's YES and NO. Any other label is a choice's name on the ballot
    (a union's, "Neither" as the ballot words it), a value: never translated."""
    match label:
        case "FOR":
            return say("FOR")
        case "AGAINST":
            return say("AGAINST")
        case "VOID":
            return say("VOID")
        case "CHALLENGED":
            return say("CHALLENGED")
        case "YES":
            return say("YES")
        case "NO":
            return say("NO")
    return label
