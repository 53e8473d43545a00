"""`station serve` serves the log as tlog-tiles (c2sp.org/tlog-tiles): the checkpoint,
the hash tiles and the entry bundles, from which any client recomputes the signed root."""

import urllib.error
import urllib.request

from station.domain import Action, Call
from station.sheet.document import journal_lines
from station.sheet.keys import signature_holds_raw
from station.verification.checkpoints import Head, read_head
from station.verification.merkle import Tree, leaf_hash
from station.verification.tiles import (
    MAX_ENTRY_BYTES,
    TILE_WIDTH,
    read_bundle,
    read_tile,
    tile_path,
)
from station.witness.heads import raw_key
from tests.witness.helpers import Served


def get(served: Served, path: str, *, token: bool = True) -> tuple[int, dict[str, str], bytes]:
    base, secret = served.url.split("/?token=")
    headers = {"Authorization": f"Bearer {secret}"} if token else {}
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def checkpoint(served: Served) -> Head:
    status, headers, body = get(served, "/log/checkpoint")
    assert status == 200 and headers["Content-Type"] == "text/plain; charset=utf-8"
    assert headers["Cache-Control"] == "no-store"
    public = raw_key(served.key.public_key)
    return read_head(body.decode(), public, served.source.origin, signature_holds_raw)


def fetched_log(served: Served, size: int) -> tuple[list[bytes], list[bytes], list[bytes]]:
    """The level-0 hashes, the level-1 hashes and the entries of a tree of `size`, as
    served (each answer's kind and caching checked)."""
    levels: list[list[bytes]] = [[], []]
    entries: list[bytes] = []
    for level in (0, 1):
        count = size >> (8 * level)
        for n in range(0, count, TILE_WIDTH):
            kinds: list[int | str] = [level] if level else [0, "entries"]
            for kind in kinds:
                path = "/log/" + tile_path(kind, n // TILE_WIDTH, min(TILE_WIDTH, count - n))
                status, headers, body = get(served, path)
                assert status == 200, (path, body)
                assert headers["Content-Type"] == "application/octet-stream"
                assert "immutable" in headers["Cache-Control"]
                if kind == "entries":
                    entries += read_bundle(body)
                else:
                    levels[level] += read_tile(body)
    return levels[0], levels[1], entries


def holds(
    root: str, size: int, leaves: list[bytes], upper: list[bytes], entries: list[bytes]
) -> bool:
    """Whether the tiles recompute the signed root and the bundles hash to the leaves."""
    tree = Tree()
    for hashed in leaves:
        tree.append_hash(hashed)
    return (
        tree.size == size
        and tree.root(size).hex() == root
        and tree.levels[8][: len(upper)] == upper
        and [leaf_hash(entry) for entry in entries] == leaves
    )


def test_the_served_tiles_recompute_the_signed_root_and_the_bundles_the_tiles(
    served: Served,
) -> None:
    for n in range(300):  # a full tile, a partial one, and a level-1 tile
        served.journal.append(Action.CALL, (Call.FOR, Call.AGAINST)[n % 2])
    served.poll()
    head = checkpoint(served)
    assert head.seq == served.journal.head_seq and head.note == served.source.heads[-1].note
    leaves, upper, entries = fetched_log(served, head.size)
    assert len(upper) == 1 and len(leaves) == head.size
    assert holds(head.root, head.size, leaves, upper, entries)
    exported = [line.rstrip(b"\n") for line in journal_lines(served.journal, head.seq)]
    assert entries == exported  # the export's journal.jsonl, line by line
    changed = list(entries)
    line = bytearray(changed[5])
    line[-3] ^= 1  # one byte of event 5's clock
    changed[5] = bytes(line)
    assert not holds(head.root, head.size, leaves, upper, changed)


def test_only_what_a_signed_checkpoint_covers_is_served(served: Served) -> None:
    served.journal.append(Action.CALL, Call.FOR)
    served.poll()
    size = checkpoint(served).size
    served.journal.append(Action.CALL, Call.FOR)  # not looked at yet: in no checkpoint
    for path in (
        f"/log/tile/entries/000.p/{size + 1}",
        f"/log/tile/0/000.p/{size + 1}",
        "/log/tile/0/000",  # a full tile of 256 leaves
        "/log/tile/1/000.p/1",
        "/log/tile/entries/001",
    ):
        status, _, body = get(served, path)
        assert status == 404 and b"its newest checkpoint is of" in body, (path, body)
    for path in ("/log/tile/0/0", "/log/tile/0/000.p/0", "/log/tile/64/000", "/log/tile/x/000"):
        status, _, body = get(served, path)
        assert status == 404 and b"no such tile" in body, (path, body)
    for path in ("/log/checkpoint", "/log/tile/entries/000.p/1"):
        assert get(served, path, token=False)[0] == 401


def test_a_new_checkpoint_is_served_and_handed_to_each_on_head(served: Served) -> None:
    seen: list[Head] = []
    served.source.on_head.append(seen.append)
    served.journal.append(Action.CALL, Call.AGAINST)
    served.poll()
    assert seen and seen[-1] == served.source.heads[-1]
    assert seen[-1].size == served.source.tree.size == served.journal.head_seq + 1
    assert seen[-1].root == served.source.tree.root().hex()
    assert checkpoint(served).note == seen[-1].note


def test_an_entry_too_long_for_a_bundle_is_said_not_served(served: Served, qapp: object) -> None:
    """A reason of any length reopens a count (the journal holds a detail of a MiB):
    such an event cannot go in a bundle, and the bundle says so."""
    from tests.sheet.helpers import sign

    served.journal.append(Action.CALL, Call.FOR)
    sign(served.journal, served.key)
    record = served.journal.append(Action.REOPEN, detail={"reason": "x" * (MAX_ENTRY_BYTES + 1)})
    served.poll()
    size = checkpoint(served).size
    assert (size, served.source.problem) == (record.seq + 1, None)
    status, _, body = get(served, f"/log/tile/entries/000.p/{size}")
    assert status == 500
    assert f"event {record.seq:,} is ".encode() in body
    assert b"holds entries of at most 65,535" in body
    status, _, _ = get(served, f"/log/tile/0/000.p/{size}")
    assert status == 200  # its hash is in the tree all the same


def test_a_bundle_of_lines_the_file_no_longer_holds_is_not_served(served: Served) -> None:
    """Lines no longer kept in memory are read again from the file: rewritten since,
    they are not the tree's, and the bundle is refused rather than served beside it."""
    from station.witness.serve import FeedSource
    from tests.faults.tampering import rewrite, rows

    for _ in range(6):
        served.journal.append(Action.CALL, Call.FOR)
    source = FeedSource(served.journal.path, served.key, keep_lines=2)
    try:
        served.server.source = source
        size = checkpoint(served).size
        path = f"/log/tile/entries/000.p/{size}"
        status, _, body = get(served, path)
        assert status == 200 and len(read_bundle(body)) == size
        events = rows(served.journal.path)
        events[2][5] = "against"
        rewrite(served.journal.path, events, rehash_from=3)
        status, _, body = get(served, path)
        assert status == 503 and b"no longer holds the events this feed served" in body
        assert get(served, f"/log/tile/0/000.p/{size}")[0] == 200  # the tree signed stands
    finally:
        served.server.source = served.source
        source.stop()
