"""What the live page asks of Station's own Python: each answer of the feed, checked, and what to draw.

The live page (`live_page.py` builds it; `station serve` answers its URL with it) runs
this module in CPython compiled to WebAssembly. Its script only fetches: it hands each
answer of the feed here as the bytes it received, with the time, and draws the `view`
returned. Every check is the remote followers' (`witness.feed_check.FeedCheck`, the one
`station witness` and `station dashboard URL` run), the count is folded by the rules of
the count (`domain.count`), and every sentence is the dashboard's or the witness's.
Signatures are checked by what the page hands in (tweetnacl's Ed25519, as the room's
URL is plain http on a LAN address, where browsers give no WebCrypto), or answered
beforehand, off the page's thread (`questions`).

Imports no Qt, no SQLite, no socket and no key store.
"""

import json
import re
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any

from station.domain.cadence import Cadence
from station.domain.calls import vote_words
from station.domain.choices import choice_words
from station.domain.count import Count
from station.domain.describe import election_words
from station.domain.description import describe
from station.domain.envelope_parties import envelope_figures
from station.domain.envelopes import box_setup
from station.domain.group_statements import group_key, group_vote_words
from station.domain.party_words import parties_title
from station.domain.result_statements import decided_line, result_lines
from station.domain.statements import OVER_THE_BOX
from station.domain.table_statements import case_title
from station.domain.ticker import CORRECTION_TAG, ticker_rows
from station.domain.words import say, say_count, sheet_translation
from station.verification.checkpoints import SignatureCheck
from station.verification.export_check import SignatureQuestion
from station.verification.fingerprints import normalise_fingerprint
from station.witness.feed_check import FeedCheck, FeedError, FeedGarbled
from station.witness.limits import MAX_ANSWER
from station.witness.statements import (
    NOT_A_FEED_URL,
    UNSIGNED_S,
    feed_refused_token,
    feed_unreachable,
    garbled_feed,
    larger_than_any_feed,
    live_key_refusal,
    live_status,
    no_feed,
    unsigned_too_long,
)

# The feed signs a head every 5 s at least, and a long poll answers with it: a silence
# much longer than that is a lost feed.
NO_FEED_S = 12.0
# How long the feed holds a request with nothing new (it answers sooner with a head).
WAIT_S = 20
NO_FIGURE = "\u2014"
GROUPS_CAPTION = (
    "Each voting group's ballots counted so far. Each unit's result is stated on the"
    " station's dashboard and its tally sheets, not on this page."
)
NOT_INTACT = "NOT INTACT: {problem}"


def envelope_words() -> dict[str, str]:
    """The envelope stage's figures' words, by name, in the current language."""
    return {
        "returned": say("returned"),
        "accepted": say("accepted"),
        "challenged": say("challenged"),
        "sustained": say("sustained"),
        "ordered_opened": say("ordered opened"),
        "void": say("void"),
        "at_polls": say("at the polls"),
        "after_tally": say("after the tally"),
    }


def feed_address(text: str) -> tuple[str, str]:
    """The origin and the token of a station's URL typed by an observer (`station serve`
    shows it); ValueError, in words, for anything else."""
    parts = urllib.parse.urlsplit(text.strip())
    token = urllib.parse.parse_qs(parts.query).get("token", [""])[0]
    if parts.scheme not in ("http", "https") or not parts.netloc or not token:
        raise ValueError(NOT_A_FEED_URL)
    return f"{parts.scheme}://{parts.netloc}", token


class LiveCount:
    """One feed followed by the page: its answers checked, its view worked out.

    The page's script calls `setup` with the feed's first answer, then, in a loop, asks
    `path()` and hands each answer to `answer`; `view` says what to draw at any time
    (the status line moves on with the clock between answers). Times are seconds on the
    page's clock (`Date.now() / 1000`).

    Attributes:
        follower: the feed as checked so far (None before its setup was read).
        stopped: why the feed cannot be followed at all, or None.
    """

    def __init__(self, shown: str, signature_holds: SignatureCheck) -> None:
        self.shown = shown
        self.max_answer = MAX_ANSWER
        self.follower: FeedCheck | None = None
        self.stopped: str | None = None
        self._signature_holds = signature_holds
        self._answers: Mapping[SignatureQuestion, bool] = {}
        self._now = 0.0
        self._gist_said: str | None = None
        self._counted_said = Cadence()
        self._result_said = ""

    def said_again(self) -> None:
        """Another language was chosen: the page emptied its announcing regions (what
        was said in the other language is not left to be read again), so the status, the
        figures and the result are said again, in the new words, as they are next drawn."""
        self._gist_said = None
        self._counted_said = Cadence()
        self._result_said = ""

    def _holds(self, public_key: bytes, signature: bytes, data: bytes) -> bool:
        """The signature check: the answer handed in with the feed's answer for this very
        question (`questions`), else `signature_holds` asked now."""
        answered = self._answers.get((public_key, signature, data))
        if answered is None:
            return self._signature_holds(public_key, signature, data)
        return answered

    def _clock(self) -> float:
        return self._now

    def setup(self, status: int, body: bytes | None, now: float) -> bool:
        """Read the feed's setup (`GET /setup`): whether it can be followed."""
        self._now = now
        if status != 200 or body is None:
            self.stopped = self._unanswered(status, body)
            return False
        try:
            doc = self._decoded(body)
            self.follower = FeedCheck(doc, self.shown, self._holds, clock=self._clock)
        except FeedGarbled as garbled:
            self.stopped = str(garbled)
            return False
        except FeedError as error:  # the setup's hash does not hold: someone altered it
            self.stopped = say(NOT_INTACT, problem=error)
            return False
        return True

    def path(self) -> str:
        """The next request: the events after the last one received, the heads after
        the last one verified."""
        assert self.follower is not None
        follower = self.follower
        last = follower.last_head
        since = "" if last is None else f"&since={urllib.parse.quote(last.time, safe='')}"
        return f"/events?after={follower.received_seq}&wait={WAIT_S}{since}"

    def questions(self, body: bytes | None) -> list[SignatureQuestion]:
        """The signature checks the feed's answer `body` will ask (`FeedCheck.questions`):
        the page answers them off its only thread, where an observer's tap never waits
        behind them, and hands the answers to `answer`. No question for an answer that
        is not a feed's (`answer` says why)."""
        if self.follower is None or body is None:
            return []
        try:
            return self.follower.questions(self._decoded(body))
        except FeedGarbled:
            return []

    def answer(
        self,
        status: int,
        body: bytes | None,
        now: float,
        answers: Mapping[SignatureQuestion, bool] | None = None,
    ) -> str:
        """Check one answer of the feed (`body` None: larger than any feed's, not read).

        `answers`: what the signature check said to `questions(body)`, asked before; a
        signature not among them is checked here, at once.

        Returns "next" (ask again at once), "retry" (ask again in a second: the feed did
        not answer, or not with a feed) or "stop" (the feed is broken).
        """
        self._answers = answers or {}
        try:
            return self._answered(status, body, now)
        finally:
            self._answers = {}

    def _answered(self, status: int, body: bytes | None, now: float) -> str:
        self._now = now
        follower = self.follower
        assert follower is not None
        if status != 200:  # no answer, a refused token, a proxy's error: the feed is lost
            follower.lost()
            return "retry"
        try:
            if body is None:
                raise FeedGarbled(garbled_feed(self.shown, larger_than_any_feed(MAX_ANSWER)))
            response = self._decoded(body)
            if not isinstance(response.get("events"), list) or not isinstance(
                response.get("heads"), list
            ):
                raise FeedGarbled(garbled_feed(self.shown, say("no list of events and heads")))
        except FeedGarbled as garbled:
            follower.garbled_answer(str(garbled))
            return "retry"
        follower.take(response)
        return "next" if follower.broken is None else "stop"

    def _decoded(self, body: bytes) -> dict[str, Any]:
        try:
            value = json.loads(body)
        except RecursionError:
            raise FeedGarbled(garbled_feed(self.shown, say("JSON nested too deep"))) from None
        except ValueError:
            raise FeedGarbled(garbled_feed(self.shown, say("not JSON"))) from None
        if not isinstance(value, dict):
            raise FeedGarbled(garbled_feed(self.shown, say("not a JSON object")))
        return value

    def _unanswered(self, status: int, body: bytes | None) -> str:
        if body is None:
            return garbled_feed(self.shown, larger_than_any_feed(MAX_ANSWER))
        if status == 0:
            return feed_unreachable(self.shown)
        if status in (401, 403):
            return feed_refused_token()
        return say("The feed cannot be followed: the feed answered {status}", status=status)

    def view(self, now: float, typed: str | None = None) -> dict[str, Any]:
        """What the page shows now. `typed`: on a page with a fingerprint field, what is
        typed there ("" for nothing); None on the served page, which has none.

        With it, what a screen reader is to say now, once (`_announced`).
        """
        self._now = now
        shown = self._shown(typed)
        return {**shown, **self._announced(shown, now)}

    def _announced(self, shown: dict[str, Any], now: float) -> dict[str, str]:
        """What the page's two announcing regions are to say now, if anything: `alarm`
        (role=alert) when the status becomes a problem or another problem (`_gist`),
        `said` (role=status) when it becomes LIVE again, the count's figures at their
        `Cadence`, and the result (`result`) at once whenever it changes, as the
        dashboard says it."""
        said: dict[str, str] = {}
        gist = shown["kind"] if shown["kind"] == "ok" else _gist(shown["status"])
        if gist != self._gist_said:
            self._gist_said = gist
            if shown["kind"] == "ok":
                said = {"said": shown["status"], "alarm": ""}
            else:
                said = {"alarm": shown["status"]}
        if self.follower is None or shown.get("stop") or shown.get("hidden") or "said" in said:
            return said
        parts = []
        counted = self.follower.count.tally.counted
        if self._counted_said.due(counted, now):
            parts.append(_summary(shown, counted))
        if shown["result"] != self._result_said:
            self._result_said = shown["result"]
            parts.append(shown["result"])
        if any(parts):
            said["said"] = " ".join(part for part in parts if part)
        return said

    def _shown(self, typed: str | None) -> dict[str, Any]:
        follower = self.follower
        if follower is None:
            return {"kind": "bad", "status": self.stopped or "", "stop": True}
        setup = follower.setup
        shown = {"title": say("Live count, case {case}", case=setup.case_number)}
        shown["case"] = say(
            "Case {case} \u00b7 {parties}",
            case=case_title(setup),
            parties=parties_title(setup.employer, setup.ballot),
        )
        if follower.broken is not None:  # nothing after a broken history is shown as checked
            return {
                **shown,
                "kind": "bad",
                "status": say(NOT_INTACT, problem=follower.broken),
                "stop": True,
            }
        refusal = _key_refusal(follower.heads_key, typed)
        if refusal is not None:
            return {**shown, "kind": "bad", "status": refusal, "hidden": True, "unsigned": ""}
        kind, status = self._status(follower, typed)
        return {
            **shown,
            "kind": kind,
            "status": status,
            "hidden": False,
            "unsigned": follower.not_yet_signed or "",
            **_count_view(follower),
        }

    def _status(self, follower: FeedCheck, typed: str | None) -> tuple[str, str]:
        signed_to = say(" (signed to event {seq:,})", seq=follower.head_seq)
        silent = follower.silent_s
        if silent >= NO_FEED_S:
            return "lost", no_feed(silent) + signed_to
        if follower.garbled is not None:
            return "lost", follower.garbled + signed_to
        if follower.held and follower.unsigned_s >= UNSIGNED_S:
            return "lost", unsigned_too_long(follower.held, follower.head_seq, follower.unsigned_s)
        said = live_status(
            follower.head_seq if follower.last_head is not None else None,
            follower.heads_key,
            typed,
            follower.station_problem,
        )
        return ("lost" if follower.station_problem else "ok"), said


# What varies within one problem's status as it lasts or is typed: what was typed
# (quoted), a fingerprint, a figure, a number of seconds.
_VARYING = re.compile(r"'[^']*'|[0-9a-f]{4}(?:-[0-9a-f]{4}){7}|\d[\d,.]*")


def _gist(status: str) -> str:
    """A problem's status without what varies while it lasts: another gist is another
    problem, said again; the same one, its seconds counted or a fingerprint still being
    typed, is said once."""
    return _VARYING.sub("", status)


def _summary(shown: dict[str, Any], counted: int) -> str:
    """The count's figures in one sentence, as a screen reader is told them."""
    figures = shown["figures"]
    parts = [f"{choice['word']} {choice['value']}" for choice in shown["choices"]]
    parts.append(say("VOID {void}", void=figures["void"]))
    parts.append(say("CHALLENGED {challenged}", challenged=figures["challenged"]))
    listed = ", ".join(parts)
    if shown["box"]:
        return say(
            "{counted} of {ballots} ballots counted: {figures}.",
            counted=figures["counted"],
            ballots=figures["ballots"],
            figures=listed,
        )
    return say_count(
        counted,
        "{n:,} ballot counted: {figures}.",
        "{n:,} ballots counted: {figures}.",
        figures=listed,
    )


def _key_refusal(key: str, typed: str | None) -> str | None:
    if not typed:
        return None
    return live_key_refusal(typed, normalise_fingerprint(typed), key)


def _figure(value: int | None) -> str:
    return NO_FIGURE if value is None else f"{value:,}"


def _count_view(follower: FeedCheck) -> dict[str, Any]:
    """The count's figures, statements and last calls, as the dashboard shows them."""
    count = follower.count
    setup = follower.setup
    tally = count.tally
    boxed = box_setup(setup, count.envelopes)
    ballots = None if setup.mail and count.envelopes.open else boxed.ballots
    remaining = None if ballots is None else max(ballots - tally.counted, 0)
    choices = setup.ballot.choices
    unions = len(setup.ballot.unions)
    question = describe(setup).ballot
    several = question.several
    votes = count.choice_votes()
    figures = {
        "void": tally.void,
        "challenged": tally.challenged,
        "valid": tally.valid,
        "counted": tally.counted,
        "ballots": ballots,
        "remaining": remaining,
        "events": follower.head_seq,
    }
    if not several:
        figures["for"] = votes[0]
        figures["against"] = votes[1] if len(votes) > 1 else None
    grouped = count.groups.active
    if grouped:  # the groups together decide no unit: no whole count's line 8 or 9
        lines = {"s8": "", "s9": "", "s10": "", "translation": "", "result": ""}
    else:
        said = result_lines(boxed, tally, count.locked_by)
        live = decided_line(boxed, tally) if said.pending is not None else ""
        lines = {"s8": said.challenges, "s9": said.majority, "s10": said.runoff or live}
        # lines 8-9 are the signed sheet's, in English: in another language, a translation
        shown = said.challenges or said.majority
        lines["translation"] = (sheet_translation() or "") if shown else ""
        # what a screen reader is told at once: the result once stated, else the live
        # "Result decided" line; nothing while the lines only say ballots remain
        stated = [said.challenges, said.majority, said.runoff or ""]
        lines["result"] = live if said.pending is not None else " ".join(filter(None, stated))
    return {
        "figures": {name: _figure(value) for name, value in figures.items()},
        "several": several,
        "choices": [
            {
                "word": vote_words(choice.label.upper()),  # as its button says it: FOR, YES
                "name": "" if several or i >= unions else name,
                "figure": None if several else ("for" if i < unions else "against"),
                "value": f"{votes[i]:,}",
            }
            for i, (name, choice) in enumerate(zip(choices, question.choices, strict=True))
        ],
        "box": ballots is not None,
        "over": say(OVER_THE_BOX) if ballots is not None and tally.counted > ballots else "",
        "envelopes": _envelopes(count) if count.envelopes.mail else None,
        "grouped": grouped,
        "groups": _groups(count, choices, unions) if grouped else None,
        **lines,
        "calls": [
            {
                "text": row.text,
                "tag": say(CORRECTION_TAG) if row.correction else "",
                "session": row.session,
            }
            for row in ticker_rows(follower.recent, _words(follower))
        ],
        "head": say(
            "event {seq:,}, head {hash}", seq=follower.head_seq, hash=follower.head_hash[:16]
        ),
    }


def _words(follower: FeedCheck) -> Any:
    """The dashboard's words for the last calls (its ticker's)."""
    count = follower.count
    election = describe(follower.setup)
    if not count.groups.active:
        return election_words(election, lambda event: count.votes.words(event))
    vote: Callable[[Any], str | None] = lambda event: group_vote_words(  # noqa: E731
        event, count.votes.words(event), count.groups.group_of
    )
    return election_words(election, vote, lambda seq: group_key(count.groups.group_of(seq)))


def _envelopes(count: Count) -> dict[str, Any]:
    """The envelope stage's figures (`station tally --json`'s), the challenges settled
    after the stage said apart, and the stage in one sentence."""
    stage = count.envelopes
    f = stage.figures
    said = envelope_figures(count)
    order = ["returned", "accepted", *(["late"] if f.current else []), "challenged"]
    order += ["sustained", "ordered_opened", "void"]
    order += ["replacements"] if f.current else ["late"]
    order += [name for name in ("at_polls", "after_tally") if said.get(name)]
    words = {
        **envelope_words(),
        "replacements": say_count(f.replacements, "replacement", "replacements"),
        "late": say("received after the due date (counted)") if f.current else say("late"),
    }
    shown = [
        {"name": name, "value": f"{said.get(name, 0):,}", "word": words[name]}
        for name in order
        if not (name in ("sustained", "ordered_opened") and not said.get(name))
    ]
    if stage.open:
        line = say("ENVELOPE STAGE \u2014 no ballot is opened yet")
    elif f.current:
        line = say(
            "Envelope stage ended: the ballots in the box are the envelopes accepted and"
            " received after the due date"
        )
    else:
        line = say("Envelope stage ended: the ballots in the box are the envelopes accepted")
    if not stage.open and f.at_polls:
        line += say_count(
            f.at_polls, ", with {n:,} voter at the polls", ", with {n:,} voters at the polls"
        )
    return {"stage": line, "figures": shown}


def _groups(count: Count, choices: tuple[str, ...], unions: int) -> dict[str, Any]:
    """Each voting group's figures, in setup order, as `station tally` gives them."""
    return {
        "caption": say(GROUPS_CAPTION),
        "head": [
            say("Voting group"),
            *choice_words(choices, unions),
            say("Void"),
            say("Challenged"),
        ],
        "rows": [
            [
                spec.name,
                *(f"{v:,}" for v in tally.votes),
                f"{tally.void:,}",
                f"{tally.challenged:,}",
            ]
            for spec, tally in zip(count.groups.specs, count.group_tallies(), strict=True)
        ],
    }
