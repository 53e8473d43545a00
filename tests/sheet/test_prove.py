"""`station prove FOLDER --event N` gives a c2sp.org/tlog-proof of one event that
`station verify PROOF --key VKEY` checks offline; `station key FILE` prints that vkey."""

import base64
import shutil
from pathlib import Path

from station.journal import Journal
from station.sheet.checkpoint_signing import sign_head, utc_now
from station.sheet.keys import StationKey, create_key
from station.verification.checkpoints import station_vkey
from station.verification.merkle import Tree
from station.verification.proofs import HEADER
from station.verification.signed_note import (
    COSIGNATURE,
    cosigned_message,
    key_id,
    parse_note,
    signature_line,
    vkey_text,
)
from tests.sheet.helpers import station


def _vkey(exported: Path) -> str:
    code, out, err = station("key", exported)
    assert code == 0, err
    return out.splitlines()[1]


def test_key_with_a_file_prints_the_fingerprint_then_the_logs_vkey(
    signed: Journal, exported: Path, key: StationKey
) -> None:
    code, out, _ = station("key", signed.path)
    fingerprint, vkey = out.splitlines()
    assert (code, fingerprint) == (0, key.fingerprint)
    origin = (exported / "log/checkpoint").read_text().splitlines()[0]
    assert vkey.startswith(f"{origin}+") and vkey == _vkey(exported)
    assert station("key", exported)[1].splitlines()[0] == key.fingerprint
    assert station("key")[1].splitlines() == [key.fingerprint]  # what scripts read today


def _prove(exported: Path, event: int, tmp_path: Path) -> Path:
    out = tmp_path / f"event-{event}.tlog-proof"
    code, said, err = station("prove", exported, "--event", event, "--out", out)
    assert code == 0, err
    assert said.startswith(f"wrote {out}: the proof of event {event}")
    return out


def test_a_proof_names_the_event_it_proves(exported: Path, tmp_path: Path) -> None:
    proof = _prove(exported, 7, tmp_path)
    text = proof.read_text()
    lines = (exported / "journal.jsonl").read_bytes().splitlines()
    assert text.startswith(f"{HEADER}\nextra {base64.b64encode(lines[7]).decode()}\nindex 7\n")
    assert text.endswith("\n\n" + (exported / "log/checkpoint").read_text())
    code, out, err = station("verify", proof, "--key", _vkey(exported))
    assert (code, err) == (0, "")
    assert out.startswith(f"OK: {proof}: event 7 (call, ")
    assert f"of {len(lines)} entries, signed by the station's key" in out


def test_every_event_of_a_count_has_a_proof_that_holds(exported: Path) -> None:
    vkey = _vkey(exported)
    size = len((exported / "journal.jsonl").read_bytes().splitlines())
    for event in (1, size // 2, size - 1):
        code, text, _ = station("prove", exported, "--event", event)
        assert code == 0
        proof = exported.parent / f"{event}.tlog-proof"
        proof.write_text(text)
        assert station("verify", proof, "--key", vkey)[0] == 0


def _forged(proof: Path, change: "dict[str, str]") -> Path:
    text = proof.read_text()
    for old, new in change.items():
        assert old in text
        text = text.replace(old, new, 1)
    proof.write_text(text)
    return proof


def test_a_forged_proof_is_refused(exported: Path, tmp_path: Path, key: StationKey) -> None:
    vkey = _vkey(exported)
    lines = (exported / "journal.jsonl").read_bytes().splitlines()
    proof = _prove(exported, 5, tmp_path)
    original = proof.read_text()
    other_event = base64.b64encode(lines[6]).decode()
    _forged(proof, {base64.b64encode(lines[5]).decode(): other_event})
    code, _, err = station("verify", proof, "--key", vkey)
    assert code == 1
    assert err.strip().endswith(
        "the event it carries is not at index 5 of the signed log (the inclusion proof does"
        " not hold)"
    )
    proof.write_text(original)
    first_hash = original.split("\n")[3]
    _forged(proof, {first_hash: base64.b64encode(b"\0" * 32).decode()})
    assert "inclusion proof does not hold" in station("verify", proof, "--key", vkey)[2]
    # The same log signed by another key: refused with the station's vkey.
    other = create_key(tmp_path / "other.pem")
    origin = original.split("\n\n")[1].splitlines()[0]
    root = Tree(lines).root().hex()
    resigned = sign_head(other, origin, len(lines) - 1, root, utc_now()).note
    proof.write_text(original.split("\n\n")[0] + "\n\n" + resigned)
    code, _, err = station("verify", proof, "--key", vkey)
    assert code == 1 and "is signed by another key" in err
    assert station("verify", proof, "--key", station_vkey(origin, _raw(other)))[0] == 0


def _raw(key: StationKey) -> bytes:
    from station.sheet.checkpoint_signing import raw_key

    return raw_key(key.public_key)


def test_a_cosignature_is_named_as_not_checked_without_its_key(
    exported: Path, tmp_path: Path
) -> None:
    proof = _prove(exported, 3, tmp_path)
    witness = create_key(tmp_path / "witness.pem")
    text = proof.read_text()
    signed_text = text.split("\n\n")[1]
    line = signature_line(
        "witness.example",
        key_id("witness.example", COSIGNATURE, _raw(witness)),
        b"\0" * 72,
    )
    proof.write_text(text + line)
    code, out, _ = station("verify", proof, "--key", _vkey(exported))
    assert code == 0
    assert "cosigned by witness.example (NOT checked" in out
    assert signed_text


def test_what_cannot_be_proved_or_checked_is_one_line(exported: Path, tmp_path: Path) -> None:
    code, _, err = station("prove", exported, "--event", 10_000)
    assert code == 2 and "its log holds events 1 to" in err and len(err.splitlines()) == 1
    proof = _prove(exported, 2, tmp_path)
    code, _, err = station("verify", proof)
    assert code == 2 and "`station key FILE` prints it" in err
    code, _, err = station("verify", proof, "--key", "a2b1-c3")
    assert code == 2 and err.startswith("station: --key: not a verifier key")
    damaged = tmp_path / "damaged.tlog-proof"
    damaged.write_text(HEADER + "\nindex x\n\nnothing")
    code, _, err = station("verify", damaged, "--key", _vkey(exported))
    assert (code, err.strip()) == (
        1,
        f"NOT INTACT: {damaged}: is not a tlog proof (its index is not a number)",
    )
    shutil.rmtree(exported / "log")
    code, _, err = station("prove", exported, "--event", 2)
    assert code == 2 and "has no log/checkpoint" in err


def test_key_of_a_folder_whose_manifest_names_another_key_is_refused(
    exported: Path, tmp_path: Path, key: StationKey
) -> None:
    forger = create_key(tmp_path / "forger.pem")
    manifest = exported / "manifest.json"
    real = base64.b64encode(_raw(key)).decode()
    forged = manifest.read_bytes().replace(real.encode(), base64.b64encode(_raw(forger)))
    assert forged != manifest.read_bytes()
    manifest.write_bytes(forged)  # the public key replaced, the fingerprint left
    code, out, err = station("key", exported)
    assert (code, out) == (1, "")
    assert err.strip() == (
        f"NOT INTACT: {exported}: (V3, the key) manifest.json: its fingerprint does not belong"
        " to its public key"
    )
    # Signed again by the forger: still not the key the fingerprint names.
    (exported / "manifest.sig").write_text(base64.b64encode(forger.sign(forged)).decode())
    code, out, err = station("key", exported)
    assert (code, out, len(err.splitlines())) == (1, "", 1) and "(V3, the key)" in err


def test_key_of_a_folder_whose_signature_or_journal_does_not_hold_is_refused(
    exported: Path,
) -> None:
    signature = exported / "manifest.sig"
    kept = signature.read_bytes()
    signature.write_text(base64.b64encode(b"\0" * 64).decode())
    code, out, err = station("key", exported)
    assert (code, out) == (1, "") and "(V2, the signature)" in err
    signature.write_bytes(kept)
    journal = exported / "journal.jsonl"
    journal.write_bytes(journal.read_bytes().replace(b'"case_number"', b'"case_number" ', 1))
    code, out, err = station("key", exported)
    assert (code, out) == (1, "") and "journal.jsonl was changed" in err


def test_key_of_a_file_that_is_no_election_is_one_line_alone(
    exported: Path, tmp_path: Path
) -> None:
    junk = tmp_path / "junk.station"
    junk.write_bytes(b"not an election" * 10)
    proof = _prove(exported, 2, tmp_path)
    other = tmp_path / "other.db"
    import sqlite3

    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE state (x)")
    db.close()
    for path in (tmp_path / "nonexistent", junk, proof, other):
        code, out, err = station("key", path)
        assert (code, out, len(err.splitlines())) == (2, "", 1), (path, out, err)
        assert str(path) in err


def test_prove_of_an_election_file_says_to_export_it(signed: Journal) -> None:
    code, out, err = station("prove", signed.path, "--event", 3)
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"station: {signed.path}: is an election file; a proof is made from its export:"
        f" station export {signed.path} --out FOLDER, then station prove FOLDER --event N"
    )


def _witness(tmp_path: Path, name: str) -> tuple[StationKey, str]:
    witness = create_key(tmp_path / f"{name}.pem")
    return witness, vkey_text(name, COSIGNATURE, _raw(witness))


def _cosignature(proof_text: str, witness: StationKey, name: str) -> str:
    signed = parse_note(proof_text.split("\n\n", 1)[1]).text
    stamp = 1_765_000_000
    signature = stamp.to_bytes(8, "big") + witness.sign(cosigned_message(signed, stamp))
    return signature_line(name, key_id(name, COSIGNATURE, _raw(witness)), signature)


def test_a_witness_key_given_with_a_proof_asks_for_its_cosignature(
    exported: Path, tmp_path: Path
) -> None:
    vkey = _vkey(exported)
    proof = _prove(exported, 4, tmp_path)
    bare = proof.read_text()
    employer, ekey = _witness(tmp_path, "employer-witness.example")
    union, ukey = _witness(tmp_path, "union-witness.example")
    line = _cosignature(bare, employer, "employer-witness.example")
    proof.write_text(bare + line)
    code, out, err = station("verify", proof, "--key", vkey, "--witness-key", ekey)
    assert (code, err) == (0, "") and "cosigned by employer-witness.example\n" in out
    ident = f"key ID {key_id('employer-witness.example', COSIGNATURE, _raw(employer)).hex()}"
    code, out, err = station(
        "verify", proof, "--key", vkey, "--witness-key", ekey, "--witness-key", ukey
    )
    assert (code, out) == (1, "")
    assert err.strip().startswith(f"NOT OK: {proof}: the witnesses' cosignatures asked for")
    union_id = key_id("union-witness.example", COSIGNATURE, _raw(union)).hex()
    assert err.strip().endswith(f"no cosignature by union-witness.example (key ID {union_id})")
    proof.write_text(bare)  # the employer's line deleted
    code, out, err = station("verify", proof, "--key", vkey, "--witness-key", ekey)
    assert (code, out) == (1, "") and f"no cosignature by employer-witness.example ({ident})" in err
    signature = line.split()[-1]
    raw = base64.b64decode(signature)
    edited = base64.b64encode(bytes([raw[0] ^ 1]) + raw[1:]).decode()
    proof.write_text(bare + line.replace(signature, edited))  # its key ID's bytes edited
    code, out, err = station("verify", proof, "--key", vkey, "--witness-key", ekey)
    assert (code, out) == (1, "") and f"no cosignature by employer-witness.example ({ident})" in err
    proof.write_text(bare + line)
    policy = tmp_path / "policy.txt"
    policy.write_text(
        f"witness employer-witness.example {ekey}\nwitness union-witness.example {ukey}\nquorum 1\n"
    )
    code, out, _ = station("verify", proof, "--key", vkey, "--witness-policy", policy)
    assert code == 0 and out.startswith(f"OK: {proof}")
    policy.write_text(policy.read_text().replace("quorum 1", "quorum 2"))
    code, out, err = station("verify", proof, "--key", vkey, "--witness-policy", policy)
    assert (code, out) == (1, "") and "(1 of 2 verify, 2 needed)" in err
