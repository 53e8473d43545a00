"""`verify FOLDER|FILE --witness FILE`: the station held to every head a witness saw signed."""

import json
import sqlite3
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import create_key
from station.witness.heads import sign_head
from station.witness.statements import witness_held
from station.witness.store import WitnessFile
from tests.journal.helpers import restore_guards, tamper
from tests.sheet.helpers import sign
from tests.witness.helpers import Served, forged_witness, verify, witness_into

pytestmark = pytest.mark.long  # witnessed exports made and verified: seconds


def test_an_export_holding_every_witnessed_head_passes(
    witnessed: tuple[Path, Path], served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, wfile = witnessed
    assert verify(folder, "--key", served.key.fingerprint, "--witness", wfile) == 0
    out = capsys.readouterr().out
    assert "OK: holds all 3 heads" in out
    assert f"the last at event {served.journal.head_seq:,}" in out
    assert verify(served.journal.path, "--witness", wfile) == 0
    assert "the key NOT checked against a fingerprint" in capsys.readouterr().out
    assert verify(served.journal.path, "--key", served.key.fingerprint, "--witness", wfile) == 0
    assert "NOT checked" not in capsys.readouterr().out


def test_the_count_going_on_after_the_exported_sheet_is_no_forgery(
    witnessed: tuple[Path, Path], served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, wfile = witnessed
    served.journal.append(Action.REOPEN, detail={"reason": "recount pile 3"})
    served.journal.append(Action.CALL, Call.FOR)
    exported_end = served.journal.head_seq - 2
    witness_into(served, wfile).store.close()  # type: ignore[union-attr]
    assert verify(folder, "--witness", wfile) == 0
    out = capsys.readouterr().out
    assert "holds all" not in out  # it holds 3 of the 4: the 4th is after its end
    assert (
        f"OK: holds the 3 heads {wfile} saw signed by key {served.key.fingerprint} up to its"
        f" end (event {exported_end:,}), in order; the 1 head signed after it, at event"
        f" {served.journal.head_seq:,} ("
    ) in out
    assert "), follows on from its end: the count went on, and the witness holds those" in out


def rewritten_export(served: Served, tmp_path: Path, keep: int) -> Path:
    """The same election rewritten after event `keep`, signed and exported with the same key."""
    copy = tmp_path / "rewritten.station"
    with sqlite3.connect(copy) as target:
        served.journal.backup_to(target)
    target.close()
    tamper(copy, f"DELETE FROM events WHERE seq > {keep}", "DELETE FROM snapshots")
    restore_guards(copy)
    journal = Journal.open(copy)
    try:
        journal.start_session()
        for _ in range(12):
            journal.append(Action.CALL, Call.AGAINST)
        sign(journal, served.key)
        folder = tmp_path / "rewritten-export"
        export_sheet(journal, journal.restore(trust_snapshots=False), folder, served.key)
    finally:
        journal.close()
    return folder


def test_an_export_of_a_rewritten_count_fails_naming_the_first_head_it_lacks(
    witnessed: tuple[Path, Path], served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, wfile = witnessed
    forged = rewritten_export(served, tmp_path, keep=10)
    assert verify(forged, "--key", served.key.fingerprint) == 0  # intact on its own
    capsys.readouterr()
    assert verify(forged, "--key", served.key.fingerprint, "--witness", wfile) == 1
    err = capsys.readouterr().err
    with WitnessFile.open(wfile, read_only=True) as witness:
        first_lost = int([note for note, _ in witness.heads()][1].split("\n")[1]) - 1
    assert f"lacks the head the witness saw signed at event {first_lost:,}" in err


def test_an_export_the_witness_disproves_leads_with_the_verdict_and_says_no_ok(
    witnessed: tuple[Path, Path], served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reader of the screen or a log must not see OK about an export the witness
    disproves: the verdict comes first, on both streams, and nothing reads as OK."""
    _, wfile = witnessed
    forged = rewritten_export(served, tmp_path, keep=10)
    for record in (forged, tmp_path / "rewritten.station"):  # the export, and its file
        assert verify(record, "--key", served.key.fingerprint, "--witness", wfile) == 1
        out, err = capsys.readouterr()
        assert "OK" not in out and "match the journal" not in out, out
        assert err.startswith("NOT INTACT: "), err
        assert "OK" not in err, err


@pytest.mark.parametrize(
    ("statements", "problem"),
    [
        (["UPDATE events SET call = 'void' WHERE seq = 5"], "event 5 was altered"),
        (
            [
                "UPDATE events SET seq = -1 WHERE seq = 4",
                "UPDATE events SET seq = 4 WHERE seq = 5",
                "UPDATE events SET seq = 5 WHERE seq = -1",
            ],
            "event 4 does not chain",
        ),
        (["DELETE FROM events WHERE seq = 6"], "event 6 is missing"),
        (
            [
                "INSERT INTO events SELECT seq + 1000, utc, mono_ns, session, action, call,"
                " target, detail, prev_hash, hash FROM events WHERE seq = 3"
            ],
            "is missing",
        ),
    ],
    ids=["altered", "reordered", "dropped", "invented"],
)
def test_a_forged_witness_file_is_caught(
    witnessed: tuple[Path, Path],
    statements: list[str],
    problem: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, wfile = witnessed
    forged_witness(wfile, *statements)
    assert verify(folder, "--witness", wfile) == 1
    assert problem in capsys.readouterr().err


def test_a_witnessed_head_signed_by_another_key_is_caught(
    witnessed: tuple[Path, Path], served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, wfile = witnessed
    other = create_key(tmp_path / "other.pem")
    head = served.journal.head_seq
    root = served.source.tree.root(head + 1).hex()
    note = sign_head(other, served.source.origin, head, root, "2099-01-01T00:00:00.000000Z").note
    forged_witness(
        wfile,
        f"INSERT INTO heads (seq, root, time, note, received_utc) VALUES ({head}, '', '', '{note}', '')",
    )
    assert verify(folder, "--witness", wfile) == 1
    assert "signed by another key" in capsys.readouterr().err


def test_a_replayed_old_head_in_the_witness_file_is_caught(
    witnessed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, wfile = witnessed
    forged_witness(
        wfile,
        "INSERT INTO heads (seq, root, time, note, received_utc)"
        " SELECT seq, root, time, note, received_utc FROM heads WHERE n = 1",
    )
    assert verify(folder, "--witness", wfile) == 1
    assert "a replayed head" in capsys.readouterr().err


def test_the_witness_file_refuses_changes(witnessed: tuple[Path, Path]) -> None:
    _, wfile = witnessed
    conn = sqlite3.connect(wfile)
    try:
        for statement in ("UPDATE events SET call = 'for'", "DELETE FROM heads"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(statement)
    finally:
        conn.close()


def test_a_witness_resumes_only_from_an_intact_file(
    witnessed: tuple[Path, Path], served: Served
) -> None:
    _, wfile = witnessed
    forged_witness(wfile, "UPDATE events SET call = 'void' WHERE seq = 5")
    store = WitnessFile.open(wfile)
    try:
        follower = served.follow(store=store)
        assert follower.broken is not None
        assert "event 5 was altered" in follower.broken
    finally:
        store.close()


def test_the_feed_serves_what_the_signed_export_holds_and_nothing_more(
    witnessed: tuple[Path, Path], served: Served
) -> None:
    folder, _ = witnessed
    exported = [json.loads(line) for line in (folder / "journal.jsonl").read_bytes().splitlines()]
    follower = served.follow()
    answer = follower.request(0, None, 0)
    sheet_seq = len(exported) - 1
    assert answer["events"][:sheet_seq] == exported[1:]
    assert {"election": served.source.setup_doc["election"]} == exported[0]
    manifest = json.loads((folder / "manifest.json").read_bytes())
    assert served.source.setup_doc["public_key"] == manifest["public_key"]
    assert sorted(served.source.setup_doc) == ["election", "format", "key", "origin", "public_key"]


def test_the_witness_file_holds_only_the_known_tables_and_columns(
    witnessed: tuple[Path, Path],
) -> None:
    """Secrecy: a witness keeps what the signed export holds (its events, as they are),
    the signed heads and where it followed them; nothing else can enter it."""
    _, wfile = witnessed
    conn = sqlite3.connect(wfile)
    try:
        tables = {
            name: [column[1] for column in conn.execute(f"PRAGMA table_info({name})")]
            for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        meta = sorted(name for (name,) in conn.execute("SELECT name FROM meta"))
    finally:
        conn.close()
    assert tables == {
        "meta": ["name", "value"],
        "events": [
            "seq", "utc", "mono_ns", "session", "action", "call", "target", "detail",
            "prev_hash", "hash",
        ],
        "heads": ["n", "seq", "root", "time", "note", "received_utc"],
    }  # fmt: skip
    assert meta == ["election", "format", "public_key", "url"]


def test_the_last_head_stored_twice_is_named_as_such(
    witnessed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Two witnesses on one file (now refused) stored each head twice; `verify` said the
    second copy was "older than" the first, identical one."""
    folder, wfile = witnessed
    forged_witness(
        wfile,
        "INSERT INTO heads (seq, root, time, note, received_utc)"
        " SELECT seq, root, time, note, received_utc FROM heads WHERE n = (SELECT MAX(n) FROM heads)",
    )
    assert verify(folder, "--witness", wfile) == 1
    err = capsys.readouterr().err
    assert "is there twice: a replayed head" in err and "older than" not in err


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE meta SET value = 'x' WHERE name = 'election'",
        "UPDATE meta SET value = '[1,2]' WHERE name = 'election'",
        "UPDATE meta SET value = '{}' WHERE name = 'election'",
        "DELETE FROM meta WHERE name = 'election'",
        "DELETE FROM meta WHERE name = 'public_key'",
    ],
)
def test_a_witness_files_meta_edited_is_one_line_never_a_traceback(
    witnessed: tuple[Path, Path], capsys: pytest.CaptureFixture[str], statement: str
) -> None:
    """An edited election row must not end `verify --witness` (or `station witness
    --out`) in a JSONDecodeError, an AssertionError or a KeyError."""
    folder, wfile = witnessed
    conn = sqlite3.connect(wfile)
    conn.execute("DROP TRIGGER meta_no_update")
    conn.execute("DROP TRIGGER meta_no_delete")
    conn.execute(statement)
    conn.commit()
    conn.close()
    code = verify(folder, "--witness", wfile)
    err = capsys.readouterr().err
    assert code in (1, 2) and "Traceback" not in err and err.count("\n") == 1, err


def test_heads_all_after_the_records_end_are_not_said_to_be_held() -> None:
    said = witness_held("w.witness", "K", 77, 77, 120, (500, "T"))
    assert said == (
        "OK: w.witness saw no head signed by key K up to its end (event 120); the 77 heads"
        " signed after it, the last at event 500 (T), follow on from its end: the count"
        " went on, and the witness holds those events"
    )
