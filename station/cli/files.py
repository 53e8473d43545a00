"""The commands that make election files: `new` and `copy`."""

import argparse
import sys

from station.cli.common import say
from station.cli.envelopes import mail_voter_list
from station.domain import ElectionSetup
from station.domain.statements import (
    how_many,
)
from station.journal import Journal
from station.journal.chain import HEAD_DIGITS


def cmd_new(args: argparse.Namespace) -> int:
    voters = mail_voter_list(args)  # None unless --mail
    setup = ElectionSetup.validated(
        case_number=args.case,
        employer=args.employer,
        union=args.union,
        eligible=len(voters) if voters is not None and args.eligible is None else args.eligible,
        ballots=args.ballots,
        agent=args.agent,
        pile=args.pile,
        mail=voters is not None,
    )
    Journal.create(args.file, setup, voters)
    say(f"created {args.file} for case {setup.case_number} ({setup.case_kind})")
    for warning in setup.warnings():
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def cmd_copy(args: argparse.Namespace) -> int:
    from station.journal.copying import copy_election

    copied, events, head = copy_election(args.file, args.dest)
    say(f"copied {args.file} to {copied}: {how_many(events, 'event')}, head {head[:HEAD_DIGITS]}")
    return 0
