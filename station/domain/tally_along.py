"""An observer's own record of the calls, reconciled with the station ballot by ballot.

The hash chain proves the journal was not changed after a key was pressed; it cannot
prove the key pressed was the call the agent made. An observer who keys their own call
for each ballot, as the agent shows it, and compares it with the station's verified call
for the same ballot, catches a mis-key while the ballot is still on the table.

The record is the observer's, kept on their own device and never sent to the station:
it is append-only, like the journal (an undo is an entry of its own, a tap taken back
stays in the record as undone), and `to_json` is both what the device stores and what
the observer downloads. Nothing in it names or points to a voter: a ballot is its place
in the count, as the station numbers it.

Calls are keyed as the journal records them: "for", "against", "void", "challenge", and
on a ballot of several unions "for/K" for union K (1-based, ballot order), the pile
state's own spelling (`piles.PileTracker.state`). In an election of voting groups every
call names its group's key too.

The same code runs in the terminal (`station witness --tally-along`) and in the live
page through Pyodide: no I/O, no clock (every entry is given its time), no Qt.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from station.domain.calls import Call
from station.domain.description import MARKS, Election, Question
from station.domain.followed import Followed
from station.domain.piles import lane_name, pile_name

__all__ = [
    "FORMAT",
    "HOWS",
    "MISTAP_COUNTS",
    "RECORD_DOCUMENT",
    "RECORD_STATEMENT",
    "TEXT_TITLE",
    "Button",
    "Corrections",
    "Disagreement",
    "ObserverRecord",
    "PileFigures",
    "Reconciliation",
    "Resolution",
    "StationBallot",
    "Tap",
    "ask_again",
    "buttons",
    "call_key",
    "call_words",
    "disagreement_words",
    "figures_of",
    "newly_corrected",
    "reconcile",
    "record_document",
    "record_hash",
    "record_json",
    "record_text",
    "station_ballots",
]

FORMAT = "station tally-along record 1"
RECORD_DOCUMENT = "station tally-along document 1"

# How a disagreement ended, in the record's words and the observer's.
HOWS = {
    "mistap": "the observer mis-tapped; their call is corrected to the station's",
    "station": "the station corrected its call",
    "stands": "the observer keeps their call: the disagreement stands",
}

TEXT_TITLE = "Tally-along record of"  # the printed record's first line, before the count

MISTAP_COUNTS = (
    "A ballot resolved as the observer's mis-tap counts as agreeing, and in the observer's"
    " figures as the station's call: the observer corrected their record to it (their"
    " tap stays listed under Calls)."
)

RECORD_STATEMENT = (
    "This is one party's own record of the calls, keyed by its observer as the ballots"
    " were shown. It is not the count: the count is the station's journal and its signed"
    " tally sheet. Nothing keyed here was sent to the station."
)

_CALL_KEY = re.compile(r"(for|against|void|challenge|for/[1-9])")
_GROUP_KEY = re.compile(r"[A-Za-z0-9]{1,8}")


def call_key(call: Call, choice: int | None = None) -> str:
    """A call as the record keys it: the journal's call, "for/2" for union 2's vote."""
    return call.value if choice is None else f"{call.value}/{choice}"


def _checked_call(call: object) -> str:
    if not isinstance(call, str) or not _CALL_KEY.fullmatch(call):
        raise ValueError(f"{call!r} is not a call (for, against, void, challenge, for/K)")
    return call


def _checked_group(group: object) -> str | None:
    if group is not None and (not isinstance(group, str) or not _GROUP_KEY.fullmatch(group)):
        raise ValueError(f"{group!r} is not a voting group's key")
    return group


def _checked_utc(utc: object) -> str:
    if not isinstance(utc, str) or not utc.strip() or len(utc) > 40 or "\n" in utc:
        raise ValueError(f"{utc!r} is not a time")
    return utc


@dataclass(frozen=True, slots=True)
class Tap:
    """The observer's call for one ballot (its place in the count, from 1)."""

    ballot: int
    call: str
    group: str | None
    utc: str


@dataclass(frozen=True, slots=True)
class Resolution:
    """How the observer said a disagreement ended (`ObserverRecord.resolve`)."""

    ballot: int
    how: str
    utc: str
    station_call: str | None
    pile: str | None = None


@dataclass(frozen=True, slots=True)
class _Entry:
    """One line of the record: a tap, an undo, or a disagreement resolved."""

    kind: str  # "tap", "undo" or "resolve"
    ballot: int
    utc: str
    call: str | None = None
    group: str | None = None
    how: str | None = None
    station_call: str | None = None  # a resolution: the station's call it was made against
    pile: str | None = None  # and the pile that ballot lay in

    def stored(self) -> dict[str, object]:
        line: dict[str, object] = {self.kind: self.ballot, "utc": self.utc}
        if self.kind == "tap":
            line["call"] = self.call
            line["group"] = self.group
        elif self.kind == "resolve":
            line["how"] = self.how
            if self.station_call is not None:
                line["station_call"] = self.station_call
            if self.pile is not None:
                line["pile"] = self.pile
        return line


class ObserverRecord:
    """One observer's calls for one count, append-only.

    Attributes:
        count: which count: the log's origin, `station/<case>/<election_id>`.
    """

    def __init__(self, count: str) -> None:
        if not isinstance(count, str) or not count.strip() or "\n" in count:
            raise ValueError(f"{count!r} does not name a count")
        self.count = count
        self._entries: list[_Entry] = []
        self._live: list[tuple[int, Tap]] = []  # (entry index, tap), ballot order
        self._resolved: dict[int, tuple[int, Resolution]] = {}  # ballot: the last, its entry

    @property
    def taps(self) -> list[Tap]:
        """The taps that stand, in ballot order (`taps[i].ballot == i + 1`)."""
        return [tap for _, tap in self._live]

    @property
    def entries(self) -> int:
        """How many entries the record holds (taps, undos and resolutions)."""
        return len(self._entries)

    def history(self) -> list[dict[str, object]]:
        """Every entry as stored, oldest first: taps undone and resolutions included."""
        return [entry.stored() for entry in self._entries]

    def tap(self, call: str, group: str | None, utc: str) -> Tap:
        """The observer's call for the next ballot."""
        tap = Tap(
            len(self._live) + 1, _checked_call(call), _checked_group(group), _checked_utc(utc)
        )
        self._live.append((len(self._entries), tap))
        self._entries.append(_Entry("tap", tap.ballot, tap.utc, tap.call, tap.group))
        return tap

    def undo(self, utc: str) -> Tap | None:
        """Take back the last tap that stands (it stays in the record as undone)."""
        if not self._live:
            return None
        _, tap = self._live.pop()
        self._entries.append(_Entry("undo", tap.ballot, _checked_utc(utc)))
        return tap

    def resolve(
        self,
        ballot: int,
        how: str,
        utc: str,
        station_call: str | None = None,
        pile: str | None = None,
    ) -> None:
        """Mark the disagreement at `ballot` as ended, `how` one of `HOWS`.

        `station_call`, when given, is the station's call the observer resolved against:
        should the station's call for that ballot change afterwards, the resolution no
        longer applies and the new disagreement is open again. `pile`, when given, is
        the pile the station's ballot with that call lay in, as the observer was shown.
        """
        if how not in HOWS:
            raise ValueError(f"{how!r} is not how a disagreement ends ({', '.join(HOWS)})")
        if (
            not isinstance(ballot, int)
            or isinstance(ballot, bool)
            or not 1 <= ballot <= len(self._live)
        ):
            raise ValueError(f"ballot {ballot!r} has no call of the observer's to resolve")
        said = None if station_call is None else _checked_call(station_call)
        if pile is not None and (not isinstance(pile, str) or not 0 < len(pile) <= 200):
            raise ValueError(f"{pile!r} is not a pile's name")
        resolution = Resolution(ballot, how, _checked_utc(utc), said, pile)
        self._resolved[ballot] = (len(self._entries), resolution)
        self._entries.append(
            _Entry("resolve", ballot, resolution.utc, how=how, station_call=said, pile=pile)
        )

    def resolution(self, ballot: int) -> Resolution | None:
        """The last resolution of `ballot` made since its standing tap, if any (a tap
        taken back takes its resolutions with it)."""
        found = self._resolved.get(ballot)
        if found is None or not 1 <= ballot <= len(self._live):
            return None
        since, _ = self._live[ballot - 1]
        return found[1] if found[0] > since else None

    def to_json(self) -> str:
        """The record as stored and downloaded: one JSON object, an entry a line."""
        head = json.dumps({"format": FORMAT, "count": self.count}, ensure_ascii=False)
        lines = [json.dumps(entry.stored(), ensure_ascii=False) for entry in self._entries]
        body = ",\n".join(lines)
        return f'{head[:-1]}, "entries": [\n{body}\n]}}\n'

    @classmethod
    def from_json(cls, text: str) -> ObserverRecord:
        """The record `text` holds; ValueError (one line) if it is damaged.

        Every entry is replayed through `tap`, `undo` and `resolve`, so a stored record
        holds exactly what the observer could have keyed.
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise ValueError("the tally-along record is damaged: it is not JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"the tally-along record is damaged: its format is not {FORMAT!r}")
        try:
            record = cls(data["count"])
            entries = data["entries"]
            if not isinstance(entries, list):
                raise ValueError("its entries are not a list")
            for number, line in enumerate(entries, 1):
                record._replay(number, line)
        except KeyError as error:
            raise ValueError(f"the tally-along record is damaged: it has no {error}") from None
        except (TypeError, ValueError) as error:
            said = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise ValueError(f"the tally-along record is damaged: {said}") from None
        return record

    def _replay(self, number: int, line: object) -> None:
        if not isinstance(line, dict):
            raise ValueError(f"entry {number} is not an object")
        utc = line.get("utc")
        if "tap" in line and set(line) == {"tap", "utc", "call", "group"}:
            if type(line["tap"]) is not int or line["tap"] != len(self._live) + 1:
                raise ValueError(f"entry {number} taps ballot {line['tap']!r} out of turn")
            self.tap(line["call"], line["group"], utc)  # type: ignore[arg-type]
        elif "undo" in line and set(line) == {"undo", "utc"}:
            if type(line["undo"]) is not int or not self._live or line["undo"] != len(self._live):
                raise ValueError(f"entry {number} undoes ballot {line['undo']!r} out of turn")
            self.undo(utc)  # type: ignore[arg-type]
        elif "resolve" in line and set(line) - {"station_call", "pile"} == {
            "resolve",
            "utc",
            "how",
        }:
            self.resolve(
                line["resolve"],
                line["how"],
                utc,  # type: ignore[arg-type]
                line.get("station_call"),
                line.get("pile"),
            )
        else:
            raise ValueError(f"entry {number} is neither a tap, an undo nor a resolution")


@dataclass(frozen=True, slots=True)
class StationBallot:
    """The station's call for one ballot, as the verified count carries it now.

    Attributes:
        ballot: its place in the count (the ticker's "ballot N").
        call: as the record keys calls (`call_key`).
        group: its voting group's key (None in an election of one group).
        seq: the CALL event that recorded it (an undo and redo brings back the same).
        pile: the pile it lies in, named as every screen names it ("FOR pile 3",
            "group A Machinists pile 1"; the lane alone, "FOR", with no pile checks).
        lane: the lane's name ("FOR", "group A Neither").
        pile_number: its pile's number in the lane (1 with no pile checks).
    """

    ballot: int
    call: str
    group: str | None
    seq: int
    pile: str
    lane: str = ""
    pile_number: int = 1


def station_ballots(followed: Followed) -> list[StationBallot]:
    """The station's effective call for each ballot of the count `followed` holds.

    A ballot is a call that counts now, in order: an undo takes the last one away, a
    redo brings it back, a correction is an undo and a new call, and a dispute carries
    a call as CHALLENGED (`Count.recall`), all as the station's own count has them.
    """
    count = followed.count
    size = count.piles.size
    held: dict[tuple[str | None, str], int] = {}  # each lane's ballots so far
    ballots: list[StationBallot] = []
    for place, (seq, call) in enumerate(count.done(), 1):
        choice = count.votes.choice_of(seq) if call is Call.FOR else None
        group = count.groups.key_of(seq)
        key = call_key(call, choice)
        held[(group, key)] = before = held.get((group, key), 0) + 1
        label = count.piles.label(call, choice)
        lane = lane_name(call, group, label)
        number = (before - 1) // size + 1 if size > 0 else 1
        pile = pile_name(call, number, group, label) if size > 0 else lane
        ballots.append(StationBallot(place, key, group, seq, pile, lane, number))
    return ballots


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A ballot the observer and the station called differently.

    Attributes:
        resolved: how it ended (a key of `HOWS`), None while it is open.
    """

    ballot: int
    observer_call: str
    station_call: str
    group: str | None
    pile: str
    resolved: str | None = None
    observer_group: str | None = None

    @property
    def open(self) -> bool:
        return self.resolved is None


@dataclass(frozen=True, slots=True)
class PileFigures:
    """One of the station's piles beside the observer's figure for the same stretch.

    The pile holds the station's ballots of its lane from `first_ballot` to
    `last_ballot` (the one that filled it, or the last called while it is open);
    `observer` is how many of the observer's calls over that stretch are of that lane
    (a mis-tap resolved counts as the station's call), `observed_to` the last ballot of
    the stretch the observer has called.
    """

    pile: str
    group: str | None
    call: str
    number: int
    first_ballot: int
    last_ballot: int
    closed: bool
    station: int
    observer: int
    observed_to: int

    @property
    def agree(self) -> bool:
        return self.station == self.observer and self.observed_to == self.last_ballot


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """The observer's record beside the station's calls, ballot by ballot."""

    compared: int
    agree: int
    disagreements: list[Disagreement]
    piles: list[PileFigures]
    ahead: list[Tap]
    behind: list[StationBallot]
    corrected: list[Disagreement] = field(default_factory=list)

    @property
    def line(self) -> str:
        """ "agree on 199 of 200": the running line the observer reads."""
        return f"agree on {self.agree:,} of {self.compared:,}"

    @property
    def standing(self) -> str:
        """Who is ahead, in words ("you are 3 ahead of the station"); "" when neither."""
        if self.ahead:
            return f"you are {len(self.ahead):,} ahead of the station"
        if self.behind:
            return f"the station is {len(self.behind):,} ahead of you"
        return ""

    @property
    def first_open(self) -> Disagreement | None:
        """The first disagreement not yet resolved: the ballot to ask to see again."""
        return next((d for d in self.disagreements if d.open), None)

    @property
    def open(self) -> list[Disagreement]:
        return [d for d in self.disagreements if d.open]


def reconcile(
    record: ObserverRecord,
    station: Sequence[StationBallot],
    election: Election | None = None,
) -> Reconciliation:
    """Compare each ballot both have called; the piles side by side (a lane only the
    observer has called is named in `election`'s words when it is given).

    A ballot agrees when the calls (and, with voting groups, the groups) are the same,
    or when the observer resolved it as their mis-tap: they corrected their record to
    the station's call, which their figures then count (it stays in `disagreements`).
    A resolution applies to the observer's standing tap it was made after and, when it
    names the station's call, while the station's call is still that one. "station"
    (the station corrected its call) holds only while the calls agree: such ballots are
    `corrected`, the station's call they disagreed with as the resolution names it.
    """
    taps = record.taps
    compared = min(len(taps), len(station))
    disagreements: list[Disagreement] = []
    corrected: list[Disagreement] = []
    effective: list[tuple[str | None, str]] = []  # the observer's lane for each ballot
    for tap, ours in zip(taps[:compared], station[:compared], strict=True):
        said = record.resolution(tap.ballot)
        if tap.call == ours.call and tap.group == ours.group:
            effective.append((tap.group, tap.call))
            if said is not None and said.how == "station":
                before = said.station_call or ours.call
                # the pile of the station's ballot as it was called then, if recorded
                pile = said.pile or ours.pile
                corrected.append(
                    Disagreement(
                        tap.ballot, tap.call, before, ours.group, pile, "station", tap.group
                    )
                )
            continue
        how = None
        if said is not None and said.how != "station" and said.station_call in (None, ours.call):
            how = said.how
        disagreements.append(
            Disagreement(tap.ballot, tap.call, ours.call, ours.group, ours.pile, how, tap.group)
        )
        effective.append((ours.group, ours.call) if how == "mistap" else (tap.group, tap.call))
    effective.extend((tap.group, tap.call) for tap in taps[compared:])
    mistaken = sum(1 for d in disagreements if d.resolved == "mistap")
    return Reconciliation(
        compared,
        compared - len(disagreements) + mistaken,
        disagreements,
        _piles(station, effective, election),
        taps[compared:],
        list(station[compared:]),
        corrected,
    )


def newly_corrected(
    record: ObserverRecord, before: Reconciliation, after: Reconciliation
) -> list[Disagreement]:
    """The disagreements open `before` that the station has since ended by calling the
    ballot as the observer did, their tap unchanged: to be resolved "station" naming the
    call the station had, so that the record keeps that the station corrected it."""
    taps = record.taps
    still = {d.ballot for d in after.disagreements}
    return [
        d
        for d in before.open
        if d.ballot <= after.compared
        and d.ballot not in still
        and taps[d.ballot - 1].call == d.observer_call
        and taps[d.ballot - 1].group == d.observer_group
    ]


class Corrections:
    """The disagreements the observer has been shown open, remembered across
    reconciliations, so that one the station ends by calling the ballot the observer's
    way is recorded as the station's correction, with its time.

    The station may correct a call by undoing it and calling again: in between, the
    ballot is not among the station's calls at all and no reconciliation lists it, so
    only a memory that outlives that gap sees the correction.
    """

    def __init__(self, record: ObserverRecord | None = None) -> None:
        # ballot: the last open disagreement shown there
        self._seen: dict[int, Disagreement] = {}
        if record is not None:
            self._restore(record)

    def _restore(self, record: ObserverRecord) -> None:
        """After a reload: a disagreement the observer resolved as a mis-tap or as
        standing is one they were shown; its station call is in the resolution."""
        for tap in record.taps:
            said = record.resolution(tap.ballot)
            if said is not None and said.how != "station" and said.station_call is not None:
                self._seen[tap.ballot] = Disagreement(
                    tap.ballot, tap.call, said.station_call, tap.group, said.pile or "", None,
                    tap.group,
                )  # fmt: skip

    def after(self, record: ObserverRecord, reconciliation: Reconciliation) -> list[Disagreement]:
        """The disagreements seen open earlier that the station has ended since by
        calling the ballot as the observer did (their tap unchanged), each with the
        station's call it had then and the pile that ballot lay in.

        The caller records each: `record.resolve(d.ballot, "station", utc,
        station_call=d.station_call, pile=d.pile)`. One already recorded so is not reported again.
        """
        taps = record.taps
        disagreeing = {d.ballot for d in reconciliation.disagreements}
        agreeing = {d.ballot: d for d in reconciliation.corrected}
        ended: list[Disagreement] = []
        for ballot, seen in sorted(self._seen.items()):
            if ballot > len(taps) or (
                (taps[ballot - 1].call, taps[ballot - 1].group)
                != (seen.observer_call, seen.observer_group)
            ):
                del self._seen[ballot]  # the observer took their call back
                continue
            if ballot > reconciliation.compared or ballot in disagreeing:
                continue  # not called again yet, or still called otherwise
            del self._seen[ballot]
            said = record.resolution(ballot)
            if (
                said is not None
                and said.how == "station"
                and ballot in agreeing
                and said.station_call in (None, seen.station_call)
            ):
                continue  # already recorded
            ended.append(replace(seen, resolved="station"))
        for d in reconciliation.disagreements:
            self._seen[d.ballot] = d
        return ended


def _piles(
    station: Sequence[StationBallot],
    observer: Sequence[tuple[str | None, str]],
    election: Election | None = None,
) -> list[PileFigures]:
    """Each pile the station has filled or is filling, beside the observer's figure;
    and each lane only the observer has called, the station's figure 0 (a pile the
    observer made that the station did not is the first thing to ask about)."""
    piles: dict[tuple[str | None, str, int], list[StationBallot]] = {}
    for ballot in station:
        piles.setdefault((ballot.group, ballot.call, ballot.pile_number), []).append(ballot)
    last = len(station)
    closes = _pile_ends(station)
    figures = []
    for (group, call, number), held in piles.items():
        first = closes.get((group, call, number - 1), 0) + 1
        end = closes.get((group, call, number))
        stop = last if end is None else end
        observed_to = min(stop, len(observer))
        mine = sum(1 for lane in observer[first - 1 : observed_to] if lane == (group, call))
        figures.append(
            PileFigures(
                held[0].pile, group, call, number, first, stop, end is not None,
                len(held), mine, observed_to,
            )
        )  # fmt: skip
    theirs = {(group, call) for group, call, _ in piles}
    numbered = any(ballot.pile != ballot.lane for ballot in station)  # pile checks on
    only_mine: dict[tuple[str | None, str], list[int]] = {}  # lane: the ballots called so
    for place, lane in enumerate(observer, 1):
        if lane not in theirs:
            only_mine.setdefault(lane, []).append(place)
    for (group, call), called in only_mine.items():
        name = _observer_pile(group, call, election, numbered)
        figures.append(
            PileFigures(
                name, group, call, 1, called[0], called[-1], False, 0, len(called), called[-1]
            )
        )
    figures.sort(key=lambda pile: (pile.last_ballot, pile.first_ballot))
    return figures


def _observer_pile(group: str | None, key: str, election: Election | None, numbered: bool) -> str:
    """The first pile of a lane the station has no pile in, named as the station would
    name it: "AGAINST pile 1", "group A VOID pile 1", "Teamsters pile 1" (a union's name
    only when `election` is given); the lane alone, "AGAINST", where piles are not
    `numbered` (no pile checks)."""
    call = Call(key.partition("/")[0])
    label = None if election is None else call_words(election, key)
    if numbered:
        return pile_name(call, 1, group, label)
    return lane_name(call, group, label)


def _pile_ends(station: Sequence[StationBallot]) -> dict[tuple[str | None, str, int], int]:
    """The ballot that filled each pile: the lane's first ballot of its next pile, less
    one ballot of the stretch; the last pile of a lane is open."""
    ends: dict[tuple[str | None, str, int], int] = {}
    previous: dict[tuple[str | None, str], tuple[int, int]] = {}  # lane: (pile, last ballot)
    for ballot in station:
        lane = (ballot.group, ballot.call)
        before = previous.get(lane)
        if before is not None and before[0] != ballot.pile_number:
            ends[(*lane, before[0])] = before[1]
        previous[lane] = (ballot.pile_number, ballot.ballot)
    return ends


@dataclass(frozen=True, slots=True)
class Button:
    """One of the observer's buttons: what it records, its words and its key.

    `kind` is "call" for a call (its `key` as the record keys calls) and "group" for
    a voting group (its `key` the group's; the operator's keys: G, then the group's).
    """

    key: str
    label: str
    shortcut: str
    kind: str = "call"


def buttons(election: Election, group: str | None = None) -> list[Button]:
    """The calls the operator has for this election, with the operator window's keys:
    the ballot's choices (FOR and AGAINST, a UD's YES and NO, each union of several and
    Neither), CHALLENGED, VOID; with voting groups, the groups after them.

    `group`: the voting group whose ballot's choices are wanted (its first by default).
    """
    question = _question(election, group)
    made = [
        Button(call_key(choice.call, choice.number), choice.label, choice.key)
        for choice in question.choices
    ]
    made += [Button(call_key(mark.call), mark.call.label, mark.key) for mark in MARKS]
    made += [
        Button(spec.key, spec.name or f"group {spec.key}", f"G {spec.key}", "group")
        for spec in election.groups
        if spec.key is not None
    ]
    return made


def _question(election: Election, group: str | None) -> Question:
    for spec in election.groups:
        if group is not None and spec.key == group:
            return spec.representation
    return election.ballot


def call_words(election: Election, key: str) -> str:
    """A call key in the operator's words ("FOR", "Machinists", "CHALLENGED")."""
    for button in buttons(election):
        if button.kind == "call" and button.key == key:
            return button.label
    for spec in election.groups:
        for choice in spec.representation.choices:
            if call_key(choice.call, choice.number) == key:
                return choice.label
    return key


def disagreement_words(disagreement: Disagreement, election: Election | None = None) -> str:
    """ "ballot 117: you AGAINST, the station FOR (FOR pile 3)": a disagreement as the
    observer reads it, the calls in the operator's words when the election is given."""

    def said(call: str, group: str | None) -> str:
        words = call if election is None else call_words(election, call)
        return words if group is None else f"{words} (group {group})"

    d = disagreement
    mine = said(d.observer_call, d.observer_group if d.observer_group != d.group else None)
    theirs = said(d.station_call, d.group if d.observer_group != d.group else None)
    return f"ballot {d.ballot:,}: you {mine}, the station {theirs} ({d.pile})"


def ask_again(disagreement: Disagreement) -> str:
    """What the observer does about a disagreement while the ballot is on the table."""
    return f"ask for ballot {disagreement.ballot:,} to be shown again while it is on the table"


def figures_of(calls: Iterable[tuple[str | None, str]]) -> dict[str, int]:
    """How many calls of each lane: "for", or "A:for" in voting group A's box."""
    figures: dict[str, int] = {}
    for group, call in calls:
        key = call if group is None else f"{group}:{call}"
        figures[key] = figures.get(key, 0) + 1
    return dict(sorted(figures.items()))


def record_document(
    record: ObserverRecord,
    reconciliation: Reconciliation,
    station_figures: Mapping[str, int],
    head: str | None,
) -> dict[str, object]:
    """What the observer downloads, prints and may bring to a hearing.

    `station_figures` are the station's signed figures by lane (`figures_of`), as of
    `head` (the signed head or checkpoint they are at, in words; None if none yet).
    """
    resolved = {d.ballot: d for d in reconciliation.disagreements}
    observer = figures_of(
        (d.group, d.station_call)
        if (d := resolved.get(tap.ballot)) is not None and d.resolved == "mistap"
        else (tap.group, tap.call)
        for tap in record.taps
    )
    lanes = sorted(set(observer) | set(station_figures))
    return {
        "format": RECORD_DOCUMENT,
        "statement": RECORD_STATEMENT,
        "count": record.count,
        "calls": [
            {"ballot": tap.ballot, "call": tap.call, "group": tap.group, "utc": tap.utc}
            for tap in record.taps
        ],
        "entries": record.history(),
        "disagreements": [
            {
                "ballot": d.ballot,
                "observer_call": d.observer_call,
                "station_call": d.station_call,
                "group": d.group,
                "pile": d.pile,
                "resolved": d.resolved,
            }
            for d in sorted(
                [*reconciliation.disagreements, *reconciliation.corrected],
                key=lambda d: d.ballot,
            )
        ],
        "agreement": reconciliation.line,
        "summary": [
            {
                "lane": lane,
                "observer": observer.get(lane, 0),
                "station": station_figures.get(lane, 0),
            }
            for lane in lanes
        ],
        "station_head": head,
    }


def _lane_words(lane: str) -> str:
    group, _, call = lane.rpartition(":")
    return f"group {group} {call}" if group else call


def record_text(doc: Mapping[str, object]) -> str:
    """The printable page: the statement, the summary beside the station's figures,
    the disagreements and how each ended, then every call with its time."""
    lines = [
        f"{TEXT_TITLE} {doc['count']}",
        "",
        str(doc["statement"]),
        "",
        f"The observer and the station {doc['agreement']} ballots.",
        f"The station's figures are those signed at: {doc['station_head'] or 'no signed head yet'}",
        "",
        f"{'':24}{'observer':>10}{'station':>10}",
    ]
    for row in _rows(doc, "summary"):
        lines.append(f"{_lane_words(str(row['lane'])):24}{row['observer']:>10}{row['station']:>10}")
    lines += ["", "Disagreements:"]
    said = _rows(doc, "disagreements")
    if not said:
        lines.append("  none")
    for d in said:
        how = HOWS.get(str(d["resolved"]), "open: not resolved")
        group = "" if d["group"] is None else f" (group {d['group']})"
        lines.append(
            f"  ballot {d['ballot']}{group}: observer {d['observer_call']},"
            f" station {d['station_call']}, {d['pile']} \u2014 {how}"
        )
    if any(d["resolved"] == "mistap" for d in said):
        lines += ["", MISTAP_COUNTS]
    lines += ["", "Calls:"]
    for call in _rows(doc, "calls"):
        group = "" if call["group"] is None else f" group {call['group']}"
        lines.append(f"  {call['ballot']:>6}  {call['utc']}  {call['call']}{group}")
    lines += ["", "Taken back:"]
    taken = _taken_back(_rows(doc, "entries"))
    lines += taken or ["  none"]
    lines += ["", f"SHA-256 of this record: {record_hash(doc)}", ""]
    return "\n".join(lines)


def _taken_back(entries: Sequence[Mapping[str, object]]) -> list[str]:
    """Each tap the observer took back, replayed from the record's entries."""
    standing: list[Mapping[str, object]] = []
    lines = []
    for entry in entries:
        if "tap" in entry:
            standing.append(entry)
        elif "undo" in entry and standing:
            tap = standing.pop()
            group = "" if tap.get("group") is None else f" (group {tap['group']})"
            lines.append(
                f"  ballot {tap['tap']}: {str(tap['call']).upper()}{group},"
                f" taken back at {entry['utc']}"
            )
    return lines


def _rows(doc: Mapping[str, object], key: str) -> list[Mapping[str, object]]:
    rows = doc[key]
    return [row for row in rows if isinstance(row, Mapping)] if isinstance(rows, list) else []


def record_json(doc: Mapping[str, object]) -> str:
    """The exact text of the record file the observer keeps (page and terminal alike):
    the document as JSON, keys sorted, indented, UTF-8, one newline at the end. Every
    writer writes this text and nothing else, so that `record_hash` is the file's."""
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def record_hash(doc: Mapping[str, object]) -> str:
    """SHA-256 (hex) of `record_json(doc)` in UTF-8: `sha256sum FILE` gives the same."""
    return hashlib.sha256(record_json(doc).encode("utf-8")).hexdigest()
