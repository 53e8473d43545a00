"""The `station` command: argument parsing and one function per subcommand.

Exit codes: 0 success; 1 `verify` found the record not intact; 2 a user's mistake or the
environment's (bad arguments, a missing, foreign or locked file), always with one line
on stderr and never a traceback.
"""

import argparse
import difflib
import sys
from collections.abc import Sequence
from pathlib import Path

from station import __version__
from station.cli.challenges import cmd_challenges, cmd_decide
from station.cli.common import OneLineParser, UsageError, file_name, say_problem
from station.cli.envelopes import add_envelopes_parser, cmd_envelopes
from station.cli.files import cmd_copy, cmd_new
from station.cli.kinds import add_new_options
from station.cli.proving import add_prove_parser, cmd_prove
from station.cli.reading import cmd_log, cmd_tally
from station.cli.sheets import cmd_export, cmd_key, cmd_reopen, cmd_sign
from station.cli.tables import ConsolidationError, add_consolidate_parser, cmd_consolidate
from station.cli.verifier_page import add_verifier_parser, cmd_verifier
from station.cli.verifying import cmd_verify
from station.cli.windows import (
    add_language_option,
    cmd_dashboard,
    cmd_demo,
    cmd_open,
    cmd_start,
)
from station.cli.witnessing import add_witness_commands, cmd_serve, cmd_witness, file_or_feed
from station.domain import SetupError
from station.domain.piles import DEFAULT_PILE
from station.domain.tally_sheet import SheetError
from station.domain.words import in_english
from station.journal import JournalError
from station.sheet.export import PAPERS, ExportError
from station.sheet.keys import KeyProblem
from station.ui.display import NoDisplay

SUBCOMMANDS = (
    "open",
    "new",
    "tally",
    "log",
    "verify",
    "verifier",
    "prove",
    "dashboard",
    "sign",
    "reopen",
    "export",
    "copy",
    "key",
    "demo",
    "consolidate",
    "envelopes",
    "serve",
    "witness",
    "challenges",
    "decide",
)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
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
    add_language_option(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)

    opener = commands.add_parser("open", help="count into an election file (the operator window)")
    opener.add_argument("file", type=file_name, help="the election file")
    opener.add_argument(
        "--after-tally",
        action="store_true",
        help="a mail ballot: record envelopes received after the tally (the envelope window)",
    )
    add_language_option(opener)

    new = commands.add_parser("new", help="create a new election file")
    new.add_argument("file", type=file_name, help="the election file to create (never overwritten)")
    # Required unless --runoff-of takes them from the first election (cli/kinds.py).
    new.add_argument("--case", help="NLRB case number, e.g. 29-RC-288020")
    new.add_argument("--employer", help="the employer's name")
    new.add_argument(
        "--union", action="append", help="a union as on the ballot (repeatable, ballot order)"
    )
    new.add_argument(
        "--eligible",
        action="append",
        help="approximate number of eligible voters (with --mail: the voters on the list);"
        " with --group, KEY=N once for each group; with --rerun-of of an election of"
        " voting groups, KEY=N for each group whose figure changed",
    )
    new.add_argument(
        "--ballots",
        action="append",
        help="ballots in the box (or envelopes), if known; with --group (or --rerun-of of"
        " an election of voting groups), KEY=N for each group",
    )
    new.add_argument("--agent", help="the Board agent conducting the count")
    new.add_argument(
        "--pile",
        default=str(DEFAULT_PILE),
        metavar="N",
        help=f"ballots per pile, recounted when full (default {DEFAULT_PILE}; 0: no pile checks)",
    )
    new.add_argument(
        "--table",
        metavar="LABEL",
        help="this file is one table of a count run at several tables (e.g. 2); see consolidate",
    )
    add_new_options(new)
    new.add_argument("--mail", action="store_true", help="a mail-ballot election (with --voters)")
    new.add_argument("--voters", type=file_name, metavar="LIST.csv", help="the voter list (CSV)")
    new.add_argument(
        "--polls",
        action="store_true",
        help="with --mail: some voters vote at the polls; their ballots are counted with the mail",
    )

    tally = _file_command(commands, "tally", help="print the current tally")
    tally.add_argument("--json", action="store_true", help="one JSON object")

    log = _file_command(commands, "log", help="print every journal event in order")
    log.add_argument("--json", action="store_true", help="one JSON object per line")

    verify = commands.add_parser(
        "verify",
        help="check an election file, or an exported sheet's folder",
        description="Check an election file (its hash chain, replay and sheets) or an"
        " exported folder (signature, file hashes, journal, and every line of the sheet).",
    )
    verify.add_argument("file", type=file_name, metavar="FILE_OR_FOLDER_OR_PROOF")
    verify.add_argument(
        "--key",
        metavar="FINGERPRINT",
        help="the signing key's fingerprint, as written down (for a PROOF: the station's"
        " verifier key, as `station key FILE` prints it)",
    )
    verify.add_argument(
        "--sheet",
        type=file_name,
        metavar="FOLDER",
        help="with a FILE: also check that it still holds the head this exported sheet certifies",
    )
    verify.add_argument(
        "--tables",
        type=file_name,
        metavar="CONSOLIDATION",
        help="with the export of a revised count of a count at several tables: the"
        " consolidation of the tables it revises (its Original tally and register)",
    )
    witnesses = verify.add_mutually_exclusive_group()
    witnesses.add_argument(
        "--witness-key",
        action="append",
        default=[],
        metavar="VKEY",
        help="with a FOLDER or a PROOF: a party's witness key (its vkey, as `station witness`"
        " printed it): OK only if its cosignature is on the sheet's (or the proof's)"
        " checkpoint and verifies (repeat for each)",
    )
    witnesses.add_argument(
        "--witness-policy",
        type=file_name,
        metavar="FILE",
        help="with a FOLDER or a PROOF: a witness policy (lines `witness NAME VKEY [URL]`,"
        " `quorum K`): OK only if K of its witnesses' cosignatures are on the checkpoint and"
        " verify",
    )
    verify.add_argument(
        "--head",
        metavar="EVENTS:HASH",
        help="with a FILE: also check a head written down from the dashboard (16 hex digits"
        " or more), e.g. 1204:3fa9c01b2e7d5a86",
    )

    sign = _file_command(
        commands, "sign", help="prepare the tally sheet: certify the count and lock it"
    )
    sign.add_argument("--agent", help="the Board agent certifying (default: as set up)")
    sign.add_argument(
        "--observer",
        action="append",
        default=[],
        metavar="PARTY:NAME",
        help='an observer and the party it signs for, by role or name: "Employer:Jane Roe",'
        ' "Union:John Doe", an RD case\'s "Petitioner:Ann Smith", "Teamsters:Bo Chen"'
        " (repeat for each)",
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

    reopen = _file_command(commands, "reopen", help="reopen a count locked by a tally sheet")
    reopen.add_argument("--reason", required=True, help="why the count is reopened (recorded)")

    export = _file_command(
        commands, "export", help="export a prepared sheet, signed, into a folder"
    )
    export.add_argument("--out", required=True, metavar="FOLDER")
    export.add_argument(
        "--sheet", type=int, metavar="EVENT", help="the sheet prepared at EVENT (default: latest)"
    )
    export.add_argument("--paper", choices=sorted(PAPERS), default="letter")

    copy = _file_command(
        commands,
        "copy",
        help="copy an election file whole (what its -wal holds too), never over a file",
    )
    copy.add_argument("dest", type=file_name, metavar="DEST", help="the new file, or a folder")

    key = commands.add_parser(
        "key",
        help="print this station's signing key fingerprint (and with FILE, on the next line,"
        " its verifier key of that election's log)",
    )
    key.add_argument("--new", action="store_true", help="make a new key (only when none exists)")
    key.add_argument(
        "file",
        nargs="?",
        type=file_name,
        metavar="FILE",
        help="an election file (this station's key), or an export folder (the key it is"
        " signed with): also print the verifier key of its log, as `verify PROOF --key` takes",
    )

    dashboard = commands.add_parser(
        "dashboard", help="follow an election file read-only on the observers' dashboard"
    )
    dashboard.add_argument(
        "file",
        type=file_or_feed,
        metavar="FILE_OR_URL",
        help="the election file (never written to), or a feed's URL from `station serve`",
    )
    dashboard.add_argument(
        "more",
        nargs="*",
        type=file_or_feed,
        metavar="FILE_OR_URL",
        help="more tables of the same count (files, or feeds' URLs): the total, and a row per"
        " table",
    )
    dashboard.add_argument(
        "--theme",
        choices=("dark", "light"),
        default=None,
        help="colours (key T switches; default: as last time, else dark)",
    )
    dashboard.add_argument(
        "--key",
        action="append",
        metavar="FINGERPRINT",
        help="with feeds' URLs: the station's key fingerprint, as written down (one per feed,"
        " in their order); a feed whose heads another key signs is refused",
    )
    dashboard.add_argument(
        "--hide-challenges",
        action="store_true",
        help="show no challenge figure, hatching or line 8 until a final sheet is prepared",
    )
    add_language_option(dashboard)

    challenges = _file_command(
        commands, "challenges", help="list every challenge, by register number"
    )
    challenges.add_argument("--json", action="store_true", help="one JSON object")

    decide = _file_command(
        commands,
        "decide",
        help="record the decision after the hearing: challenges opened or sustained",
    )
    decide.add_argument("--open", metavar="N[,N…]", help="register numbers ordered opened")
    decide.add_argument("--sustain", metavar="N[,N…]", help="register numbers sustained")
    decide.add_argument("--by", required=True, metavar="TEXT", help="who decided, and how")
    decide.add_argument(
        "--reveal-ok",
        action="store_true",
        help="open the ballots although so few are opened that their votes are shown",
    )

    add_witness_commands(commands, verify)
    demo = commands.add_parser(
        "demo",
        help="open a demo election part-way through its count (a temporary file, marked DEMO)",
    )
    add_language_option(demo)
    add_consolidate_parser(commands)
    add_envelopes_parser(commands)
    add_verifier_parser(commands)
    add_prove_parser(commands)
    return parser


def _file_command(
    commands: "argparse._SubParsersAction[OneLineParser]", name: str, help: str
) -> argparse.ArgumentParser:
    """A subcommand whose first argument is an election file (most of them)."""
    command = commands.add_parser(name, help=help)
    command.add_argument("file", type=file_name)
    return command


# The commands that open a window, which speaks the operator's language; every other
# command's output is in English whatever the system's language.
WINDOW_COMMANDS = frozenset({None, "open", "demo", "dashboard"})


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
            "verifier": cmd_verifier,
            "prove": cmd_prove,
            "sign": cmd_sign,
            "reopen": cmd_reopen,
            "export": cmd_export,
            "copy": cmd_copy,
            "key": cmd_key,
            "dashboard": cmd_dashboard,
            "demo": cmd_demo,
            "consolidate": cmd_consolidate,
            "envelopes": cmd_envelopes,
            "serve": cmd_serve,
            "witness": cmd_witness,
            "challenges": cmd_challenges,
            "decide": cmd_decide,
        }[args.command]
        if args.command in WINDOW_COMMANDS:
            return handler(args)
        with in_english():  # the command line's output, and every file it writes
            return handler(args)
    except (UsageError, SetupError, JournalError, SheetError, ExportError, KeyProblem) as error:
        say_problem(f"station: {error}")
        return 2
    except ConsolidationError as error:
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
