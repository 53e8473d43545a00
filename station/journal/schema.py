"""The journal's schema, as registered sqlite-utils migrations.

`PRAGMA application_id` marks a file as a Station journal and `PRAGMA user_version`
counts the migrations applied, so both can be read from the file header before SQLite
touches the file (see `header.py`). A file whose version is higher than
`SCHEMA_VERSION` was written by a newer Station and is refused.
"""

import functools

from sqlite_utils import Database, Migrations

APPLICATION_ID = 0x53544E31  # "STN1"
FORMAT = "station-journal"

migrations = Migrations("station")

ACTIONS = ("open", "close", "call", "undo", "redo")  # the only actions version 1 allowed
CALLS = ("for", "against", "void", "challenge")

# Triggers that make the journal append-only inside SQLite itself: whoever edits the
# file with another tool must first drop them, and `verify` notices that too.
GUARD_TRIGGERS = (
    "election_no_update",
    "election_no_delete",
    "events_no_update",
    "events_no_delete",
    "events_append_only",
)


# The events table's guards, as m001 made them, one statement each: Python's
# executescript() commits first, so a migration that must stay one transaction (m002)
# runs them one by one.
EVENT_GUARDS = (
    """CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
    """CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
    # A new event must take the next number and chain to the event before it (the
    # first one to the election setup).
    """CREATE TRIGGER events_append_only BEFORE INSERT ON events
        WHEN NEW.seq IS NOT (SELECT IFNULL(MAX(seq), 0) + 1 FROM events)
          OR NEW.prev_hash IS NOT IFNULL(
                (SELECT hash FROM events WHERE seq = NEW.seq - 1),
                (SELECT setup_hash FROM election WHERE id = 1))
        BEGIN SELECT RAISE(ABORT, 'events are appended in order, each chained to the last'); END""",
)


@migrations()
def m001_election_and_events(db: Database) -> None:
    """The election setup (one row) and the hash-chained events (as shipped in 0.1)."""
    actions = ", ".join(f"'{action}'" for action in ACTIONS)
    calls = ", ".join(f"'{call}'" for call in CALLS)
    db.executescript(
        f"""
        CREATE TABLE election (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            format TEXT NOT NULL,
            election_id TEXT NOT NULL,
            created_utc TEXT NOT NULL,
            case_number TEXT NOT NULL,
            employer TEXT NOT NULL,
            union_name TEXT NOT NULL,
            eligible INTEGER NOT NULL CHECK (eligible > 0),
            ballots INTEGER CHECK (ballots IS NULL OR ballots > 0),
            agent TEXT,
            setup_hash TEXT NOT NULL
        );
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            utc TEXT NOT NULL,
            mono_ns INTEGER NOT NULL,
            session INTEGER NOT NULL,
            action TEXT NOT NULL CHECK (action IN ({actions})),
            call TEXT CHECK (call IS NULL OR call IN ({calls})),
            target INTEGER,
            detail TEXT,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL
        );
        CREATE TRIGGER election_no_update BEFORE UPDATE ON election
            BEGIN SELECT RAISE(ABORT, 'the election setup is append-only'); END;
        CREATE TRIGGER election_no_delete BEFORE DELETE ON election
            BEGIN SELECT RAISE(ABORT, 'the election setup is append-only'); END;
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events
            BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
        CREATE TRIGGER events_no_delete BEFORE DELETE ON events
            BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
        -- A new event must take the next number and chain to the event before it
        -- (the first one to the election setup).
        CREATE TRIGGER events_append_only BEFORE INSERT ON events
            WHEN NEW.seq IS NOT (SELECT IFNULL(MAX(seq), 0) + 1 FROM events)
              OR NEW.prev_hash IS NOT IFNULL(
                    (SELECT hash FROM events WHERE seq = NEW.seq - 1),
                    (SELECT setup_hash FROM election WHERE id = 1))
            BEGIN SELECT RAISE(ABORT, 'events are appended in order, each chained to the last'); END;
        """
    )


@migrations()
def m002_any_action(db: Database) -> None:
    """Let the events table take new actions (tally sheets, reopening, and those to come).

    Version 1 listed the allowed actions in a CHECK constraint, which SQLite cannot
    change in place: the table is rebuilt with every row copied exactly as it was, so
    every hash still holds. The rules of the count, applied on every replay and by
    `verify`, are what refuses an unknown action.
    """
    before = db.execute("SELECT COUNT(*), IFNULL(MAX(seq), 0) FROM events").fetchone()
    calls = ", ".join(f"'{call}'" for call in CALLS)
    for statement in (
        "DROP TRIGGER events_no_update",
        "DROP TRIGGER events_no_delete",
        "DROP TRIGGER events_append_only",
        f"""CREATE TABLE events_v2 (
            seq INTEGER PRIMARY KEY,
            utc TEXT NOT NULL,
            mono_ns INTEGER NOT NULL,
            session INTEGER NOT NULL,
            action TEXT NOT NULL,
            call TEXT CHECK (call IS NULL OR call IN ({calls})),
            target INTEGER,
            detail TEXT,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL
        )""",
        "INSERT INTO events_v2 SELECT * FROM events ORDER BY seq",
        "DROP TABLE events",
        "ALTER TABLE events_v2 RENAME TO events",
        *EVENT_GUARDS,
    ):
        db.execute(statement)
    after = db.execute("SELECT COUNT(*), IFNULL(MAX(seq), 0) FROM events").fetchone()
    if tuple(before) != tuple(after):  # pragma: no cover - SQLite copies every row
        raise RuntimeError("the upgrade of the events table lost rows")


@migrations()
def m003_pile_size(db: Database) -> None:
    """The pile size of the election (files from before it have none: no pile checks)."""
    db.execute("ALTER TABLE election ADD COLUMN pile INTEGER CHECK (pile IS NULL OR pile >= 0)")


SNAPSHOT_GUARDS = ("snapshots_no_update", "snapshots_no_delete", "snapshots_of_events")

# Most events are plain calls (a call with no target and no detail); the others are a
# few in a hundred. Folding a long journal takes the plain calls in bulk and reads the
# others through an index of them alone, which a plain call never touches. A query
# uses the index only if its WHERE holds this very text.
NOT_PLAIN_CALL = "NOT (action = 'call' AND target IS NULL AND detail IS NULL)"


# The snapshots table's guards (SNAPSHOT_GUARDS), one statement each.
SNAPSHOT_GUARD_STATEMENTS = (
    """CREATE TRIGGER snapshots_no_update BEFORE UPDATE ON snapshots
        BEGIN SELECT RAISE(ABORT, 'snapshots are append-only'); END""",
    """CREATE TRIGGER snapshots_no_delete BEFORE DELETE ON snapshots
        BEGIN SELECT RAISE(ABORT, 'snapshots are append-only'); END""",
    # A snapshot names an event of the journal, by its number and its hash.
    """CREATE TRIGGER snapshots_of_events BEFORE INSERT ON snapshots
        WHEN NEW.event_hash IS NOT (SELECT hash FROM events WHERE seq = NEW.seq)
        BEGIN SELECT RAISE(ABORT, 'a snapshot names an event of the journal'); END""",
)


@migrations()
def m004_snapshots(db: Database) -> None:
    """Snapshots of the count and an index of the events that are not plain calls.

    Both let a long journal open without replaying it all. A snapshot is the count as
    folded up to event `seq`, tied to that event by its hash and sealed by the station
    that made it (see `seal.py`). Snapshots are a shortcut, never the record: `verify`
    replays every event and checks each one against the replay, and a station starts
    only from a snapshot it sealed itself. Like events, they are only ever appended.
    """
    for statement in (
        f"CREATE INDEX events_not_plain ON events (seq) WHERE {NOT_PLAIN_CALL}",
        """CREATE TABLE snapshots (
            seq INTEGER PRIMARY KEY,
            event_hash TEXT NOT NULL,
            summary TEXT NOT NULL,
            done BLOB NOT NULL,
            undone BLOB NOT NULL,
            seal TEXT NOT NULL
        )""",
        *SNAPSHOT_GUARD_STATEMENTS,
    ):
        db.execute(statement)


# INSERT OR REPLACE deletes the row it conflicts with without firing a DELETE trigger
# (unless recursive triggers are on), so the guards above let it rewrite the setup or a
# snapshot. A BEFORE INSERT trigger fires before the conflict is resolved: these refuse
# a second setup row and a second snapshot of one event. (The events' own guard already
# refuses any insert but the next event.)
REPLACE_GUARDS = ("election_no_replace", "snapshots_no_replace")
REPLACE_GUARD_STATEMENTS = (
    """CREATE TRIGGER election_no_replace BEFORE INSERT ON election
        WHEN EXISTS (SELECT 1 FROM election)
        BEGIN SELECT RAISE(ABORT, 'the election setup is append-only'); END""",
    """CREATE TRIGGER snapshots_no_replace BEFORE INSERT ON snapshots
        WHEN EXISTS (SELECT 1 FROM snapshots WHERE seq = NEW.seq)
        BEGIN SELECT RAISE(ABORT, 'snapshots are append-only'); END""",
)
REPLACE_GUARDS_VERSION = 5


@migrations()
def m005_no_replace(db: Database) -> None:
    """Guards against INSERT OR REPLACE on the setup and the snapshots (see above)."""
    for statement in REPLACE_GUARD_STATEMENTS:
        db.execute(statement)


@migrations()
def m006_table_label(db: Database) -> None:
    """The label of the table this file counts at, in a count run at several tables
    (files from before it, and counts at one table, have none)."""
    db.execute("ALTER TABLE election ADD COLUMN table_label TEXT")


@migrations()
def m007_ballot_choices(db: Database) -> None:
    """The ballot of an election that is not one union and Neither: its unions
    in ballot order, intervenors, an RD petitioner, its own "Neither" wording, the first
    election of a runoff; JSON (`Ballot.details`), NULL for the plain election."""
    db.execute("ALTER TABLE election ADD COLUMN ballot TEXT")


# A mail-ballot election's voter list (see `voters.py`): written just before the setup,
# in the same transaction, and never changed after: no update, no delete, and no insert
# once the setup is there. (The guard names the election table, never the events, which
# a migration may have to rebuild.)
VOTER_GUARDS = ("voters_no_update", "voters_no_delete", "voters_before_setup")
VOTER_GUARD_STATEMENTS = (
    """CREATE TRIGGER voters_no_update BEFORE UPDATE ON voters
        BEGIN SELECT RAISE(ABORT, 'the voter list is part of the setup'); END""",
    """CREATE TRIGGER voters_no_delete BEFORE DELETE ON voters
        BEGIN SELECT RAISE(ABORT, 'the voter list is part of the setup'); END""",
    """CREATE TRIGGER voters_before_setup BEFORE INSERT ON voters
        WHEN EXISTS (SELECT 1 FROM election)
          OR EXISTS (SELECT 1 FROM voters WHERE position = NEW.position)
        BEGIN SELECT RAISE(ABORT, 'the voter list is part of the setup'); END""",
)


@migrations()
def m008_mail_ballots(db: Database) -> None:
    """Mail-ballot elections: the setup's `mail` flag and voter-list hash, and the list.

    Both new setup columns are null in every file made before (and in an election
    that is not by mail), so its setup hash is unchanged (`chain.OPTIONAL_SETUP_FIELDS`).
    """
    for statement in (
        "ALTER TABLE election ADD COLUMN mail INTEGER CHECK (mail IS NULL OR mail = 1)",
        "ALTER TABLE election ADD COLUMN voters_hash TEXT",
        """CREATE TABLE voters (
            position INTEGER PRIMARY KEY,
            voter_id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            extra TEXT
        )""",
        *VOTER_GUARD_STATEMENTS,
    ):
        db.execute(statement)


@migrations()
def m009_mail_rules(db: Database) -> None:
    """The rules a mail election's envelopes are ruled by (`election.MAIL_RULES`: late
    envelopes counted, replacement kits, envelopes received after the tally), and whether
    some of its voters vote at the polls. Both null in every file made before, so its
    setup hash is unchanged and its envelopes keep the rules they were ruled by."""
    for statement in (
        "ALTER TABLE election ADD COLUMN mail_rules INTEGER",
        "ALTER TABLE election ADD COLUMN polls INTEGER CHECK (polls IS NULL OR polls = 1)",
    ):
        db.execute(statement)


MAIL_VERSION = 8
SCHEMA_VERSION = len(migrations._migrations)


def guards(version: int) -> tuple[str, ...]:
    """The names of the guard triggers a file of this schema version must have."""
    return (
        *GUARD_TRIGGERS,
        *(SNAPSHOT_GUARDS if version >= 4 else ()),
        *(REPLACE_GUARDS if version >= REPLACE_GUARDS_VERSION else ()),
        *(VOTER_GUARDS if version >= MAIL_VERSION else ()),
    )


@functools.cache
def definitions(version: int) -> frozenset[tuple[object, ...]]:
    """Every table, index, trigger and view a file of this schema version has.

    The (type, name, table, SQL) rows of `sqlite_master` that the migrations up to
    `version` make (but sqlite-utils' own record of them, whose wording is its own).
    A file whose `sqlite_master` holds exactly these reads its events as Station wrote
    them: the same column types and collations, no index, trigger or view of anyone
    else's that SQLite could read them through. Only then are the fast ways taken
    (see `Journal.canonical`).
    """
    db = Database(memory=True, execute_plugins=False)
    try:
        names = [migration.name for migration in migrations._migrations]
        migrations.apply(db, stop_before=names[version] if version < len(names) else None)
        return file_definitions(db)
    finally:
        db.close()  # a connection left to the garbage collector is a warning from 3.13 on


def file_definitions(db: Database) -> frozenset[tuple[object, ...]]:
    """The same as `definitions`, read from an open file.

    Left out: sqlite-utils' record of the migrations (its table and index, worded as
    its version had it) and the statistics ANALYZE keeps (sqlite_stat1, sqlite_stat4):
    neither changes what a query on the events returns. SQLite refuses a schema whose
    rows lie about their type, name or table, so nothing else can hide among them.
    """
    rows = db.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE NOT ("
        "(tbl_name = '_sqlite_migrations' AND type IN ('table', 'index'))"
        " OR (type = 'table' AND name IN ('sqlite_stat1', 'sqlite_stat4')))"
    ).fetchall()
    return frozenset(tuple(row) for row in rows)


def trigger_names(db: Database) -> set[str]:
    """Names of the triggers present in the file."""
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    return {str(name) for (name,) in rows}


def foreign_triggers(db: Database, version: int) -> list[str]:
    """Triggers in the file that Station did not make (they could act on what it writes)."""
    stations = {name for kind, name, _, _ in definitions(version) if kind == "trigger"}
    return sorted(trigger_names(db) - stations)


def altered_guards(db: Database, version: int) -> list[str]:
    """The guard triggers present in the file but not worded as Station wrote them."""
    stations = {name: sql for kind, name, _, sql in definitions(version) if kind == "trigger"}
    rows = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    return sorted(str(name) for name, sql in rows if name in stations and sql != stations[name])


def upgrade(db: Database) -> None:
    """Apply pending migrations and stamp the file as a Station journal of this version."""
    migrations.apply(db)
    # Stamped after the migrations, in a transaction of its own: if the stamp is lost
    # (a crash just here), the next opening finds every migration recorded as applied
    # by sqlite-utils and only stamps.
    with db.atomic():
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
