"""`station witness URL --out FILE --tally-along`: an observer keys their own calls.

While the witness follows and verifies the count, the observer presses, for each ballot
the agent shows, the key the operator would (F, A, C, V; a union's digit; G then a
group's key to change box), u to take back their last key, m when the first open
disagreement was their own mis-tap, s when their call stands, q to stop. Each key is
written to the record beside the witness file before it is acknowledged; each is
reconciled with the station's verified calls by `domain.tally_along.reconcile`, the same
code the live page runs. Nothing keyed is sent anywhere.
"""

import contextlib
import json
import os
import queue
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from station.cli.common import say, say_problem
from station.cli.feed_lines import FeedLines
from station.domain.description import Election, describe
from station.domain.tally_along import (
    RECORD_DOCUMENT,
    TEXT_TITLE,
    Corrections,
    ask_again,
    buttons,
    call_words,
    disagreement_words,
    figures_of,
    reconcile,
    record_document,
    record_hash,
    record_json,
    record_text,
    station_ballots,
)
from station.sheet.checkpoint_signing import utc_now
from station.witness.follow import FeedError, RemoteFollower
from station.witness.statements import head_line
from station.witness.store import WitnessFileError
from station.witness.tally_file import TallyFileError, load, save, tally_path, write_text

QUIT, UNDO, MISTAP, STANDS, GROUP = "Q", "U", "M", "S", "G"
_END = ""  # the keys ended (stdin closed): the witness goes on until stopped


def keys_help(election: Election) -> str:
    """The keys, as the observer reads them once at the start."""
    calls = ", ".join(
        f"{button.shortcut} {button.label}" for button in buttons(election) if button.kind == "call"
    )
    groups = [button.key for button in buttons(election) if button.kind == "group"]
    box = f"; G then {'/'.join(groups)} changes box" if groups else ""
    return (
        f"tally along: {calls}{box}; u undoes your last key; m: your mis-tap;"
        " s: your call stands; q stops (nothing you key is sent to the station)"
    )


class Unescaped:
    """The keys typed, without the terminal's escape sequences: an arrow or a function
    key arrives as ESC [ ... or ESC O x (Windows: a 0x00 or 0xE0 and one more), which
    must never be taken for the letters and digits in it. A sequence may be split
    between two reads: the state carries over."""

    def __init__(self) -> None:
        self._state = ""  # "", "esc" (ESC seen), "csi" (ESC [ seen), "ss3", "win"

    def keys(self, text: str) -> list[str]:
        kept = []
        for char in text:
            state = self._state
            if state == "esc":
                self._state = {"[": "csi", "O": "ss3"}.get(char, "")
            elif state == "csi":
                if "\x40" <= char <= "\x7e":  # its final byte; parameters come before
                    self._state = ""
            elif state in ("ss3", "win"):
                self._state = ""
            elif char == "\x1b":
                self._state = "esc"
            elif char in ("\x00", "\xe0") and sys.platform == "win32":
                self._state = "win"
            else:
                kept.append(char)
        return kept


class Keys:
    """The observer's keys, one at a time, from the terminal (unbuffered) or stdin."""

    def __init__(self) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        self._thread = threading.Thread(target=self._read, name="station-keys", daemon=True)
        self._unescaped = Unescaped()

    def start(self) -> None:
        self._thread.start()

    def _put(self, text: str) -> None:
        for key in self._unescaped.keys(text):
            self.queue.put(key)

    def _read(self) -> None:
        if sys.stdin is None:  # no console at all: nothing will ever be keyed
            self.queue.put(_END)
            return
        if sys.platform == "win32" and sys.stdin.isatty():
            import msvcrt

            while True:
                self._put(msvcrt.getwch())
        fd = sys.stdin.fileno()
        while True:
            try:
                chunk = os.read(fd, 64)
            except OSError:
                chunk = b""
            if not chunk:
                self.queue.put(_END)
                return
            self._put(chunk.decode("utf-8", "replace"))


@contextlib.contextmanager
def keys_unbuffered() -> Iterator[None]:
    """On a terminal, each key reaches the witness as it is pressed, not at Enter."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        yield
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    before = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, before)


class Tallying:
    """The observer's record, the keys that change it and what is said of it."""

    def __init__(self, follower: RemoteFollower, path: Path) -> None:
        self.follower = follower
        self.path = path
        self.election = describe(follower.setup)
        self.record = load(path, follower.origin)
        calls = [button for button in buttons(self.election) if button.kind == "call"]
        self.calls = {button.shortcut.upper(): button.key for button in calls}
        self.groups = [b.key for b in buttons(self.election) if b.kind == "group"]
        taps = self.record.taps
        first = self.groups[0] if self.groups else None
        self.group: str | None = taps[-1].group if taps else first
        self.choosing_group = False
        self.result = reconcile(self.record, station_ballots(follower))
        self.corrections = Corrections(self.record)
        self.corrections.after(self.record, self.result)
        self._said_line = ""
        self._said_open: tuple[int, str, str] | None = None

    def press(self, key: str) -> bool:
        """Take one key; False when it stops tallying."""
        key = key.upper()
        if self.choosing_group:
            self.choosing_group = False
            if key in self.groups:
                self.group = key
                say(f"you: now group {key}'s box")
            return True
        if key == QUIT:
            return False
        if key == GROUP and self.groups:
            self.choosing_group = True
        elif key in self.calls:
            self.record.tap(self.calls[key], self.group, utc_now())
            self._saved()
            tap = self.record.taps[-1]
            said = call_words(self.election, tap.call)
            group = "" if tap.group is None else f" (group {tap.group})"
            self.update(f"you: ballot {tap.ballot:,} {said}{group}")
        elif key == UNDO:
            taken = self.record.undo(utc_now())
            if taken is None:
                say("you: nothing to undo")
                return True
            self._saved()
            words = call_words(self.election, taken.call)
            self.update(f"you: ballot {taken.ballot:,} ({words}) taken back")
        elif key in (MISTAP, STANDS):
            self._resolve("mistap" if key == MISTAP else "stands")
        return True

    def _resolve(self, how: str) -> None:
        first = self.result.first_open
        if first is None:
            say("you: no disagreement is open")
            return
        self.record.resolve(
            first.ballot, how, utc_now(), station_call=first.station_call, pile=first.pile or None
        )
        self._saved()
        said = "your mis-tap, corrected" if how == "mistap" else "your call stands"
        self.update(f"you: ballot {first.ballot:,}: {said}")

    def _saved(self) -> None:
        save(self.path, self.record)  # before anything on screen says the key was taken

    def update(self, prefix: str | None = None) -> None:
        """Reconcile again; say the first open disagreement once and the line when it moved."""
        self.result = reconcile(self.record, station_ballots(self.follower))
        ended = self.corrections.after(self.record, self.result)
        for d in ended:
            self.record.resolve(
                d.ballot, "station", utc_now(), station_call=d.station_call, pile=d.pile or None
            )
        if ended:
            self._saved()
            self.result = reconcile(self.record, station_ballots(self.follower))
        for d in ended:
            words = call_words(self.election, d.observer_call)
            say(f"the station corrected ballot {d.ballot:,}: now {words}, as you called it")
        line = self.result.line + (f"; {self.result.standing}" if self.result.standing else "")
        if prefix is not None:
            say(f"{prefix} \u2014 {line}")
        elif line != self._said_line:
            say(line)
        self._said_line = line
        first = self.result.first_open
        key = None if first is None else (first.ballot, first.observer_call, first.station_call)
        if first is not None and key != self._said_open:
            say(
                f"DISAGREE {disagreement_words(first, self.election)}: {ask_again(first)};"
                " m if you mis-tapped, s if your call stands"
            )
        self._said_open = key

    def finish(self, out: Path) -> None:
        """Write the record as JSON and as text; say where and its hash."""
        result = reconcile(self.record, station_ballots(self.follower))
        figures = figures_of((b.group, b.call) for b in station_ballots(self.follower))
        head = self.follower.last_head
        at = (
            None
            if head is None
            else f"the head of event {head.seq:,} (tree size {head.size:,}, root {head.root},"
            f" signed {head.time} by key {head.key})"
        )
        doc = record_document(self.record, result, figures, at)
        printed = text_path(out)
        refused = not_this_counts(out, self.record.count)
        if refused is not None:
            raise TallyFileError(refused)
        write_text(out, record_json(doc))
        write_text(printed, record_text(doc))
        say(f"your record: {out} and {printed}; {result.line}")
        say(f"SHA-256 of your record (write it down): {record_hash(doc)}")


def text_path(out: Path) -> Path:
    """Where the printable record goes beside the JSON one."""
    return out.with_suffix(".txt") if out.suffix == ".json" else Path(f"{out}.txt")


def not_this_counts(path: Path, count: str) -> str | None:
    """Why `path` must not be overwritten with the record of `count` (None: it may be,
    there being no file there or this count's record, replaced whole)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError):
        text = ""
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict) and doc.get("format") == RECORD_DOCUMENT and doc.get("count") == count:
        printed = text_path(path)
        try:
            with printed.open(encoding="utf-8") as kept:
                first = kept.readline()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            first = ""
        if first == f"{TEXT_TITLE} {count}\n":
            return None
        path = printed
    return (
        f"{path} exists and is not the tally-along record of {count}:"
        " it is not overwritten (give --record another file)"
    )


def tally_along(
    follower: RemoteFollower, wait_s: float, witness_file: Path, out: Path | None
) -> int:
    """Follow and tally along until q (or Ctrl+C, SIGTERM); the record written at the end."""
    try:
        tallying = Tallying(follower, tally_path(witness_file))
    except TallyFileError as error:
        say_problem(f"station: {error}")
        return 2
    final = out or witness_file.with_name(witness_file.name + ".record.json")
    refused = not_this_counts(final, follower.origin)
    if refused is not None:
        say_problem(f"station: {refused}")
        return 2
    keys = Keys()
    resumed = follower.last_head  # the witness file's newest head, said before
    said_head = None if resumed is None else (resumed.seq, resumed.root)
    code = 0
    feed = FeedLines()
    with keys_unbuffered():  # before the keys are said: none typed after is held back
        say(keys_help(tallying.election))
        if tallying.record.taps:
            say(f"your record {tallying.path} resumed at ballot {len(tallying.record.taps):,}")
        tallying.update()  # where the record stands against what the witness file holds
        sys.stdout.flush()
        keys.start()
        follower.start(wait_s)
        try:
            while True:
                try:
                    key: str | None = keys.queue.get(timeout=0.1)
                except queue.Empty:
                    key = None
                changes = follower.poll()
                head = follower.last_head
                if head is not None and (head.seq, head.root) != said_head:
                    say(head_line(head.seq, head.root, head.time, head.key))
                    said_head = (head.seq, head.root)
                if follower.broken:
                    say_problem(f"NOT INTACT: {follower.broken}")
                    code = 1
                    break
                feed.say_changes(follower)
                if changes:
                    tallying.update()
                if key == _END:
                    say("your keys ended (stdin closed): witnessing goes on; Ctrl+C stops")
                elif key is not None and not tallying.press(key):
                    break
                sys.stdout.flush()
        except (FeedError, WitnessFileError, TallyFileError) as error:
            say_problem(f"station: {error}")
            code = 2
        finally:
            follower.stop()
            try:
                tallying.finish(final)
            except TallyFileError as error:
                say_problem(f"station: {error}")
                code = code or 2
            sys.stdout.flush()
    return code
