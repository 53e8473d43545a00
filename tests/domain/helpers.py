"""Counts of the domain driven event by event (a practice feed, a mail count's envelope
stage), and a runoff's result worked out by brute force."""

from station.domain import Action, Call, Change, Count, Event
from station.domain.envelopes import Ruling
from station.domain.runoff import Result


class Feed:
    def __init__(self, pile_size: int = 0) -> None:
        self.count = Count(pile_size=pile_size)

    def __call__(
        self,
        action: Action,
        call: Call | None = None,
        target: int | None = None,
        **detail: object,
    ) -> Change:
        seq = self.count.last_seq + 1
        return self.count.apply(Event(seq, action, call, target, detail or None))


class Stage:
    """A mail count driven event by event, as a station would write it (`mail_rules`:
    under MAIL_RULES; `polls`: some voters vote at the polls)."""

    def __init__(self, *, mail_rules: bool = False, polls: bool = False) -> None:
        self.count = Count(mail=True, mail_rules=mail_rules, polls=polls)

    def apply(self, action: Action, call=None, target=None, detail=None):
        return self.count.apply(Event(self.count.last_seq + 1, action, call, target, detail))

    def rule(self, voter: str, ruling: Ruling):
        return self.apply(Action.ENVELOPE, detail={"voter": voter, "ruling": ruling.value})

    def undo(self):
        top = self.count.envelopes.next_undo()
        assert top is not None
        return self.apply(Action.ENVELOPE_UNDO, target=top.seq)

    def redo(self):
        top = self.count.envelopes.next_redo()
        assert top is not None
        return self.apply(Action.ENVELOPE_REDO, target=top.seq)

    def end(self):
        accepted = self.count.envelopes.figures.accepted
        return self.apply(Action.END_ENVELOPES, detail={"accepted": accepted})

    def sign(self, kind: str = "final"):
        return self.apply(Action.SIGN, target=self.count.last_seq, detail={"kind": kind})

    def after_tally(self, voter: str):
        return self.apply(Action.AFTER_TALLY, detail={"voter": voter})


def brute_force_result(votes: tuple[int, ...], unions: int) -> Result:
    """102.70 read literally, choice by choice."""
    valid = sum(votes)
    winners = [index for index, vote in enumerate(votes) if vote * 2 > valid]
    if winners:
        return Result(winners[0] if winners[0] < unions else None, winners[0], None, False)
    if len(votes) < 3:
        return Result(None, None, None, False)
    ranked = sorted(set(votes), reverse=True)
    most = [index for index, vote in enumerate(votes) if vote == ranked[0]]
    if len(most) >= 3:  # divided equally among three or more
        return Result(None, None, None, True)
    if len(most) == 2:
        return Result(None, None, (most[0], most[1]), False)
    second = [index for index, vote in enumerate(votes) if vote == ranked[1]]
    if len(second) >= 2:  # one choice equal to another, but less than the third
        return Result(None, None, None, True)
    pair = sorted((most[0], second[0]))
    return Result(None, None, (pair[0], pair[1]), False)
