"""The tally's statements in plain words, the same on the dashboard, the sheet and the CLI.

Lines 8 and 9 of the Tally of Ballots are sentences, not numbers; writing them in one
place keeps every screen and every sheet saying exactly the same thing.
"""

from station.domain.tally import Outcome, Tally


def challenges_statement(tally: Tally) -> str:
    """Line 8: whether the challenged ballots are sufficient to affect the result."""
    verb = "are" if tally.challenges_determinative else "are not"
    return f"Challenges {verb} sufficient in number to affect the results of the election."


def majority_statement(tally: Tally, union: str) -> str:
    """Line 9: whether a majority of valid votes plus challenged ballots is for the union."""
    verb = "has" if tally.majority_for_union else "has not"
    return (
        f"A majority of the valid votes counted plus challenged ballots {verb}"
        f" been cast for {union}."
    )


def decision_statement(tally: Tally, ballots: int | None, union: str) -> str | None:
    """While counting: the result once no remaining or challenged ballot can change it."""
    match tally.outcome(ballots):
        case Outcome.UNION_WINS:
            return f"Result decided: {union} wins."
        case Outcome.UNION_LOSES:
            return f"Result decided: {union} loses."
    return None
