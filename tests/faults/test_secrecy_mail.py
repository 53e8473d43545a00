"""A mail ballot's count keeps a voter's envelope and a ballot's call apart.

The envelope stage names voters (the envelope bears the name, and the parties hold the
list); the ballot stage never does. The journal never interleaves the two: every call
comes after the one END_ENVELOPES event, and no ruling after it. These tests pin the
tables, columns and event detail keys of a mail election, as test_secrecy.py does for
any count.
"""

import io
import json
import sqlite3
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call, SheetKind
from station.domain.detail_keys import DETAIL_KEYS as RULE_KEYS
from station.domain.envelopes import Ruling
from station.journal import snapshots
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.faults.secrecy import COLUMNS, DETAIL_KEYS, SNAPSHOT_KEYS, detail_keys
from tests.mail.helpers import VOTERS, counting

MAIL_DETAIL_KEYS = {
    **DETAIL_KEYS,
    # Whose envelope (a listed voter's id, or the name written in) and the ruling.
    "envelope": {"voter", "write_in", "ruling"},
    "envelope_undo": set(),
    "envelope_redo": set(),
    "end_envelopes": {"accepted"},  # how many envelopes were accepted: the ballots to open
    # An envelope received after the tally: whose (as on the envelope), never opened.
    "after_tally": {"voter", "write_in"},
    # The tally sheet also states the stage's figures (counts, no voter).
    "sign": DETAIL_KEYS["sign"] | {"envelopes"},
}


@pytest.fixture
def mail_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object) -> Path:
    """A mail count with every kind of envelope event, then its ballots called."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 1)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 1)
    path = tmp_path / "mail.station"
    with counting(path, new=True, seal_secret=b"k" * 32) as session:
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.ACCEPTED, "101")
        seq = session.rule_envelope(Ruling.CHALLENGED, "102").event.seq
        session.amend_challenge(seq, {"party": "petitioner", "reason": "supervisor"})
        session.rule_envelope(Ruling.VOID, "103")
        session.undo_envelope()
        session.redo_envelope()
        session.rule_envelope(Ruling.LATE, "104")
        session.rule_envelope(Ruling.CHALLENGED, write_in="Not Listed")
        session.rule_envelope(Ruling.VOID, "100")  # a second envelope
        session.end_envelopes()
        session.record(Call.FOR)
        session.record(Call.AGAINST)
        session.undo()
        session.redo()
        request = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
        prepare_sheet(session, request, key_fingerprint="f" * 16)
    return path


def test_no_call_precedes_the_end_of_the_envelope_stage(mail_count: Path) -> None:
    conn = sqlite3.connect(mail_count)
    try:
        ((end,),) = conn.execute("SELECT seq FROM events WHERE action = 'end_envelopes'").fetchall()
        first_call = conn.execute("SELECT MIN(seq) FROM events WHERE call IS NOT NULL").fetchone()[
            0
        ]
        last_ruling = conn.execute(
            "SELECT MAX(seq) FROM events WHERE action LIKE 'envelope%'"
        ).fetchone()[0]
        assert last_ruling < end < first_call
        # No ballot event (a call, or the correction of one) carries anything of a voter.
        rows = conn.execute("SELECT detail FROM events WHERE call IS NOT NULL").fetchall()
        assert {detail for (detail,) in rows} <= {None, '{"over_count":true}'}
    finally:
        conn.close()


def test_a_mail_file_holds_only_the_known_tables_columns_and_detail_keys(mail_count: Path) -> None:
    conn = sqlite3.connect(mail_count)
    try:
        tables = [
            name
            for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not name.startswith("sqlite_")
        ]
        assert sorted(tables) == sorted(COLUMNS)
        for table in tables:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            assert columns == COLUMNS[table], table
        for (summary,) in conn.execute("SELECT summary FROM snapshots"):
            assert set(json.loads(summary)) == SNAPSHOT_KEYS | {"envelopes"}
    finally:
        conn.close()
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["log", str(mail_count), "--json"]) == 0
    found = detail_keys([json.loads(line) for line in out.getvalue().splitlines()])
    assert {"envelope", "envelope_undo", "envelope_redo", "end_envelopes", "sign"} <= set(found)
    for action, keys in found.items():
        assert keys <= MAIL_DETAIL_KEYS[action], (action, keys - MAIL_DETAIL_KEYS[action])


def test_the_log_and_the_dashboard_words_name_no_voter(mail_count: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["log", str(mail_count)]) == 0
    text = out.getvalue()
    assert "Envelope ACCEPTED" in text and "Envelope written in CHALLENGED" in text
    for voter in VOTERS.voters:
        assert voter.name not in text
    assert "Not Listed" not in text


def test_an_opened_envelopes_ballot_is_never_linked_to_its_voter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    """Bessemer after the hearing: envelope challenges ordered opened are mixed with a
    ballot challenge and called. The decision names register numbers (the envelopes, whose
    voters the parties know); the calls name nothing, the register gives an opened
    envelope no ballot number, and the snapshot keeps only what became of each envelope."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 1)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 1)
    path = tmp_path / "hearing.station"
    request = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
    with counting(path, new=True, seal_secret=b"k" * 32) as session:
        for voter in ("100", "101"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        for voter in ("102", "103", "104"):
            session.rule_envelope(Ruling.CHALLENGED, voter)
        session.end_envelopes()
        for call in (Call.FOR, Call.CHALLENGE):
            session.record(call)
        prepare_sheet(session, request, key_fingerprint="f" * 16)
        session.decide([1, 2, 4], [3], "Regional Director")  # two envelopes and the ballot
        for call in (Call.AGAINST, Call.FOR, Call.VOID):
            session.record(call)
        session.undo()
        session.redo()
        prepare_sheet(session, request, key_fingerprint="f" * 16)
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["log", str(path), "--json"]) == 0
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    decided = next(e["seq"] for e in events if e["action"] == "decide")
    after = [e for e in events if e["seq"] > decided]
    calls = [e for e in after if e["action"] == "call"]
    assert len(calls) == 3 and all(e["target"] is None and not e["detail"] for e in calls)
    assert not any(e["action"].startswith("envelope") for e in after)
    found = detail_keys(events)
    for action, keys in found.items():
        assert keys <= MAIL_DETAIL_KEYS[action], (action, keys - MAIL_DETAIL_KEYS[action])
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["challenges", str(path), "--json"]) == 0
    rows = json.loads(out.getvalue())["challenges"]
    opened = [r for r in rows if r["stage"] == "envelope" and r["status"] == "counted"]
    assert [r["voter"]["id"] for r in opened] == ["102", "103"]
    assert all(r["ballot"] is None for r in opened)  # no place among the calls
    conn = sqlite3.connect(path)
    try:
        for (summary,) in conn.execute("SELECT summary FROM snapshots"):
            envelopes = json.loads(summary)["envelopes"]
            assert set(envelopes) == {"ended_at", "rulings", "done", "undone", "settled"}
            call_seqs = {e["seq"] for e in calls}
            assert all(
                seq not in call_seqs and status in ("withdrawn", "sustained", "ordered opened")
                for seq, status in envelopes["settled"]
            )
    finally:
        conn.close()


def test_every_key_a_station_writes_is_one_every_reader_takes() -> None:
    """The keys allowed here (what a station writes) are among the keys the rules of the
    count take (`detail_keys.DETAIL_KEYS`), which refuse any other: Station never writes
    an event that its own readers refuse."""
    for action, keys in MAIL_DETAIL_KEYS.items():
        assert keys <= RULE_KEYS[Action(action)], (action, keys - RULE_KEYS[Action(action)])
    assert {Action(action) for action in MAIL_DETAIL_KEYS} == set(RULE_KEYS)
