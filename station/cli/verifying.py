"""`station verify`: an election file, an exported folder, a head or a sheet held against a file."""

import argparse
import json
from pathlib import Path

from station.cli.common import (
    MAYBE_WITHOUT_ITS_WAL,
    UsageError,
    open_to_read,
    say,
    say_problem,
    wal_holds_commits,
)
from station.cli.proving import is_proof, verify_proof
from station.cli.witnessing import (
    disproves,
    read_policy,
    say_witnessed,
    witnessed_in_export,
    witnessed_in_file,
)
from station.domain.election import ElectionSetup
from station.domain.statements import how_many
from station.domain.table_statements import (
    TABLES_OPTION,
    carried_problem_statement,
    not_the_tables_statement,
    revised_needs_tables_statement,
    tables_checked_statement,
)
from station.journal import CorruptJournal, Journal
from station.journal.chain import HEAD_DIGITS
from station.journal.header import read_header
from station.journal.times import backwards_statement
from station.journal.verify import verify_journal
from station.progress import TerminalProgress
from station.sheet.keys import signature_holds_raw
from station.sheet.verify_consolidation import is_consolidation, verify_consolidation
from station.sheet.verify_export import ExportVerdict, verify_export
from station.verification.consolidation_words import consolidation_said
from station.verification.export_files import ALL_FILES, MANIFEST
from station.verification.fingerprints import normalise_fingerprint
from station.verification.report import KEY_NOT_CHECKED, export_report, not_intact_line
from station.verification.signed_note import Vkey
from station.verification.witness_policy import (
    PolicyError,
    witness_key,
)
from station.verification.witnessed import FACT as WITNESSED
from station.verification.witnessed import WitnessCheck, checked_witnesses
from station.witness.statements import WITNESS_OF_CONSOLIDATION


def cmd_verify(args: argparse.Namespace) -> int:
    if is_proof(args.file):  # c2sp.org/tlog-proof: one event in the station's signed log
        if args.sheet or args.head or args.witness or getattr(args, "tables", None):
            raise UsageError("a proof is checked with --key VKEY alone")
        return verify_proof(args.file, args.key, _witnesses_asked(args))
    if not _is_folder(args.file):
        # A missing or unreadable path is named as such, before any option is judged.
        read_header(args.file)
    if args.key is not None:
        _written_key(args.key)  # a mistyped fingerprint is the user's mistake, not damage
    asked = _witnesses_asked(args)
    if _is_folder(args.file):
        if args.sheet or args.head:
            raise UsageError("--sheet and --head check an election file, not a folder")
        if is_consolidation(args.file):  # several tables' sheets, summed
            if args.witness:  # a witness follows one table's station, never the sum
                raise UsageError(WITNESS_OF_CONSOLIDATION)
            if asked is not None:
                raise UsageError(_WITNESS_KEYS_OF_ONE_EXPORT)
            return verify_consolidation_folder(args.file, args.key)
        _an_export(args.file)
        export = _verify_folder(args.file, args.key, [] if asked is None else asked[0])
        if export is None:
            return 1
        problem = _against_tables(args.file, getattr(args, "tables", None))
        if problem is not None:
            say_problem(not_intact_line(str(args.file), problem, "V12"))
            return 1
        witnessed = None
        if args.witness:
            witnessed = witnessed_in_export(args.file, args.witness, _export_key(args.file))
            if disproves(witnessed):  # the verdict alone: nothing that reads as OK
                return say_witnessed(witnessed, args.file, args.witness, key_checked=True)
        checked = None
        if asked is not None and export.document is not None:
            vkeys, quorum = asked
            fact = export.document["sheet"].get(WITNESSED)
            checked = checked_witnesses(fact, vkeys, quorum, signature_holds_raw)
            if not checked.ok:  # the verdict alone: nothing that reads as OK
                _say_report(args.file, export, checked)
                return 1
        _say_report(args.file, export, checked)
        if args.tables is not None:
            say(tables_checked_statement(str(args.tables)))
        if witnessed is not None:
            return say_witnessed(witnessed, args.file, args.witness, key_checked=True)
        return 0
    if getattr(args, "tables", None) is not None:
        raise UsageError(f"{TABLES_OPTION} checks an exported folder, not an election file")
    if asked is not None:
        raise UsageError(_WITNESS_KEYS_OF_ONE_EXPORT)
    if args.key and not args.sheet and not args.witness:
        raise UsageError("--key checks an exported folder (or goes with --sheet or --witness)")
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
            say_problem(not_intact_line(str(args.sheet), sheet.problem, sheet.step))
            return 1
    had_wal = wal_holds_commits(args.file)  # before SQLite makes one to read the file
    try:
        # An altered setup is for `verify_journal` to name, as it names a broken chain.
        journal = open_to_read(args.file, check_setup=False)
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
        backwards = verdict.backwards if verdict.ok and not problem else None
        witnessed = None
        if verdict.ok and not problem and args.witness:
            key = _written_key(args.key) if args.key else None
            witnessed = witnessed_in_file(journal, args.witness, key)
    finally:
        journal.close()
    if problem:
        say_problem(f"NOT INTACT: {args.file}: {problem}")
        return 1
    key_checked = args.key is not None
    if witnessed is not None and disproves(witnessed):  # the verdict alone: nothing reads as OK
        return say_witnessed(witnessed, args.file, args.witness, key_checked=key_checked)
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
    if witnessed is not None:
        say_witnessed(witnessed, args.file, args.witness, key_checked=key_checked)
    if unclosed:
        say_problem(MAYBE_WITHOUT_ITS_WAL)
    if backwards is not None:
        say_problem(f"warning: {backwards_statement(backwards)}")
    return 0


# A count that goes on (or a station that crashed) keeps its latest events in the -wal
# beside the file: a copy of the file alone, or a file moved away while a station
# counts (its calls go on into the -wal under the old name), silently lacks them.
def _verify_folder(folder: Path, key: str | None, witness_keys: list[Vkey]) -> ExportVerdict | None:
    """The export checked on its own; None once its NOT INTACT is said (nothing else)."""
    shown = TerminalProgress(f"verifying {folder}")
    export = verify_export(folder, expected_key=key, progress=shown, witness_keys=witness_keys)
    shown.finish()
    if not export.ok or export.document is None:
        _say_report(folder, export)
        return None
    return export


def _say_report(folder: Path, export: ExportVerdict, witnesses: WitnessCheck | None = None) -> None:
    """The verdict's words (`verification.report`), each on its stream."""
    report = export_report(export, str(folder), witnesses=witnesses)
    for line in report.stdout:
        say(line)
    for line in report.stderr:
        say_problem(line)


def _against_tables(folder: Path, tables: Path | None) -> str | None:
    """An intact export of a revised count of a count at several tables, held to the
    consolidation it revises: what its setup carries (its Original tally, the register
    of the tables' challenges, when the tally of ballots was prepared, the election) is
    what that consolidation, verified whole with every table's export, gives again.

    Returns what is not, or None; raises UsageError, in one line, when no consolidation
    or another one is given, and when one is given for another kind of export.
    """
    from dataclasses import replace

    from station.cli.revising import revision_of
    from station.journal.records import election_from_row

    with (folder / "journal.jsonl").open("rb") as lines:  # intact: its setup is checked
        setup = election_from_row(json.loads(lines.readline())["election"], folder).setup
    carried = setup.ballot.revised_of_tables
    if carried is None:
        if tables is not None:
            raise UsageError(
                f"{TABLES_OPTION} goes with the Revised Tally of a count run at several"
                f" tables; {folder} is not one"
            )
        return None
    if tables is None:
        raise UsageError(revised_needs_tables_statement(str(folder), carried.consolidation))
    first, given = revision_of(tables, "--tables")
    if given.consolidation != carried.consolidation:
        raise UsageError(
            not_the_tables_statement(
                str(folder), str(tables), carried.consolidation, given.consolidation
            )
        )
    ballot = replace(setup.ballot, revised_of_tables=None)
    election = (setup.case_number, setup.employer, setup.union, setup.eligible, ballot)
    for what, found, expected in (
        ("election", election, (*_election_of(first), first.ballot)),
        ("Original tally", carried.original, given.original),
        ("register of the tables' challenges", carried.challenges, given.challenges),
        ("time the tally of ballots was prepared", carried.prepared, given.prepared),
    ):
        if found != expected:
            return carried_problem_statement(what, str(tables))
    return None


def _election_of(setup: ElectionSetup) -> tuple[str, str, str, int]:
    return (setup.case_number, setup.employer, setup.union, setup.eligible)


def verify_consolidation_folder(folder: Path, key: str | None) -> int:
    """`station verify FOLDER` of a consolidation: exit 0 if intact, 1 naming what is not."""
    verdict = verify_consolidation(folder, expected_key=key)
    for line in consolidation_said(verdict, str(folder), _KEY_NOT_CHECKED):
        (say if verdict.ok else say_problem)(line)
    return 0 if verdict.ok else 1


_KEY_NOT_CHECKED = KEY_NOT_CHECKED


_WITNESS_KEYS_OF_ONE_EXPORT = (
    "--witness-key and --witness-policy check the cosignatures on an exported sheet's"
    " checkpoint: give the export's folder"
)


def _witnesses_asked(args: argparse.Namespace) -> tuple[list[Vkey], int] | None:
    """The witnesses' keys `--witness-key` or `--witness-policy` ask for, and how many of
    them must have cosigned; None when neither is given. A key or a policy that is not
    one is the user's mistake, said in one line before anything is checked."""
    try:
        if args.witness_key:
            keys = [witness_key(text) for text in args.witness_key]
            if len(set(keys)) != len(keys):
                raise UsageError("--witness-key: the same key is given twice")
            return keys, len(keys)
        if args.witness_policy is None:
            return None
        policy = read_policy(args.witness_policy)
    except PolicyError as error:
        raise UsageError(str(error)) from None
    return [witness.vkey for witness in policy.witnesses], policy.quorum


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


def _export_key(folder: Path) -> str:
    """The fingerprint an intact export was signed with (its manifest's, checked)."""
    manifest = json.loads((folder / MANIFEST).read_bytes())
    return str(manifest["key"])
