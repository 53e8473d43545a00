"""A count frozen for a snapshot thaws into the same count, and the same bytes again."""

import dataclasses
import json

import pytest

from station.domain import Count
from station.domain.changes import FROZEN_FORMAT, FrozenCount
from tests.domain.random_operator import random_events, state


@pytest.mark.parametrize("seed", range(6))
def test_a_frozen_count_thaws_into_the_same_count(seed: int) -> None:
    count = Count(pile_size=4)
    for _ in random_events(count, 400, seed):
        pass
    frozen = count.freeze()
    thawed = Count.thawed(frozen, pile_size=4)
    assert state(thawed) == state(count)
    assert thawed.freeze() == frozen  # one count, one form: verify compares the bytes
    # The thawed count goes on exactly as the original does.
    for _ in random_events(count, 100, seed + 100):
        pass
    for _ in random_events(thawed, 100, seed + 100):
        pass
    assert state(thawed) == state(count)


def test_an_empty_count_freezes_too() -> None:
    assert state(Count.thawed(Count().freeze(), 0)) == state(Count())


def _changed_summary(frozen: FrozenCount, **changes: object) -> FrozenCount:
    summary = {**json.loads(frozen.summary), **changes}
    return dataclasses.replace(frozen, summary=json.dumps(summary))


@pytest.mark.parametrize(
    "damage",
    [
        lambda frozen: _changed_summary(
            frozen, totals=[9, 0, 0, 0]
        ),  # not what the calls add up to
        lambda frozen: _changed_summary(frozen, locked_by=7),
        lambda frozen: _changed_summary(
            frozen, challenges=[[1, "nobody", None, None, False, True]]
        ),
        lambda frozen: _changed_summary(frozen, piles={"confirmed": [["maybe", 1]]}),
        lambda frozen: _changed_summary(frozen, last_seq=-1),
        lambda frozen: _changed_summary(frozen, format=FROZEN_FORMAT + 1),  # a later Station's
        lambda frozen: dataclasses.replace(frozen, summary="{"),
        lambda frozen: dataclasses.replace(frozen, done=frozen.done[:-3]),
    ],
)
def test_a_malformed_frozen_count_is_refused(damage) -> None:  # type: ignore[no-untyped-def]
    count = Count(pile_size=4)
    for _ in random_events(count, 200, 1):
        pass
    with pytest.raises(ValueError, match="frozen count"):
        Count.thawed(damage(count.freeze()), pile_size=4)
