"""The commands that make election files: `new` and `copy`."""

import argparse
import sys

from station.cli.common import say, say_problem, still_open_statement
from station.cli.envelopes import mail_voter_list
from station.cli.first_key import given_keys
from station.cli.kinds import created_note, new_setup
from station.cli.revising import revised_of_setup
from station.domain.election import SetupError
from station.domain.statements import (
    how_many,
)
from station.domain.table_statements import table_title
from station.journal import Journal
from station.journal.chain import HEAD_DIGITS
from station.sheet.prepare import setup_names, unprintable_problem
from station.ui.display import ensure_offscreen_app


def cmd_new(args: argparse.Namespace) -> int:
    given_keys(args)  # --key alone is refused before anything is read
    voters = mail_voter_list(args)  # None unless --mail
    if getattr(args, "revised_of", None) is not None:  # the election of its tables
        setup = revised_of_setup(args, voters)
    else:
        setup = new_setup(args, voters)  # the ballot and the parties: cli/kinds.py
    ensure_offscreen_app()  # the sheet's font says which names it can print
    problem = unprintable_problem(setup_names(setup))
    if problem:
        raise SetupError(problem)
    Journal.create(args.file, setup, voters)
    table = "" if setup.table is None else f", {table_title(setup.table)}"
    say(
        f"created {args.file} for case {setup.case_number} ({setup.case_kind})"
        f"{table}{created_note(setup)}"
    )
    signed = getattr(args, "first_signed", None)  # set by --runoff-of, --rerun-of, --revised-of
    if signed is not None:
        say(signed)
    for warning in setup.warnings():
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def cmd_copy(args: argparse.Namespace) -> int:
    from station.journal.copying import copy_election

    copied, events, head, closed = copy_election(args.file, args.dest)
    say(f"copied {args.file} to {copied}: {how_many(events, 'event')}, head {head[:HEAD_DIGITS]}")
    if not closed:
        say_problem(still_open_statement(str(args.file), events))
    return 0
