"""A mail ballot's envelope stage on the command line: the voter list of `station new
--mail`, `station envelopes FILE [--json]`, and the stage's part of `station tally`."""

import argparse
import json
from pathlib import Path
from typing import Any

from station.cli.common import UsageError, file_name, open_to_read, say
from station.cli.kinds import group_keys
from station.domain import Action, Count, ElectionSetup
from station.domain.description import describe
from station.domain.envelope_parties import envelope_figures, stage_challenges
from station.domain.envelopes import Ruling, modes_statement, voter_group
from station.domain.mail_statements import mail_warnings
from station.domain.statements import how_many
from station.domain.text import one_line
from station.domain.voters import VoterList, read_voter_list
from station.journal import Journal
from station.journal.voters import load_voters

MAX_LIST_BYTES = 200 * 1024 * 1024  # far above any voter list; a slip (a video) is refused


def mail_voter_list(args: argparse.Namespace) -> VoterList | None:
    """The voter list `station new --mail --voters LIST.csv` names (None without --mail)."""
    if args.voters is not None and not args.mail:
        raise UsageError("--voters is the voter list of a mail-ballot election: add --mail")
    if not args.mail:
        return None  # `station new` asks for --eligible (cli/kinds.py)
    if args.voters is None:
        raise UsageError("a mail-ballot election needs its voter list: --voters LIST.csv")
    if args.ballots is not None:
        raise UsageError(
            "--ballots with --mail: the ballots to count are the envelopes accepted,"
            " known when the envelope stage ends"
        )
    return read_voter_list(_read(args.voters), str(args.voters), group_keys(args))


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            data = file.read(MAX_LIST_BYTES + 1)
    except OSError as error:
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None
    if len(data) > MAX_LIST_BYTES:
        raise UsageError(f"{path}: is larger than any voter list ({MAX_LIST_BYTES:,} bytes)")
    return data


def voter_list_of(journal: Journal) -> VoterList:
    """The voter list of an open mail election, checked against its setup hash."""
    return load_voters(journal.connection, _voters_hash(journal), journal.path)


def _voters_hash(journal: Journal) -> str | None:
    value = journal.election.row.get("voters_hash")
    return value if isinstance(value, str) else None


def envelope_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """`stage`, `envelopes` and `warnings` of `station tally --json` (a count not by mail:
    no figures and no `warnings`)."""
    stage = "envelopes" if count.envelopes.open else "ballots"
    if not setup.mail:
        return {"stage": stage, "envelopes": None}
    figures = envelope_figures(count)
    warnings = mail_warnings(setup, count.envelopes, count.tally.counted)  # the text's lines
    return {"stage": stage, "envelopes": figures, "warnings": warnings}


def envelopes_line(setup: ElectionSetup, count: Count) -> list[str]:
    """The stage's line in `station tally`, then its warnings (nothing for a count not by
    mail)."""
    if not count.envelopes.mail:
        return []
    challenges = stage_challenges(count.envelopes, count.challenges)
    f = count.envelopes.figures
    where = "under way" if count.envelopes.open else "ended"
    settled = challenges.settled_words(", ")  # "1 sustained": no longer on line 6
    if not f.current:
        return [
            f"Envelopes ({where}): {f.returned:,} returned, {f.accepted:,} accepted,"
            f" {challenges.challenged:,} challenged, {settled + ', ' if settled else ''}"
            f"{f.void:,} void, {f.late:,} late",
            *mail_warnings(setup, count.envelopes, count.tally.counted),
        ]
    polls = f"; {how_many(f.at_polls, 'voter')} checked off at the polls" if setup.polls else ""
    after = f", {f.after_tally:,} received after the tally (not opened)" if f.after_tally else ""
    return [
        f"Envelopes ({where}): {f.returned:,} returned, {f.accepted:,} accepted,"
        f" {f.late:,} received after the due date (counted),"
        f" {challenges.challenged:,} challenged, {settled + ', ' if settled else ''}"
        f"{f.void:,} void, {how_many(f.replacements, 'replacement')}{polls}{after}",
        *([modes_statement(f, count.envelopes.opened_challenges)] if f.at_polls else []),
        *mail_warnings(setup, count.envelopes, count.tally.counted),
    ]


def add_envelopes_parser(commands: "argparse._SubParsersAction[Any]") -> None:
    envelopes = commands.add_parser(
        "envelopes", help="every ruling of a mail ballot's envelope stage, in order"
    )
    envelopes.add_argument("file", type=file_name)
    envelopes.add_argument("--json", action="store_true", help="one JSON object")


def envelope_rulings(journal: Journal) -> tuple[Count, list[dict[str, object]]]:
    """Every envelope ruling in order, with its voter, challenge and corrections."""
    voters = voter_list_of(journal)
    count = journal.new_count()
    rulings: dict[int, dict[str, object]] = {}
    for record in journal.records():
        change = count.apply(record.event())
        envelope = change.envelope
        action = change.event.action
        if action in (Action.ENVELOPE, Action.AFTER_TALLY) and envelope is not None:
            voter = voters.get(envelope.voter) if envelope.voter is not None else None
            group = voter_group(count.envelopes, envelope, voters)
            rulings[record.seq] = {
                "event": record.seq,
                "utc": record.utc,
                "voter": envelope.voter,
                "name": voter.name if voter is not None else envelope.write_in,
                "write_in": envelope.voter is None,
                "ruling": envelope.ruling.value,
                "second_envelope": envelope.second,
                # A replacement (after a void) names the void one; files set up before
                # there were replacements list their rulings as they always did.
                **({"replaces": envelope.replaces} if count.envelopes.current else {}),
                # An election of voting groups: the voter's group (a ruling's: the pile
                # its ballot goes to; one received after the tally goes to none).
                **({"group": group} if group is not None else {}),
                "corrections": [],
            }
        elif envelope is not None and envelope.seq in rulings:
            corrections = rulings[envelope.seq]["corrections"]
            assert isinstance(corrections, list)
            word = "undone" if action is Action.ENVELOPE_UNDO else "redone"
            corrections.append({"event": record.seq, "utc": record.utc, "correction": word})
        elif action is Action.AMEND and change.event.target in rulings:
            corrections = rulings[change.event.target]["corrections"]
            assert isinstance(corrections, list)
            corrections.append(
                {
                    "event": record.seq,
                    "utc": record.utc,
                    "correction": "amended",
                    **(change.event.detail or {}),
                }
            )
    for seq, row in rulings.items():
        challenge = count.challenges.get(seq) if row["ruling"] == "challenged" else None
        row["party"] = challenge.party if challenge else None
        row["reason"] = challenge.reason.value if challenge and challenge.reason else None
        row["counts"] = count.envelopes.is_counting(seq)
        # What became of its challenge: "withdrawn", "sustained", "ordered opened" or None.
        row["settled"] = count.envelopes.settled.get(seq)
    return count, list(rulings.values())


def cmd_envelopes(args: argparse.Namespace) -> int:
    journal = open_to_read(args.file)
    try:
        setup = journal.election.setup
        if not setup.mail:
            raise UsageError(f"{args.file}: is not a mail-ballot election (it has no envelopes)")
        count, rulings = envelope_rulings(journal)
    finally:
        journal.close()
    if args.json:
        print(
            json.dumps(
                {
                    "case": setup.case_number,
                    "stage": "envelopes" if count.envelopes.open else "ballots",
                    "envelopes": envelope_figures(count),
                    "rulings": rulings,
                },
                ensure_ascii=False,
            )
        )
        return 0
    for row in rulings:
        who = f"{row['voter']}  {row['name']}" if row["voter"] else f"(written in)  {row['name']}"
        if row.get("group"):
            who += f"  (group {row['group']})"
        ruling = Ruling(str(row["ruling"])).label
        if row["party"]:
            party = describe(setup).said(str(row["party"]))  # as the register says
            ruling += f" by {party}: {row['reason'] or 'reason not given'}"
        corrections = row["corrections"]
        assert isinstance(corrections, list)
        notes = [str(c["correction"]) for c in corrections]
        state = "" if row["counts"] else "  [undone]"
        second = "  (second envelope)" if row["second_envelope"] else ""
        if row.get("replaces") is not None:
            second = f"  (replacement for the envelope voided at event {row['replaces']})"
        if row["settled"]:  # a sustained challenge is no longer among the challenged
            ruling += f" \u2014 {row['settled']}"
        fixes = f"  ({', '.join(notes)})" if notes else ""
        say(f"{row['event']:>8}  {who}  {ruling}{second}{fixes}{state}")
    for line in envelopes_line(setup, count):  # the figures, then any warning
        say(one_line(line))
    return 0
