"""What every benchmark reports: percentiles of its timings."""


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(round(share * (len(ordered) - 1)), len(ordered) - 1)]
