"""The commands of the tally sheet: `sign`, `reopen`, `export`, and the signing `key`."""

import argparse
import sys
from pathlib import Path

from station.cli.common import UsageError, open_to_read, say, say_problem
from station.cli.proving import election_origin, folder_key
from station.domain import SheetKind
from station.domain.description import describe
from station.domain.envelopes import box_setup
from station.domain.statements import (
    box_mismatch_statement,
    nothing_counted_statement,
    pile_notes,
)
from station.domain.tally_sheet import Observer, SheetError, clean_reason, mail_box
from station.domain.text import one_line
from station.journal import Journal
from station.journal.chain import HEAD_DIGITS
from station.journal.clock import clock_warnings
from station.journal.seal import station_secret
from station.journal.session import CountSession
from station.progress import TerminalProgress
from station.sheet.checkpoint_signing import election_vkey, raw_key
from station.sheet.export import (
    choose_sheet,
    export_sheet,
)
from station.sheet.keys import (
    create_key,
    default_key_path,
    key_for_signing,
    load_key,
)
from station.sheet.prepare import (
    SheetRequest,
    checked_request,
    earlier_key,
    prepare_sheet,
    previous_request,
    reopen_count,
)
from station.sheet.witnessed import cosigned_at_head_waiting
from station.ui.display import ensure_offscreen_app
from station.verification.export_check import SignedFolderProblem
from station.verification.report import not_intact_line


def _sheet_request(
    journal: Journal, args: argparse.Namespace, previous: SheetRequest | None
) -> tuple[SheetRequest, list[str]]:
    """The sheet asked for, and what of it came from the previous sheet, not the command
    line: a revised or later sheet keeps its agent, observers and place unless told, as
    the window's dialog starts from them."""
    carried = []
    agent = args.agent
    if agent is None and previous is not None and previous.agent:
        agent = previous.agent
        if agent != journal.election.setup.agent:
            carried.append(f"agent {agent}")
    if agent is None:
        agent = journal.election.setup.agent
    if agent is None:
        raise UsageError("--agent is needed: no Board agent was named when the election was set up")
    observers = [Observer.parse(text, describe(journal.election.setup)) for text in args.observer]
    if not args.observer and previous is not None and previous.observers:
        observers = list(previous.observers)
        names = ", ".join(f"{observer.name} ({observer.party})" for observer in observers)
        carried.append(f"observers {names}")
    place = args.place if args.place and args.place.strip() else None
    if args.place is None and previous is not None and previous.place:
        place = previous.place
        carried.append(f"place {place}")
    request = SheetRequest(
        kind=SheetKind.INTERIM if args.interim else SheetKind.FINAL,
        agent=agent,
        observers=observers,
        place=place,
    )
    return request, carried


def cmd_sign(args: argparse.Namespace) -> int:
    ensure_offscreen_app()  # the sheet's font says which names it can print
    journal = Journal.open(args.file, seal_secret=station_secret())
    try:
        count = journal.restore(trust_snapshots=False)
        previous = previous_request(journal, count)
        request, carried = _sheet_request(journal, args, None if previous is None else previous[1])
        # The ballots the sheet certifies, as the window's dialog counts them: a revised
        # count of tables certifies the consolidated tally's ballots it carries too.
        certified = count.tally.counted
        if request.kind is SheetKind.FINAL and certified == 0 and not args.none_counted:
            ballots = box_setup(journal.election.setup, count.envelopes).ballots
            raise SheetError(
                f"{nothing_counted_statement(ballots)}; if the agent confirms it, add"
                " --none-counted"
            )
        # Everything is checked before the session opens: a refusal writes nothing.
        checked_request(journal, count, request)
        piles = pile_notes(count.piles.mismatches(), count.piles_to_check())  # as the window
        clock = clock_warnings(journal)
        earlier = earlier_key(journal, count)
        key = key_for_signing(earlier=earlier, new_key_ok=args.new_key)
        changed = earlier if earlier is not None and earlier != key.fingerprint else None
        session = CountSession(journal, count)
        session.start()
        cosigned = cosigned_at_head_waiting(journal, raw_key(key.public_key))
        sheet = prepare_sheet(
            session,
            request,
            key_fingerprint=key.fingerprint,
            key_changed_from=changed,
            witnessed=cosigned.fact,
        ).sheet
        assert sheet is not None
        head = journal.hash_of(sheet.head)
    finally:
        journal.close()
    print(
        f"{sheet.title} tally prepared at event {sheet.seq:,}; it certifies events 1-{sheet.head:,}"
        f" (head {head[:HEAD_DIGITS]}). The count is locked."
    )
    print(one_line(cosigned.statement))
    if carried and previous is not None:
        print(one_line(f"as on the sheet of event {previous[0]:,}: {'; '.join(carried)}"))
    setup_ballots = journal.election.setup.ballots
    ballots = setup_ballots if sheet.envelopes is None else mail_box(sheet)  # mail
    if sheet.kind is SheetKind.FINAL and ballots is not None and sheet.tally.counted != ballots:
        print(
            f"warning: {box_mismatch_statement(sheet.tally.counted, ballots)}",
            file=sys.stderr,
        )
    for warning in [*piles, *clock]:
        print(f"warning: {warning}", file=sys.stderr)
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
    journal = open_to_read(args.file)
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


def cmd_key(args: argparse.Namespace) -> int:
    if args.file is not None and args.file.is_dir():
        # An export folder: the key it is signed with, never this station's (an
        # observer's computer has none, and makes none for this).
        try:
            fingerprint, vkey = folder_key(args.file)
        except SignedFolderProblem as problem:
            say_problem(not_intact_line(str(args.file), str(problem), problem.step))
            return 1
        print(fingerprint)
        print(vkey)
        return 0
    # The file is read before any key is made or printed: a file that is not an
    # election is its one line, alone.
    origin = None if args.file is None else election_origin(args.file)
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
    if origin is not None:  # the verifier key of that election's log, on its own line
        print(election_vkey(key, origin))
    return 0
