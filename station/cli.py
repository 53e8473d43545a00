"""The `station` command: argument parsing and one function per subcommand.

Exit codes: 0 success; 1 `verify` found the record not intact; 2 a user's mistake or the
environment's (bad arguments, a missing, foreign or locked file), always with one line
on stderr and never a traceback.
"""

import argparse
import difflib
import json
import os
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NoReturn

from station import __version__
from station.domain import Action, Count, ElectionSetup, SetupError, SheetKind
from station.domain.changes import Change
from station.domain.describe import describe
from station.domain.parties import Party
from station.domain.piles import DEFAULT_PILE
from station.domain.statements import (
    box_mismatch_statement,
    challenges_statement,
    how_many,
    locked_statement,
    majority_statement,
    nothing_counted_statement,
    pending_reason,
)
from station.domain.tally_sheet import Observer, SheetError, clean_reason
from station.domain.text import one_line
from station.journal import CorruptJournal, Journal, JournalError, Record
from station.journal.chain import HEAD_DIGITS
from station.journal.seal import station_secret
from station.journal.session import CountSession
from station.journal.verify import verify_journal
from station.progress import TerminalProgress
from station.sheet.export import (
    ALL_FILES,
    MANIFEST,
    PAPERS,
    ExportError,
    choose_sheet,
    export_sheet,
)
from station.sheet.keys import (
    KeyProblem,
    create_key,
    default_key_path,
    key_for_signing,
    load_key,
    normalise_fingerprint,
)
from station.sheet.prepare import (
    SheetRequest,
    checked_request,
    earlier_key,
    prepare_sheet,
    reopen_count,
)
from station.sheet.verify_export import verify_export
from station.ui.display import NoDisplay, ensure_offscreen_app

SUBCOMMANDS = (
    "open",
    "new",
    "tally",
    "log",
    "verify",
    "dashboard",
    "sign",
    "reopen",
    "export",
    "copy",
    "key",
    "demo",
)


ACTION_WIDTH = max(len(action) for action in Action)  # "dispute"


def file_name(text: str) -> Path:
    """A path argument the operating system can take, or a usage error (exit 2).

    Python turns bytes of a command line that are not UTF-8 into surrogates it can turn
    back; a lone surrogate or a NUL byte (possible when `main` is called with a list) would
    otherwise end in a traceback deep inside the first `stat`.
    """
    if "\x00" in text:
        raise argparse.ArgumentTypeError("a file name cannot hold a NUL byte")
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            f"{text!a} is not a file name this system can use"
        ) from None
    return Path(text)


class UsageError(Exception):
    """Bad arguments: exit 2 with this one-line message."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage plus error."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def say(line: str) -> None:
    """Print a line of success on stdout, a file name in it escaped as `say_problem` does."""
    print(one_line(line))


def say_problem(message: str) -> None:
    """Print a problem (exit 1 or 2) as one line on stderr."""
    print(one_line(message), file=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="station",
        description="Hand-count station for NLRB representation elections.",
        epilog="`station FILE` is short for `station open FILE`; `station` alone opens the start window.",
    )
    parser.add_argument("--version", action="version", version=f"station {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="open the windows offscreen, count, export and verify a sheet in a temporary"
        " folder (never touching real files, keys or settings); exit 0 if all is well",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    opener = commands.add_parser("open", help="count into an election file (the operator window)")
    opener.add_argument("file", type=file_name, help="the election file")

    new = commands.add_parser("new", help="create a new election file")
    new.add_argument("file", type=file_name, help="the election file to create (never overwritten)")
    new.add_argument("--case", required=True, help="NLRB case number, e.g. 29-RC-288020")
    new.add_argument("--employer", required=True, help="the employer's name")
    new.add_argument("--union", required=True, help="the petitioner (union) as on the ballot")
    new.add_argument("--eligible", required=True, help="approximate number of eligible voters")
    new.add_argument("--ballots", help="ballots in the box (or envelopes), if known")
    new.add_argument("--agent", help="the Board agent conducting the count")
    new.add_argument(
        "--pile",
        default=str(DEFAULT_PILE),
        metavar="N",
        help=f"ballots per pile, recounted when full (default {DEFAULT_PILE}; 0: no pile checks)",
    )

    tally = commands.add_parser("tally", help="print the current tally")
    tally.add_argument("file", type=file_name)
    tally.add_argument("--json", action="store_true", help="one JSON object")

    log = commands.add_parser("log", help="print every journal event in order")
    log.add_argument("file", type=file_name)
    log.add_argument("--json", action="store_true", help="one JSON object per line")

    verify = commands.add_parser(
        "verify",
        help="check an election file, or an exported sheet's folder",
        description="Check an election file (its hash chain, replay and sheets) or an"
        " exported folder (signature, file hashes, journal, and every line of the sheet).",
    )
    verify.add_argument("file", type=file_name, metavar="FILE_OR_FOLDER")
    verify.add_argument(
        "--key", metavar="FINGERPRINT", help="the signing key's fingerprint, as written down"
    )
    verify.add_argument(
        "--sheet",
        type=file_name,
        metavar="FOLDER",
        help="with a FILE: also check that it still holds the head this exported sheet certifies",
    )
    verify.add_argument(
        "--head",
        metavar="EVENTS:HASH",
        help="with a FILE: also check a head written down from the dashboard (16 hex digits"
        " or more), e.g. 1204:3fa9c01b2e7d5a86",
    )

    sign = commands.add_parser(
        "sign", help="prepare the tally sheet: certify the count and lock it"
    )
    sign.add_argument("file", type=file_name)
    sign.add_argument("--agent", help="the Board agent certifying (default: as set up)")
    sign.add_argument(
        "--observer",
        action="append",
        default=[],
        metavar="PARTY:NAME",
        help='an observer, e.g. "Employer:Jane Roe" or "Union:John Doe" (repeat for each)',
    )
    sign.add_argument("--place", help="where the count was held")
    sign.add_argument(
        "--interim", action="store_true", help="an interim tally (the count pauses and resumes)"
    )
    sign.add_argument(
        "--none-counted",
        action="store_true",
        help="prepare a final tally although no ballot is counted (the agent confirms it)",
    )
    sign.add_argument(
        "--new-key",
        action="store_true",
        help="sign with this station's key although earlier sheets used another (recorded)",
    )

    reopen = commands.add_parser("reopen", help="reopen a count locked by a tally sheet")
    reopen.add_argument("file", type=file_name)
    reopen.add_argument("--reason", required=True, help="why the count is reopened (recorded)")

    export = commands.add_parser("export", help="export a prepared sheet, signed, into a folder")
    export.add_argument("file", type=file_name)
    export.add_argument("--out", required=True, metavar="FOLDER")
    export.add_argument(
        "--sheet", type=int, metavar="EVENT", help="the sheet prepared at EVENT (default: latest)"
    )
    export.add_argument("--paper", choices=sorted(PAPERS), default="letter")

    copy = commands.add_parser(
        "copy",
        help="copy an election file whole (what its -wal holds too), never over a file",
    )
    copy.add_argument("file", type=file_name)
    copy.add_argument("dest", type=file_name, metavar="DEST", help="the new file, or a folder")

    key = commands.add_parser("key", help="print this station's signing key fingerprint")
    key.add_argument("--new", action="store_true", help="make a new key (only when none exists)")

    dashboard = commands.add_parser(
        "dashboard", help="follow an election file read-only on the observers' dashboard"
    )
    dashboard.add_argument("file", type=file_name, help="the election file (never written to)")
    dashboard.add_argument(
        "--theme",
        choices=("dark", "light"),
        default=None,
        help="colours (key T switches; default: as last time, else dark)",
    )

    commands.add_parser(
        "demo",
        help="open a demo election part-way through its count (a temporary file, marked DEMO)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `station` command; return its exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list and not args_list[0].startswith("-") and args_list[0] not in SUBCOMMANDS:
            _refuse_a_mistyped_command(args_list[0])
            args_list.insert(0, "open")  # `station FILE`
        args = _parsed(build_parser(), args_list)
        if args.self_test:
            if args.command is not None:
                raise UsageError("--self-test takes no command")
            from station.selftest import run_self_test

            return run_self_test()
        handler = {
            None: cmd_start,
            "open": cmd_open,
            "new": cmd_new,
            "tally": cmd_tally,
            "log": cmd_log,
            "verify": cmd_verify,
            "sign": cmd_sign,
            "reopen": cmd_reopen,
            "export": cmd_export,
            "copy": cmd_copy,
            "key": cmd_key,
            "dashboard": cmd_dashboard,
            "demo": cmd_demo,
        }[args.command]
        return handler(args)
    except (UsageError, SetupError, JournalError, SheetError, ExportError, KeyProblem) as error:
        say_problem(f"station: {error}")
        return 2
    except NoDisplay as error:  # a window was asked for where none can be opened
        say_problem(f"station: {error}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `station log FILE | head`
        sys.stderr.close()
        return 0


def _refuse_a_mistyped_command(word: str) -> None:
    """`station talley FILE` is a typo for `tally`, not a file named "talley" to open."""
    if Path(word).exists():
        return
    close = difflib.get_close_matches(word, SUBCOMMANDS, n=1, cutoff=0.7)
    if close:
        raise UsageError(
            f"{word!r} is no command and no file: did you mean `{close[0]}`? (see `station --help`)"
        )


def _parsed(parser: argparse.ArgumentParser, args: list[str]) -> argparse.Namespace:
    """The arguments; an unknown option is named with the command's own help and a guess.

    argparse reports a subcommand's unknown options from the top-level parser, which
    would point to `station --help` instead of `station tally --help`.
    """
    namespace, extras = parser.parse_known_args(args)
    if not extras:
        return namespace
    command = _subparser(parser, namespace.command)
    hint = ""
    if extras[0].startswith("-"):
        known = [option for action in command._actions for option in action.option_strings]
        close = difflib.get_close_matches(extras[0].partition("=")[0], known, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
    raise UsageError(
        f"unrecognized arguments: {' '.join(extras)} ({hint}see `{command.prog} --help`)"
    )


def _subparser(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            chosen = action.choices[name]
            assert isinstance(chosen, argparse.ArgumentParser)
            return chosen
    return parser


def cmd_start(args: argparse.Namespace) -> int:
    from station.app import run_start

    return run_start()


def cmd_open(args: argparse.Namespace) -> int:
    from station.app import run_operator

    # Refuse a bad file before any window appears; the station's secret seals its snapshots.
    journal = Journal.open(args.file, seal_secret=station_secret())
    return run_operator(journal)


def cmd_demo(args: argparse.Namespace) -> int:
    from station.app import run_demo

    return run_demo()


def cmd_dashboard(args: argparse.Namespace) -> int:
    from station.app import run_dashboard

    # The file first: a missing or foreign file is said as such, display or not.
    Journal.open(args.file, read_only=True, tidy=False).close()
    return run_dashboard(args.file, args.theme)  # a bad file raises JournalError: exit 2


def cmd_new(args: argparse.Namespace) -> int:
    setup = ElectionSetup.validated(
        case_number=args.case,
        employer=args.employer,
        union=args.union,
        eligible=args.eligible,
        ballots=args.ballots,
        agent=args.agent,
        pile=args.pile,
    )
    Journal.create(args.file, setup)
    say(f"created {args.file} for case {setup.case_number} ({setup.case_kind})")
    for warning in setup.warnings():
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def cmd_tally(args: argparse.Namespace) -> int:
    had_wal = _wal_holds_commits(args.file)  # before SQLite makes one to read the file
    journal = _open_to_read(args.file)
    try:
        count, head = _restore(journal)
        unclosed = not had_wal and not journal.last_session_closed()
    finally:
        journal.close()
    if unclosed:
        say_problem(_MAYBE_WITHOUT_ITS_WAL)
    summary = tally_summary(journal, count, head)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    ballots = summary["ballots"]
    statements = summary["statements"]  # lines 8-9: not yet determined while ballots remain
    assert isinstance(statements, dict)
    counted = f"{summary['counted']:,}" + (f" of {ballots:,}" if isinstance(ballots, int) else "")
    lines = [
        f"Case {summary['case']}: {summary['employer']} / {summary['union']}",
        f"Ballots counted:                       {counted}",
        f"Void ballots:                          {summary['void']:,}",
        f"Votes FOR the petitioner:              {summary['for']:,}",
        f"Votes AGAINST:                         {summary['against']:,}",
        f"Valid votes counted:                   {summary['valid']:,}",
        f"Challenged ballots:                    {summary['challenged']:,}" + _by_party(count),
        f"Valid votes plus challenged ballots:   {summary['valid_plus_challenged']:,}",
        statements["8"],
        statements["9"],
        locked_statement(count.locked_by),
        f"Journal: {how_many(count.last_seq, 'event')}, head {summary['head']}",
    ]
    print("\n".join(one_line(line) for line in lines))  # a name with a newline, escaped
    return 0


def _open_to_read(path: Path, *, check_setup: bool = True) -> Journal:
    """Open an election file read-only, saying so when it is read as it lies."""
    journal = Journal.open(path, read_only=True, check_setup=check_setup)
    if journal.immutable:
        say_problem(
            f"note: {path} is on read-only media and has no -wal beside it: read as it lies"
            " (SQLite immutable mode)"
        )
    return journal


def _by_party(count: Count) -> str:
    by_party = count.challenges.by_party()
    if not any(by_party.values()):
        return ""
    parts = [f"{Party(party).short} {n:,}" for party, n in by_party.items() if n]
    return f"  ({', '.join(parts)})"


def _restore(journal: Journal) -> tuple[Count, str]:
    """The count of every event in an open journal, and the head hash it reached."""
    secret = station_secret(create=False)  # reading makes no secret
    return journal.restore(until=journal.head_seq, secret=secret), journal.head_hash


def tally_summary(journal: Journal, count: Count, head: str) -> dict[str, object]:
    """The tally `station tally --json` prints for a journal replayed into `count`."""
    tally = count.tally
    setup = journal.election.setup
    pending = pending_reason(tally, setup.ballots, count.locked_by)
    return {
        "case": setup.case_number,
        "employer": setup.employer,
        "union": setup.union,
        "eligible": setup.eligible,
        "ballots": setup.ballots,
        "counted": tally.counted,
        "remaining": tally.remaining(setup.ballots),
        "for": tally.for_union,
        "against": tally.against,
        "void": tally.void,
        "challenged": tally.challenged,
        "valid": tally.valid,
        "valid_plus_challenged": tally.valid_plus_challenged,
        "challenges_determinative": tally.challenges_determinative,
        "majority_for_union": tally.majority_for_union,
        "union_leads": tally.union_leads,
        "result_decided": tally.result_decided(setup.ballots),
        "outcome_so_far": tally.outcome(setup.ballots).value,
        "challenges_by_party": count.challenges.by_party(),
        "pile_size": setup.pile,
        "piles_to_check": [
            {"call": call.value, "pile": pile} for call, pile in count.piles_to_check()
        ],
        "pile_mismatches": [
            {"call": m.call.value, "pile": m.pile, "found": m.found, "size": m.size}
            for m in count.piles.mismatches()
        ],
        "locked": None if count.locked_by is None else count.locked_by.title.lower(),
        "statements": {
            "8": challenges_statement(tally, pending),
            "9": majority_statement(tally, setup.union, pending),
        },
        "events": count.last_seq,
        "head": head,
    }


def _readable(journal: Journal) -> Iterator[Record]:
    """Every event, up to a damaged page of the file, which ends it with a one-line error."""
    seq = 0
    try:
        for record in journal.records():
            seq = record.seq
            yield record
    except sqlite3.DatabaseError as error:
        raise journal.unreadable_error(error, seq) from None


def cmd_log(args: argparse.Namespace) -> int:
    journal = _open_to_read(args.file)
    try:
        count = journal.new_count()
        out = sys.stdout
        for record in _readable(journal):
            try:
                change: Change | None = count.apply(record.event())
            except ValueError:
                change = None  # a broken event is still listed; `verify` says what is wrong
            if args.json:
                row = {
                    "seq": record.seq,
                    "utc": record.utc,
                    "mono_ns": record.mono_ns,
                    "session": record.session,
                    "action": record.action,
                    "call": record.call,
                    "target": record.target,
                    "detail": record.details(),
                    "prev_hash": record.prev_hash,
                    "hash": record.hash,
                }
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            else:
                what = describe(change) if change else f"{record.action} {record.call or ''}"
                # The description, the one column of any width, comes last: the
                # columns before it stay aligned however long it is.
                out.write(
                    f"{record.seq:>8}  {record.utc}  {record.action:<{ACTION_WIDTH}}"
                    f"  {record.hash[:16]}  {what}\n"
                )
    finally:
        journal.close()
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    if args.key is not None:
        _written_key(args.key)  # a mistyped fingerprint is the user's mistake, not damage
    if _is_folder(args.file):
        if args.sheet or args.head:
            raise UsageError("--sheet and --head check an election file, not a folder")
        _an_export(args.file)
        return _verify_folder(args.file, args.key)
    if args.key and not args.sheet:
        raise UsageError("--key checks an exported folder (or goes with --sheet)")
    head = _written_head(args.head) if args.head else None
    sheet = None
    if args.sheet:
        if not _is_folder(args.sheet):
            raise UsageError(f"{args.sheet}: no such folder")
        _an_export(args.sheet)
        shown = TerminalProgress(f"verifying {args.sheet}")
        sheet = verify_export(args.sheet, expected_key=args.key, progress=shown)
        shown.finish()
        if not sheet.ok:
            say_problem(f"NOT INTACT: {args.sheet}: {sheet.problem}")
            return 1
    had_wal = _wal_holds_commits(args.file)  # before SQLite makes one to read the file
    try:
        # An altered setup is for `verify_journal` to name, as it names a broken chain.
        journal = _open_to_read(args.file, check_setup=False)
    except CorruptJournal as error:
        # A Station file whose setup was altered or removed, or that SQLite can no
        # longer read: the record is not intact (exit 1), unlike a file that was never
        # a Station election (exit 2).
        say_problem(f"NOT INTACT: {error}")
        return 1
    try:
        shown = TerminalProgress(f"verifying {args.file}")
        verdict = verify_journal(journal, shown)
        shown.finish()
        problem = verdict.problem
        unclosed = not had_wal and not journal.last_session_closed()
        if verdict.ok and sheet is not None and sheet.document is not None:
            problem = _against_sheet(journal, sheet.document, args.sheet)
        if verdict.ok and not problem and head is not None:
            problem = _against_head(journal, *head)
    finally:
        journal.close()
    if problem:
        say_problem(f"NOT INTACT: {args.file}: {problem}")
        return 1
    say(
        f"OK: {args.file}: {how_many(verdict.events, 'event')}, chain and replay intact;"
        f" head {verdict.head}"
    )
    if sheet is not None and sheet.document is not None:
        event = sheet.document["sheet_event"]["seq"]
        say(
            f"OK: still holds the signed sheet of {args.sheet} (event {event:,}) and all before it"
            # Anyone can sign a forged folder with a key of their own: the same rule as
            # `verify FOLDER`.
            + ("" if sheet.key_checked else f", signed by key {sheet.key}{_KEY_NOT_CHECKED}")
        )
    if head is not None:
        say(f"OK: still holds event {head[0]:,} with hash {head[1]}..., as written down")
    if unclosed:
        say_problem(_MAYBE_WITHOUT_ITS_WAL)
    return 0


# A count that goes on (or a station that crashed) keeps its latest events in the -wal
# beside the file: a copy of the file alone, or a file moved away while a station
# counts (its calls go on into the -wal under the old name), silently lacks them.
_MAYBE_WITHOUT_ITS_WAL = (
    "warning: the last session has no close event and there is no -wal file beside"
    " the file: if it is a copy, the count may go on in a -wal file that was not"
    " copied (copy election files with `station copy FILE DEST`)"
)


def _wal_holds_commits(path: Path) -> bool:
    """Whether a -wal beside `path` holds anything: a station's commits, perhaps.

    An empty one proves nothing: a reader makes one to read the file, and cannot take
    it away again while a station still holds the file open (a file moved while a
    station counts: SQLite's lock is on the file, whatever its name), so `tally` left
    an empty -wal beside a moved file, and `verify` took it for the station's own.
    """
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        return False


def _verify_folder(folder: Path, key: str | None) -> int:
    shown = TerminalProgress(f"verifying {folder}")
    export = verify_export(folder, expected_key=key, progress=shown)
    shown.finish()
    if not export.ok or export.document is None:
        say_problem(f"NOT INTACT: {folder}: {export.problem}")
        return 1
    sheet = export.document["sheet"]
    lines = sheet["lines"]
    say(
        f"OK: {folder}: {export.title} tally of case {sheet['case']},"
        f" {sheet['employer']} / {sheet['union']}: {lines['3']:,} FOR, {lines['4']:,} AGAINST,"
        f" {lines['2']:,} void, {lines['6']:,} challenged."
    )
    say(
        f"Every line and the PDF match the journal at event {export.head_seq:,},"
        f" head {export.head_hash}; signed by key {export.key}"
        + ("" if export.key_checked else _KEY_NOT_CHECKED)
    )
    return 0


_KEY_NOT_CHECKED = " (NOT checked against a fingerprint written down; add --key FINGERPRINT)"


def _is_folder(path: Path) -> bool:
    """Whether `path` is a folder; a path the system cannot look at is one line, exit 2."""
    try:
        return path.is_dir()
    except OSError as error:  # a name over 255 bytes, a folder that cannot be searched
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None


def _an_export(folder: Path) -> None:
    """Refuse, as a usage error, a folder that holds none of an export's files.

    A folder with some of them but not all is a damaged export: `verify` says NOT
    INTACT for that.
    """
    try:
        present = [name for name in ALL_FILES if (folder / name).exists()]
    except OSError as error:
        raise UsageError(f"{folder}: cannot be read ({error.strerror})") from None
    if not present:
        raise UsageError(
            f"{folder}: is not an exported sheet (it holds no {MANIFEST}); give the folder"
            " `station export` wrote, or an election file"
        )


def _written_key(text: str) -> str:
    """`--key FINGERPRINT` as an observer wrote it down: 32 hex digits."""
    key = normalise_fingerprint(text)
    if len(key) != 39 or any(ch not in "0123456789abcdef-" for ch in key):
        raise UsageError(
            f"--key {text!r} is not a key fingerprint (32 hex digits, as `station key` prints)"
        )
    return key


_EXAMPLE_HEAD = "3fa9c01b2e7d5a86"


def _written_head(text: str) -> tuple[int, str]:
    """`--head EVENTS:HASH` as an observer wrote it down from the screen."""
    events, _, digest = text.partition(":")
    digest = digest.strip().lower()
    number = events.strip().replace(",", "")
    if not (number.isdigit() and len(digest) >= HEAD_DIGITS) or any(
        ch not in "0123456789abcdef" for ch in digest
    ):
        raise UsageError(
            f"--head is EVENTS:HASH with {HEAD_DIGITS} hex digits or more, e.g."
            f" 1204:{_EXAMPLE_HEAD} (fewer can be forged)"
        )
    return int(number), digest


def _against_head(journal: Journal, seq: int, digest: str) -> str | None:
    if seq > journal.head_seq:
        return (
            f"the file ends at event {journal.head_seq:,}, but the head written down names"
            f" event {seq:,}: events were removed (or the number was written down wrong)"
        )
    actual = journal.election.setup_hash if seq == 0 else _hash_of(journal, seq)
    if not actual.startswith(digest):
        return (
            f"event {seq:,} is not the one written down (its hash starts"
            f" {actual[:HEAD_DIGITS]}, not {digest[:HEAD_DIGITS]}): another election's file,"
            " or the record was rewritten"
        )
    return None


def _against_sheet(journal: Journal, document: dict[str, object], folder: Path) -> str | None:
    election = document["election"]
    event = document["sheet_event"]
    assert isinstance(election, dict) and isinstance(event, dict)
    if election["setup_hash"] != journal.election.setup_hash:
        return f"is another election's file than the signed sheet in {folder} (case {election['case']})"
    seq = int(event["seq"])
    if seq > journal.head_seq:
        return (
            f"the file ends at event {journal.head_seq:,}, but the signed sheet in {folder} was"
            f" prepared at event {seq:,}: events were removed"
        )
    if _hash_of(journal, seq) != event["hash"]:
        return (
            f"event {seq:,} is not the sheet that {folder} holds, signed: the record was"
            " rewritten from there on"
        )
    return None


def _hash_of(journal: Journal, seq: int) -> str:
    record = journal.record(seq)
    assert record is not None  # verified: every event up to the head is there
    return record.hash


def _sheet_request(journal: Journal, args: argparse.Namespace) -> SheetRequest:
    agent = args.agent if args.agent is not None else journal.election.setup.agent
    if agent is None:
        raise UsageError("--agent is needed: no Board agent was named when the election was set up")
    return SheetRequest(
        kind=SheetKind.INTERIM if args.interim else SheetKind.FINAL,
        agent=agent,
        observers=[Observer.parse(text) for text in args.observer],
        place=args.place if args.place and args.place.strip() else None,
    )


def cmd_sign(args: argparse.Namespace) -> int:
    ensure_offscreen_app()  # the sheet's font says which names it can print
    journal = Journal.open(args.file, seal_secret=station_secret())
    try:
        request = _sheet_request(journal, args)
        count = journal.restore(trust_snapshots=False)
        if request.kind is SheetKind.FINAL and count.counted == 0 and not args.none_counted:
            ballots = journal.election.setup.ballots
            raise SheetError(
                f"{nothing_counted_statement(ballots)}; if the agent confirms it, add"
                " --none-counted"
            )
        # Everything is checked before the session opens: a refusal writes nothing.
        checked_request(journal, count, request)
        earlier = earlier_key(journal, count)
        key = key_for_signing(earlier=earlier, new_key_ok=args.new_key)
        changed = earlier if earlier is not None and earlier != key.fingerprint else None
        session = CountSession(journal, count)
        session.start()
        sheet = prepare_sheet(
            session, request, key_fingerprint=key.fingerprint, key_changed_from=changed
        ).sheet
        assert sheet is not None
        head = journal.hash_of(sheet.head)
    finally:
        journal.close()
    print(
        f"{sheet.title} tally prepared at event {sheet.seq:,}; it certifies events 1-{sheet.head:,}"
        f" (head {head[:HEAD_DIGITS]}). The count is locked."
    )
    ballots = journal.election.setup.ballots
    if sheet.kind is SheetKind.FINAL and ballots is not None and sheet.tally.counted != ballots:
        print(
            f"warning: {box_mismatch_statement(sheet.tally.counted, ballots)}",
            file=sys.stderr,
        )
    say(f"Export it with: station export {args.file} --out FOLDER")
    return 0


def cmd_reopen(args: argparse.Namespace) -> int:
    journal = Journal.open(args.file, seal_secret=station_secret())
    try:
        count = journal.restore(trust_snapshots=False)
        if count.locked_by is None:
            raise SheetError("the count is not locked; there is nothing to reopen")
        reason = clean_reason(args.reason)  # before the session opens: a refusal writes nothing
        session = CountSession(journal, count)
        session.start()
        reopen_count(session, reason)
    finally:
        journal.close()
    say(f"count reopened: {reason}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    if not args.out.strip():
        raise UsageError("--out needs a folder")
    ensure_offscreen_app()  # Qt draws the PDF
    out = Path(args.out)
    journal = _open_to_read(args.file)
    try:
        count = journal.restore(trust_snapshots=False)
        sheet = choose_sheet(count, args.sheet)  # before the key: say what is missing first
        shown = TerminalProgress(f"exporting to {out}")
        try:
            exported = export_sheet(
                journal,
                count,
                out,
                load_key(),
                sheet_seq=sheet.seq,
                paper=args.paper,
                progress=shown,
            )
        finally:
            shown.finish()
    finally:
        journal.close()
    say(
        f"exported the {exported.sheet.title.lower()} tally (event {exported.sheet.seq:,}) to"
        f" {exported.folder}, signed by key {exported.fingerprint}"
    )
    return 0


def cmd_copy(args: argparse.Namespace) -> int:
    from station.journal.copying import copy_election

    copied, events, head = copy_election(args.file, args.dest)
    say(f"copied {args.file} to {copied}: {how_many(events, 'event')}, head {head[:HEAD_DIGITS]}")
    return 0


def cmd_key(args: argparse.Namespace) -> int:
    path = default_key_path()
    if args.new:
        key = create_key(path)
        say(f"created a new signing key at {path}")
    elif not path.exists():
        key = create_key(path)
        say(f"created the station's signing key at {path} (first use)")
    else:
        key = load_key(path)
    print(key.fingerprint)
    return 0
