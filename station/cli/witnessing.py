"""`station serve` and `station witness`: a count followed and verified on another machine."""

import argparse
import contextlib
import errno
import io
import json
import os
import shlex
import signal
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from station.cli.common import UsageError, each_line_at_once, file_name, say, say_problem
from station.cli.feed_lines import FeedLines
from station.cli.tally_along import tally_along
from station.domain.table_statements import (
    cannot_listen_statement,
    case_title,
    same_count_problem,
)
from station.journal import Journal
from station.journal.connection import tidy_sidecars
from station.journal.cosigned import CosignedError, CosignedStore, cosigned_path
from station.journal.cosigner_state import StateError
from station.journal.follow import Follower
from station.sheet.checkpoint_signing import election_vkey
from station.sheet.keys import key_for_signing
from station.verification.document import event_line
from station.verification.fingerprints import normalise_fingerprint
from station.verification.signed_note import Vkey
from station.verification.witness_policy import (
    MAX_POLICY_BYTES,
    Policy,
    PolicyError,
    parse_policy,
    witness_key,
)
from station.verifier import live_page
from station.verifier.python_page import InputsError
from station.witness.cosigner import (
    CosignerServer,
    Witness,
    log_key,
    open_state,
    witness_name,
)
from station.witness.follow import WAIT_S, FeedError, FeedGarbled, RemoteFollower
from station.witness.serve import FeedServer, FeedSource, is_loopback, own_addresses, serve
from station.witness.statements import (
    KEY_NOT_CHECKED,
    head_line,
    local_only,
    on_no_network,
    serving_room,
    witness_held,
)
from station.witness.store import WitnessFile, WitnessFileError
from station.witness.submitting import Submitter, WitnessAddressError, witness_address
from station.witness.verify import WitnessVerdict, export_history, log_tree, verify_witness

DEFAULT_PORT = 8765
DEFAULT_WITNESS_PORT = 8766  # `station witness --cosign`: beside a `station serve`


def cmd_serve(args: argparse.Namespace) -> int:
    each_line_at_once()
    try:
        return _serve(args)
    except _Terminated as ended:
        return 128 + ended.signum


def _serve(args: argparse.Namespace) -> int:
    with _refusal_leaves_no_sidecars(args.file):
        # The file first, as every command does: a missing or foreign file is one line.
        Journal.open(args.file, read_only=True, tidy=False).close()
        witness_urls, witness_keys = _witnesses_given(
            args.witness or [], args.witness_key or [], args.witness_policy
        )
        _stop_on_sigterm()
        probe = Follower(args.file)
        earlier = probe.key_fingerprint  # the key this election's sheets name, if any
        probe.close()
        key = key_for_signing(earlier=earlier)
        try:
            page = live_page.built()  # once: every browser is answered these bytes
        except InputsError as error:
            raise UsageError(str(error)) from None
        _be_nice()
        source = FeedSource(args.file, key)
        try:
            server = serve(source, args.host, args.port, page)
        except OSError as error:
            source.stop()
            raise UsageError(
                cannot_listen_statement(
                    args.host,
                    args.port,
                    str(error.strerror or error),
                    in_use=error.errno == errno.EADDRINUSE,
                )
            ) from None
        store: CosignedStore | None = None
        if witness_urls:
            try:
                store = CosignedStore(cosigned_path(args.file), source.origin, create=True)
            except CosignedError as error:
                server.server_close()
                source.stop()
                raise UsageError(str(error)) from None
    submitters: list[Submitter] = []
    try:
        say(
            f"serving case {source.setup_doc['election']['case_number']} read-only"
            f" ({source.served:,} events), heads signed by key {key.fingerprint}"
        )
        say(
            f"the station's key for this count (a witness's --log): {election_vkey(key, source.origin)}"
        )
        _print_addresses(server, args)
        say("observers: station witness URL --out FILE, or station dashboard URL; Ctrl+C stops")
        if store is not None:
            proof = source.tree.consistency_proof
            for url in witness_urls:
                submitter = Submitter(url, witness_keys, proof, store, say_problem)
                submitters.append(submitter)
                source.on_head.append(submitter)
                submitter.start()
                submitter(source.heads[-1])
                say(f"sending each new checkpoint to witness {submitter.url}")
        sys.stdout.flush()
        source.start()
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
        source.stop()
        for submitter in submitters:
            submitter.stop()
        if store is not None:
            store.close()
    return 0


def _witnesses_given(
    urls: list[str], keys: list[str], policy_path: Path | None
) -> tuple[list[str], list[Vkey]]:
    """`serve --witness URL ... --witness-key VKEY ...` and the witnesses of
    `--witness-policy FILE` that name a URL, checked: a usage error names the first
    thing wrong. A URL or key given twice on the command line is a slip (refused, as
    `verify` does); one the policy names too is the same witness, sent to once."""
    try:
        vkeys = [witness_key(text) for text in keys]
    except PolicyError as error:
        raise UsageError(str(error)) from None
    if len(set(vkeys)) != len(vkeys):
        raise UsageError("--witness-key: the same key is given twice")
    try:
        shown = [witness_address(url).geturl() for url in urls]
    except WitnessAddressError as error:
        raise UsageError(str(error)) from None
    if len(set(shown)) != len(shown):
        raise UsageError("--witness: the same URL is given twice")
    if policy_path is not None:
        try:
            policy = read_policy(policy_path)
        except PolicyError as error:
            raise UsageError(str(error)) from None
        listed = [witness for witness in policy.witnesses if witness.url is not None]
        if not listed:
            raise UsageError(
                f"{policy_path}: names no witness's URL (witness NAME VKEY URL): nothing to"
                " send the checkpoints to"
            )
        for witness in listed:
            try:
                url = witness_address(str(witness.url)).geturl()
            except WitnessAddressError as error:
                raise UsageError(f"{policy_path}: {error}") from None
            if url not in shown:
                shown.append(url)
            if witness.vkey not in vkeys:
                vkeys.append(witness.vkey)
    if shown and not vkeys:
        raise UsageError(
            "--witness needs the witness's key: --witness-key VKEY, the key"
            " `station witness --cosign` prints at start"
        )
    if vkeys and not shown:
        raise UsageError("--witness-key without --witness: give the witness's URL too")
    return shown, vkeys


@contextlib.contextmanager
def _refusal_leaves_no_sidecars(path: Path) -> Iterator[None]:
    """A refused `serve` takes away the -wal and -shm its reading made beside the file.

    Serving never writes, so a feed leaves them while it runs; but a refusal (a key that
    is not the sheets' key, a port taken) must leave the folder, perhaps kept as
    evidence, byte for byte as it was. Files found there are never touched.
    """
    made = not any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm"))
    try:
        yield
    except BaseException:
        if made:  # every connection of ours is closed by now
            tidy_sidecars(path)
        raise


GARBLED_EXIT = 3  # the feed answered with something that is not a Station feed


def cmd_witness(args: argparse.Namespace) -> int:
    each_line_at_once()
    try:
        if args.cosign is not None:
            return _cosign(args)
        return _witness_command(args)
    except FeedGarbled as error:  # not a forgery (1), nor the user's mistake (2)
        say_problem(f"station: {error}")
        return GARBLED_EXIT
    except _Terminated as ended:
        return 128 + ended.signum


def given_key(text: str | None) -> str | None:
    """A fingerprint given with --key, normalised; a usage error if it is not one."""
    key = normalise_fingerprint(text) if text else None
    if key is not None and (len(key) != 39 or any(ch not in "0123456789abcdef-" for ch in key)):
        raise UsageError(
            f"--key {text!r} is not a key fingerprint (32 hex digits, as `station key` prints)"
        )
    return key


def signed_by(follower: RemoteFollower) -> str:
    """Whose key signs a feed's heads, and whether it was held to one written down."""
    return f"heads signed by key {follower.key_fingerprint}" + (
        "" if follower.key_checked else KEY_NOT_CHECKED
    )


def _witness_command(args: argparse.Namespace) -> int:
    cosigning = [name for name, given in _COSIGN_ONLY.items() if getattr(args, given)]
    if cosigning:
        raise UsageError(f"{cosigning[0]} is for a party's witness: give --cosign FILE too")
    if args.url is None:
        raise UsageError(
            "give the feed's URL (station witness URL --out FILE), or run a party's"
            " witness (station witness --cosign FILE --log VKEY)"
        )
    if args.out is None:
        raise UsageError("--out FILE is needed: the witness file every head is kept in")
    if args.record is not None and not args.tally_along:
        raise UsageError("--record FILE is where --tally-along writes your record: give both")
    key = given_key(args.key)
    out = Path(args.out)
    _stop_on_sigterm()
    try:
        store = WitnessFile.open(out) if out.exists() else None
    except WitnessFileError as error:
        raise UsageError(str(error)) from None
    try:
        follower = RemoteFollower(args.url, key=key, store=store)
    except FeedGarbled:
        if store is not None:
            store.close()
        raise
    except FeedError as error:
        if store is not None:
            store.close()
        raise UsageError(str(error)) from None
    if store is None:
        try:
            store = WitnessFile.create(
                out,
                {
                    "election": _json(follower.election_row),
                    "public_key": follower.public_key_text,
                    "url": follower.address.shown,
                },
            )
        except WitnessFileError as error:
            raise UsageError(str(error)) from None
        follower.store = store
    elif follower.broken:
        follower.close()
        store.close()
        say_problem(f"NOT INTACT: {follower.broken}")
        return 1
    else:
        try:
            other = follower.serves_another_election()
        except FeedGarbled:
            follower.close()
            store.close()
            raise
        if other:
            follower.close()
            store.close()
            raise UsageError(f"{out}: witnessed case {follower.setup.case_number}, but {other}")
    try:
        say(
            f"witnessing case {follower.setup.case_number} at {follower.address.shown} into"
            f" {out} (from event {follower.head_seq:,}); {signed_by(follower)}"
        )
        if args.tally_along:
            return tally_along(follower, args.wait, out, args.record)
        return _witness(follower, args.wait)
    finally:
        follower.close()
        store.close()


_COSIGN_ONLY = {"--log": "log", "--name": "name", "--host": "host", "--port": "port"}
_FOLLOW_ONLY = {"--tally-along": "tally_along", "--record": "record"}


def _cosign(args: argparse.Namespace) -> int:
    """`station witness --cosign FILE --log VKEY ...`: a party's witness, until stopped."""
    following = [name for name, given in _FOLLOW_ONLY.items() if getattr(args, given)]
    if following:
        raise UsageError(f"{following[0]} is for a witness following a feed, not with --cosign")
    if args.url is not None or args.out is not None or args.key is not None:
        raise UsageError(
            "--cosign runs a party's witness: it takes no feed URL, --out or --key"
            " (the station sends it each checkpoint)"
        )
    if not args.log:
        raise UsageError(
            "--cosign needs the station's key for the count: --log VKEY, as"
            " `station serve` prints it"
        )
    try:
        logs = [log_key(text) for text in args.log]
        name = witness_name(args.name) if args.name is not None else None
    except ValueError as error:
        raise UsageError(str(error)) from None
    host = args.host or "127.0.0.1"
    port = DEFAULT_WITNESS_PORT if args.port is None else args.port
    _stop_on_sigterm()
    made = not args.cosign.exists()
    try:
        state = open_state(args.cosign, name)
    except StateError as error:
        raise UsageError(str(error)) from None
    try:
        witness = Witness(state, logs, say_problem)
        try:
            server = CosignerServer((host, port), witness, say_problem)
        except OSError as error:
            if made:  # a key no one was given: a refusal leaves no file behind
                state.close()
                for end in ("", "-wal", "-shm"):
                    Path(f"{args.cosign}{end}").unlink(missing_ok=True)
            raise UsageError(
                cannot_listen_statement(
                    host, port, str(error.strerror or error), in_use=error.errno == errno.EADDRINUSE
                )
            ) from None
        try:
            say(f"witness {witness.name}, its key (give it to the station and the agent):")
            say(witness.vkey)
            bound = int(server.server_address[1])
            hosts = own_addresses() if host in ("0.0.0.0", "::") else [host]
            for shown in hosts:
                shown = f"[{shown}]" if ":" in shown else shown
                say(f"cosigning at http://{shown}:{bound} (station serve FILE --witness URL)")
            for origin in witness.logs:
                say(f"follows the log {origin}")
            sys.stdout.flush()
            server.serve_forever(poll_interval=0.2)
        finally:
            server.server_close()
    finally:
        state.close()
    return 0


def _witness(follower: RemoteFollower, wait_s: float) -> int:
    """Follow until stopped. A line when the head moves, when the feed is lost and when
    it is back: a day's count is a few hundred lines, not one per heartbeat (every head
    is still verified and kept in the file)."""
    said: tuple[int, str] | None = None  # the head last said
    feed = FeedLines()
    while True:
        try:
            batch = follower.step(wait_s)
        except FeedGarbled:
            raise  # what was verified before it is kept; the command ends with its exit code
        except FeedError as error:
            say_problem(f"station: {error}")
            return 2
        except WitnessFileError as error:
            say_problem(f"station: {error}")
            return 2
        if batch.heads and (batch.heads[-1].seq, batch.heads[-1].root) != said:
            head = batch.heads[-1]
            say(head_line(head.seq, head.root, head.time, head.key))
            said = (head.seq, head.root)
        if follower.broken:
            say_problem(f"NOT INTACT: {follower.broken}")
            return 1
        if feed.say_changes(follower):
            time.sleep(0.5)  # the feed is gone: ask again soon, not in a tight loop


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _print_addresses(server: FeedServer, args: argparse.Namespace) -> None:
    """The feed's address(es) and a QR code of the first, or why no QR code is shown."""
    room = f"station serve {shlex.quote(str(args.file))} --room"
    if args.port != DEFAULT_PORT:
        room += f" --port {args.port}"
    lines, qr_of = addresses_said(str(server.server_address[0]), server.urls, room)
    for line in lines:
        say(line)
    if qr_of is not None:
        print(_qr(qr_of), end="")
    sys.stdout.flush()


def addresses_said(host: str, urls: list[str], room: str) -> tuple[list[str], str | None]:
    """What `station serve` says of where it can be reached, and the URL its QR code
    holds (None: no QR code, an observer's laptop or phone could not use it).

    Args:
        host: the address it listens on.
        urls: the feed's URL at each address it can be reached at.
        room: the command that serves the room's network instead.
    """
    feeds = [f"feed: {url}" for url in urls]
    if is_loopback(host):
        return [*feeds, local_only(host, room)], None
    if all(is_loopback(str(urllib.parse.urlsplit(url).hostname)) for url in urls):
        return [*feeds, on_no_network()], None
    if host in ("0.0.0.0", "::"):
        return [serving_room(len(urls)), *feeds], urls[0]
    return feeds, urls[0]


def _qr(url: str) -> str:
    """The feed's address as a QR code on the terminal, to scan with a phone."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def _be_nice() -> None:
    """Serve at a lower priority: on the station's own machine the operator comes first.

    Linux and macOS: nice 10. Windows has no nice value: the below-normal priority
    class is its counterpart.
    """
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL_PRIORITY_CLASS)
    else:
        with contextlib.suppress(OSError):
            os.nice(10)


_BELOW_NORMAL_PRIORITY_CLASS = 0x00004000


class _Terminated(BaseException):
    """SIGTERM or SIGHUP: ends a long-running command as Ctrl+C does, with 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop_on_sigterm() -> None:
    """SIGTERM ends these long-running commands cleanly (files closed, exit 143, no traceback)."""
    if threading.current_thread() is not threading.main_thread():
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise _Terminated(signum)

    signal.signal(signal.SIGTERM, stop)
    if sys.platform == "win32":
        # No SIGHUP: Ctrl+Break (SIGBREAK). A console window closed ends the process before
        # Python's handler runs: what the witness committed is kept, as after a crash.
        signal.signal(signal.SIGBREAK, stop)
    else:
        signal.signal(signal.SIGHUP, stop)  # the terminal closed


def add_witness_commands(
    commands: "argparse._SubParsersAction[Any]",
    verify: argparse.ArgumentParser,
) -> None:
    """`serve`, `witness` and `verify --witness`: their arguments, kept beside their code."""
    serve_ = commands.add_parser(
        "serve", help="serve a count read-only over HTTP, with signed heads, for witnesses"
    )
    serve_.add_argument("file", type=file_name, help="the election file (never written to)")
    where = serve_.add_mutually_exclusive_group()
    where.add_argument(
        "--room",
        dest="host",
        action="store_const",
        const="0.0.0.0",
        help="serve the room's network: listen on every address of this computer and print"
        " each, with a QR code (observers still need the token)",
    )
    where.add_argument(
        "--host",
        metavar="ADDRESS",
        help="listen on this address only (default 127.0.0.1: this computer alone)",
    )
    serve_.set_defaults(host="127.0.0.1")
    serve_.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, metavar="N", help=f"default {DEFAULT_PORT}"
    )
    serve_.add_argument(
        "--witness",
        action="append",
        metavar="URL",
        help="send each new checkpoint to this party's witness (c2sp.org/tlog-witness) and"
        " keep its cosignatures beside the file, in FILE.cosigned (repeatable)",
    )
    serve_.add_argument(
        "--witness-key",
        action="append",
        metavar="VKEY",
        help="a witness's key, as `station witness --cosign` prints it: a cosignature is"
        " kept only when it holds under one of these (repeatable)",
    )
    serve_.add_argument(
        "--witness-policy",
        type=Path,
        metavar="FILE",
        help="send the checkpoints to each witness the policy file names with a URL"
        " (`witness NAME VKEY URL`), keeping its cosignatures as --witness does",
    )
    witness = commands.add_parser(
        "witness",
        help="follow a served count, verify it and keep every signed head; or, with"
        " --cosign, cosign the station's checkpoints as a party's witness",
    )
    witness.add_argument(
        "url", nargs="?", metavar="URL", help="the feed's URL, as `station serve` printed it"
    )
    witness.add_argument("--out", type=file_name, metavar="FILE", help="the witness file (resumed)")
    witness.add_argument(
        "--key", metavar="FINGERPRINT", help="the station's key fingerprint, as written down"
    )
    witness.add_argument("--wait", type=float, default=WAIT_S, help=argparse.SUPPRESS)
    witness.add_argument(
        "--tally-along",
        action="store_true",
        help="key your own call for each ballot as the agent shows it (the operator's keys;"
        " u undo, m your mis-tap, s your call stands, q stop), kept in FILE.tally-along and"
        " reconciled ballot by ballot with the station's verified calls; nothing is sent",
    )
    witness.add_argument(
        "--record",
        type=file_name,
        metavar="RECORD",
        help="with --tally-along: write your record here at the end, as JSON and as text"
        " (default FILE.record.json)",
    )
    witness.add_argument(
        "--cosign",
        type=file_name,
        metavar="FILE",
        help="run a party's witness (c2sp.org/tlog-witness) keeping its key and what it"
        " cosigned in FILE (made on first run)",
    )
    witness.add_argument(
        "--log",
        action="append",
        metavar="VKEY",
        help="with --cosign: the station's key for a count, as `station serve` prints it"
        " (repeatable)",
    )
    witness.add_argument(
        "--name", metavar="NAME", help="with --cosign: the witness's name (default witness/HOST)"
    )
    witness.add_argument(
        "--host", metavar="ADDRESS", help="with --cosign: listen here (default 127.0.0.1)"
    )
    witness.add_argument(
        "--port",
        type=_port,
        metavar="N",
        help=f"with --cosign: listen on this port (default {DEFAULT_WITNESS_PORT})",
    )
    verify.add_argument(
        "--witness",
        type=file_name,
        metavar="FILE",
        help="also check that the record holds every head this witness file saw signed, in order",
    )


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return int(text)


def witnessed_in_export(folder: Path, witness: Path, key: str) -> WitnessVerdict:
    """`verify FOLDER --witness FILE`, once the export is found intact."""
    _a_witness_file(witness)
    setup, history = export_history(folder)
    return verify_witness(witness, setup_hash=setup, history=history, expected_key=key)


def witnessed_in_file(journal: Journal, witness: Path, key: str | None) -> WitnessVerdict:
    """`verify FILE --witness FILE`, once the file is found intact."""
    _a_witness_file(witness)
    events = (event_line(row) for row in journal.rows(1, journal.head_seq))
    history = log_tree(journal.election.row, events)
    return verify_witness(
        witness, setup_hash=journal.election.setup_hash, history=history, expected_key=key
    )


def disproves(verdict: WitnessVerdict) -> bool:
    """Whether the witness file disproves the record (or holds no head to hold it to)."""
    return not verdict.ok or verdict.last is None


def say_witnessed(
    verdict: WitnessVerdict, record: Path, witness: Path, *, key_checked: bool
) -> int:
    """Say what `verify --witness` found; return the exit code.

    `key_checked`: the heads' key was held to the export's (itself checked, or said not
    to be, by `verify FOLDER`) or to one written down; else this says it was not.
    """
    if disproves(verdict) or verdict.last is None:
        say_problem(f"NOT INTACT: {record}: {verdict.problem}")
        return 1
    say(
        witness_held(
            str(witness),
            verdict.key or "",
            verdict.heads,
            verdict.beyond,
            verdict.end,
            (verdict.last.seq, verdict.last.time),
        )
        + (
            ""
            if key_checked
            else " (the key NOT checked against a fingerprint written down; add --key FINGERPRINT)"
        )
    )
    return 0


def remote_dashboard(
    urls: list[str],
    theme: str | None,
    *,
    keys: list[str] | None = None,
    hide_challenges: bool = False,
) -> int:
    """`station dashboard URL [URL ...] [--key FINGERPRINT ...]`: every feed reached, its
    setup checked (its heads' key held to the one given for it) and what it holds now
    verified before any window; several feeds must be the tables of one count."""
    from station.app import ensure_app, run_loop
    from station.ui.dashboard.remote import run_remote_dashboard

    given = [given_key(text) for text in keys or []]
    if given and len(given) != len(urls):
        raise UsageError(
            f"give one --key per feed, in the order of the URLs ({len(urls):,}"
            f" feed{'' if len(urls) == 1 else 's'}, {len(given):,}"
            f" key{'' if len(given) == 1 else 's'})"
        )
    followers: list[RemoteFollower] = []
    try:
        for url, key in zip(urls, given or [None] * len(urls), strict=True):
            followers.append(RemoteFollower(url, key=key))
        if len(followers) > 1:
            problem = same_count_problem([follower.setup for follower in followers])
            if problem:  # before any window: one line, exit 2
                raise UsageError(problem)
        for follower in followers:
            follower.step(wait_s=0)  # what the feed holds now, verified, before it is shown
    except FeedGarbled as error:
        for follower in followers:
            follower.close()
        say_problem(f"station: {error}")
        return GARBLED_EXIT
    except FeedError as error:
        for follower in followers:
            follower.close()
        raise UsageError(str(error)) from None
    except BaseException:
        for follower in followers:
            follower.close()
        raise
    broken = [follower for follower in followers if follower.broken]
    if len(followers) == 1 and broken:
        followers[0].close()
        say_problem(f"NOT INTACT: {followers[0].broken}")
        return 1
    for follower in broken:  # its row is red, and its figures stay out of the total
        say_problem(f"NOT INTACT: {case_title(follower.setup)}: {follower.broken}")
    try:
        return run_remote_dashboard(
            followers,
            theme,
            make_app=ensure_app,
            run_loop=run_loop,
            hide_challenges=hide_challenges,
        )
    finally:  # also when no window could open (no display): every connection let go
        for follower in followers:
            follower.close()


def file_or_feed(text: str) -> Path | str:
    """`station dashboard`'s argument: a feed's URL stays text (a Path would fold its //)."""
    if text.startswith(("http://", "https://")):
        return text
    return file_name(text)


def _a_witness_file(path: Path) -> None:
    """A missing file, or one of another kind, is the user's mistake: one line, exit 2
    (as `station witness --out` says it), not NOT INTACT."""
    if not path.is_file():
        raise UsageError(
            f"{path}: no such witness file (`station witness URL --out FILE` makes one)"
        )
    try:
        WitnessFile.open(path, read_only=True).close()
    except WitnessFileError as error:
        raise UsageError(str(error)) from None


def read_policy(path: Path) -> Policy:
    """A witness policy file, read no further than a policy may be long; a file that
    cannot be read is one line (UsageError), a policy that is not one PolicyError."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_POLICY_BYTES + 1)
    except OSError as error:
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None
    if len(data) > MAX_POLICY_BYTES:
        raise UsageError(f"{path}: is larger than a witness policy ({MAX_POLICY_BYTES:,} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: is not a witness policy (not UTF-8 text)") from None
    return parse_policy(text, str(path))
