"""The proofs `merkle.Tree` makes hold for Go's reference verifier (tlog.CheckRecord,
tlog.CheckTree), at every index and every earlier size of small trees and at the tile
edges of larger ones; one changed hash makes it refuse."""

from pathlib import Path

import pytest

from station.verification.merkle import Tree
from tests.tlog.helpers import entry_lines, run

pytestmark = pytest.mark.long  # Go's reading, built once (tests/tlog/checker): seconds

TREE = Tree(entry_lines(1100))
SMALL = range(1, 41)
EDGES = [255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 1100]


def record_line(size: int, index: int) -> str:
    hashes = [TREE.root(size), TREE.levels[0][index], *TREE.inclusion_proof(index, size)]
    return f"record {size} {index} " + " ".join(h.hex() for h in hashes)


def tree_line(size: int, old: int) -> str:
    hashes = [TREE.root(size), TREE.root(old), *TREE.consistency_proof(old, size)]
    return f"tree {size} {old} " + " ".join(h.hex() for h in hashes)


def sample(size: int) -> list[int]:
    return sorted({0, 1, size // 2, size - 2, size - 1, *range(0, size, 37)} - {-1})


def proof_lines() -> list[str]:
    lines = [record_line(size, index) for size in SMALL for index in range(size)]
    lines += [record_line(size, index) for size in EDGES for index in sample(size)]
    lines += [tree_line(size, old) for size in SMALL for old in range(1, size + 1)]
    lines += [tree_line(size, old) for size in EDGES for old in sample(size + 1) if old]
    return lines


def test_every_proof_holds_for_go(checker: Path, tmp_path: Path) -> None:
    lines = proof_lines()
    (tmp_path / "proofs").write_text("\n".join(lines) + "\n")
    checked = run(checker, "-proofs", str(tmp_path / "proofs"))
    assert checked.ok, checked
    assert checked.line == f"OK: {len(lines)} proofs hold"


def test_a_proof_with_one_hash_changed_does_not(checker: Path, tmp_path: Path) -> None:
    for line in (record_line(1025, 700), tree_line(1025, 700)):
        fields = line.split()
        fields[-2] = ("0" if fields[-2][0] != "0" else "1") + fields[-2][1:]
        (tmp_path / "proofs").write_text(" ".join(fields) + "\n")
        checked = run(checker, "-proofs", str(tmp_path / "proofs"))
        assert checked.code == 1
        assert checked.line.startswith(f"FAIL: proof line 1 ({fields[0]} 1025 700): "), checked
