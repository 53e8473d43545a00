"""The commands that open a window: the start window, the operator window, the demo, the dashboard."""

import argparse

from station.cli.common import UsageError
from station.domain.mail_statements import (
    AFTER_TALLY_BEFORE_FINAL,
    AFTER_TALLY_MAIL_ONLY,
    AFTER_TALLY_NOT_MAIL,
)
from station.domain.table_statements import same_count_problem
from station.domain.words import LANGUAGES, UnknownLanguage, language_code
from station.journal import Journal
from station.journal.seal import station_secret
from station.witness.statements import FILES_AND_FEEDS, KEY_WITH_FILES


def add_language_option(
    parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS
) -> None:
    """`--lang CODE` on a command that opens windows (the subcommands' leave `station
    --lang es open FILE`'s choice as it is)."""
    parser.add_argument(
        "--lang",
        type=language_option,
        default=default,
        metavar="CODE",
        help=f"the windows' language: {', '.join(LANGUAGES)} (default: the system's, else en)",
    )


def language_option(text: str) -> str:
    """--lang's value: a language Station speaks, or one line naming those it does."""
    try:
        return language_code(text)
    except UnknownLanguage as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def speak_chosen_language(args: argparse.Namespace) -> None:
    """Speak --lang's language, else the system's, in the windows about to open."""
    from station.ui.language import chosen_language, use_language_everywhere

    use_language_everywhere(chosen_language(getattr(args, "lang", None)))


def cmd_start(args: argparse.Namespace) -> int:
    from station.app import run_start

    speak_chosen_language(args)
    return run_start()


def cmd_open(args: argparse.Namespace) -> int:
    from station.app import run_operator

    # Refuse a bad file before any window appears; the station's secret seals its snapshots.
    journal = Journal.open(args.file, seal_secret=station_secret())
    if args.after_tally:
        try:
            setup = journal.election.setup
            if not setup.mail:
                raise UsageError(AFTER_TALLY_NOT_MAIL)
            if not setup.current_mail_rules:
                raise UsageError(AFTER_TALLY_MAIL_ONLY)
            # Before the tally the envelope window would rule a late envelope, or refuse
            # every one: said here, before any window opens.
            if not journal.restore(secret=station_secret()).tallied:
                raise UsageError(AFTER_TALLY_BEFORE_FINAL)
        except BaseException:
            journal.close()
            raise

    speak_chosen_language(args)
    return run_operator(journal, after_tally=args.after_tally)


def cmd_demo(args: argparse.Namespace) -> int:
    from station.app import run_demo

    speak_chosen_language(args)
    return run_demo()


def cmd_dashboard(args: argparse.Namespace) -> int:
    from station.app import run_dashboard

    speak_chosen_language(args)
    given = [args.file, *args.more]
    urls = [str(item) for item in given if isinstance(item, str)]
    if urls:  # feeds: `station serve`'s URLs
        from station.cli.witnessing import remote_dashboard

        if len(urls) != len(given):  # before any file is opened or feed asked
            raise UsageError(FILES_AND_FEEDS)
        return remote_dashboard(
            urls, args.theme, keys=args.key, hide_challenges=args.hide_challenges
        )
    if args.key:  # a file has no signed heads to hold to a key
        raise UsageError(KEY_WITH_FILES)

    # The file first: a missing or foreign file is said as such, display or not. Read as
    # `station tally` reads (the sidecars this check makes go with it, so a refusal
    # leaves the folder as it was); the window's follower then never tidies.
    setups = []
    for path in (args.file, *args.more):
        with Journal.open(path, read_only=True) as journal:
            setups.append(journal.election.setup)
    if args.more:  # several tables of one count
        from station.app import run_tables_dashboard

        problem = same_count_problem(setups)
        if problem:  # before any window: one line, exit 2
            raise UsageError(problem)

        paths = [args.file, *args.more]
        return run_tables_dashboard(paths, args.theme, hide_challenges=args.hide_challenges)
    # A bad file raises JournalError: exit 2.
    return run_dashboard(args.file, args.theme, hide_challenges=args.hide_challenges)
