"""Where a ballot's secret could hide in an election file: the columns and keys the
secrecy tests allow, each with why it cannot identify a voter."""

import json

COLUMNS = {
    "election": [
        "id", "format", "election_id", "created_utc", "case_number", "employer",
        "union_name", "eligible", "ballots", "agent", "setup_hash", "pile",
        "table_label",  # one table of a count at several: its label ("2"), nothing more
        "ballot",  # the unions, intervenors, RD petitioner, runoff: parties only
        "mail", "voters_hash",  # a mail ballot: the flag, the hash of its voter list
        "mail_rules", "polls",  # a mail ballot: the rules ruled by, some voters at the polls
    ],
    "events": [
        "seq", "utc", "mono_ns", "session", "action", "call", "target", "detail",
        "prev_hash", "hash",
    ],
    "_sqlite_migrations": ["id", "migration_set", "name", "applied_at"],  # sqlite-utils
    # The count folded up to an event: made from the events alone, it holds nothing
    # they do not (see SNAPSHOT_KEYS).
    "snapshots": ["seq", "event_hash", "summary", "done", "undone", "seal"],
    # A mail ballot's voter list (the parties already hold it): never joined to a call,
    # as no call is recorded before the envelope stage ends (test_secrecy_mail.py).
    "voters": ["position", "voter_id", "name", "extra"],
}  # fmt: skip


# Each key of a snapshot's summary: event numbers, totals, the sheets' figures, the
# challenges as their AMEND and DISPUTE events gave them, and the piles' recounts.
SNAPSHOT_KEYS = {"format", "last_seq", "totals", "sheets", "locked_by", "challenges", "piles"}


# Each key an event's detail may hold, and why it cannot identify a voter.
DETAIL_KEYS = {
    "open": {"station", "previous_session"},  # the software version; how the last session ended
    "close": set(),
    "call": {"over_count"},  # the operator confirmed a call beyond the ballots in the box
    # (and "choice", the union a vote is for on a ballot of several: the call itself;
    # tests/test_cli_kinds.py holds that a count of several unions stores nothing else)
    "undo": set(),
    "redo": set(),
    "amend": {"party", "reason", "note"},  # who challenged, a reason from a list, a note
    "dispute": {"party", "left_as_called"},  # which party disputed a call; left as called
    "join": {"party"},  # the other party joined a dispute
    "resolve": {"as", "party"},  # withdrawn, sustained or open again; who withdrew a dispute
    "decide": {"open", "sustain", "by"},  # register numbers, and who decided
    # The number a recount of a pile found; a voting group's box; the union whose votes
    # the pile holds, on a ballot of several (the calls' own choice).
    "pile": {"found", "group", "choice"},
    "reopen": {"reason"},  # why the count was reopened
    # The tally sheet: the computed lines, the agent, the parties' observers, place, dates, key.
    "sign": {
        "kind", "title", "revision", "supersedes", "case", "employer", "union", "ballots",
        "counted", "lines", "statements", "head", "agent", "observers", "place",
        "count_date", "prepared", "key", "key_changed_from",
        # A revised tally: the columns' figures, the decisions in words, register numbers.
        "columns", "decisions", "unresolved_challenges",
        # When objections are due (on a revised tally: from which tally of ballots); a
        # corrected tally's reason and the figures it replaces.
        "objections_due", "objections_from", "correction",
        # Ballots counted on no line (sustained, sealed envelopes, opened not yet called).
        "apart",
        # The log's checkpoint at the head, cosigned by the parties' witnesses: hashes,
        # the witnesses' key names and the times they cosigned; no ballot, no voter.
        "witnessed",
    },
}  # fmt: skip


def detail_keys(events: list[dict[str, object]]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for event in events:
        detail = event["detail"] or {}
        if isinstance(detail, str):
            detail = json.loads(detail)
        assert isinstance(detail, dict)
        found.setdefault(str(event["action"]), set()).update(detail)
    return found
