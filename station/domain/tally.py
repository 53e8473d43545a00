"""The Tally of Ballots and its arithmetic (docs/rules.md, NLRB form 760, lines 2-9).

With F = FOR, A = AGAINST and C = challenged:

* the union wins only with a strict majority of valid votes, F > A: a tie loses;
* challenges are determinative (line 8) when the sealed ballots could still change
  that outcome: if F > A, when A + C >= F; otherwise when F + C > A;
* line 9 states whether a majority of "valid votes counted plus challenged ballots"
  has been cast for the union, i.e. 2F > F + A + C. It differs from F > A exactly when
  the union leads but the challenges are determinative: then no majority can be
  stated yet.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Outcome(StrEnum):
    """Where the election stands."""

    UNION_WINS = "union wins"
    UNION_LOSES = "union loses"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class Tally:
    """The count of each call. Derived from the journal, never typed in."""

    for_union: int = 0
    against: int = 0
    void: int = 0
    challenged: int = 0
    # On a ballot of several unions, each choice's votes in ballot order (each union,
    # then Neither); FOR is then the unions together. Empty for one union.
    choices: tuple[int, ...] = ()
    # Of `challenged`, a mail ballot's envelopes challenged before any ballot was opened:
    # in line 6, but never in the box, so not among the ballots counted.
    sealed_envelopes: int = 0
    # Challenged ballots sustained (by agreement or decision): handled, never opened, on
    # no line of the sheet (see domain/resolution.py).
    set_aside: int = 0
    # Of `challenged`, ballots a decision ordered opened that are not yet called: they
    # stay on line 6 until each is counted (which of them was called is never known),
    # and, like the sealed envelopes, are not among the ballots counted.
    opened_uncounted: int = 0
    # Of `void`, a mail ballot's envelopes ruled void before any ballot was opened
    # (unsigned, not returned correctly): void ballots on line 2, but never in the box,
    # so not among the ballots counted (docs/rules.md, "Mail ballots").
    void_envelopes: int = 0

    def __post_init__(self) -> None:
        # The choices split lines 5 and 7 (Neither is AGAINST; a runoff of two unions has
        # no AGAINST): a tally whose choices say more or less is wrong, never signed.
        if self.choices and sum(self.choices) != self.for_union + self.against:
            raise ValueError(
                f"the choices' votes ({sum(self.choices)}) are not lines 5 and 7"
                f" ({self.for_union} + {self.against})"
            )

    @classmethod
    def from_figures(cls, figures: Sequence[int]) -> "Tally":
        """The tally stored as `figures` (snapshots): [FOR, AGAINST, VOID, CHALLENGED],
        then, when any is not nothing, [SEALED_ENVELOPES, SET_ASIDE, OPENED_UNCOUNTED,
        VOID_ENVELOPES, *choices]."""
        f, a, v, c = figures[:4]
        if len(figures) <= 4:
            return cls(f, a, v, c)
        sealed, set_aside, uncounted, void_envelopes = figures[4:8]
        return cls(f, a, v, c, tuple(figures[8:]), sealed, set_aside, uncounted, void_envelopes)

    def figures(self) -> list[int]:
        """The tally as `from_figures` reads it (a one-union count at a poll, nothing
        settled: four figures, as snapshots always stored them)."""
        four = [self.for_union, self.against, self.void, self.challenged]
        extra = [
            self.sealed_envelopes,
            self.set_aside,
            self.opened_uncounted,
            self.void_envelopes,
        ]
        if not (any(extra) or self.choices):
            return four
        return [*four, *extra, *self.choices]

    @property
    def counted(self) -> int:
        """Ballots handled so far, whatever their call: the N of "N of M"."""
        return (
            self.for_union
            + self.against
            + self.void
            + self.challenged
            - self.sealed_envelopes
            - self.opened_uncounted
            - self.void_envelopes
            + self.set_aside
        )

    @property
    def valid(self) -> int:
        """Line 5: valid votes counted."""
        return self.for_union + self.against

    @property
    def valid_plus_challenged(self) -> int:
        """Line 7: valid votes counted plus challenged ballots."""
        return self.valid + self.challenged

    @property
    def union_leads(self) -> bool:
        """A strict majority of the valid votes counted so far is FOR. A tie is not."""
        return self.for_union > self.against

    @property
    def challenges_determinative(self) -> bool:
        """Line 8: whether the challenged ballots could change the result."""
        if self.challenged == 0:
            return False
        if self.union_leads:
            return self.against + self.challenged >= self.for_union
        return self.for_union + self.challenged > self.against

    @property
    def majority_for_union(self) -> bool:
        """Line 9: a majority of valid votes plus challenged ballots is FOR."""
        return 2 * self.for_union > self.valid_plus_challenged

    def remaining(self, ballots: int | None) -> int | None:
        """Ballots still in the box, or None when the box size is not known."""
        if ballots is None:
            return None
        return max(ballots - self.counted, 0)

    def outcome(self, ballots: int | None) -> Outcome:
        """Whether the result is already decided while the count runs.

        Every ballot still in the box and every challenged ballot is assumed to go
        either way; the result is decided once no such assignment changes it. With the
        box size unknown nothing can be decided before the count is declared complete,
        which is `outcome(counted)`: every ballot in the box counted.
        """
        remaining = self.remaining(ballots)
        if remaining is None:
            return Outcome.UNDECIDED
        return _decided(self.for_union, self.against, self.challenged + remaining)

    def result_decided(self, ballots: int | None) -> bool:
        """True once the remaining ballots plus challenges can no longer change the result."""
        return self.outcome(ballots) is not Outcome.UNDECIDED


def _decided(for_union: int, against: int, swing: int) -> Outcome:
    """The outcome if `swing` ballots could still go to either side."""
    if for_union > against + swing:
        return Outcome.UNION_WINS
    if for_union + swing <= against:
        return Outcome.UNION_LOSES
    return Outcome.UNDECIDED
