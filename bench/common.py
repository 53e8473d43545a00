"""What every benchmark shares: the election it counts and the percentile it reports."""

from station.domain import ElectionSetup

# The JFK8 election (Staten Island, 2022), box size not given, piles of 100; a benchmark
# that counts another way takes `dataclasses.replace(JFK8, ...)`.
JFK8 = ElectionSetup(
    case_number="29-RC-288020",
    employer="Amazon.com Services LLC",
    union="Amazon Labor Union",
    eligible=8325,
)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(round(share * (len(ordered) - 1)), len(ordered) - 1)]
