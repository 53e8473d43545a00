"""Nothing Station stores or exports can link a ballot's content to a voter.

An opened ballot carries nothing but its call; a challenge carries who challenged and
why (that is on the sealed envelope anyway). These tests pin down every table and
column of the election file, every key an event's detail may hold, and every key of
the exported files, after a count that uses every kind of event: anything new that
could carry a voter's identity has to be added here, on purpose, with a reason.

Residual risk, by design: a challenge's `note` (and a reopening's `reason`) is free
text. The window says "never a voter's name", but nothing can stop an operator from
typing one; it is stored with the challenge, never with an opened ballot's content,
since a challenged ballot stays sealed.
"""

import io
import json
import sqlite3
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call, SheetKind
from station.domain.parties import Party
from station.domain.tally_sheet import Observer
from station.journal import Journal, snapshots
from station.journal.seal import station_secret
from station.sheet.prepare import SheetRequest
from station.ui.operator.controller import CountController
from station.verification.tiles import read_bundle
from tests.faults.secrecy import COLUMNS, DETAIL_KEYS, SNAPSHOT_KEYS, detail_keys
from tests.helpers import JFK8

# After the count: settlements and disputes by event number, and the decisions
# by register number; nothing about what an opened ballot said.
SNAPSHOT_KEYS |= {"resolutions"}


@pytest.fixture
def counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object) -> tuple[Path, Path]:
    """A count with every kind of event, its final sheet exported, and a snapshot."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 1)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 1)
    path = tmp_path / "count.station"
    Journal.create(
        path,
        replace(JFK8, eligible=20, ballots=10, pile=3),
    )
    controller = CountController(Journal.open(path, seal_secret=station_secret()))
    for call in (Call.FOR, Call.FOR, Call.FOR):
        controller.record(call)
    controller.check_pile(Call.FOR, 1, 3)
    controller.record(Call.CHALLENGE)
    challenge = controller.journal.head_seq
    controller.amend_challenge(
        challenge, {"party": "employer", "reason": "supervisor", "note": "envelope 12"}
    )
    controller.record(Call.VOID)
    controller.dispute_void(controller.journal.head_seq, Party.UNION)
    controller.record(Call.AGAINST)
    controller.undo()
    controller.redo()
    request = SheetRequest(SheetKind.INTERIM, "R. Agent", [Observer("petitioner", "Ann")], "Room 3")
    controller.prepare_sheet(request)
    controller.reopen("resuming the next morning")
    controller.record(Call.CHALLENGE)
    controller.settle(controller.journal.head_seq, "withdrawn")  # opened, called below
    for call in (Call.AGAINST, Call.AGAINST, Call.FOR, Call.FOR):
        controller.record(call)
    controller.dispute(controller.journal.head_seq, Call.FOR, Party.EMPLOYER, left_as_called=True)
    controller.join_dispute(controller.journal.head_seq - 1, Party.UNION)
    controller.record(Call.FOR, over_count=True)
    final = SheetRequest(SheetKind.FINAL, "R. Agent", [Observer("employer", "Jane Roe")], None)
    controller.prepare_sheet(final)
    assert controller.decide([1], [2], "Regional Director")  # the revised count of one
    controller.record(Call.AGAINST)
    controller.prepare_sheet(final)  # the revised tally, exported below
    controller.export(tmp_path / "sheet", "letter")
    controller.close()
    return path, tmp_path / "sheet"


def test_the_file_holds_only_the_known_tables_and_columns(counted: tuple[Path, Path]) -> None:
    conn = sqlite3.connect(counted[0])
    try:
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        assert sorted(tables) == sorted(COLUMNS)
        for table in tables:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            assert columns == COLUMNS[table], table
        summaries = conn.execute("SELECT summary FROM snapshots").fetchall()
        assert summaries, "closing the count stored a snapshot"
        for (summary,) in summaries:
            assert set(json.loads(summary)) == SNAPSHOT_KEYS
        calls = conn.execute("SELECT detail FROM events WHERE action = 'call'").fetchall()
        assert {detail for (detail,) in calls} <= {None, '{"over_count":true}'}
    finally:
        conn.close()


def test_every_event_detail_key_is_known(counted: tuple[Path, Path]) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["log", str(counted[0]), "--json"]) == 0
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    found = detail_keys(events)
    assert set(found) == set(DETAIL_KEYS), "every kind of event was exercised"
    for action, keys in found.items():
        assert keys <= DETAIL_KEYS[action], (action, keys - DETAIL_KEYS[action])
    # An opened ballot's event says nothing but its call.
    for event in events:
        if event["action"] == "call" and event["call"] != "challenge":
            assert event["detail"] in ({}, {"over_count": True})


def test_the_export_holds_only_known_keys(counted: tuple[Path, Path]) -> None:
    sheet = counted[1]
    assert sorted(p.name for p in sheet.iterdir()) == sorted(
        ["tally.pdf", "tally.json", "journal.jsonl", "manifest.json", "manifest.sig", "log"]
    )
    lines = (sheet / "journal.jsonl").read_text().splitlines()
    # log/ holds the journal's lines again and hashes of them, nothing else: its entries
    # are the lines, its checkpoint the election's origin, size, root and time.
    bundles = sorted((sheet / "log/tile/entries").rglob("*"))
    entries = [e for b in bundles if b.is_file() for e in read_bundle(b.read_bytes())]
    assert entries == [line.encode() for line in lines]
    checkpoint = (sheet / "log/checkpoint").read_text().split("\n\n")[0].splitlines()
    assert [checkpoint[1], checkpoint[3][:5]] == [str(len(lines)), "time "]
    setup = json.loads(lines[0])
    assert set(setup) == {"election"}
    # A count at one table, one union, not by mail (as here): those keys are left out.
    left_out = {"id", "table_label", "ballot", "mail", "voters_hash", "mail_rules", "polls"}
    assert set(setup["election"]) == set(COLUMNS["election"]) - left_out
    events = [json.loads(line) for line in lines[1:]]
    assert all(set(event) == set(COLUMNS["events"]) for event in events)
    for action, keys in detail_keys(events).items():
        assert keys <= DETAIL_KEYS[action], (action, keys - DETAIL_KEYS[action])
    tally = json.loads((sheet / "tally.json").read_bytes())
    assert set(tally) == {"format", "election", "sheet_event", "sheet"}
    assert set(tally["sheet"]) <= DETAIL_KEYS["sign"]
    assert set(tally["election"]) == {
        "election_id", "setup_hash", "case", "employer", "union", "eligible", "ballots",
        "agent",
    }  # fmt: skip
    manifest = json.loads((sheet / "manifest.json").read_bytes())
    assert set(manifest) == {"format", "files", "public_key", "key", "sheet_event", "case"}


def test_no_opened_ballot_is_linked_to_its_challenge(counted: tuple[Path, Path]) -> None:
    """A withdrawn or ordered-opened challenge's ballot comes back as a plain call: the
    resolution and the decision name the challenge, never a call; the call names nothing."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["log", str(counted[0]), "--json"]) == 0
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    for event in events:
        if event["action"] in ("resolve", "decide", "join"):
            assert event["call"] is None
        if event["action"] == "decide":
            assert event["target"] is None and set(event["detail"]) == {"open", "sustain", "by"}
    after = [
        e for e in events if e["seq"] > next(e["seq"] for e in events if e["action"] == "decide")
    ]
    calls = [e for e in after if e["action"] == "call"]
    assert calls and all(e["target"] is None and not e["detail"] for e in calls)
