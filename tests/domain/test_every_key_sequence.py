"""Any keys on any kind of election: every journal a station accepts folds, prefix by
prefix, to the count the station showed, and undoing then redoing gives back exactly
what was shown before. The operator's keys reach every event: undo and redo after a
dispute, a settlement, a reopening and a written-in envelope, on one union, several,
a runoff, voting groups and mail ballots (random_operator.KINDS)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from station.domain import Action, Count, Event
from station.domain.description import describe
from tests.domain.random_operator import KINDS, figures, operator_events


def pressed(seed: int, length: int) -> list[int]:
    """`length` keys, each as random as the one before (a key seeds one event's choice)."""
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(length)]


@settings(max_examples=40)
@given(kind=st.sampled_from(sorted(KINDS)), seed=st.integers(0, 2**64), length=st.integers(1, 120))
def test_every_prefix_of_an_accepted_journal_folds_to_the_live_count(
    kind: str, seed: int, length: int
) -> None:
    setup = KINDS[kind]
    events: list[Event] = []
    shown: list[tuple[object, ...]] = []  # what the station showed after each event
    for event, live in operator_events(setup, pressed(seed, length)):
        events.append(event)
        shown.append(figures(live))  # reading every figure raises nothing
        # A snapshot taken after any event is that same count again.
        thawed = Count.thawed(
            live.freeze(), setup.pile, setup.choices, setup.mail, describe(setup),
            setup.current_mail_rules, setup.polls,
        )  # fmt: skip
        assert figures(thawed) == shown[-1], (kind, event)
        if len(events) >= 3 and _redoes(events[-2], event):  # all but the event number
            assert shown[-1][1:] == shown[-3][1:], (kind, event)
    count = Count.for_setup(setup)
    for event, expected in zip(events, shown, strict=True):
        count.apply(event)
        assert figures(count) == expected, (kind, event)


def _redoes(undo: Event, redo: Event) -> bool:
    """Whether `redo` puts back just what `undo`, the event before it, took back."""
    pairs = {Action.UNDO: Action.REDO, Action.ENVELOPE_UNDO: Action.ENVELOPE_REDO}
    return pairs.get(undo.action) is redo.action and undo.target == redo.target
