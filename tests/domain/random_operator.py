"""A seeded random operator: streams of events the rules of the count accept.

Calls of every kind (a few with an over-count confirmation), undos and redos, amended
challenges, disputed voids, pile recounts right and wrong, interim sheets followed by a
reopening, and sessions closed and opened again. Used to check that the fast ways of
folding a journal end exactly where folding it one event at a time does.

`operator_events` goes further, on every kind of election (`KINDS`): every event an
operator's keys can record, the settling of challenges and the envelope stage included,
each checked by the rules first as a station checks it.
"""

import copy
import dataclasses
import random
from collections.abc import Iterable, Iterator
from datetime import datetime

from station.domain import Action, Call, Count, ElectionSetup, Event, ReplayError, SheetKind
from station.domain.description import describe
from station.domain.election import voting_groups
from station.domain.sheet_dates import count_dates
from station.domain.tally_sheet import clean_name


def random_events(count: Count, events: int, seed: int) -> Iterator[Event]:
    """Yield `events` events after `count.last_seq`, applying each to `count` in turn."""
    rng = random.Random(seed)
    for seq in range(count.last_seq + 1, count.last_seq + events + 1):
        event = _next_event(rng, count, seq)
        count.apply(event)
        yield event


def _next_event(rng: random.Random, count: Count, seq: int) -> Event:
    if count.locked_by is not None:
        return Event(seq, Action.REOPEN, detail={"reason": "resumed"})
    roll = rng.random()
    last, redo = count.next_undo(), count.next_redo()
    to_check = count.piles_to_check()
    if roll < 0.10 and last:
        return Event(seq, Action.UNDO, last[1], last[0])
    if roll < 0.14 and redo:
        return Event(seq, Action.REDO, redo[1], redo[0])
    if roll < 0.17 and last and last[1] is Call.VOID:
        return Event(seq, Action.DISPUTE, Call.VOID, last[0], {"party": "employer"})
    if roll < 0.20 and last and last[1] is Call.CHALLENGE:
        challenge = count.challenges.get(last[0])
        if challenge is not None and not challenge.disputed_void:
            return Event(seq, Action.AMEND, None, last[0], {"reason": "supervisor"})
    if roll < 0.25 and to_check:
        ref = to_check[0]
        found = count.piles.size if rng.random() < 0.8 else count.piles.size - 1
        return Event(seq, Action.PILE, ref.call, ref.pile, {"found": found})
    if roll < 0.26:
        return Event(seq, Action.SIGN, target=seq - 1, detail={"kind": SheetKind.INTERIM.value})
    if roll < 0.27:
        return Event(seq, Action.CLOSE if rng.random() < 0.5 else Action.OPEN)
    detail = {"over_count": True} if roll < 0.28 else None
    return Event(seq, Action.CALL, rng.choice(list(Call)), detail=detail)


def state(count: Count) -> tuple[object, ...]:
    """Everything a count shows or decides with, for comparing two folds."""
    return (
        count.last_seq,
        count.tally,
        count.done(),
        count.undone(),
        count.sheets,
        count.locked_by,
        count.challenges.counting(),
        count.challenges.by_party(),
        count.piles_to_check(),
        count.piles.mismatches(),
        [count.piles.describe(call, count.total(call)) for call in Call],
    )


# -- every kind of election, every event an operator's keys make ----------------------

A_SHA = "ab" * 32


def _setup(**fields: object) -> ElectionSetup:
    base: dict[str, object] = {
        "case_number": "10-RC-000040", "employer": "Acme Corp", "union": "Machinists",
        "eligible": 120, "pile": 3,
    }  # fmt: skip
    return ElectionSetup.validated(**(base | fields))


_GROUPS = voting_groups(
    ["A=Professional employees", "B=Nonprofessional employees", "C=Drivers"],
    ["A=30", "B=80", "C=12"], sonotone=["A"], self_determination=["C"],
)  # fmt: skip
_SEVERAL = {"intervenors": ["Carpenters", "Teamsters"]}
_MAIL = {"mail": True, "polls": True}

KINDS: dict[str, ElectionSetup] = {
    "one union": _setup(),
    "several unions": _setup(**_SEVERAL),
    "runoff of two unions": _setup(
        unions=["Carpenters"], runoff_of=f"7:{A_SHA}", runoff_neither=False, pile=0
    ),
    "voting groups": _setup(groups=_GROUPS, pile=0),
    "voting groups, several unions": _setup(
        groups=_GROUPS, pile=0, incumbent="Teamsters", **_SEVERAL
    ),
    "mail": _setup(**_MAIL, pile=0),
    "mail, several unions": _setup(**_MAIL, **_SEVERAL, pile=0),
    "mail, voting groups": _setup(**_MAIL, groups=_GROUPS, pile=0),
    "mail set up before the current rules": dataclasses.replace(
        _setup(mail=True, pile=0), mail_rules=None
    ),
}


def operator_events(
    setup: ElectionSetup, keys: Iterable[int], count: Count | None = None
) -> Iterator[tuple[Event, Count]]:
    """What an operator's keys record on a count of `setup`, event by event.

    Each key seeds a choice among every event the count could take next: calls as the
    ballot has them, undo and redo (after a dispute, a settlement, a reopening, a
    written-in envelope as much as after a call), disputes carried or left as called,
    a party joining, challenges withdrawn, sustained and reopened, amendments, interim
    and final sheets, reopenings, the decision and its revised count, and by mail the
    envelope stage. An event the rules refuse is skipped, as the window refuses its key;
    each one accepted is yielded with the count it was folded into (`count`, if given:
    the events go on from its last one).
    """
    count = Count.for_setup(setup) if count is None else count
    parties = describe(setup).challenger_ids
    previous: Event | None = None
    for key in keys:
        rng = random.Random(key)
        event = _at_once(rng, count, previous) or _candidate(rng, count, setup, parties)
        try:
            count.check(event)  # as a station does, before its journal is written
        except ReplayError:
            continue
        count.apply(event)
        previous = event
        yield event, count


# After these, the operator's next key is often Ctrl+Z or Ctrl+Y: the sequences that
# once made a file unreadable.
_THEN_UNDO = {Action.DISPUTE, Action.RESOLVE, Action.REOPEN, Action.JOIN, Action.AMEND}
_THEN_UNDO |= {Action.ENVELOPE, Action.UNDO, Action.ENVELOPE_UNDO, Action.DECIDE}


def _at_once(rng: random.Random, count: Count, previous: Event | None) -> Event | None:
    """Undo or redo straight after a settling, a reopening, an envelope, an undo."""
    if previous is None or previous.action not in _THEN_UNDO or rng.random() < 0.4:
        return None
    seq = count.last_seq + 1
    if count.envelopes.open:
        last, redo = count.envelopes.next_undo(), count.envelopes.next_redo()
        if redo is not None and (last is None or rng.random() < 0.5):
            return Event(seq, Action.ENVELOPE_REDO, target=redo.seq)
        return None if last is None else Event(seq, Action.ENVELOPE_UNDO, target=last.seq)
    undo, redo_call = count.next_undo(), count.next_redo()
    if redo_call is not None and (undo is None or rng.random() < 0.5):
        return Event(seq, Action.REDO, redo_call[1], redo_call[0])
    return None if undo is None else Event(seq, Action.UNDO, undo[1], undo[0])


def _candidate(
    rng: random.Random, count: Count, setup: ElectionSetup, parties: tuple[str, ...]
) -> Event:
    seq = count.last_seq + 1
    if count.envelopes.open:
        return _envelope_event(rng, count, seq)
    roll = rng.random()
    last, redo = count.next_undo(), count.next_redo()
    listed = count.resolutions.numbered(count)
    locked = count.locked_by
    if locked is not None:
        if locked.kind is SheetKind.FINAL and not count.resolutions.revising and roll < 0.5:
            numbers = [entry.number for entry in listed if entry.status.value == "open"]
            rng.shuffle(numbers)
            cut = rng.randint(0, len(numbers))
            detail = {"open": numbers[:cut], "sustain": numbers[cut:], "by": "R. Director"}
            return Event(seq, Action.DECIDE, detail=detail)
        if roll < 0.6 and setup.current_mail_rules and count.tallied:
            return Event(seq, Action.AFTER_TALLY, detail={"write_in": f"Late {rng.randrange(9)}"})
        if roll < 0.8 and locked.kind is SheetKind.INTERIM:
            return Event(seq, Action.SIGN, target=seq - 1, detail={"kind": "final"})
        return Event(seq, Action.REOPEN, detail={"reason": "resumed"})
    if roll < 0.14 and last:
        return Event(seq, Action.UNDO, last[1], last[0])
    if roll < 0.24 and redo:
        return Event(seq, Action.REDO, redo[1], redo[0])
    done = count.done(last=4)
    if roll < 0.32 and done:
        target, call = rng.choice(done)
        detail: dict[str, object] = {"party": rng.choice(parties)}
        if rng.random() < 0.3:
            detail["left_as_called"] = True
        return Event(seq, Action.DISPUTE, call, target, detail)
    if roll < 0.35 and count.resolutions.disputes:
        target = rng.choice(sorted(count.resolutions.disputes))
        return Event(seq, Action.JOIN, None, target, {"party": rng.choice(parties)})
    if roll < 0.46 and listed:
        target = rng.choice(listed).challenge.seq
        detail = {"as": rng.choice(("withdrawn", "sustained", "open"))}
        dispute = count.resolutions.disputes.get(target)
        if dispute is not None and rng.random() < 0.9:
            detail["party"] = rng.choice([p for p in (dispute.party, dispute.joined) if p])
        return Event(seq, Action.RESOLVE, None, target, detail)
    if roll < 0.50 and listed:
        target = rng.choice(listed).challenge.seq
        change = rng.choice(
            [{"party": rng.choice(parties)}, {"reason": "supervisor"}, {"note": "at the door"}]
        )
        return Event(seq, Action.AMEND, None, target, change)
    if roll < 0.52:
        kind = rng.choice(("interim", "final"))
        return Event(seq, Action.SIGN, target=seq - 1, detail={"kind": kind})
    if roll < 0.53:
        return Event(seq, Action.CLOSE if rng.random() < 0.5 else Action.OPEN)
    return _call(rng, count, seq)


def _call(rng: random.Random, count: Count, seq: int) -> Event:
    call = rng.choice(list(Call))
    detail: dict[str, object] = {}
    if call is Call.FOR and count.votes.several:
        detail["choice"] = rng.randint(1, count.votes.unions)
    if count.groups.active:
        spec = rng.choice(count.groups.specs)
        detail["group"] = spec.key
        answered = call in (Call.FOR, Call.AGAINST) and rng.random() < 0.9
        if spec.rule.value == "sonotone" and answered:
            detail["inclusion"] = rng.choice(("yes", "no"))
    if rng.random() < 0.03:
        detail["over_count"] = True
    return Event(seq, Action.CALL, call, detail=detail or None)


def _envelope_event(rng: random.Random, count: Count, seq: int) -> Event:
    """Some event of the envelope stage: listed voters "0" to "29", and written-in ones."""
    stage = count.envelopes
    roll = rng.random()
    last, redo = stage.next_undo(), stage.next_redo()
    if roll < 0.05:
        return Event(seq, Action.END_ENVELOPES, detail={"accepted": stage.figures.accepted})
    if roll < 0.15 and last is not None:
        return Event(seq, Action.ENVELOPE_UNDO, target=last.seq)
    if roll < 0.22 and redo is not None:
        return Event(seq, Action.ENVELOPE_REDO, target=redo.seq)
    challenged = sorted(count.challenges.counting_seqs())
    settled = sorted(stage.settled)
    if roll < 0.28 and (challenged or settled):
        target = rng.choice(challenged + settled)
        status = "open" if target in stage.settled else rng.choice(("withdrawn", "sustained"))
        return Event(seq, Action.RESOLVE, None, target, {"as": status})
    if roll < 0.31 and challenged:
        change = {"reason": rng.choice(("supervisor", "other"))}
        return Event(seq, Action.AMEND, None, rng.choice(challenged), change)
    voter = rng.randrange(36)
    detail: dict[str, object] = (
        {"write_in": f"Written In {voter}"} if voter >= 30 else {"voter": str(voter)}
    )
    detail["ruling"] = rng.choice(["accepted", "challenged", "void", "late", "polls"])
    if stage.groups:
        detail["group"] = stage.groups[voter % len(stage.groups)]
    return Event(seq, Action.ENVELOPE, detail=detail)


def signed(setup: ElectionSetup, rng: random.Random) -> dict[str, object]:
    """What a station records on a sheet beside the facts the journal gives: the Board
    agent always (the sheet dialogs and `station sign` refuse a sheet without one), an
    observer for some of the parties, each name in the form `clean_name` writes it."""
    observers = [
        {"party": party.challenger.id, "name": clean_name(f" Observer  {n} ", "observer")}
        for n, party in enumerate(describe(setup).parties)
        if rng.random() < 0.7
    ]
    return {
        "agent": clean_name(rng.choice(("R. Agent", "  Ann   Board ")), "Board agent"),
        "observers": observers,
        "place": rng.choice((None, "Room 4")),
        "count_date": "2026-12-01",
        "prepared": "2026-12-01T18:00:00+00:00",
        "key": "0000-1111-2222-3333-4444-5555-6666-7777",
    }


def sign_dates(first_call_utc: str | None, utc: str) -> dict[str, str]:
    """A sheet's dates as a station records them for a SIGN event stamped `utc`: its own
    time, and the days from the first call to it (`sheet_dates`)."""
    prepared = datetime.fromisoformat(utc)
    return {
        "prepared": prepared.isoformat(timespec="seconds"),
        "count_date": count_dates(first_call_utc, prepared),
    }


def figures(count: Count) -> tuple[object, ...]:
    """Everything a count of any kind shows: `state`, and each union's votes, each
    voting group's and unit's figures, the challenge register and the envelopes' (a
    copy: kept, it stays what the count was)."""
    return copy.deepcopy(
        (
            *state(count),
            count.choice_votes(),
            count.group_tallies(),
            count.unit_results(),
            count.resolutions.numbered(count),
            count.resolutions.noted_disputes(count),
            count.counted,
            count.envelopes.figures if count.envelopes.mail else None,
            count.envelopes.rulings(),
        )
    )
