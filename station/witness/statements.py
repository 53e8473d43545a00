"""The sentences of witnessing that people read: on the terminal and on the dashboard."""

from station.domain.words import say, say_count
from station.journal.chain import HEAD_DIGITS
from station.verification.report import KEY_NOT_TYPED
from station.verification.tiles import MAX_ENTRY_BYTES
from station.witness.limits import BATCH, PAGE_BYTES


def no_feed(seconds: float) -> str:
    """A follower that has heard nothing from the feed for a while (the connection is lost)."""
    return say_count(int(seconds), "NO FEED FOR {n} SECOND", "NO FEED FOR {n} SECONDS")


# How every `no_feed` begins, in the language said (`feed_status` tells it from others).
NO_FEED = "NO FEED"


# The station signs a head at least every `serve.HEARTBEAT_S` (5 s) and as soon as a
# second has passed while the count moves: events still not covered by a signed head
# after twice that are a problem, not a delay.
UNSIGNED_S = 10.0
NOT_SIGNED = "NOT SIGNED FOR"

# The most a follower keeps of events past the newest head the station signed. The
# station signs what it serves within `serve.MOVED_EVERY_S` (a quarter of a second), and a count by
# hand adds a few events a second: never a page of the feed (`limits.BATCH` events,
# `limits.PAGE_BYTES`) past its newest head. More is someone on the path appending, and is
# refused before it fills the follower's memory. Held to by the live page too
# (`verifier/live_entry.py`, the same FeedCheck).
MAX_UNSIGNED = BATCH
MAX_UNSIGNED_BYTES = PAGE_BYTES


def not_yet_signed(events: int, after: int) -> str:
    """Events received after the last signed head: shown apart, never counted."""
    return say_count(
        events,
        "{n:,} event after event {after:,} not yet signed by the station: not counted",
        "{n:,} events after event {after:,} not yet signed by the station: not counted",
        after=after,
    )


def being_checked(events: int, after: int, signed: int) -> str:
    """Events received while catching up to the newest head the station signed: they
    are checked, and counted, once the feed has sent every event that head covers."""
    return say_count(
        events,
        "catching up to event {signed:,}, signed by the station: {n:,} event after event"
        " {after:,} received and being checked, not counted yet",
        "catching up to event {signed:,}, signed by the station: {n:,} events after event"
        " {after:,} received and being checked, not counted yet",
        signed=signed,
        after=after,
    )


def too_many_unsigned(after: int, *, events: int | None = None, size: int | None = None) -> str:
    """A feed that sent more events past the station's newest signed head than the
    station ever leaves unsigned (`MAX_UNSIGNED` events or `MAX_UNSIGNED_BYTES`)."""
    what = (
        say("{events:,} events", events=events)
        if events is not None
        else say("{mib:.0f} MiB of events", mib=(size or 0) / (1 << 20))
    )
    return say(
        "the feed sent more than {what} after event {after:,} with no head signed by the"
        " station's key, which signs what it serves within seconds: they are not counted,"
        " and nothing more is taken from this feed",
        what=what,
        after=after,
    )


def unsigned_too_long(events: int, after: int, seconds: float) -> str:
    """Events that stayed without a signed head for longer than the station ever takes."""
    held = say_count(int(seconds), "NOT SIGNED FOR {n} SECOND", "NOT SIGNED FOR {n} SECONDS")
    return say_count(
        events,
        "{held}: {n:,} event after event {after:,} came with no head signed by the station's"
        " key; they are not counted",
        "{held}: {n:,} events after event {after:,} came with no head signed by the station's"
        " key; they are not counted",
        held=held,
        after=after,
    )


KEY_NOT_CHECKED = " (NOT checked against a fingerprint written down; add --key FINGERPRINT)"


# What `station serve` answers (HTTP 503) to a connection past its bounds, and what a
# follower refused so says: the station is there, it takes no more connections from here.
TOO_MANY_FROM_ADDRESS = "too many connections from this address"
TOO_MANY_IN_ALL = "too many connections"
TOO_MANY_FROM_HERE = (
    "the station refused the connection: too many connections from this address are open"
    " (other followers on this machine, or connections left open); close some and try again"
)
TOO_MANY_AT_STATION = (
    "the station refused the connection: it is answering as many connections as it takes;"
    " try again later"
)
REFUSALS = {TOO_MANY_FROM_ADDRESS: TOO_MANY_FROM_HERE, TOO_MANY_IN_ALL: TOO_MANY_AT_STATION}


def local_only(host: str, room: str) -> str:
    """Said by `station serve` in place of a QR code when it listens on a loopback
    address; `room` is the command that serves the room's network instead."""
    return (
        f"no QR code: {host} is this computer's own address, which an observer's laptop or"
        f" phone cannot reach; to serve the room's network: {room} (the feed still needs"
        " its token)"
    )


def on_no_network() -> str:
    """Said by `station serve --room` in place of a QR code on a computer with no address
    on any network (it listens on all of them: once on one, it is reachable there)."""
    return (
        "no QR code: this computer has no address on a network yet, only its own 127.0.0.1;"
        " join the room's network, then stop and start station serve again to show the"
        " address observers reach"
    )


def serving_room(addresses: int) -> str:
    """Said by `station serve --room` above the feed's address(es) and the QR code."""
    if addresses == 1:
        return (
            "serving the room's network: observers in the room reach the feed at this"
            " address, with its token (the QR code holds both: show it to observers only)"
        )
    return (
        f"serving the room's network: this computer has {addresses} addresses; observers"
        " reach the feed at the one on the room's network, with its token (the QR code"
        " holds the first, token and all: show it to observers only)"
    )


FEED_GARBLED = "FEED GARBLED"  # an answer that is not a Station feed: not a forgery


def garbled_feed(shown: str, why: str) -> str:
    """A feed that answered with something that is not a Station feed at all."""
    return say(
        "{garbled}: {shown} answered with something that is not a Station feed ({why}); not a"
        " forgery, and nothing of it was kept",
        garbled=say(FEED_GARBLED),
        shown=shown,
        why=why,
    )


def larger_than_any_feed(limit: int) -> str:
    """Why an answer is no Station feed's: it is larger than any answer a feed gives."""
    return say("an answer of more than {mib:g} MiB, larger than any feed's", mib=limit / (1 << 20))


def feed_unreachable(shown: str) -> str:
    """The live page's first request had no answer at all."""
    return say(
        "The feed cannot be followed: the station at {shown} does not answer (is"
        " `station serve` running, and this device on the room's network?)",
        shown=shown,
    )


def feed_refused_token() -> str:
    """The live page's first request was refused its token."""
    return say(
        "The feed cannot be followed: the station refused the token (copy the whole URL"
        " `station serve` shows)"
    )


LIVE_KEY_UNCHECKED = " (NOT checked against a fingerprint written down: compare it with yours)"


def live_status(
    signed: int | None, key: str, typed: str | None, station_problem: str | None
) -> str:
    """The live page's status line while the feed holds: the last event a signed head
    covers (None: no head yet), the key, whether it was held to one written down
    (`typed`: None on a page with no field for it, "" with nothing typed), and the
    station's own problem."""
    if signed is None:
        said = say("no signed head yet: nothing counted")
    else:
        checked = (
            say(LIVE_KEY_UNCHECKED)
            if typed is None
            else say(KEY_NOT_TYPED)
            if not typed
            else say(", the key written down")
        )
        said = say(
            "event {signed:,} signed by key {key}{checked}", signed=signed, key=key, checked=checked
        )
    if station_problem:
        # the problem first: said aloud, it is what is heard before anything else
        return say("STATION: {problem} \u00b7 {said}", said=said, problem=station_problem)
    return say("LIVE \u00b7 {said}", said=said)


def live_key_refusal(typed: str, normalised: str, key: str) -> str | None:
    """Why a count must not be shown under the fingerprint typed, or None."""
    if len(normalised) != 39 or any(ch not in "0123456789abcdef-" for ch in normalised):
        return say(
            "REFUSED: '{typed}' is not a key fingerprint (32 hex digits): the count is not"
            " shown until the fingerprint is whole",
            typed=typed,
        )
    if normalised != key:
        return say(
            "REFUSED: the feed's heads are signed by key {key}, not by the expected key {expected}",
            key=key,
            expected=normalised,
        )
    return None


NOT_A_FEED_URL = (
    "This is not a station's URL with its token: copy the whole line `station serve` shows"
    " (http://…/?token=…)."
)
NO_LIVE_PAGE = (
    "This station serves no live page: follow the count with `station witness URL` or"
    " `station dashboard URL`"
)
LIVE_PAGE_FAILED = (
    "The feed cannot be followed in this browser: the page stopped on something it cannot"
    " check here, so nothing more is shown as checked. Follow the count with `station"
    " witness` or the dashboard, or open this address in a current Chrome, Firefox or Safari"
)


def head_line(seq: int, root: str, time: str, key: str) -> str:
    """The witness's line for each signed head it verified and stored."""
    return f"head {seq:,} root {root[:HEAD_DIGITS]} signed {time} by key {key}: verified, kept"


A_COSIGNERS_STATE = (
    "is the state of a cosigning witness (station witness --cosign), not a follower's"
    " witness file (--out FILE): a cosigning witness keeps only the latest checkpoint it"
    " cosigned, not the events"
)
"""A `--cosign` state file given where a follower's witness file goes."""

EARLIER_WITNESS_FILE = (
    "made by an earlier Station, whose signed heads named a chain hash, not the log's"
    " Merkle root: this Station neither resumes nor checks it. Check it with the Station"
    " that made it (`station verify --witness`), and witness with this one into a new"
    " file (--out)"
)


def other_feed_format(shown: str, served: str, followed: str) -> str:
    """Why a feed of another Station's format is not followed (not a forgery)."""
    return say(
        "{shown}: serves a feed of format {served}, and this Station follows {followed}:"
        " follow it with the same version of Station as the one serving it",
        shown=shown,
        served=served,
        followed=followed,
    )


def beyond_checkpoint(path: str, size: int) -> str:
    """Why `station serve` has no tile or bundle at `path` (c2sp.org/tlog-tiles)."""
    return (
        f"no {path} in the log: its newest checkpoint is of {size:,} entries, and only"
        " the tiles of a signed size are served"
    )


def too_long_for_bundle(path: str, entry: int, size: int) -> str:
    """Why an entry bundle cannot be served: an entry longer than a bundle can hold."""
    what = "the election setup" if entry == 0 else f"event {entry:,}"
    return (
        f"{path} cannot be served: {what} is {size:,} bytes, and a tlog-tiles entry bundle"
        f" holds entries of at most {MAX_ENTRY_BYTES:,}; read it in the feed (/events) or"
        " the export's journal.jsonl, which hold it whole"
    )


def witness_held(
    witness: str, key: str, heads: int, beyond: int, end: int, last: tuple[int, str]
) -> str:
    """`verify --witness`'s verdict on a record that holds what the witness saw.

    A head signed after the record's end (`beyond` of them: the count went on past an
    exported sheet) is not in the record; the record only leads up to it, its last event
    being the witness's own there. Said apart, so "holds" counts only heads it holds.
    """
    seq, time = last
    if not beyond:
        return (
            f"OK: holds all {heads:,} heads {witness} saw signed by key {key}, in order, the"
            f" last at event {seq:,} ({time})"
        )
    held = heads - beyond
    after = (
        f"the {beyond:,} head signed after it, at event {seq:,} ({time}), follows"
        if beyond == 1
        else f"the {beyond:,} heads signed after it, the last at event {seq:,} ({time}), follow"
    )
    went_on = f"{after} on from its end: the count went on, and the witness holds those events"
    if not held:
        return (
            f"OK: {witness} saw no head signed by key {key} up to its end (event {end:,});"
            f" {went_on}"
        )
    return (
        f"OK: holds the {held:,} head{'' if held == 1 else 's'} {witness} saw signed by key"
        f" {key} up to its end (event {end:,}), in order; {went_on}"
    )


FEED_NOT_VERIFIED = "FEED NOT VERIFIED"  # the status of a follower that caught a forgery


def feed_status(problem: str, *, broken: bool) -> str:
    """A remote dashboard's status line and its detail, one line each.

    The dashboard's status shows the first line as it is (`ui/dashboard/states.py`).
    """
    if broken:
        return say(
            "\u26a0 {status}\n{problem}. The figures shown are those verified before it; nothing"
            " after it is shown.",
            status=say(FEED_NOT_VERIFIED),
            problem=problem,
        )
    garbled = say(FEED_GARBLED)
    if problem.startswith(garbled):
        return say(
            "\u26a0 {status}\n{problem}. The figures are the last verified; the feed is asked"
            " again.",
            status=garbled,
            problem=problem[len(garbled) + 2 :],
        )
    if problem.startswith(say(NOT_SIGNED)):
        status, _, detail = problem.partition(": ")
        return say(
            "\u26a0 {status}\n{problem}. The figures are those the station signed: events"
            " without its signature may have been added on the way.",
            status=status,
            problem=f"{detail[0].upper()}{detail[1:]}",
        )
    if problem.startswith(say(NO_FEED)):
        return say(
            "\u26a0 {status}\nThe connection to the station is lost; the figures are the last"
            " verified.",
            status=problem,
        )
    return say("\u26a0 THE STATION CANNOT READ ITS JOURNAL\n{problem}", problem=problem)


def not_verified_row(problem: str) -> str:
    """A table's row on the tables' dashboard when its feed failed verification."""
    return say("\u26a0 {status}: {problem}", status=say(FEED_NOT_VERIFIED), problem=problem)


def not_verified_total(labels: list[str]) -> str:
    """The total's status while some table's feed failed verification (its figures left out)."""
    return say(
        "\u26a0 {status}: {problem}", status=say(FEED_NOT_VERIFIED), problem=", ".join(labels)
    )


def left_out_of_total(failed: list[tuple[str, str]]) -> str:
    """Under the total: each table whose figures it leaves out, and what failed in its feed."""
    return "\n".join(
        say(
            "{label} is left out of the total; its feed failed verification: {problem}",
            label=label,
            problem=problem,
        )
        for label, problem in failed
    )


# `station dashboard` given files and URLs together: refused (one line, exit 2).
FILES_AND_FEEDS = (
    "give the tables either as election files or as feeds' URLs, not both: a file is read"
    " here as it is, a feed is verified as it arrives (serve each file with `station serve`"
    " to follow them all as feeds)"
)

# `station dashboard FILE --key`: refused (one line, exit 2).
KEY_WITH_FILES = (
    "--key holds a feed's signed heads to a key written down; an election file read here"
    " has none (its sheets' key is checked by `station verify FILE --key FINGERPRINT`)"
)


WITNESS_OF_CONSOLIDATION = (
    "--witness checks an election file or one table's export, not a consolidation:"
    " verify the witnessed table's own export with --witness"
)
