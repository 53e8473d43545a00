"""Tallying along on the live page: the observer's own record, reconciled with the station's.

The page's script keeps each of the observer's actions (a tap, an undo, how a
disagreement ended) in the browser's own storage, and hands each here once it is
stored; this module holds the record those actions make (`tally_along.ObserverRecord`)
and says what to draw: the buttons, the running agreement, the first open
disagreement, the piles side by side, and the record to download. Every rule is
`domain.tally_along`'s; the station's calls are those the page has verified (the
events a signed head covers: `FeedCheck.count`), never the ones merely received.

Imports no `js`: the browser's side is `live_in_browser`.
"""

from typing import Any

from station.domain.cadence import EVERY_CALLS, EVERY_S
from station.domain.calls import vote_words
from station.domain.description import describe
from station.domain.tally_along import (
    Corrections,
    ObserverRecord,
    Reconciliation,
    StationBallot,
    buttons,
    call_words,
    figures_of,
    reconcile,
    record_document,
    record_hash,
    record_json,
    record_text,
    station_ballots,
)
from station.domain.words import current_language, in_english, say
from station.witness.feed_check import FeedCheck


class Along:
    """The observer's record of one count followed by the page.

    Attributes:
        record: the observer's calls, undos and resolutions, in the order stored.
    """

    def __init__(self, follower: FeedCheck) -> None:
        self.follower = follower
        self.election = describe(follower.setup)
        self.record = ObserverRecord(follower.origin)
        # the verified event and the language the station's ballots were read at: a pile
        # is named in the page's language ("A FAVOR pile 1"), so read again on a switch
        self._station_at: tuple[int, str] = (-1, "")
        self._station: list[StationBallot] = []
        self._corrections = Corrections()  # the disagreements the panel showed open
        self._said_line: str | None = None  # the panel's line as last said
        self._said_taps = 0  # the observer's calls when it was
        self._said_at = float("-inf")
        self._unsaid = False  # the line has changed since
        self._line: tuple[tuple[int, int, int, str], str] | None = None  # (what it was of, line)

    def begin(self) -> dict[str, Any]:
        """What the page needs to keep and key the record: the store's name (the log's
        origin), the call buttons, and the voting groups (key and name) to choose from."""
        groups = [b for b in buttons(self.election) if b.kind == "group"]
        return {
            "store": self.follower.origin,
            "groups": [{"key": b.key, "label": b.label} for b in groups],
        }

    def calls(self, group: str | None) -> list[dict[str, str]]:
        """The call buttons for a ballot of `group` (None: the election's one ballot)."""
        return [
            {"key": b.key, "label": vote_words(b.label), "shortcut": b.shortcut}
            for b in buttons(self.election, group)
            if b.kind == "call"
        ]

    def restore(self, actions: list[dict[str, Any]]) -> None:
        """The record made anew from the actions stored, in their order."""
        self.record = ObserverRecord(self.follower.origin)
        for action in actions:
            self.act(action)
        self._corrections = Corrections(self.record)

    def act(self, action: dict[str, Any]) -> bool:
        """One stored action applied to the record; False for one that changes nothing
        (an undo with nothing to undo, a resolution of nothing open), as it did not when
        it was stored."""
        kind, utc, group = action.get("kind"), action.get("utc"), action.get("group")
        try:
            if kind == "tap":
                self.record.tap(action["call"], group or None, utc)  # type: ignore[arg-type]
            elif kind == "undo":
                return self.record.undo(utc) is not None  # type: ignore[arg-type]
            elif kind == "resolve":
                said, pile = action.get("station_call"), action.get("pile")
                self.record.resolve(action["ballot"], action["how"], utc, said, pile)  # type: ignore[arg-type]
            else:
                return False
        except (KeyError, TypeError, ValueError):
            return False
        return True

    def station(self) -> list[StationBallot]:
        """The station's verified calls, ballot by ballot (read again once a signed
        head covers more events)."""
        at = (self.follower.head_seq, current_language())
        if at != self._station_at:
            self._station = station_ballots(self.follower)
            self._station_at = at
        return self._station

    def view(self) -> dict[str, Any]:
        """What the tally-along panel shows now, and under `corrected` the disagreements
        it showed open that the station has since ended by calling the ballot the
        observer's way (`tally_along.Corrections`: also by an undo and a new call): the
        page stores each as resolved "station", with its time, so that the record keeps
        that the station corrected it."""
        station = self.station()
        rec = reconcile(self.record, station, self.election)
        self._line = (self._line_of(), _line(rec))
        corrected = self._corrections.after(self.record, rec)
        first = rec.first_open

        def words(key: str) -> str:  # the record keeps the English; the page says it
            return vote_words(call_words(self.election, key))

        flag = None
        if first is not None:
            flag = {
                "ballot": first.ballot,
                "text": say(
                    "Ballot {ballot:,}: you called {yours}, the station {theirs} ({pile})."
                    " Ask to see it again.",
                    ballot=first.ballot,
                    yours=words(first.observer_call),
                    theirs=words(first.station_call),
                    pile=first.pile,
                ),
                "station_call": first.station_call,
                "pile": first.pile,
                "seq": station[first.ballot - 1].seq,
            }
        return {
            "line": self._line[1],
            "agree": rec.agree,
            "compared": rec.compared,
            "taps": len(self.record.taps),
            "flag": flag,
            "corrected": [
                {"ballot": d.ballot, "station_call": d.station_call, "pile": d.pile}
                for d in corrected
            ],
            "piles": [
                [say("Pile"), say("Station"), say("You")],
                *[[pile.pile, f"{pile.station:,}", f"{pile.observer:,}"] for pile in rec.piles][
                    -8:
                ],
            ],
        }

    def said(self, now: float) -> str | None:
        """The panel's line, for a screen reader to say now, or None: said when it has
        changed, at the `cadence` of the observer's calls (every `EVERY_CALLS` calls, or
        once `EVERY_S` seconds went by since it was last said), never at each
        (`now`: seconds). Nothing is said before the observer's first call."""
        taps = len(self.record.taps)
        line = self._current_line()
        self._unsaid = False
        if not taps or line == self._said_line:
            return None
        if abs(taps - self._said_taps) < EVERY_CALLS and now - self._said_at < EVERY_S:
            self._unsaid = True
            return None
        self._said_line, self._said_taps, self._said_at = line, taps, now
        return line

    def _line_of(self) -> tuple[int, int, int, str]:
        """What the panel's line is of: this record, its entries, the station's calls,
        the language it is said in."""
        return (id(self.record), self.record.entries, self.follower.head_seq, current_language())

    def _current_line(self) -> str:
        """The panel's line now: the one `view` drew if nothing changed since (a count of
        thousands of ballots is not reconciled twice for each tap)."""
        if self._line is None or self._line[0] != self._line_of():
            self._line = (
                self._line_of(),
                _line(reconcile(self.record, self.station(), self.election)),
            )
        return self._line[1]

    def said_in(self, now: float) -> float | None:
        """Seconds until a change `said` held back is due (the page asks `said` again
        then, whether or not another call came); None when none is waiting."""
        if not self._unsaid:
            return None
        return max(0.0, self._said_at + EVERY_S - now)

    def resolved(self, ballot: int, how: str) -> str:
        """What a screen reader is told once the observer has said how a disagreement
        ended (the buttons they pressed are gone with it)."""
        if how == "mistap":
            return say("Ballot {ballot:,}: your call is corrected to the station's.", ballot=ballot)
        return say("Ballot {ballot:,}: your call stands.", ballot=ballot)

    def downloaded(self, name: str) -> str:
        """What a screen reader is told once the record was handed to the browser."""
        return say("Your record was downloaded as {name}; its hash is shown below.", name=name)

    def document(self) -> dict[str, Any]:
        """The record to download: its JSON, its printable text, its hash; in English
        whatever the page is read in, as a file Station writes is (a party brings it to
        a hearing beside the sheet)."""
        follower = self.follower
        with in_english():
            station = self.station()  # its piles named in English too
            doc = record_document(
                self.record,
                reconcile(self.record, station),
                figures_of((b.group, b.call) for b in station),
                f"event {follower.head_seq:,}, head {follower.head_hash}",
            )
            return {
                "json": record_json(doc),
                "text": record_text(doc),
                "hash": record_hash(doc),
                "name": f"tally-along-{follower.setup.case_number}.json",
            }


# Said on the page, beside the buttons, and in docs/observer.md.
ALONG_NOTICE = (
    "Your record stays on this device; the station's journal is the count. Nothing you tap"
    " is sent to the station."
)


def _line(rec: Reconciliation) -> str:
    """The running agreement, as the panel's line says it."""
    line = say(
        "You and the station agree on {agree:,} of {compared:,}",
        agree=rec.agree,
        compared=rec.compared,
    )
    if rec.ahead:
        line += say(" \u00b7 {n:,} of yours not yet called by the station", n=len(rec.ahead))
    if rec.behind:
        line += say(" \u00b7 the station is {n:,} ahead of you", n=len(rec.behind))
    return line


def along_failed(error: str) -> str:
    """Said when the browser would not store an action: it is not shown as recorded."""
    return say(
        "Your last tap could not be kept on this device ({error}): it is not recorded."
        " Nothing more is recorded until this page is opened again.",
        error=error,
    )
