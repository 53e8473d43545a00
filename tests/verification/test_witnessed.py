"""The sheet's witnessed checkpoint checked without a file: origin, size, root, the
station's signature and each cosignature line's form, and whose cosignatures hold."""

import base64
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.sheet.checkpoint_signing import raw_key, sign_head
from station.sheet.keys import StationKey, signature_holds_raw
from station.verification.merkle import Tree
from station.verification.signed_note import parse_vkey
from station.verification.witnessed import (
    WitnessedProblem,
    checked_witnesses,
    cosigned_note,
    witnessed_problem,
    witnesses,
)
from tests.sheet.helpers import party_witness

ORIGIN = "station/29-RC-288020/cc57eca3"
LINES = [b'{"election":{}}', b'{"seq":1}', b'{"seq":2}']
ROOT = Tree(LINES).root()
A, B, C = (party_witness(name, n) for n, name in enumerate(("a.example", "b", "c"), 1))
STATION = StationKey(Path("k.pem"), Ed25519PrivateKey.from_private_bytes(bytes([9]) * 32))
PUBLIC = raw_key(STATION.public_key)


def _note(*lines: str, root: bytes = ROOT, origin: str = ORIGIN, seq: int = 2) -> str:
    head = sign_head(STATION, origin, seq, root.hex(), "2026-11-03T14:00:00.000000Z")
    text = head.note.split("\n\n")[0] + "\n"
    cosigned = [w.cosign(text, 1_793_800_000 + n) for n, w in enumerate((A, B))]
    return head.note + "".join(cosigned) + "".join(lines)


def _problem(fact: object, size: int = 3, root: bytes = ROOT) -> str | None:
    return witnessed_problem(
        fact, origin=ORIGIN, size=size, root=root, raw_public_key=PUBLIC, holds=signature_holds_raw
    )


def _recorded(note: str, **changes: object) -> str:
    given: dict[str, object] = {
        "origin": ORIGIN,
        "size": 3,
        "root": ROOT,
        "raw_public_key": PUBLIC,
        "holds": signature_holds_raw,
    }
    return cosigned_note(note, **{**given, **changes})  # type: ignore[arg-type]


def test_a_checkpoint_cosigned_by_two_witnesses_is_recorded_and_holds() -> None:
    fact = _recorded(_note())
    assert _problem(fact) is None
    assert [(w.name, w.timestamp) for w in witnesses(fact)] == [
        ("a.example", 1_793_800_000),
        ("b", 1_793_800_001),
    ]


def test_lines_that_are_no_cosignature_and_repeats_are_left_out() -> None:
    note = _note()
    repeated = note.splitlines(keepends=True)[-1]
    plain = f"\u2014 junk {base64.b64encode(bytes(4) + bytes([1]) * 64).decode()}\n"  # no time
    zero = f"\u2014 zero {base64.b64encode(bytes(4 + 72)).decode()}\n"  # its time 0
    fact = _recorded(note + repeated + plain + zero)
    assert fact == note


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"size": 4}, "is of 3 entries (events 1-2); the sheet certifies events 1-3"),
        ({"root": bytes(32)}, "root is not the root of journal.jsonl's first 3 lines"),
        ({"origin": "station/1-RC-1/x"}, "a signed head of another election"),
        ({"raw_public_key": raw_key(A.private_key.public_key())}, "signed by another key"),
    ],
)
def test_a_checkpoint_not_the_sheets_is_not_recorded(changes: dict[str, object], said: str) -> None:
    with pytest.raises(WitnessedProblem, match=said.replace("(", r"\(").replace(")", r"\)")):
        _recorded(_note(), **changes)


def test_a_cosignature_out_of_form_or_a_second_station_line_is_refused() -> None:
    note = _note()
    station_line = note.split("\n\n")[1].splitlines(keepends=True)[0]
    assert "the station's signature twice" in str(_problem(note + station_line))
    text, _, rest = note.partition("\n\n")
    assert "does not begin with the station's signature" in str(
        _problem(text + "\n\n" + "".join(reversed(rest.splitlines(keepends=True))))
    )
    assert _problem(12) == "its witnessed checkpoint is not a signed note"
    assert "has no cosignature" in str(_problem(text + "\n\n" + station_line))


def test_only_the_keys_given_say_whose_cosignatures_hold() -> None:
    fact = _recorded(_note())
    keys = [parse_vkey(w.vkey) for w in (A, B, C)]
    checked = checked_witnesses(fact, keys, 2, signature_holds_raw)
    assert (checked.ok, checked.verified, checked.missing) == (True, tuple(keys[:2]), (keys[2],))
    assert not checked_witnesses(fact, keys, 3, signature_holds_raw).ok
    assert checked_witnesses(None, keys[:1], 1, signature_holds_raw).missing == (keys[0],)
