"""What the log's Merkle tree costs: an append beside the hash a line needs anyway.

Not a test: it prints figures. `station serve`, every follower and the export keep an
RFC 6962 tree of the log's lines (`station/verification/merkle.py`). An append hashes
the leaf and completes at most log2(n) subtrees, one on average: its floor is two bare
SHA-256s, of the line and of one inner node. Shown, interleaved in rounds of a thousand
real event lines: the median append, that floor, and their ratio (what Python adds);
the most hashes one append can cost (log2 n + 1); a root, an inclusion proof, a
consistency proof and every tile at the largest size, each read from the tree without
hashing a leaf again. None of it runs on a keypress: the operator's station never builds
the tree (`bench/keypress.py` and `bench/commit_ratio.py` say what a call costs).

    .venv/bin/python bench/log_tree.py [--events 1000000]

The last line printed is one JSON object with the figures.
"""

import argparse
import hashlib
import json
import statistics
import sys
import time

from arguments import whole  # bench/ is the script's folder, so on sys.path

from station.verification.merkle import Tree
from station.verification.tiles import tiles

# A CALL as journal.jsonl holds it: the size of the lines the tree is fed.
LINE = (
    '{"action":"call","call":"FOR","detail":null,"hash":"%064d","mono_ns":123456789012,'
    '"prev_hash":"%064d","seq":%d,"session":1,"target":null,"utc":"2026-12-07T10:00:00.000000Z"}'
)
ROUND = 1000
NODE = b"\x01" + bytes(64)


def line(n: int) -> bytes:
    return (LINE % (n, n - 1, n)).encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=whole(ROUND), default=1_000_000)
    args = parser.parse_args()
    tree = Tree()
    append_ns: list[float] = []
    hash_ns: list[float] = []
    for start in range(0, args.events, ROUND):
        lines = [line(n) for n in range(start, start + ROUND)]
        began = time.perf_counter_ns()
        for each in lines:
            hashlib.sha256(b"\x00" + each).digest()
            hashlib.sha256(NODE).digest()
        hash_ns.append((time.perf_counter_ns() - began) / ROUND)
        began = time.perf_counter_ns()
        for each in lines:
            tree.append(each)
        append_ns.append((time.perf_counter_ns() - began) / ROUND)
    size = tree.size
    began = time.perf_counter()
    tree.root(size - 1)
    root_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    tree.inclusion_proof(size // 3, size - 1)
    inclusion_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    tree.consistency_proof(size // 3, size - 1)
    consistency_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    all_tiles = tiles(tree, size)
    tiles_s = time.perf_counter() - began
    figures = {
        "tree_events": size,
        "tree_append_us": round(statistics.median(append_ns) / 1000, 3),
        "tree_floor_us": round(statistics.median(hash_ns) / 1000, 3),
        "tree_append_ratio": round(statistics.median(append_ns) / statistics.median(hash_ns), 2),
        "tree_append_max_hashes": size.bit_length() + 1,
        "tree_root_ms": round(root_ms, 3),
        "tree_inclusion_ms": round(inclusion_ms, 3),
        "tree_consistency_ms": round(consistency_ms, 3),
        "tree_tiles": len(all_tiles),
        "tree_tiles_s": round(tiles_s, 3),
    }
    print(
        f"append: {figures['tree_append_us']} us, two bare SHA-256s"
        f" {figures['tree_floor_us']} us: ratio {figures['tree_append_ratio']}"
        f" (shown); at {size:,} leaves: root {figures['tree_root_ms']} ms, inclusion"
        f" proof {figures['tree_inclusion_ms']} ms, consistency proof"
        f" {figures['tree_consistency_ms']} ms, {len(all_tiles):,} tiles in"
        f" {figures['tree_tiles_s']} s"
    )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
