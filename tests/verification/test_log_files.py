"""An export's log/ built in one pass is the tlog-tiles layout of the Merkle tree, and
its check names the first file that is not what the journal gives."""

import pytest

from station.verification.log_files import LogCheck, LogProblem, log_files
from station.verification.merkle import Tree
from station.verification.tiles import MAX_ENTRY_BYTES, TileError, entry_bundles, tiles


@pytest.mark.parametrize("size", [1, 2, 255, 256, 257, 511, 512, 513, 65_536, 65_537, 70_000])
def test_the_one_pass_files_are_the_trees_tiles_and_bundles(size: int) -> None:
    leaves = [b"line %d" % i for i in range(size)]
    files, root, built = log_files(leaves)
    tree = Tree(leaves)
    assert files == {**tiles(tree, size), **entry_bundles(leaves)}
    assert (root, built) == (tree.root(), size)


def test_an_entry_longer_than_a_bundle_holds_is_refused_by_its_line() -> None:
    with pytest.raises(TileError, match=r"line 2 of journal.jsonl is 65,536 bytes; .* 65,535"):
        log_files([b"setup", b"x" * (MAX_ENTRY_BYTES + 1)])


def _checked(given: dict[str, bytes], leaves: list[bytes]) -> tuple[bytes, int]:
    check = LogCheck(given, given.__getitem__)
    for leaf in leaves:
        check.add(leaf)
    return check.finish()


def test_the_log_of_the_journal_checks_out_and_any_change_is_named() -> None:
    leaves = [b"event %d" % i for i in range(300)]
    files, root, _ = log_files(leaves)
    assert _checked(dict(files), leaves) == (root, 300)
    changed = dict(files)
    changed["tile/0/000"] = b"\0" + changed["tile/0/000"][1:]
    with pytest.raises(LogProblem, match=r"^log/tile/0/000 is not what journal.jsonl gives"):
        _checked(changed, leaves)
    missing = {path: data for path, data in files.items() if path != "tile/entries/001.p/44"}
    with pytest.raises(LogProblem, match=r"^log/tile/entries/001.p/44 is missing"):
        _checked(missing, leaves)
    extra = {**files, "tile/0/002.p/3": b"\0" * 96}
    with pytest.raises(LogProblem, match=r"^log/tile/0/002.p/3 is not part of the log"):
        _checked(extra, leaves)
    with pytest.raises(LogProblem, match=r"^log/tile/entries/001.p/44 is not what"):
        _checked(dict(files), [*leaves[:-1], b"event 299 changed"])
