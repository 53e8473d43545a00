"""A party's witness (`station witness --cosign`), driven over HTTP as tlog-witness says:
each status, the cosignature, the checkpoint it serves, and a fork refused after a
restart as before it."""

import base64
import hashlib
import http.client
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.journal.cosigner_state import CosignerState, StateError
from station.sheet.keys import signature_holds_raw
from station.verification.signed_note import (
    DASH,
    ED25519,
    key_id,
    parse_note,
    parse_vkey,
    signature_line,
    verified_signatures,
)
from station.witness.cosigner import MAX_BODY, open_state
from tests.witness.cosign_helpers import Log, Running, add, ask, running_witness


def cosigned_by(running: Running, note: str, answer: bytes) -> int:
    """The timestamp of the witness's cosignature in `answer`, checked on `note`."""
    vkey = parse_vkey(running.witness.vkey)
    verified = verified_signatures(parse_note(note + answer.decode()), [vkey], signature_holds_raw)
    assert len(verified) == 1 and verified[0].timestamp
    return verified[0].timestamp


@pytest.fixture
def log() -> Log:
    return Log(lines=5)


@pytest.fixture
def running(tmp_path: Path, log: Log) -> Iterator[Running]:
    with running_witness(tmp_path / "party.witness", [log.vkey], name="party.example/w1") as w:
        yield w


def test_the_first_checkpoint_is_cosigned_with_a_timestamped_cosignature(
    running: Running, log: Log
) -> None:
    note = log.head().note
    answer = add(running.url, 0, [], note)
    assert answer.status == 200
    line = answer.body.decode()
    assert line.startswith(f"{DASH}party.example/w1 ") and line.count("\n") == 1
    assert cosigned_by(running, note, answer.body) > 1_700_000_000
    assert running.witness.vkey.startswith("party.example/w1+")
    assert base64.b64decode(running.witness.vkey.split("+", 2)[2])[0] == 0x04


def test_each_next_checkpoint_is_cosigned_with_its_consistency_proof(
    running: Running, log: Log
) -> None:
    assert add(running.url, 0, [], log.head().note).status == 200
    for grown in (1, 3, 8):
        old = log.tree.size
        log.grow(grown)
        note = log.head().note
        answer = add(running.url, old, log.tree.consistency_proof(old), note)
        assert answer.status == 200, answer.body
        cosigned_by(running, note, answer.body)
    again = log.head()  # the same tree, signed later: cosigned again
    assert add(running.url, log.tree.size, [], again.note).status == 200


def test_an_old_size_that_is_not_the_last_cosigned_is_answered_with_that_size(
    running: Running, log: Log
) -> None:
    add(running.url, 0, [], log.head().note)
    log.grow(4)
    for wrong in (0, 2, 7):
        proof = log.tree.consistency_proof(wrong) if wrong else []
        answer = add(running.url, wrong, proof, log.head().note)
        assert (answer.status, answer.kind, answer.body) == (409, "text/x.tlog.size", b"5\n")


@pytest.mark.parametrize(
    "request_body",
    [
        b"old 01\n\n",
        b"old 0\nnot base64!\n\n",
        b"old 0\n" + b"AAAA\n" + b"\n",  # a line that is not a 32-byte hash
        b"old 0\n",  # no blank line, no checkpoint
        b"\xff\xfe",
        b"old 0\n\nnot a checkpoint\n",
    ],
)
def test_a_malformed_request_is_400(running: Running, request_body: bytes) -> None:
    assert ask(running.url, "POST", "/add-checkpoint", request_body).status == 400


def test_more_than_63_proof_lines_or_an_old_size_above_the_size_is_400(
    running: Running, log: Log
) -> None:
    note = log.head().note
    many = [hashlib.sha256(bytes([i])).digest() for i in range(64)]
    assert add(running.url, 1, many, note).status == 400
    assert add(running.url, 6, [], note).status == 400


def test_a_body_past_the_bound_is_refused_unread(running: Running) -> None:
    host, _, port = running.url.removeprefix("http://").partition(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.putrequest("POST", "/add-checkpoint")
        conn.putheader("Content-Length", str(MAX_BODY + 1))
        conn.endheaders()  # the body is never sent: the answer comes without it
        response = conn.getresponse()
        assert response.status == 413
        assert response.read() == f"a request body is at most {MAX_BODY:,} bytes\n".encode()
    finally:
        conn.close()


def test_a_log_not_followed_is_404(running: Running) -> None:
    other = Log("station/29-RC-288020/another")
    assert add(running.url, 0, [], other.head().note).status == 404


def test_no_signature_by_the_logs_key_or_one_that_fails_is_403(running: Running, log: Log) -> None:
    impostor = Log(log.origin, 5)  # same origin, another key: its signature is ignored
    assert add(running.url, 0, [], impostor.head().note).status == 403
    note = log.head().note
    text, _, line = note.rpartition("\n\n")
    name, signature = line.rstrip("\n")[len(DASH) :].split(" ")
    raw = bytearray(base64.b64decode(signature))
    raw[-1] ^= 1  # the log's key name and ID, a signature that fails
    forged = f"{text}\n\n{DASH}{name} {base64.b64encode(bytes(raw)).decode()}\n"
    assert add(running.url, 0, [], forged).status == 403
    assert running.witness.state.latest(log.origin) is None


def test_a_fork_is_422_and_kept_as_evidence(running: Running, log: Log) -> None:
    add(running.url, 0, [], log.head().note)
    fork = log.fork()
    assert add(running.url, 5, [], fork.head().note).status == 422  # same size, other root
    fork.grow(3)
    answer = add(running.url, 5, fork.tree.consistency_proof(5), fork.head().note)
    assert answer.status == 422  # a bigger tree, not consistent with the one cosigned
    assert len(running.said) == 2
    assert all(said.startswith("REFUSED a checkpoint of") for said in running.said)
    with sqlite3.connect(running.witness.state.path) as conn:
        kept = conn.execute("SELECT size, request FROM refused ORDER BY n").fetchall()
    conn.close()
    assert [size for size, _ in kept] == [5, 8] and fork.head().note.split("\n")[2] in kept[1][1]


def test_a_proof_from_size_0_or_an_empty_tree_with_a_root_is_422(
    running: Running, log: Log
) -> None:
    proof = [hashlib.sha256(b"x").digest()]
    assert add(running.url, 0, proof, log.head().note).status == 422
    empty = log.head(1).note.replace("\n1\n", "\n0\n", 1)  # signed again below
    text = empty.partition("\n\n")[0] + "\n"
    ident = key_id(log.origin, ED25519, log.vkey.public_key)
    note = f"{text}\n{signature_line(log.origin, ident, log.key.sign(text.encode()))}"
    assert add(running.url, 0, [], note).status == 422


def test_the_latest_cosigned_checkpoint_is_served_with_both_signatures(
    running: Running, log: Log
) -> None:
    path = f"/{hashlib.sha256(log.origin.encode()).hexdigest()}/checkpoint"
    assert ask(running.url, "GET", path).status == 404
    add(running.url, 0, [], log.head().note)
    log.grow(2)
    note = log.head().note
    add(running.url, 5, log.tree.consistency_proof(5), note)
    served = ask(running.url, "GET", path)
    assert served.status == 200
    parsed = parse_note(served.body.decode())
    assert parsed.text == parse_note(note).text
    keys = [log.vkey, parse_vkey(running.witness.vkey)]
    assert len(verified_signatures(parsed, keys, signature_holds_raw)) == 2


def test_a_restarted_witness_still_refuses_the_fork_and_cosigns_the_honest_log(
    tmp_path: Path, log: Log
) -> None:
    state = tmp_path / "party.witness"
    with running_witness(state, [log.vkey]) as first:
        vkey = first.witness.vkey
        assert add(first.url, 0, [], log.head().note).status == 200
    fork = log.fork().grow(2)
    with running_witness(state, [log.vkey]) as again:
        assert again.witness.vkey == vkey  # the same name and key
        assert add(again.url, 0, [], fork.head().note).body == b"5\n"
        assert add(again.url, 5, fork.tree.consistency_proof(5), fork.head().note).status == 422
        log.grow(2)
        note = log.head().note
        answer = add(again.url, 5, log.tree.consistency_proof(5), note)
        assert answer.status == 200
        cosigned_by(again, note, answer.body)


def test_a_state_file_of_another_name_or_kind_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "party.witness"
    open_state(state, "party.example/w1").close()
    with pytest.raises(StateError, match=r"named party\.example/w1, not party\.example/w2"):
        open_state(state, "party.example/w2")
    other = tmp_path / "other.db"
    sqlite3.connect(other).close()
    with pytest.raises(StateError, match="not a witness state file"):
        open_state(other, None)


def test_the_history_cannot_be_rewritten(tmp_path: Path, log: Log) -> None:
    state = tmp_path / "party.witness"
    with running_witness(state, [log.vkey]) as running:
        add(running.url, 0, [], log.head().note)
    conn = sqlite3.connect(state)
    try:
        for sql in ("UPDATE cosigned SET size = 1", "DELETE FROM cosigned", "DELETE FROM meta"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(sql)
    finally:
        conn.close()
    reopened = CosignerState.open(state)
    try:
        latest = reopened.latest(log.origin)
        assert latest is not None and latest.size == 5
    finally:
        reopened.close()


def test_two_witnesses_on_one_state_file_never_both_advance_from_one_size(
    tmp_path: Path, log: Log
) -> None:
    """Each request reads the latest checkpoint inside its own write transaction, so a
    second process on the file (or a request racing another) sees what the first kept."""
    state = tmp_path / "party.witness"
    with running_witness(state, [log.vkey]) as first, running_witness(state, [log.vkey]) as second:
        assert add(first.url, 0, [], log.head().note).status == 200
        log.grow(3)
        assert add(first.url, 5, log.tree.consistency_proof(5), log.head().note).status == 200
        answer = add(second.url, 5, log.tree.consistency_proof(5, 7), log.head(7).note)
        assert (answer.status, answer.body) == (409, b"8\n")  # not rolled back to 7
        assert add(second.url, 0, [], log.head().note).body == b"8\n"


def test_racing_requests_from_one_size_cosign_one_and_answer_409_to_the_rest(
    running: Running, log: Log
) -> None:
    add(running.url, 0, [], log.head().note)
    log.grow(8)
    start = threading.Barrier(8)
    answers: dict[int, int] = {}

    def send(size: int) -> None:
        request = (5, log.tree.consistency_proof(5, size), log.head(size).note)
        start.wait()
        answers[size] = add(running.url, *request).status

    threads = [threading.Thread(target=send, args=(size,)) for size in range(6, 14)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    won = [size for size, status in answers.items() if status == 200]
    assert len(won) == 1 and sorted(answers.values()) == [200] + [409] * 7
    latest = running.witness.state.latest(log.origin)
    assert latest is not None and latest.size == won[0]
