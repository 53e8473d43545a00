"""The commands that open a window: the start window, the operator window, the demo, the dashboard."""

import argparse

from station.journal import Journal
from station.journal.seal import station_secret


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
    hide = args.hide_challenges
    return run_dashboard(
        args.file, args.theme, hide_challenges=hide
    )  # a bad file raises JournalError: exit 2
