"""A tlog proof holds only for the event it carries, under a checkpoint signed by the
station's key; a witness's cosignature is checked with the witness's key when given."""

import base64
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.sheet.checkpoint_signing import raw_key, sign_head
from station.sheet.keys import StationKey, signature_holds_raw
from station.verification.checkpoints import station_vkey
from station.verification.merkle import Tree
from station.verification.proofs import BadProof, check_proof, proof_text
from station.verification.signed_note import (
    COSIGNATURE,
    cosigned_message,
    key_id,
    parse_note,
    parse_vkey,
    signature_line,
    vkey_text,
)

ORIGIN = "station/29-RC-1/e"
LINES = [b'{"election":{}}'] + [
    b'{"action":"call","seq":%d,"utc":"2026-12-07T05:00:%02dZ"}' % (i, i) for i in range(1, 40)
]


def _key() -> StationKey:
    return StationKey(Path("unused.pem"), Ed25519PrivateKey.generate())


def _proof(key: StationKey, index: int) -> str:
    tree = Tree(LINES)
    note = sign_head(key, ORIGIN, len(LINES) - 1, tree.root().hex(), "2026-12-07T05:01:00.000000Z")
    return proof_text(LINES[index], index, tree.inclusion_proof(index), note.note)


def _cosigned(
    proof: str, witness: Ed25519PrivateKey, name: str, signer: Ed25519PrivateKey | None = None
) -> str:
    """The proof with `witness`'s cosignature line (made by `signer`: a forgery)."""
    text = parse_note(proof.split("\n\n", 1)[1]).text
    stamp = 1_765_000_000
    signer = signer or witness
    signature = stamp.to_bytes(8, "big") + signer.sign(cosigned_message(text, stamp))
    ident = key_id(name, COSIGNATURE, raw_key(witness.public_key()))
    return proof + signature_line(name, ident, signature)


def test_a_proof_holds_for_its_event_and_names_who_cosigned() -> None:
    key = _key()
    vkey = station_vkey(ORIGIN, raw_key(key.public_key))
    witness = Ed25519PrivateKey.generate()
    proof = _cosigned(_proof(key, 12), witness, "witness.example")
    proven = check_proof(proof, vkey, signature_holds_raw)
    assert (proven.seq, proven.action, proven.utc, proven.size) == (
        12,
        "call",
        "2026-12-07T05:00:12Z",
        40,
    )
    assert [(c.name, c.checked) for c in proven.cosigners] == [("witness.example", False)]
    wkey = vkey_text("witness.example", COSIGNATURE, raw_key(witness.public_key()))
    checked = check_proof(proof, vkey, signature_holds_raw, [parse_vkey(wkey)])
    assert [(c.name, c.checked) for c in checked.cosigners] == [("witness.example", True)]
    assert checked.witnesses is not None and checked.witnesses.ok
    forged = _cosigned(_proof(key, 12), witness, "witness.example", Ed25519PrivateKey.generate())
    falsely = check_proof(forged, vkey, signature_holds_raw, [parse_vkey(wkey)]).witnesses
    assert falsely is not None and not falsely.ok
    assert [v.name for v in falsely.failed] == ["witness.example"]


def test_a_witness_key_given_asks_for_its_cosignature() -> None:
    key = _key()
    vkey = station_vkey(ORIGIN, raw_key(key.public_key))
    employer, union = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    ekey = parse_vkey(vkey_text("employer.example", COSIGNATURE, raw_key(employer.public_key())))
    ukey = parse_vkey(vkey_text("union.example", COSIGNATURE, raw_key(union.public_key())))
    bare = _proof(key, 12)
    cosigned = _cosigned(bare, employer, "employer.example")
    for proof, keys in ((bare, [ekey]), (cosigned, [ekey, ukey])):  # deleted; never cosigned
        checked = check_proof(proof, vkey, signature_holds_raw, keys).witnesses
        assert checked is not None and not checked.ok
        assert [v.name for v in checked.missing] == [keys[-1].name]
    line = cosigned[len(bare) :]
    ident = base64.b64decode(line.split()[-1])
    edited = bare + line.replace(
        line.split()[-1], base64.b64encode(bytes([ident[0] ^ 1]) + ident[1:]).decode()
    )
    checked = check_proof(edited, vkey, signature_holds_raw, [ekey]).witnesses
    assert checked is not None and [v.name for v in checked.missing] == ["employer.example"]
    one_of_two = check_proof(cosigned, vkey, signature_holds_raw, [ekey, ukey], 1).witnesses
    assert one_of_two is not None and one_of_two.ok


def test_a_proof_of_one_index_does_not_hold_at_another() -> None:
    key = _key()
    vkey = station_vkey(ORIGIN, raw_key(key.public_key))
    proof = _proof(key, 12).replace("index 12", "index 13")
    with pytest.raises(BadProof, match="not at index 13 of the signed log"):
        check_proof(proof, vkey, signature_holds_raw)
    with pytest.raises(BadProof, match="is signed by another key"):
        check_proof(_proof(_key(), 12), vkey, signature_holds_raw)
