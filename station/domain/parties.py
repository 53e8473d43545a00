"""Who takes part in a count: the parties' observers, and who may challenge a ballot."""

from enum import StrEnum


class Party(StrEnum):
    """A party to the election, or the Board agent (who may challenge but signs apart)."""

    EMPLOYER = "employer"
    PETITIONER = "petitioner"  # the union
    BOARD_AGENT = "board agent"

    def label(self, union: str) -> str:
        """ "the Employer", "the Petitioner (Amazon Labor Union)", "the Board agent"."""
        if self is Party.EMPLOYER:
            return "the Employer"
        if self is Party.PETITIONER:
            return f"the Petitioner ({union})"
        return "the Board agent"

    @property
    def short(self) -> str:
        """One word for narrow places: "Employer", "Union", "Board agent"."""
        return {"employer": "Employer", "petitioner": "Union", "board agent": "Board agent"}[
            self.value
        ]


PARTY_WORDS = {
    "employer": Party.EMPLOYER,
    "petitioner": Party.PETITIONER,
    "union": Party.PETITIONER,
    "board agent": Party.BOARD_AGENT,
    "board": Party.BOARD_AGENT,
    "agent": Party.BOARD_AGENT,
}
