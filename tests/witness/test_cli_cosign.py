"""`station witness --cosign` and `station serve --witness`: a party's witness run as a
command, restarted as the same witness; each argument that is wrong is one line, exit 2,
and leaves nothing made."""

import os
import signal
import socket
import sqlite3
import threading
from pathlib import Path

import pytest

from station.cli import main
from station.journal import Journal
from station.sheet.checkpoint_signing import election_vkey
from station.sheet.keys import key_for_signing, signature_holds_raw
from station.verification.checkpoints import origin_of
from station.verification.signed_note import parse_note, parse_vkey, verified_signatures
from station.witness.serve import FeedSource
from tests.sheet.helpers import count_calls, party_witness
from tests.witness.c2sp_witness import SpecServer, SpecWitness
from tests.witness.cosign_helpers import Log, add, cosigned_within, running_witness
from tests.witness.helpers import Running, station

pytestmark = pytest.mark.long  # served counts and witness processes: seconds


def one_line_exit_2(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    assert main([str(arg) for arg in args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def cosigning(state: Path, log: Log, *more: str) -> Running:
    return Running(
        *station("witness", "--cosign", state, "--log", log.vkey.text, "--port", "0", *more)
    )


def test_a_party_witness_cosigns_and_is_the_same_witness_after_a_restart(
    tmp_path: Path,
) -> None:
    log = Log(lines=4)
    state = tmp_path / "party.witness"
    first = cosigning(state, log, "--name", "party.example/w1")
    vkey = first.wait_for(lambda line: line.startswith("party.example/w1+"))
    url = first.wait_for(lambda line: line.startswith("cosigning at ")).split()[2]
    assert parse_vkey(vkey).kind == 0x04
    assert add(url, 0, [], log.head().note).status == 200
    assert first.stop(signal.SIGTERM) == 128 + signal.SIGTERM
    fork = log.fork().grow(1)
    again = cosigning(state, log)
    assert again.wait_for(lambda line: "+" in line) == vkey
    url = again.wait_for(lambda line: line.startswith("cosigning at ")).split()[2]
    answer = add(url, 4, fork.tree.consistency_proof(4), fork.head().note)
    assert answer.status == 422
    again.wait_for(lambda line: line.startswith("REFUSED a checkpoint of"))
    log.grow(1)
    assert add(url, 4, log.tree.consistency_proof(4), log.head().note).status == 200
    assert again.stop() in (0, 130, -signal.SIGINT)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--log", "not-a-key"], "--log: not a verifier key"),
        (["--log", SpecWitness("w.example/w", {}).vkey], "a witness's key (type 0x04)"),
        ([], "--cosign needs the station's key for the count: --log VKEY"),
        (["--name", "two words"], "is not a key name (no spaces, no '+')"),
        (["URL"], "it takes no feed URL, --out or --key"),
    ],
)
def test_a_wrong_witness_argument_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    state = tmp_path / "party.witness"
    log = Log()
    if args == [] or args[0] in ("--name", "URL"):
        args = ([] if args == [] else ["--log", log.vkey.text]) + (
            ["http://127.0.0.1:1/"] if args == ["URL"] else args
        )
    assert said in one_line_exit_2(capsys, "witness", "--cosign", state, *args)
    assert not state.exists()


def test_a_state_file_of_another_kind_or_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], election_file: Path
) -> None:
    vkey = Log().vkey.text
    other = tmp_path / "other.db"
    sqlite3.connect(other).close()
    for path in (other, election_file):
        err = one_line_exit_2(capsys, "witness", "--cosign", path, "--log", vkey)
        assert "not a witness state file" in err
    state = tmp_path / "party.witness"
    first = cosigning(state, Log(), "--name", "party.example/w1")
    first.wait_for(lambda line: line.startswith("cosigning at "))
    first.stop()
    err = one_line_exit_2(
        capsys, "witness", "--cosign", state, "--log", vkey, "--name", "party.example/w2"
    )
    assert "the state of the witness named party.example/w1, not party.example/w2" in err


def test_an_election_file_given_as_state_is_left_byte_for_byte(
    journal: Journal, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A station that stopped mid-count leaves a -wal beside its file: reading it as a
    state file must not merge that -wal into the file."""
    count_calls(journal, 5)
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for end in ("", "-wal"):
        Path(f"{crashed / journal.path.name}{end}").write_bytes(
            Path(f"{journal.path}{end}").read_bytes()
        )
    files = {p.name: p.read_bytes() for p in crashed.iterdir()}
    assert files[f"{journal.path.name}-wal"]
    err = one_line_exit_2(
        capsys, "witness", "--cosign", crashed / journal.path.name, "--log", Log().vkey.text
    )
    assert "not a witness state file" in err
    assert {p.name: p.read_bytes() for p in crashed.iterdir()} == files


def test_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        err = one_line_exit_2(
            capsys,
            "witness",
            "--cosign",
            tmp_path / "w",
            "--log",
            Log().vkey.text,
            "--port",
            port,
        )
    finally:
        taken.close()
    assert f"cannot listen on 127.0.0.1:{port}" in err
    assert list(tmp_path.iterdir()) == []  # no witness made that no one can reach


def test_the_followers_form_still_needs_its_url_and_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "give the feed's URL" in one_line_exit_2(capsys, "witness", "--out", tmp_path / "w")
    assert "--out FILE is needed" in one_line_exit_2(capsys, "witness", "http://h:1/?token=x")
    err = one_line_exit_2(capsys, "witness", "http://h:1/", "--out", tmp_path / "w", "--log", "k")
    assert "--log is for a party's witness: give --cosign FILE too" in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--witness", "http://127.0.0.1:8766"], "`station witness --cosign` prints at start"),
        (["--witness-key", "VKEY"], "--witness-key without --witness"),
        (["--witness", "http://h:1", "--witness-key", "nope"], "--witness-key: not a verifier"),
        (["--witness", "h:1", "--witness-key", "VKEY"], "is not a witness's address"),
        (["--witness", "http://h:1", "--witness-key", "LOG"], "a log's key (type 0x01)"),
        (
            ["--witness", "http://h:1", "--witness-key", "VKEY", "--witness-key", "VKEY"],
            "--witness-key: the same key is given twice",
        ),
        (
            ["--witness", "http://h:1", "--witness", "http://h:1/", "--witness-key", "VKEY"],
            "--witness: the same URL is given twice",
        ),
    ],
)
def test_a_wrong_serve_witness_argument_is_one_line(
    election_file: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    keys = {"VKEY": SpecWitness("w.example/w", {}).vkey, "LOG": Log().vkey.text}
    args = [keys.get(arg, arg) for arg in args]
    assert said in one_line_exit_2(capsys, "serve", election_file, "--port", "0", *args)
    assert not Path(f"{election_file}.cosigned").exists()


def test_each_head_signed_is_handed_to_the_feeds_hooks(journal: Journal) -> None:
    source = FeedSource(journal.path, key_for_signing(), moved_every_s=0)
    try:
        told: list[str] = []
        source.on_head.append(lambda head: told.append(head.note))
        count_calls(journal, 3)
        source.poll_once()
        assert len(told) == 1 and told[0] == source.heads[-1].note
        assert source.heads[-1].seq == journal.head_seq
    finally:
        source.stop()


def count_vkey(journal: Journal) -> str:
    """The station's verifier key for the count: the child signs with this same key
    (the test's home), under the count's origin."""
    election = journal.election
    origin = origin_of(election.setup.case_number, election.election_id)
    return election_vkey(key_for_signing(), origin)


def served_count(journal: Journal, *witness_args: str) -> Running:
    """`station serve` of the journal in a child, with the witnesses given."""
    return Running(*station("serve", journal.path, "--port", "0", *witness_args))


@pytest.mark.long  # a `station serve` child: seconds
def test_serve_prints_the_stations_key_for_the_witnesses_log(journal: Journal) -> None:
    vkey = count_vkey(journal)
    child = served_count(journal)
    said = child.wait_for(lambda line: line.startswith("the station's key for this count"))
    assert said.endswith(f": {vkey}")
    assert child.stop(signal.SIGTERM) == 128 + signal.SIGTERM


def test_a_served_count_is_cosigned_by_a_spec_witness_and_a_partys_own(
    journal: Journal, tmp_path: Path
) -> None:
    vkey = count_vkey(journal)
    log_vkey = parse_vkey(vkey)
    spec = SpecWitness("spec.example/witness", {log_vkey.name: vkey})
    spec_server = SpecServer(spec)
    thread = threading.Thread(target=spec_server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        with running_witness(tmp_path / "party.witness", [log_vkey]) as own:
            child = served_count(
                journal,
                *("--witness", spec_server.url, "--witness-key", spec.vkey),
                *("--witness", own.url, "--witness-key", own.witness.vkey),
            )
            child.wait_for(lambda line: line.startswith("sending each new checkpoint"))
            count_calls(journal, 12)
            size = journal.head_seq + 1
            note = cosigned_within(journal.path, log_vkey.name, size, 2)
            child.stop(signal.SIGTERM)
    finally:
        spec_server.shutdown()
        spec_server.server_close()
        thread.join()
    keys = [log_vkey, parse_vkey(spec.vkey), parse_vkey(own.witness.vkey)]
    assert len(verified_signatures(parse_note(note), keys, signature_holds_raw)) == 3


@pytest.mark.long  # a `station serve` child each: seconds
@pytest.mark.parametrize("named_again", [False, True])
def test_serve_sends_to_the_witnesses_a_policy_file_names(
    journal: Journal, tmp_path: Path, named_again: bool
) -> None:
    log_vkey = parse_vkey(count_vkey(journal))
    with running_witness(tmp_path / "party.witness", [log_vkey], "union.example/w") as own:
        policy = tmp_path / "witnesses.policy"
        policy.write_text(
            f"# the union's witness\nwitness union {own.witness.vkey} {own.url}\nquorum 1\n"
        )
        again = ["--witness", f"{own.url}/", "--witness-key", own.witness.vkey]
        child = served_count(journal, "--witness-policy", str(policy), *again * named_again)
        child.wait_for(lambda line: line.startswith("sending each new checkpoint"))
        count_calls(journal, 5)
        note = cosigned_within(journal.path, log_vkey.name, journal.head_seq + 1, 1)
        child.stop(signal.SIGTERM)
    assert "\n\u2014 union.example/w " in note
    sending = [line for line in child.lines if line.startswith("sending each new checkpoint")]
    assert sending == [f"sending each new checkpoint to witness {own.url}"]  # the same, once


def test_a_policy_naming_no_witness_url_is_one_line(
    capsys: pytest.CaptureFixture[str], journal: Journal, tmp_path: Path
) -> None:
    policy = tmp_path / "witnesses.policy"
    policy.write_text(f"witness union {party_witness('union.example/w', 2).vkey}\n")
    err = one_line_exit_2(capsys, "serve", journal.path, "--witness-policy", policy)
    assert str(policy) in err and "names no witness's URL" in err


def test_a_refusal_is_written_at_once_when_the_output_is_piped(tmp_path: Path) -> None:
    """A party watching its witness's log file (or a pipe) sees a fork when it comes,
    not when the witness stops."""
    log = Log(lines=5)
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    child = Running(
        *station("witness", "--cosign", tmp_path / "w", "--log", log.vkey.text, "--port", "0"),
        env=buffered,
    )
    line = child.wait_for(lambda line: line.startswith("cosigning at http://"))
    url = line.split()[2]
    assert add(url, 0, [], log.head().note).status == 200
    assert add(url, 5, [], log.fork().head().note).status == 422
    said = child.wait_for(lambda line: line.startswith("REFUSED"), timeout=10)
    assert "at size 5" in said
    child.stop(signal.SIGTERM)
