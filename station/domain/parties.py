"""Who takes part in a count: the parties' observers, and who may challenge a ballot."""

from enum import StrEnum


class Party(StrEnum):
    """The challengers every election has, as their challenges store them: the employer,
    the union of a one-union ballot (stored "petitioner", as files always have, whatever
    the union's role) and the Board agent (who may challenge but signs apart). The other
    parties (an RD case's petitioning employees, each union of several) are named in
    station/domain/description.py."""

    EMPLOYER = "employer"
    UNION = "petitioner"
    BOARD_AGENT = "board agent"

    def label(self, union: str) -> str:
        """ "the Employer", "the Petitioner (Amazon Labor Union)", "the Board agent"."""
        if self == Party.EMPLOYER:
            return "the Employer"
        if self == Party.UNION:
            return f"the Petitioner ({union})"
        return "the Board agent"

    @property
    def short(self) -> str:
        """One word for narrow places: "Employer", "Union", "Board agent"."""
        return {"employer": "Employer", "petitioner": "Union", "board agent": "Board agent"}[
            self.value
        ]
