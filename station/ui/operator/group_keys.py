"""The keys of a count of voting groups, without widgets: which group, and a Sonotone
ballot in progress (its words are Qt's, through QCoreApplication.translate).

G then a group's key switches the pile being counted. In a Sonotone group a ballot takes
two keys: Y, N, X (question 1 void) or - (unmarked), then question 2: its representation
choice, or V where question 2 is void or unmarked (the two questions are decided
apart). The ballot is recorded as one call once both are in, so nothing half a ballot
ever reaches the journal. V before question 1 voids the ballot whole, C challenges it
whole (any time); Esc drops an incomplete one.
"""

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from station.domain.calls import Call
from station.domain.description import Election
from station.domain.group_calls import stored_answer
from station.domain.group_statements import INCLUSION_WORDS
from station.ui.language import fill

# Question 1's keys, and the answer each records.
ANSWER_KEYS = {"Y": "yes", "N": "no", "X": "void", "-": "blank"}


@dataclass(frozen=True, slots=True)
class Step:
    """What a key did: `switched` to a group, `answered` question 1, `wanted` another
    key (what the ballot still waits for), or `dropped` an incomplete ballot."""

    switched: str | None = None
    answered: str | None = None
    waiting: str | None = None
    dropped: bool = False


class GroupKeys:
    """The current group and the Sonotone ballot in progress."""

    def __init__(self, election: Election, current: str | None = None) -> None:
        self.groups = {g.key: g for g in election.groups if g.key is not None}
        first = next(iter(self.groups), None)
        self.current = current if current in self.groups else first
        self.choosing = False  # G was pressed: the next key names a group
        self.answer: str | None = None  # question 1's answer, None: not yet

    @property
    def active(self) -> bool:
        return bool(self.groups)

    @property
    def sonotone(self) -> bool:
        group = self.groups.get(self.current or "")
        return group is not None and group.asks_inclusion

    def waiting_for(self) -> str:
        """What the ballot in progress waits for, in words ("" when none is begun)."""
        if self.choosing:
            keys = ", ".join(self.groups)
            return fill(
                QCoreApplication.translate("GroupKeys", "G: which group? (%1; Esc: none)"), keys
            )
        if not self.sonotone:
            return ""
        if self.answer is None:
            return QCoreApplication.translate(
                "GroupKeys", "Question 1 (inclusion): Y yes, N no, X void, \u2212 unmarked"
            )
        said = INCLUSION_WORDS[self.answer]
        return fill(
            QCoreApplication.translate(
                "GroupKeys",
                "Question 1: %1 \u2014 now question 2 (V: void or unmarked; Esc drops this ballot)",
            ),
            said,
        )

    def press(self, key: str) -> Step | None:
        """A key's part in choosing a group or answering question 1; None if it has none
        here (it is then a call key or nothing)."""
        if self.choosing:
            self.choosing = False
            if key in self.groups:
                self.current, self.answer = key, None
                return Step(switched=key)
            return Step(dropped=True)
        if key == "G":
            self.choosing = True
            return Step(waiting=self.waiting_for())
        if key == "ESC" and self.answer is not None:
            self.answer = None
            return Step(dropped=True)
        if self.sonotone and key in ANSWER_KEYS and self.answer is None:
            self.answer = ANSWER_KEYS[key]
            return Step(answered=self.answer)
        return None

    def vote_allowed(self) -> bool:
        """A representation choice may be recorded now (question 1 is in, if asked)."""
        return not self.sonotone or self.answer is not None

    def answer_for(self, call: Call) -> str | None:
        """Question 1's answer to record with a ballot called `call` (None: none to store:
        not asked, not given before a whole-ballot V or C, or what the call alone reads)."""
        if call is Call.CHALLENGE:
            return None
        return stored_answer(call, self.answer)

    def taken(self) -> str | None:
        """Question 1's answer as given (None: not asked), and the ballot in progress is
        done."""
        answer, self.answer = self.answer, None
        return answer
