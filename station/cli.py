"""The `station` command: argument parsing and one function per subcommand.

Exit codes: 0 success; 1 `verify` found the record not intact; 2 a user's mistake or the
environment's (bad arguments, a missing, foreign or locked file), always with one line
on stderr and never a traceback.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from station import __version__
from station.domain import Count, ElectionSetup, SetupError
from station.domain.count import Change
from station.domain.describe import describe
from station.domain.statements import challenges_statement, majority_statement
from station.journal import Journal, JournalError
from station.journal.verify import verify_file

SUBCOMMANDS = ("open", "new", "tally", "log", "verify", "dashboard")


class UsageError(Exception):
    """Bad arguments: exit 2 with this one-line message."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage plus error."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="station",
        description="Hand-count station for NLRB representation elections.",
        epilog="`station FILE` is short for `station open FILE`; `station` alone opens the start window.",
    )
    parser.add_argument("--version", action="version", version=f"station {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    opener = commands.add_parser("open", help="count into an election file (the operator window)")
    opener.add_argument("file", type=Path, help="the election file")

    new = commands.add_parser("new", help="create a new election file")
    new.add_argument("file", type=Path, help="the election file to create (never overwritten)")
    new.add_argument("--case", required=True, help="NLRB case number, e.g. 29-RC-288020")
    new.add_argument("--employer", required=True, help="the employer's name")
    new.add_argument("--union", required=True, help="the petitioner (union) as on the ballot")
    new.add_argument("--eligible", required=True, help="approximate number of eligible voters")
    new.add_argument("--ballots", help="ballots in the box (or envelopes), if known")
    new.add_argument("--agent", help="the Board agent conducting the count")

    tally = commands.add_parser("tally", help="print the current tally")
    tally.add_argument("file", type=Path)
    tally.add_argument("--json", action="store_true", help="one JSON object")

    log = commands.add_parser("log", help="print every journal event in order")
    log.add_argument("file", type=Path)
    log.add_argument("--json", action="store_true", help="one JSON object per line")

    dashboard = commands.add_parser(
        "dashboard", help="follow an election file read-only on the observers' dashboard"
    )
    dashboard.add_argument("file", type=Path, help="the election file (never written to)")
    dashboard.add_argument(
        "--theme", choices=("dark", "light"), default="dark", help="colours (key T switches)"
    )

    verify = commands.add_parser("verify", help="check the hash chain and the replay")
    verify.add_argument("file", type=Path)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `station` command; return its exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and not args_list[0].startswith("-") and args_list[0] not in SUBCOMMANDS:
        args_list.insert(0, "open")  # `station FILE`
    try:
        args = build_parser().parse_args(args_list)
        handler = {
            None: cmd_start,
            "open": cmd_open,
            "new": cmd_new,
            "tally": cmd_tally,
            "log": cmd_log,
            "verify": cmd_verify,
            "dashboard": cmd_dashboard,
        }[args.command]
        return handler(args)
    except (UsageError, SetupError, JournalError) as error:
        print(f"station: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `station log FILE | head`
        sys.stderr.close()
        return 0


def cmd_start(args: argparse.Namespace) -> int:
    from station.app import run_start

    return run_start()


def cmd_open(args: argparse.Namespace) -> int:
    from station.app import run_operator

    journal = Journal.open(args.file)  # refuse a bad file before any window appears
    return run_operator(journal)


def cmd_dashboard(args: argparse.Namespace) -> int:
    from station.app import run_dashboard

    return run_dashboard(args.file, args.theme)  # a bad file raises JournalError: exit 2


def cmd_new(args: argparse.Namespace) -> int:
    setup = ElectionSetup.validated(
        case_number=args.case,
        employer=args.employer,
        union=args.union,
        eligible=args.eligible,
        ballots=args.ballots,
        agent=args.agent,
    )
    Journal.create(args.file, setup)
    print(f"created {args.file} for case {setup.case_number}")
    return 0


def cmd_tally(args: argparse.Namespace) -> int:
    journal = Journal.open(args.file, read_only=True)
    try:
        count, head = _replay(journal)
    finally:
        journal.close()
    summary = tally_summary(journal, count, head)
    tally = count.tally
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    ballots = summary["ballots"]
    counted = f"{summary['counted']:,}" + (f" of {ballots:,}" if isinstance(ballots, int) else "")
    lines = [
        f"Case {summary['case']}: {summary['employer']} / {summary['union']}",
        f"Ballots counted:                       {counted}",
        f"Void ballots:                          {summary['void']:,}",
        f"Votes FOR the petitioner:              {summary['for']:,}",
        f"Votes AGAINST:                         {summary['against']:,}",
        f"Valid votes counted:                   {summary['valid']:,}",
        f"Challenged ballots:                    {summary['challenged']:,}",
        f"Valid votes plus challenged ballots:   {summary['valid_plus_challenged']:,}",
        challenges_statement(tally),
        majority_statement(tally, str(summary["union"])),
        f"Journal: {summary['events']:,} events, head {summary['head']}",
    ]
    print("\n".join(lines))
    return 0


def _replay(journal: Journal) -> tuple[Count, str]:
    """The count of every event in an open journal, and the head hash it reached."""
    count = Count()
    head = journal.election.setup_hash
    for record, _change in journal.replay_into(count):
        head = record.hash
    return count, head


def tally_summary(journal: Journal, count: Count, head: str) -> dict[str, object]:
    """The tally `station tally --json` prints for a journal replayed into `count`."""
    tally = count.tally
    setup = journal.election.setup
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
        "events": count.last_seq,
        "head": head,
    }


def cmd_log(args: argparse.Namespace) -> int:
    journal = Journal.open(args.file, read_only=True)
    try:
        count = Count()
        out = sys.stdout
        for record in journal.records():
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
                out.write(
                    f"{record.seq:>8}  {record.utc}  {record.action:<6} {what:<36} {record.hash[:16]}\n"
                )
    finally:
        journal.close()
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    verdict = verify_file(args.file)
    if verdict.ok:
        print(
            f"OK: {args.file}: {verdict.events:,} events, chain and replay intact; head {verdict.head}"
        )
        return 0
    print(f"NOT INTACT: {args.file}: {verdict.problem}", file=sys.stderr)
    return 1
