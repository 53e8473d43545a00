"""The RFC 6962 Merkle tree over an election's log: leaf hashes, roots and proofs.

The log is `journal.jsonl` line by line, each line without its newline: leaf 0 is the
setup, leaf N is event N. So a tree of `size` leaves commits to the setup and to events
1 to size - 1, and every checkpoint names the election it is of by its first leaf.

Hashes are RFC 6962 (RFC 9162, section 2.1): a leaf hashes as SHA-256(0x00 ‖ leaf), an
inner node as SHA-256(0x01 ‖ left ‖ right), the empty tree as SHA-256 of nothing. A
`Tree` keeps the hash of every complete aligned subtree (two hashes a leaf), so that an
append costs O(log n) hashes and every root, inclusion proof, consistency proof and
tlog tile of any earlier size is read from it without hashing a leaf again.

Only `hashlib`: the same module runs in `station serve`, the witness and the browser.
"""

import hashlib
from collections.abc import Iterable, Sequence

HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()


class ProofError(ValueError):
    """A proof asked of sizes the tree cannot give (one line)."""


def leaf_hash(leaf: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + leaf).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two smaller than `n` (n > 1): RFC 6962's k."""
    return 1 << ((n - 1).bit_length() - 1)


class Tree:
    """A Merkle tree that only grows.

    `levels[h][i]` is the hash of the complete subtree of 2**h leaves starting at leaf
    i * 2**h; a level holds only complete subtrees.
    """

    def __init__(self, leaves: Iterable[bytes] = ()) -> None:
        self.levels: list[list[bytes]] = [[]]
        for leaf in leaves:
            self.append(leaf)

    @property
    def size(self) -> int:
        return len(self.levels[0])

    def append(self, leaf: bytes) -> None:
        """Add a leaf (its bytes, hashed here)."""
        self.append_hash(leaf_hash(leaf))

    def append_hash(self, hashed: bytes) -> None:
        """Add a leaf by its leaf hash; completes at most log2(size) subtrees."""
        self.levels[0].append(hashed)
        height = 0
        while len(self.levels[height]) % 2 == 0:
            below = self.levels[height]
            if height + 1 == len(self.levels):
                self.levels.append([])
            self.levels[height + 1].append(node_hash(below[-2], below[-1]))
            height += 1

    def subtree(self, start: int, end: int) -> bytes:
        """MTH(D[start:end]) for a range within the tree (RFC 6962's recursion, with each
        complete aligned subtree read, not computed)."""
        count = end - start
        if count <= 0 or end > self.size:
            raise ProofError(f"no subtree {start} to {end} in a tree of {self.size:,} leaves")
        height = count.bit_length() - 1
        if count == 1 << height and start % count == 0:
            return self.levels[height][start >> height]
        k = _split(count)
        return node_hash(self.subtree(start, start + k), self.subtree(start + k, end))

    def root(self, size: int | None = None) -> bytes:
        """The root of the tree's first `size` leaves (all of them by default)."""
        size = self.size if size is None else size
        if size == 0:
            return EMPTY_ROOT
        return self.subtree(0, size)

    def inclusion_proof(self, index: int, size: int | None = None) -> list[bytes]:
        """PATH(index, D[0:size]): from the leaf's sibling up to the root's child."""
        size = self.size if size is None else size
        if not 0 <= index < size <= self.size:
            raise ProofError(f"no leaf {index:,} in a tree of {size:,} leaves")
        return self._path(index, 0, size)

    def _path(self, index: int, start: int, end: int) -> list[bytes]:
        if end - start == 1:
            return []
        k = _split(end - start)
        if index < start + k:
            return [*self._path(index, start, start + k), self.subtree(start + k, end)]
        return [*self._path(index, start + k, end), self.subtree(start, start + k)]

    def consistency_proof(self, old_size: int, new_size: int | None = None) -> list[bytes]:
        """PROOF(old_size, D[0:new_size]) (RFC 6962, 2.1.2); empty from 0 or to itself."""
        new_size = self.size if new_size is None else new_size
        if not 0 <= old_size <= new_size <= self.size:
            raise ProofError(
                f"no consistency proof from {old_size:,} to {new_size:,} leaves"
                f" in a tree of {self.size:,}"
            )
        if old_size in (0, new_size):
            return []
        return self._subproof(old_size, 0, new_size, True)

    def _subproof(self, m: int, start: int, end: int, whole: bool) -> list[bytes]:
        n = end - start
        if m == n:
            return [] if whole else [self.subtree(start, end)]
        k = _split(n)
        if m <= k:
            return [*self._subproof(m, start, start + k, whole), self.subtree(start + k, end)]
        return [*self._subproof(m - k, start + k, end, False), self.subtree(start, start + k)]


def root_of(leaves: Iterable[bytes]) -> bytes:
    """The root of a list of leaves (their bytes)."""
    return Tree(leaves).root()


def inclusion_holds(
    hashed_leaf: bytes, index: int, size: int, proof: Sequence[bytes], root: bytes
) -> bool:
    """Whether `proof` shows the leaf hash at `index` in the tree of `size` with `root`
    (RFC 9162, 2.1.3.2)."""
    if not 0 <= index < size or len(hashed_leaf) != HASH_SIZE:
        return False
    fn, sn, r = index, size - 1, hashed_leaf
    for p in proof:
        if len(p) != HASH_SIZE or sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while fn & 1 == 0 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def consistency_holds(
    old_size: int, new_size: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> bool:
    """Whether `proof` shows the tree of `old_size` with `old_root` a prefix of the tree
    of `new_size` with `new_root` (RFC 9162, 2.1.4.2).

    Never from the empty tree: every tree is its extension, so such a "proof" would vouch
    for any two roots (Go's reference, transparency-dev/merkle, refuses it too)."""
    if not 0 < old_size <= new_size or any(len(p) != HASH_SIZE for p in proof):
        return False
    if old_size == new_size:
        return not proof and old_root == new_root
    path = list(proof)
    if old_size & (old_size - 1) == 0:  # a power of two: the old root is on the path
        path.insert(0, old_root)
    if not path:
        return False
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            if not fn & 1:
                while fn & 1 == 0 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    return fr == old_root and sr == new_root and sn == 0
