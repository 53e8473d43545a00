"""An observer's own calls, reconciled with the station's verified count ballot by ballot.

A 200-ballot count in which the observer taps AGAINST at ballot 117 where the station
called FOR disagrees there and nowhere else; undo on either side, a correction, several
unions and voting groups are followed; the record survives its own JSON and a damaged
one is refused in one line; the printed record's hash is stable.
"""

import hashlib
import json

import pytest

from station.domain import Action, Call, ElectionSetup, Event
from station.domain.description import describe
from station.domain.election import voting_groups
from station.domain.followed import Followed
from station.domain.tally_along import (
    RECORD_STATEMENT,
    Corrections,
    ObserverRecord,
    Tap,
    buttons,
    disagreement_words,
    figures_of,
    newly_corrected,
    reconcile,
    record_document,
    record_hash,
    record_json,
    record_text,
    station_ballots,
)
from station.domain.words import in_language

ORIGIN = "station/10-RC-000044/e44"
ONE = ElectionSetup.validated(
    case_number="10-RC-000044", employer="Acme", union="Machinists", eligible=300, pile=25
)
SEVERAL = ElectionSetup.validated(
    case_number="10-RC-000017", employer="Acme", union="Machinists",
    unions=["Carpenters", "Teamsters"], eligible=40, pile=3,
)  # fmt: skip
GROUPS = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United", eligible=1,
    groups=voting_groups(["A=Professional employees", "B=Nonprofessional employees"],
                         ["A=30", "B=80"]),
)  # fmt: skip


class Station:
    """A count the way a follower folds it, one verified event at a time."""

    def __init__(self, setup: ElectionSetup = ONE) -> None:
        self.followed = Followed(setup)

    def apply(self, action: Action, call: Call | None = None, target: int | None = None,
              detail: dict[str, object] | None = None) -> int:  # fmt: skip
        count = self.followed.count
        seq = count.last_seq + 1
        self.followed.note(count.apply(Event(seq, action, call, target, detail)))
        return seq

    def call(self, call: Call, **detail: object) -> int:
        return self.apply(Action.CALL, call, detail=detail or None)

    def undo(self) -> int:
        top = self.followed.count.next_undo()
        assert top is not None
        return self.apply(Action.UNDO, top[1], top[0])

    def redo(self) -> int:
        top = self.followed.count.next_redo()
        assert top is not None
        return self.apply(Action.REDO, top[1], top[0])


def calls_of_200() -> list[Call]:
    pattern = (Call.FOR, Call.FOR, Call.AGAINST, Call.FOR, Call.VOID, Call.AGAINST, Call.FOR)
    calls = [pattern[n % len(pattern)] for n in range(200)]
    calls[116] = Call.FOR
    calls[150] = Call.CHALLENGE
    return calls


def utc(n: int) -> str:
    return f"2026-12-07T06:{n // 60 % 60:02d}:{n % 60:02d}.000000Z"


def tapped(record: ObserverRecord, calls: list[str], group: str | None = None) -> None:
    for call in calls:
        record.tap(call, group, utc(record.entries))


def test_a_mis_key_at_ballot_117_is_the_one_disagreement_of_200() -> None:
    station = Station()
    calls = calls_of_200()
    for call in calls:
        station.call(call)
    record = ObserverRecord(ORIGIN)
    mine = [call.value for call in calls]
    mine[116] = "against"
    tapped(record, mine)

    result = reconcile(record, station_ballots(station.followed))

    assert result.line == "agree on 199 of 200"
    [flag] = result.disagreements
    assert (flag.ballot, flag.observer_call, flag.station_call) == (117, "against", "for")
    assert flag.pile == "FOR pile 3"
    assert result.first_open == flag
    assert result.ahead == [] and result.behind == []
    wrong = [pile for pile in result.piles if not pile.agree]
    assert [(p.pile, p.station, p.observer) for p in wrong if p.call == "for"] == [
        ("FOR pile 3", 25, 24)
    ]
    assert all(pile.agree for pile in result.piles if pile.call in ("void", "challenge"))


def test_a_pile_only_the_observer_has_called_is_a_row_of_its_own() -> None:
    station = Station()
    station.call(Call.FOR)
    station.call(Call.FOR)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])

    result = reconcile(record, station_ballots(station.followed))

    assert [(p.pile, p.station, p.observer, p.agree) for p in result.piles] == [
        ("FOR pile 1", 2, 1, False),
        ("AGAINST pile 1", 0, 1, False),
    ]


def test_in_spanish_a_pile_only_the_observer_has_called_is_named_like_the_others() -> None:
    station = Station()
    station.call(Call.VOID)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["void", "challenge"])

    with in_language("es"):
        result = reconcile(record, station_ballots(station.followed))

    assert [p.pile for p in result.piles] == ["pila 1 de NULAS", "pila 1 de IMPUGNADAS"]


def test_a_union_only_the_observer_has_called_is_named_as_the_ballot_names_it() -> None:
    station = Station(SEVERAL)
    station.call(Call.FOR, choice=1)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for/3"])

    result = reconcile(record, station_ballots(station.followed), describe(SEVERAL))

    assert [(p.pile, p.station, p.observer) for p in result.piles][-1] == (
        "Teamsters pile 1",
        0,
        1,
    )


def test_the_observer_ahead_and_behind_of_the_station() -> None:
    station = Station()
    for call in (Call.FOR, Call.AGAINST, Call.VOID):
        station.call(call)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])
    behind = reconcile(record, station_ballots(station.followed))
    assert behind.line == "agree on 2 of 2"
    assert [ballot.ballot for ballot in behind.behind] == [3]
    assert behind.standing == "the station is 1 ahead of you"
    tapped(record, ["void", "for"])
    ahead = reconcile(record, station_ballots(station.followed))
    assert ahead.line == "agree on 3 of 3" and [tap.ballot for tap in ahead.ahead] == [4]
    assert ahead.standing == "you are 1 ahead of the station"


def test_the_observers_undo_takes_their_last_tap_back_and_keeps_it() -> None:
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])
    taken = record.undo(utc(9))
    assert taken == Tap(2, "against", None, utc(1))
    again = record.tap("void", None, utc(10))
    assert again.ballot == 2
    assert [tap.call for tap in record.taps] == ["for", "void"]
    assert [next(iter(entry)) for entry in record.history()] == ["tap", "tap", "undo", "tap"]
    assert ObserverRecord(ORIGIN).undo(utc(0)) is None


def test_the_stations_undo_redo_and_correction_are_followed() -> None:
    station = Station()
    record = ObserverRecord(ORIGIN)
    station.call(Call.FOR)
    station.call(Call.AGAINST)
    tapped(record, ["for", "for"])
    assert reconcile(record, station_ballots(station.followed)).first_open.ballot == 2
    station.undo()  # the station corrects its call: undo, then the right call
    corrected = station.call(Call.FOR)
    now = reconcile(record, station_ballots(station.followed))
    assert now.line == "agree on 2 of 2" and now.disagreements == []
    assert station_ballots(station.followed)[1].seq == corrected
    station.undo()
    assert reconcile(record, station_ballots(station.followed)).compared == 1
    station.redo()
    assert reconcile(record, station_ballots(station.followed)).line == "agree on 2 of 2"


def test_a_mis_tap_resolved_is_kept_as_such_and_counts_as_the_stations_call() -> None:
    station = Station()
    for call in (Call.FOR, Call.AGAINST, Call.FOR):
        station.call(call)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "for", "for"])
    record.resolve(2, "mistap", utc(20), station_call="against")

    result = reconcile(record, station_ballots(station.followed))

    assert result.line == "agree on 3 of 3"  # as the pile table counts it
    assert [(d.ballot, d.resolved) for d in result.disagreements] == [(2, "mistap")]
    assert result.first_open is None
    assert all(pile.agree for pile in result.piles)
    doc = record_document(record, result, {"for": 2, "against": 1}, "event 3")
    assert doc["summary"] == [
        {"lane": "against", "observer": 1, "station": 1},
        {"lane": "for", "observer": 2, "station": 2},
    ]
    assert "resolved as the observer's mis-tap counts as agreeing" in record_text(doc)


def test_the_printed_record_lists_the_taps_taken_back() -> None:
    station = Station()
    station.call(Call.FOR)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["against"])
    record.undo(utc(7))
    tapped(record, ["for"])
    doc = record_document(record, reconcile(record, station_ballots(station.followed)), {}, None)

    text = record_text(doc)

    assert f"ballot 1: AGAINST, taken back at {utc(7)}" in text.split("Taken back:")[1]


def test_a_disagreement_that_stands_stays_and_a_new_one_reopens() -> None:
    station = Station()
    station.call(Call.FOR)
    station.call(Call.VOID)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])
    record.resolve(2, "stands", utc(5), station_call="void")
    stands = reconcile(record, station_ballots(station.followed))
    assert stands.disagreements[0].resolved == "stands" and stands.first_open is None
    station.undo()  # the station changes its call: the old resolution does not apply
    station.call(Call.CHALLENGE)
    reopened = reconcile(record, station_ballots(station.followed))
    assert reopened.first_open is not None and reopened.first_open.station_call == "challenge"
    record.undo(utc(6))  # a tap taken back takes its resolution with it
    record.tap("challenge", None, utc(7))
    assert reconcile(record, station_ballots(station.followed)).disagreements == []


def test_a_resolution_is_refused_for_a_ballot_never_tapped_or_an_unknown_way() -> None:
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for"])
    with pytest.raises(ValueError, match="ballot 2"):
        record.resolve(2, "mistap", utc(1))
    with pytest.raises(ValueError, match="mistap, station, stands"):
        record.resolve(1, "oops", utc(1))
    with pytest.raises(ValueError, match="not a call"):
        record.tap("FOR!", None, utc(2))


def test_several_unions_are_keyed_by_their_place_on_the_ballot() -> None:
    station = Station(SEVERAL)
    for choice in (1, 2, 3, 1):
        station.call(Call.FOR, choice=choice)
    station.call(Call.AGAINST)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for/1", "for/2", "for/2", "for/1", "against"])

    result = reconcile(record, station_ballots(station.followed))

    assert result.line == "agree on 4 of 5"
    [flag] = result.disagreements
    assert (flag.ballot, flag.observer_call, flag.station_call, flag.pile) == (
        3, "for/2", "for/3", "Teamsters pile 1",
    )  # fmt: skip
    keys = [(b.key, b.label, b.shortcut) for b in buttons(describe(SEVERAL))]
    assert keys == [
        ("for/1", "Machinists", "1"), ("for/2", "Carpenters", "2"), ("for/3", "Teamsters", "3"),
        ("against", "Neither", "0"), ("challenge", "CHALLENGED", "C"), ("void", "VOID", "V"),
    ]  # fmt: skip


def test_one_unions_buttons_are_the_operators() -> None:
    keys = [(b.key, b.label, b.shortcut, b.kind) for b in buttons(describe(ONE))]
    assert keys == [
        ("for", "FOR", "F", "call"), ("against", "AGAINST", "A", "call"),
        ("challenge", "CHALLENGED", "C", "call"), ("void", "VOID", "V", "call"),
    ]  # fmt: skip


def test_voting_groups_compare_the_group_too() -> None:
    station = Station(GROUPS)
    station.call(Call.FOR, group="A")
    station.call(Call.AGAINST, group="B")
    station.call(Call.FOR, group="B")
    record = ObserverRecord(ORIGIN)
    record.tap("for", "A", utc(0))
    record.tap("against", "B", utc(1))
    record.tap("for", "A", utc(2))  # the right call, the wrong box

    result = reconcile(record, station_ballots(station.followed))

    assert result.line == "agree on 2 of 3"
    [flag] = result.disagreements
    assert (flag.ballot, flag.group, flag.observer_group) == (3, "B", "A")
    assert flag.pile == "group B FOR pile 1"
    assert disagreement_words(flag, describe(GROUPS)) == (
        "ballot 3: you FOR (group A), the station FOR (group B) (group B FOR pile 1)"
    )
    groups = [(b.key, b.shortcut) for b in buttons(describe(GROUPS)) if b.kind == "group"]
    assert groups == [("A", "G A"), ("B", "G B")]
    ballots = station_ballots(station.followed)
    assert figures_of((b.group, b.call) for b in ballots) == {
        "A:for": 1,
        "B:against": 1,
        "B:for": 1,
    }


def test_the_record_survives_its_own_json() -> None:
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against", "void"])
    record.undo(utc(10))
    record.resolve(2, "station", utc(11), station_call="for")
    again = ObserverRecord.from_json(record.to_json())
    assert again.to_json() == record.to_json()
    assert again.taps == record.taps and again.count == ORIGIN
    assert again.history() == record.history()


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda text: text[:-20], "not JSON"),
        (lambda text: text.replace("station tally-along record 1", "v9"), "format"),
        (lambda text: text.replace('"tap": 2', '"tap": 3'), "entry 2 taps ballot 3 out of turn"),
        (lambda text: text.replace('"call": "for"', '"call": "maybe"'), "'maybe' is not a call"),
        (lambda text: text.replace('"undo": 2', '"undo": 1'), "entry 3 undoes ballot 1"),
        (lambda text: text.replace('"count": "station', '"cnt": "station'), "it has no 'count'"),
        (lambda text: text.replace('"tap": 1', '"tap": true'), "entry 1 taps ballot True"),
        (lambda text: "[" * 100_000 + text, "not JSON"),
    ],
)
def test_a_damaged_record_is_refused_in_one_line(damage, said) -> None:
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])
    record.undo(utc(5))
    with pytest.raises(ValueError, match="tally-along record is damaged") as refused:
        ObserverRecord.from_json(damage(record.to_json()))
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_the_record_document_names_the_disagreement_and_its_hash_is_stable() -> None:
    station = Station()
    for call in (Call.FOR, Call.FOR, Call.AGAINST):
        station.call(call)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against", "against"])
    result = reconcile(record, station_ballots(station.followed))
    figures = figures_of((b.group, b.call) for b in station_ballots(station.followed))
    doc = record_document(record, result, figures, "checkpoint of size 4")

    text = record_text(doc)

    assert RECORD_STATEMENT in text
    assert "ballot 2: observer against, station for, FOR pile 1" in text
    assert "open: not resolved" in text and "checkpoint of size 4" in text
    assert f"SHA-256 of this record: {record_hash(doc)}" in text
    assert record_hash(doc) == record_hash(json.loads(json.dumps(doc)))
    assert record_hash(doc) == record_hash(
        record_document(
            ObserverRecord.from_json(record.to_json()), result, figures, "checkpoint of size 4"
        )
    )
    assert doc["summary"] == [
        {"lane": "against", "observer": 2, "station": 1},
        {"lane": "for", "observer": 1, "station": 2},
    ]


def test_a_disagreement_the_station_corrects_is_kept_as_corrected_by_it() -> None:
    station = Station()
    station.call(Call.FOR)
    station.call(Call.VOID)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])
    before = reconcile(record, station_ballots(station.followed))
    station.undo()
    station.call(Call.AGAINST)
    after = reconcile(record, station_ballots(station.followed))
    [ended] = newly_corrected(record, before, after)
    assert (ended.ballot, ended.station_call) == (2, "void")
    record.resolve(2, "station", utc(9), station_call=ended.station_call)

    kept = reconcile(record, station_ballots(station.followed))

    assert kept.line == "agree on 2 of 2" and kept.disagreements == []
    assert [(d.ballot, d.station_call, d.resolved) for d in kept.corrected] == [
        (2, "void", "station")
    ]
    doc = record_document(record, kept, {"for": 1, "against": 1}, None)
    assert [(d["ballot"], d["resolved"]) for d in doc["disagreements"]] == [(2, "station")]
    assert "the station corrected its call" in record_text(doc)
    station.undo()  # back to VOID: "station" no longer holds, the disagreement is open
    station.call(Call.VOID)
    assert reconcile(record, station_ballots(station.followed)).first_open.ballot == 2


def test_the_hash_shown_is_the_sha256_of_the_record_file_as_written() -> None:
    station = Station()
    station.call(Call.FOR)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["against"])
    doc = record_document(record, reconcile(record, station_ballots(station.followed)), {}, None)

    written = record_json(doc).encode("utf-8")

    assert record_hash(doc) == hashlib.sha256(written).hexdigest()
    assert json.loads(written) == doc and written.endswith(b"}\n")


def test_a_correction_by_undo_and_a_new_call_is_reported_once_with_its_pile() -> None:
    station = Station()
    station.call(Call.FOR)
    station.call(Call.FOR)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["for", "against"])
    corrections = Corrections(record)
    assert corrections.after(record, reconcile(record, station_ballots(station.followed))) == []
    station.undo()  # ballot 2 leaves the station's calls: no reconciliation lists it
    assert corrections.after(record, reconcile(record, station_ballots(station.followed))) == []
    station.call(Call.AGAINST)

    [ended] = corrections.after(record, reconcile(record, station_ballots(station.followed)))

    assert (ended.ballot, ended.observer_call, ended.station_call) == (2, "against", "for")
    assert (ended.pile, ended.resolved) == ("FOR pile 1", "station")
    record.resolve(2, "station", utc(9), station_call=ended.station_call, pile=ended.pile)
    again = reconcile(record, station_ballots(station.followed))
    assert corrections.after(record, again) == []
    reloaded = ObserverRecord.from_json(record.to_json())
    assert Corrections(reloaded).after(reloaded, again) == []  # after a reload
    doc = record_document(
        reloaded, reconcile(reloaded, station_ballots(station.followed)), {}, None
    )
    assert [
        (d["ballot"], d["station_call"], d["pile"], d["resolved"]) for d in doc["disagreements"]
    ] == [
        (2, "for", "FOR pile 1", "station")
    ]  # the station's call it had, and the pile of that ballot


def test_a_disagreement_taken_back_by_the_observer_is_no_correction() -> None:
    station = Station()
    station.call(Call.FOR)
    record = ObserverRecord(ORIGIN)
    tapped(record, ["against"])
    corrections = Corrections()
    corrections.after(record, reconcile(record, station_ballots(station.followed)))
    record.undo(utc(5))
    record.tap("for", None, utc(6))

    assert corrections.after(record, reconcile(record, station_ballots(station.followed))) == []
