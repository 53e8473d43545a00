"""A witness policy read line by line: the witnesses, the quorum, and one line per mistake."""

import pytest

from station.verification.signed_note import ED25519, vkey_text
from station.verification.witness_policy import PolicyError, parse_policy, witness_key
from tests.sheet.helpers import party_witness

A, B, C = (party_witness(name, n) for n, name in enumerate(("a.example", "b", "c"), 1))


def test_a_policy_names_its_witnesses_their_urls_and_its_quorum() -> None:
    policy = parse_policy(
        f"# ours\n\nwitness alpha {A.vkey} https://a.example/w  # the employer's\n"
        f"witness beta {B.vkey}\nwitness gamma {C.vkey}\nquorum 2\n"
    )
    assert [(w.name, w.vkey.name, w.url) for w in policy.witnesses] == [
        ("alpha", "a.example", "https://a.example/w"),
        ("beta", "b", None),
        ("gamma", "c", None),
    ]
    assert policy.quorum == 2


def test_without_a_quorum_every_witness_is_needed() -> None:
    assert parse_policy(f"witness alpha {A.vkey}\nwitness beta {B.vkey}\n").quorum == 2


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (f"witness alpha {A.vkey}\nquorom 1\n", "line 2: 'quorom' is not a policy statement"),
        (f"witness alpha {A.vkey}\nquorum 2\n", "quorum 2, but the policy names 1 witness ("),
        (f"witness alpha {A.vkey}\nwitness beta {B.vkey}\nquorum 0\n", "names 2 witnesses"),
        (f"witness alpha {A.vkey}\nquorum two\n", "line 2: write it as: quorum K"),
        (f"witness alpha {A.vkey}\nquorum 1\nquorum 1\n", "line 3: a second quorum"),
        (f"witness alpha {A.vkey}\nwitness alpha {B.vkey}\n", "line 2: the witness 'alpha' is"),
        (f"witness alpha {A.vkey}\nwitness beta {A.vkey}\n", "line 2: the key of 'alpha' is"),
        (f"witness alpha {A.vkey} ftp://x\n", "line 1: 'ftp://x' is not a witness's URL"),
        ("witness alpha\n", "line 1: write it as: witness NAME VKEY [URL]"),
        ("witness alpha a+b+c\n", "line 1: not a verifier key"),
        ("# nothing\n", "names no witness"),
    ],
)
def test_a_bad_policy_is_one_line_naming_its_line(text: str, said: str) -> None:
    with pytest.raises(PolicyError) as refused:
        parse_policy(text, "p.policy")
    assert str(refused.value).startswith("p.policy")
    assert said in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_station_key_is_no_witness_key() -> None:
    station = vkey_text("station/1-RC-1/x", ED25519, bytes(32))
    with pytest.raises(PolicyError, match="is a log's key"):
        witness_key(station)
    with pytest.raises(PolicyError, match=r"line 1: .* is a log's key"):
        parse_policy(f"witness s {station}\n")
