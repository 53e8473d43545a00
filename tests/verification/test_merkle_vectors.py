"""`merkle` against the RFC 6962 known answers of transparency-dev/merkle (Go's reference
for tlog proofs): the roots of the 8-leaf test tree at every size, and the inclusion and
consistency probes its own verifier is tested with, good and bad alike.

The vectors are copied whole into merkle_vectors.json; its "source" names the repository,
commit and paths they come from (Apache-2.0)."""

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from station.verification.merkle import (
    EMPTY_ROOT,
    Tree,
    consistency_holds,
    inclusion_holds,
    leaf_hash,
)

VECTORS = json.loads((Path(__file__).parent / "merkle_vectors.json").read_text())
LEAVES = [bytes.fromhex(leaf) for leaf in VECTORS["leaves"]]
ROOTS = [bytes.fromhex(root) for root in VECTORS["roots"]]
INCLUSION: dict[str, dict[str, Any]] = VECTORS["inclusion"]
CONSISTENCY: dict[str, dict[str, Any]] = VECTORS["consistency"]


def b64(value: str | None) -> bytes:
    """A hash as the probes write it (base64; JSON null for none)."""
    return base64.b64decode(value) if value else b""


def proof_of(probe: dict[str, Any]) -> list[bytes]:
    return [b64(p) for p in probe["proof"] or []]


def happy(probes: dict[str, dict[str, Any]]) -> list[str]:
    return [path for path, probe in probes.items() if not probe["wantErr"]]


def of_the_test_tree(probes: dict[str, dict[str, Any]]) -> list[str]:
    """The good probes about the 8-leaf tree (others use roots such as "don't care")."""
    found = []
    for path in happy(probes):
        probe = probes[path]
        if "leafIdx" in probe:
            size, index = probe["treeSize"], probe["leafIdx"]
            tree = size < len(ROOTS) and b64(probe["root"]) == ROOTS[size]
            tree = tree and b64(probe["leafHash"]) == leaf_hash(LEAVES[index])
        else:
            roots = (ROOTS[probe["size1"]], ROOTS[probe["size2"]])
            tree = (b64(probe["root1"]), b64(probe["root2"])) == roots
        if tree:
            found.append(path)
    return found


def flipped(value: bytes) -> bytes:
    return bytes([value[0] ^ 0x01, *value[1:]])


def test_the_vectors_are_all_there() -> None:
    assert VECTORS["source"]["repository"] == "https://github.com/transparency-dev/merkle"
    assert len(INCLUSION) == 98 and len(CONSISTENCY) == 98
    assert len(happy(INCLUSION)) == 6 and len(happy(CONSISTENCY)) == 6
    assert len(of_the_test_tree(INCLUSION)) == 5 and len(of_the_test_tree(CONSISTENCY)) == 5


@pytest.mark.parametrize("size", range(9))
def test_the_root_of_each_size(size: int) -> None:
    assert Tree(LEAVES[:size]).root() == ROOTS[size]
    assert Tree(LEAVES).root(size) == ROOTS[size]


def test_the_empty_root() -> None:
    assert ROOTS[0] == EMPTY_ROOT


@pytest.mark.parametrize("path", INCLUSION)
def test_each_inclusion_probe(path: str) -> None:
    probe = INCLUSION[path]
    holds = inclusion_holds(
        b64(probe["leafHash"]),
        probe["leafIdx"],
        probe["treeSize"],
        proof_of(probe),
        b64(probe["root"]),
    )
    assert holds is not probe["wantErr"], probe["desc"]


@pytest.mark.parametrize("path", CONSISTENCY)
def test_each_consistency_probe(path: str) -> None:
    probe = CONSISTENCY[path]
    holds = consistency_holds(
        probe["size1"], probe["size2"], b64(probe["root1"]), b64(probe["root2"]), proof_of(probe)
    )
    assert holds is not probe["wantErr"], probe["desc"]


@pytest.mark.parametrize("path", of_the_test_tree(INCLUSION))
def test_the_tree_gives_each_inclusion_proof(path: str) -> None:
    probe = INCLUSION[path]
    assert Tree(LEAVES).inclusion_proof(probe["leafIdx"], probe["treeSize"]) == proof_of(probe)


@pytest.mark.parametrize("path", of_the_test_tree(CONSISTENCY))
def test_the_tree_gives_each_consistency_proof(path: str) -> None:
    probe = CONSISTENCY[path]
    assert Tree(LEAVES).consistency_proof(probe["size1"], probe["size2"]) == proof_of(probe)


@pytest.mark.parametrize("path", happy(INCLUSION))
def test_an_inclusion_probe_with_one_hash_changed_is_refused(path: str) -> None:
    probe = INCLUSION[path]
    leaf, root, proof = b64(probe["leafHash"]), b64(probe["root"]), proof_of(probe)
    index, size = probe["leafIdx"], probe["treeSize"]
    assert inclusion_holds(leaf, index, size, proof, root)
    assert not inclusion_holds(flipped(leaf), index, size, proof, root)
    assert not inclusion_holds(leaf, index, size, proof, flipped(root))
    for at in range(len(proof)):
        changed = [*proof[:at], flipped(proof[at]), *proof[at + 1 :]]
        assert not inclusion_holds(leaf, index, size, changed, root), at


@pytest.mark.parametrize("path", happy(CONSISTENCY))
def test_a_consistency_probe_with_one_hash_changed_is_refused(path: str) -> None:
    probe = CONSISTENCY[path]
    old, new, proof = b64(probe["root1"]), b64(probe["root2"]), proof_of(probe)
    size1, size2 = probe["size1"], probe["size2"]
    assert consistency_holds(size1, size2, old, new, proof)
    assert not consistency_holds(size1, size2, flipped(old), new, proof)
    assert not consistency_holds(size1, size2, old, flipped(new), proof)
    for at in range(len(proof)):
        changed = [*proof[:at], flipped(proof[at]), *proof[at + 1 :]]
        assert not consistency_holds(size1, size2, old, new, changed), at
