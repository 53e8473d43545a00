"""The arithmetic of a ballot with several choices, and runoffs (29 CFR 102.70).

`votes` are the valid votes of each choice in ballot order (each union, then Neither
when the ballot has it); C is the number of challenged ballots.

* Line 9 names the choice, if any, with a majority of the valid votes counted plus
  challenged ballots: 2 * votes > valid + C.
* What the election decides (its *result*) from the votes alone: a union with a
  majority of the valid votes is certified; a Neither majority certifies none; with
  no majority on a ballot of three or more choices, 102.70(a) and (c) call for one
  runoff between the choices with the most and second-most votes, unless the second
  place is tied (all choices equal, or the second and third tie): then 102.70(d)
  voids the election and a further election is held with all choices. "Only one such
  further election pursuant to this subsection may be held": in that further election
  a second such split ends with the results certified (no union). On a ballot of two
  choices no majority is a tie, and no union is certified (a tie loses); a tied runoff
  between two unions ends so too, since only one runoff is held (102.70(a)).
* The exception of 102.70(d): no runoff where two or more choices tie, another has no
  votes, no challenges are determinative and every eligible voter cast a valid ballot.
* Challenges are determinative when some way of resolving them (each sustained, or
  opened and counted for any choice) changes the result: whether a union is certified,
  whether a runoff or a rerun is due, or between which two choices (*Fraser &
  Johnston*, 1953: 45 / 9 / 33 with 7 challenged; 45 is a majority of 87 but not of 94).

With one union and Neither this is exactly `tally.py`'s arithmetic (a test holds the
two equal), so the one-union election keeps its own module and its every statement.
"""

from collections.abc import Sequence
from dataclasses import dataclass


def several_unions(unions: int) -> bool:
    """Whether a ballot of `unions` unions is one of several: a choice per union (keys
    1-9, Neither 0), a line 3 per union, each FOR naming its union. The one spelling of
    the notion; the description's `Question.several` reads it."""
    return unions > 1


@dataclass(frozen=True, slots=True)
class Result:
    """What the votes decide. Choices are 0-based indexes in ballot order.

    Attributes:
        certified: the union certified (a union with a majority), or None.
        majority: the choice with a majority of the valid votes (a union or Neither).
        runoff: the two choices of the runoff, in ballot order, or None.
        rerun: the election is void and rerun with every choice (102.70(d)).
        exception: no runoff, by the exception of 102.70(d) (two choices tie, another
            has none, every eligible voter voted validly): the results are certified.
        split_again: the further election of 102.70(d) is split as its first was: no
            other is held, and the results are certified.
    """

    certified: int | None
    majority: int | None
    runoff: tuple[int, int] | None
    rerun: bool
    exception: bool = False
    split_again: bool = False

    @property
    def split(self) -> bool:
        """The second place is tied, in the first election (`rerun`) or the further."""
        return self.rerun or self.split_again


def majority_for(votes: Sequence[int], challenged: int) -> int | None:
    """Line 9: the choice with a majority of valid votes counted plus challenged ballots."""
    total = sum(votes) + challenged
    return next((index for index, vote in enumerate(votes) if 2 * vote > total), None)


def result(votes: Sequence[int], unions: int, further: bool = False) -> Result:
    """What these valid votes decide, were they final (no exception applied).

    `unions` is how many of the choices are unions: all of them on a runoff between two
    unions, all but the last (Neither) otherwise. `further`: this is the one further
    election 102.70(d) allows, so a split ends it rather than voiding it.
    """
    majority = majority_for(votes, 0)
    if majority is not None:
        certified = majority if majority < unions else None
        return Result(certified, majority, None, False)
    if len(votes) < 3:  # a tie on a two-choice ballot: no union is certified
        return Result(None, None, None, False)
    order = sorted(range(len(votes)), key=lambda index: -votes[index])
    if votes[order[1]] == votes[order[2]]:  # the second place is tied: 102.70(d)
        return Result(None, None, None, not further, split_again=further)
    first, second = sorted(order[:2])
    return Result(None, None, (first, second), False)


def determinative(votes: Sequence[int], unions: int, swing: int) -> bool:
    """Whether `swing` ballots (challenged, or still uncounted) could change the result.

    Each of them may be set aside or counted for any choice. Closed form, held equal to
    trying every such assignment by a test (`tests/domain/test_runoff.py`):
    """
    if swing == 0:
        return False
    now = result(votes, unions)
    total = sum(votes)
    # Could a choice reach a majority (all of the swing to it), or lose the one it has
    # (all of the swing to another)?
    reachable = [index for index, vote in enumerate(votes) if 2 * (vote + swing) > total + swing]
    several = len(votes) >= 3
    if now.majority is not None:
        # Losing a union's majority uncertifies it; losing Neither's means a runoff or a
        # rerun on three or more choices, and still no union on two.
        if 2 * votes[now.majority] <= total + swing and (now.certified is not None or several):
            return True
        return any(index < unions and index != now.majority for index in reachable)
    # No majority: one reached certifies a union, or on three or more choices ends the
    # runoff (a Neither majority); on two choices a Neither majority changes nothing.
    if any(index < unions or several for index in reachable):
        return True
    if len(votes) < 3:
        return False
    order = sorted(range(len(votes)), key=lambda index: -votes[index])
    if now.split:
        # The cheapest way to a unique pair: lift the first two above the third.
        third = votes[order[2]]
        cost = max(0, third + 1 - votes[order[0]]) + max(0, third + 1 - votes[order[1]])
        return swing >= cost
    # A runoff pair: another choice could reach the lower of the pair and tie it.
    pair_low = votes[order[1]]
    return votes[order[2]] + swing >= pair_low


def final_result(
    votes: Sequence[int],
    unions: int,
    challenged: int,
    eligible: int | None,
    further: bool = False,
) -> tuple[Result, bool]:
    """The result once the count is over, and whether the challenges are determinative.

    Applies the exception of 102.70(d) when its conditions hold; `further` as `result`.
    """
    outcome = result(votes, unions, further)
    decisive = determinative(votes, unions, challenged)
    if (
        outcome.runoff is not None
        and not decisive
        and eligible is not None
        and sum(votes) >= eligible
        and _tie_beside_a_zero(votes)
    ):
        return Result(None, None, None, False, exception=True), decisive
    return outcome, decisive


def _tie_beside_a_zero(votes: Sequence[int]) -> bool:
    """Two or more choices with the same number of votes, and another with none."""
    given = [vote for vote in votes if vote > 0]
    return len(given) < len(votes) and len(set(given)) < len(given)
